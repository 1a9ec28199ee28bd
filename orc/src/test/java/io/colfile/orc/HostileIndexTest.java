package io.colfile.orc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.google.protobuf.ByteString;
import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.io.InputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.LongVector;
import io.colfile.orc.index.StripeIndex;
import io.colfile.orc.proto.OrcProto;
import io.colfile.testkit.RandomBatches;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Row indexes and bloom filters no writer produces: wrong entry counts, absurd counts, positions
 * outside their streams, unparsable bytes. Reading them (through {@link StripeIndex} or a seek)
 * must give a CorruptFileException that names the file, the index stream and its offset; never
 * another exception, a hang or a huge allocation.
 */
@ExtendWith(TestSeed.class)
class HostileIndexTest {
  private static final int ROWS = 3000;
  /** struct<a:bigint>, a = row / 500: six RLE v2 DELTA runs of 500 values, 4 bytes each. */
  private static final int[] DATA = {0xc1, 0xf3, 0, 0, 0xc1, 0xf3, 2, 0, 0xc1, 0xf3, 4, 0,
    0xc1, 0xf3, 6, 0, 0xc1, 0xf3, 8, 0, 0xc1, 0xf3, 10, 0};

  @TempDir Path dir;

  /** A file with row index {@code index} for column 1 and bloom filters {@code blooms}. */
  private static byte[] file(OrcProto.RowIndex index, OrcProto.BloomFilterIndex blooms) {
    HandMadeOrc orc = new HandMadeOrc().type(OrcProto.Type.Kind.STRUCT, 1)
        .type(OrcProto.Type.Kind.LONG).rows(ROWS).stride(1000);
    OrcProto.RowIndex.Builder root = OrcProto.RowIndex.newBuilder();
    for (int g = 0; g < 3; g++) {
      root.addEntry(OrcProto.RowIndexEntry.getDefaultInstance());
    }
    orc.indexStream(OrcProto.Stream.Kind.ROW_INDEX, 0, root.build().toByteArray());
    orc.indexStream(OrcProto.Stream.Kind.ROW_INDEX, 1, index.toByteArray());
    if (blooms != null) {
      orc.indexStream(OrcProto.Stream.Kind.BLOOM_FILTER_UTF8, 1, blooms.toByteArray());
    }
    return orc.stream(OrcProto.Stream.Kind.DATA, 1, DATA).build();
  }

  /** Entries with these positions: DATA's byte offset and the values to skip in its run. */
  private static OrcProto.RowIndex index(long[]... positions) {
    OrcProto.RowIndex.Builder b = OrcProto.RowIndex.newBuilder();
    for (long[] p : positions) {
      OrcProto.RowIndexEntry.Builder e = b.addEntryBuilder();
      for (long x : p) {
        e.addPositions(x);
      }
    }
    return b.build();
  }

  private static final OrcProto.RowIndex GOOD =
      index(new long[] {0, 0}, new long[] {8, 0}, new long[] {16, 0});

  @Test
  void aSoundHandMadeIndexIsUsed() throws IOException {
    byte[] file = file(GOOD, null);
    try (OrcReader orc = OrcReader.open(InputFile.of("hand-made.orc", file));
         BatchReader rows = orc.read(ReadOptions.defaults())) {
      assertThat(orc.stripeIndex(0).rowIndex(1).entries()).hasSize(3);
      ColumnBatch b = rows.newBatch();
      for (long row : new long[] {2100, 1000, 2999, 0, 1999}) {
        rows.seekToRow(row);
        assertThat(rows.next(b)).isTrue();
        assertThat(((LongVector) b.cols[0]).vector[0]).as("row %d", row).isEqualTo(row / 500);
      }
    }
  }

  @Test
  void aStrideWithoutIndexStreamsSeeksBySkipping() throws IOException {
    // as testSargSkipPickupGroupWithoutIndexJava.orc: a stride in the footer, no ROW_INDEX
    byte[] file = new HandMadeOrc().type(OrcProto.Type.Kind.STRUCT, 1)
        .type(OrcProto.Type.Kind.LONG).rows(ROWS).stride(1000)
        .stream(OrcProto.Stream.Kind.DATA, 1, DATA).build();
    try (OrcReader orc = OrcReader.open(InputFile.of("hand-made.orc", file));
         BatchReader rows = orc.read(ReadOptions.defaults())) {
      assertThat(orc.stripeIndex(0).rowIndex(1)).isNull();
      assertThat(orc.stripeIndex(0).rowGroupCount()).isEqualTo(3);
      ColumnBatch b = rows.newBatch();
      for (long row : new long[] {2100, 1000, 2999, 0, 1999}) {
        rows.seekToRow(row);
        assertThat(rows.next(b)).isTrue();
        assertThat(((LongVector) b.cols[0]).vector[0]).as("row %d", row).isEqualTo(row / 500);
      }
    }
  }

  @Test
  void unparsableIndexStreams() {
    byte[] garbage = {0x0a, (byte) 0xff, (byte) 0xff, 0x01};
    assertCorrupt(withRawIndex(garbage), "ROW_INDEX");
    assertCorrupt(file(OrcProto.RowIndex.getDefaultInstance(), null),
        "0 entries where the stripe has 3 row groups");
  }

  @Test
  void wrongAndAbsurdEntryCounts() {
    assertCorrupt(file(index(new long[] {0, 0}), null),
        "row index has 1 entries where the stripe has 3 row groups");
    // a million empty entries: refused when counted, before protobuf builds them
    byte[] many = new byte[2_000_000];
    for (int i = 0; i < many.length; i += 2) {
      many[i] = 0x0a;
    }
    assertCorrupt(withRawIndex(many), "row index has 1000000 entries");
  }

  @Test
  void positionsOutOfRange() {
    assertCorrupt(file(index(new long[] {0, 0}, new long[] {999, 0}, new long[] {16, 0}), null),
        "outside the stream's 24 bytes");
    assertCorrupt(file(index(new long[] {0, 0}, new long[] {8, 0}, new long[] {-5, 0}), null),
        "negative");
    assertCorrupt(file(index(new long[] {0, 0}, new long[] {8, 100_000}, new long[] {16, 0}),
        null), "at most 512");
    assertCorrupt(file(index(new long[] {0, 0}, new long[] {8}, new long[] {16, 0}), null),
        "row index entry has 1 positions");
    // in range but not where a run starts: the data stream then says what is wrong
    assertCorrupt(file(index(new long[] {0, 0}, new long[] {8, 0}, new long[] {23, 0}), null),
        "DATA");
  }

  @Test
  void unusableBloomFilters() {
    OrcProto.BloomFilter ok = OrcProto.BloomFilter.newBuilder().setNumHashFunctions(3)
        .setUtf8Bitset(ByteString.copyFrom(new byte[64])).build();
    OrcProto.BloomFilterIndex zeroK = OrcProto.BloomFilterIndex.newBuilder()
        .addBloomFilter(ok.toBuilder().setNumHashFunctions(0)).addBloomFilter(ok)
        .addBloomFilter(ok).build();
    assertBloomCorrupt(file(GOOD, zeroK), "row group 0: bloom filter has 0 hash functions");
    OrcProto.BloomFilterIndex two = OrcProto.BloomFilterIndex.newBuilder().addBloomFilter(ok)
        .addBloomFilter(ok).build();
    assertBloomCorrupt(file(GOOD, two), "bloom filter index has 2 entries");
    OrcProto.BloomFilterIndex badBits = OrcProto.BloomFilterIndex.newBuilder().addBloomFilter(ok)
        .addBloomFilter(ok.toBuilder().setUtf8Bitset(ByteString.copyFrom(new byte[7])))
        .addBloomFilter(ok).build();
    assertBloomCorrupt(file(GOOD, badBits), "row group 1");
  }

  /** The good file with column 1's ROW_INDEX replaced by {@code bytes}. */
  private static byte[] withRawIndex(byte[] bytes) {
    HandMadeOrc orc = new HandMadeOrc().type(OrcProto.Type.Kind.STRUCT, 1)
        .type(OrcProto.Type.Kind.LONG).rows(ROWS).stride(1000);
    orc.indexStream(OrcProto.Stream.Kind.ROW_INDEX, 1, bytes);
    return orc.stream(OrcProto.Stream.Kind.DATA, 1, DATA).build();
  }

  /** Both ways into the index must fail cleanly, naming the file and the stream. */
  private static void assertCorrupt(byte[] file, String message) {
    assertThatThrownBy(() -> {
      try (OrcReader orc = OrcReader.open(InputFile.of("hand-made.orc", file));
           BatchReader rows = orc.read(ReadOptions.defaults())) {
        rows.seekToRow(2100);
        rows.next(rows.newBatch());
      }
    }).isInstanceOf(CorruptFileException.class).hasMessageContaining(message)
        .hasMessageContaining("hand-made.orc").hasMessageContaining("stripe 0 / column 1");
    if (!message.equals("DATA")) {
      assertThatThrownBy(() -> {
        try (OrcReader orc = OrcReader.open(InputFile.of("hand-made.orc", file))) {
          orc.stripeIndex(0).rowIndex(1);
        }
      }).isInstanceOf(CorruptFileException.class).hasMessageContaining(message)
          .hasMessageContaining("stripe 0 / column 1 / ROW_INDEX")
          .hasMessageContaining("file offset ");
    }
  }

  private static void assertBloomCorrupt(byte[] file, String message) {
    assertThatThrownBy(() -> {
      try (OrcReader orc = OrcReader.open(InputFile.of("hand-made.orc", file))) {
        orc.stripeIndex(0).bloomFilters(1);
      }
    }).isInstanceOf(CorruptFileException.class).hasMessageContaining(message)
        .hasMessageContaining("hand-made.orc")
        .hasMessageContaining("stripe 0 / column 1 / BLOOM_FILTER_UTF8");
  }

  /**
   * Random damage to the index areas of files colfile wrote (with bloom filters, compressed
   * and not): reading the index and seeking may succeed (nothing checksums the bytes) or throw
   * CorruptFileException, and nothing else, within seconds.
   */
  @Test
  void damagedIndexAreasFailCleanly() throws IOException {
    Random r = TestSeed.random("damaged-index", 0);
    Type schema = RandomBatches.everyType();
    for (CompressionCodec codec : List.of(CompressionCodec.NONE, CompressionCodec.ZLIB)) {
      OrcWriterOptions options = OrcWriterOptions.builder().compression(codec)
          .compressionBlockSize(4096).enforceCompressionBlockSize(true).stripeSize(32 * 1024)
          .memoryCheckRows(1000).rowIndexStride(1000).bloomFilterColumns(schema.fieldNames())
          .build();
      WrittenFile f = WrittenFile.write(dir.resolve(codec + ".orc"), r, schema, options, 4000);
      byte[] original = Files.readAllBytes(f.path());
      List<StripeInformation> stripes;
      try (OrcReader orc = OrcReader.open(InputFile.of("x", original))) {
        stripes = orc.stripes();
      }
      for (int i = 0; i < 60; i++) {
        byte[] damaged = original.clone();
        StripeInformation s = stripes.get(r.nextInt(stripes.size()));
        int at = (int) (s.offset() + r.nextInt((int) s.indexLength()));
        damaged[at] ^= (byte) (1 + r.nextInt(255));
        String what = codec + " byte " + at + " flipped; " + TestSeed.replay();
        Throwable thrown = assertTimeoutPreemptively(Duration.ofSeconds(20),
            () -> readIndexAndSeek(damaged, r), what + " hung");
        if (thrown != null && !(thrown instanceof CorruptFileException)) {
          throw new AssertionError(what + " threw " + thrown, thrown);
        }
        if (thrown != null) {
          assertThat(thrown.getMessage()).as(what).contains("damaged.orc");
        }
      }
    }
  }

  private static Throwable readIndexAndSeek(byte[] file, Random r) {
    try (OrcReader orc = OrcReader.open(InputFile.of("damaged.orc", file));
         BatchReader rows = orc.read(ReadOptions.defaults().withDefaultZone(ZoneOffset.UTC))) {
      for (int s = 0; s < orc.stripes().size(); s++) {
        StripeIndex idx = orc.stripeIndex(s);
        for (int c = 0; c < orc.schema().columnCount(); c++) {
          idx.rowIndex(c);
          idx.bloomFilters(c);
        }
      }
      ColumnBatch b = rows.newBatch();
      for (int k = 0; k < 4; k++) {
        rows.seekToRow(r.nextInt((int) orc.numberOfRows()));
        if (rows.next(b)) {
          b.validate();
        }
      }
      return null;
    } catch (Throwable t) {
      return t;
    }
  }
}
