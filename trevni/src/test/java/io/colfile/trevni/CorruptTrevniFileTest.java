package io.colfile.trevni;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.filter.Predicate;
import io.colfile.core.io.InputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.testkit.FileDamage;
import io.colfile.testkit.Rows;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damaged files: flipped bytes inside checksummed blocks are caught; truncations, random damage
 * and absurd counts end in a CorruptFileException, never another exception or a huge
 * allocation (surefire runs this module with a 384 MiB heap).
 */
@ExtendWith(TestSeed.class)
class CorruptTrevniFileTest {
  @TempDir Path dir;

  private static final long SEED = TestSeed.caseSeed("CorruptTrevniFileTest", 0);

  private byte[] sample(TrevniCodec codec, TrevniChecksum checksum) {
    List<ColumnSpec> cols = List.of(
        ColumnSpec.of("id", ValueType.LONG).withFirstValues(),
        ColumnSpec.of("name", ValueType.STRING),
        ColumnSpec.of("tags", ValueType.NULL).asArray(),
        ColumnSpec.of("tags#k", ValueType.STRING).withParent("tags"),
        ColumnSpec.of("tags#v", ValueType.DOUBLE).asArray().withParent("tags"),
        ColumnSpec.of("flag", ValueType.BOOLEAN));
    Random rnd = new Random(7);
    return TrevniFiles.write(dir, cols, TrevniWriterOptions.builder().codec(codec)
        .checksum(checksum).blockSize(512).build(), w -> {
          for (int i = 0; i < 400; i++) {
            w.startRow();
            w.writeLong(0, i * 3L);
            w.writeString(1, "name-" + rnd.nextInt(1000));
            int n = rnd.nextInt(3);
            w.writeLength(2, n);
            for (int k = 0; k < n; k++) {
              w.writeNull(2);
              w.writeString(3, "k" + k);
              int m = rnd.nextInt(3);
              w.writeLength(4, m);
              for (int j = 0; j < m; j++) {
                w.writeDouble(4, rnd.nextDouble());
              }
            }
            w.writeBoolean(5, rnd.nextBoolean());
            w.endRow();
          }
        });
  }

  /** Reads every value; returns a digest of what was read. */
  private static long readAll(byte[] bytes) throws IOException {
    try (TrevniFile r = TrevniFiles.open(bytes)) {
      GenericRowReader rows = new GenericRowReader(r, null, 1 << 16);
      Type type = rows.type();
      ColumnBatch batch = new ColumnBatch(type, 100);
      long digest = 0;
      while (rows.next(batch)) {
        digest = digest * 31 + batch.size;
      }
      for (int i = 0; i < r.columnCount(); i++) {
        r.blocks(i);
      }
      return digest;
    }
  }

  @Test
  void everyFlippedByteInsideAChecksummedBlockIsCaught() throws Exception {
    for (TrevniCodec codec : TrevniCodec.values()) {
      byte[] good = sample(codec, TrevniChecksum.CRC32);
      readAll(good);
      try (TrevniFile r = TrevniFiles.open(good)) {
        for (int col = 0; col < r.columnCount(); col++) {
          for (BlockInfo b : r.blocks(col)) {
            for (long at = b.offset(); at < b.offset() + b.compressedSize() + 4; at++) {
              byte[] bad = good.clone();
              bad[(int) at] ^= 0x10;
              try {
                readAll(bad);
                // Deflate and bzip2 have redundant encodings (padding bits, a back-reference
                // to other bytes that are equal): a flip that leaves the data as it was is fine.
                assertThat(codec == TrevniCodec.DEFLATE || codec == TrevniCodec.BZIP2)
                    .as("%s: flipped byte %d of column %d went unnoticed", codec, at, col)
                    .isTrue();
                assertThat(blockData(bad, b, codec)).as("%s: byte %d of column %d", codec, at,
                    col).isEqualTo(blockData(good, b, codec));
              } catch (CorruptFileException e) {
                assertThat(e).hasMessageContaining("column '" + r.column(col).name() + "'");
              }
            }
          }
        }
      }
    }
  }

  private static byte[] blockData(byte[] file, BlockInfo b, TrevniCodec codec)
      throws Exception {
    return BlockCodec.of(codec).decompress(file, (int) b.offset(), b.compressedSize(),
        b.uncompressedSize());
  }

  @Test
  void checksumMismatchNamesColumnAndBlock() throws Exception {
    byte[] good = sample(TrevniCodec.NULL, TrevniChecksum.CRC32);
    try (TrevniFile r = TrevniFiles.open(good)) {
      BlockInfo b = r.blocks(1).get(2);
      byte[] bad = good.clone();
      bad[(int) b.offset() + 3] ^= 1;
      assertThatThrownBy(() -> readAll(bad)).isInstanceOf(CorruptFileException.class)
          .hasMessageContaining("checksum mismatch")
          .hasMessageContaining("column 'name' / block 2");
    }
  }

  @Test
  void truncationsAreCorruptFiles() throws Exception {
    for (TrevniCodec codec : TrevniCodec.values()) {
      byte[] good = sample(codec, TrevniChecksum.NULL);
      for (int len = 0; len < good.length; len += len < 400 ? 1 : 7) {
        byte[] cut = java.util.Arrays.copyOf(good, len);
        int l = len;
        assertThatThrownBy(() -> readAll(cut)).as("%s cut at %d", codec, l)
            .isInstanceOf(CorruptFileException.class);
      }
    }
  }

  @Test
  void randomDamageNeverEscapesAsAnotherException() throws Exception {
    Random rnd = new Random(SEED);
    for (TrevniCodec codec : TrevniCodec.values()) {
      for (TrevniChecksum checksum : TrevniChecksum.values()) {
        byte[] good = sample(codec, checksum);
        for (int k = 0; k < 300; k++) {
          byte[] bad = good.clone();
          int flips = 1 + rnd.nextInt(4);
          for (int f = 0; f < flips; f++) {
            int at = rnd.nextInt(bad.length);
            bad[at] = rnd.nextInt(3) == 0 ? (byte) 0xFF : (byte) rnd.nextInt(256);
          }
          try {
            readAll(bad);
          } catch (CorruptFileException e) {
            // fine: named and located
          } catch (Throwable t) {
            fail(TestSeed.replay() + ", " + codec + "/" + checksum + " damage " + k + ": " + t, t);
          }
        }
      }
    }
  }

  /**
   * Damage met while seeking (child columns walk their parents' lengths) and while skipping
   * blocks by first values: a CorruptFileException, or rows, never another exception or a hang.
   */
  @Test
  @Timeout(120)
  void randomDamageInSeeksAndFilteredReads() throws Exception {
    Random rnd = new Random(SEED ^ 0x5EEC);
    for (TrevniCodec codec : List.of(TrevniCodec.NULL, TrevniCodec.DEFLATE, TrevniCodec.SNAPPY)) {
      byte[] good = sample(codec, TrevniChecksum.NULL);
      int header;
      try (TrevniFile r = TrevniFiles.open(good)) {
        header = (int) r.headerLength(); // damaged names would make the filter's columns wrong
      }
      for (int k = 0; k < 150; k++) {
        byte[] bad = good.clone();
        for (int f = 0, flips = 1 + rnd.nextInt(4); f < flips; f++) {
          int at = header + rnd.nextInt(bad.length - header);
          bad[at] = rnd.nextInt(3) == 0 ? (byte) 0xFF : (byte) rnd.nextInt(256);
        }
        try (TrevniReader r = TrevniReader.open(InputFile.of("bad.trv", bad))) {
          ReadOptions filtered = ReadOptions.defaults().withBatchSize(64)
              .withFilter(Predicate.parse("id BETWEEN 300 AND 600 OR flag IS NULL"));
          for (ReadOptions o : List.of(filtered, filtered.withColumns(List.of("tags", "id")))) {
            try (BatchReader rows = r.read(o)) {
              rows.seekToRow(rnd.nextInt(420));
              Rows.readAll(rows);
              rows.seekToRow(rnd.nextInt(420));
              Rows.readAll(rows);
            }
          }
        } catch (CorruptFileException e) {
          // fine: named and located
        } catch (Throwable t) {
          fail(TestSeed.replay() + ", " + codec + " damage " + k + ": " + t, t);
        }
      }
    }
  }

  @Test
  void absurdCountsAreRefusedBeforeAllocating() throws Exception {
    byte[] good = sample(TrevniCodec.DEFLATE, TrevniChecksum.NULL);
    // column count
    byte[] bad = good.clone();
    ByteBuffer.wrap(bad).order(ByteOrder.LITTLE_ENDIAN).putInt(12, Integer.MAX_VALUE);
    assertThatThrownBy(() -> readAll(bad)).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("column count");
    try (TrevniFile r = TrevniFiles.open(good)) {
      long start = r.columnStart(1);
      // block count
      byte[] b2 = good.clone();
      ByteBuffer.wrap(b2).order(ByteOrder.LITTLE_ENDIAN).putInt((int) start, 0x7FFFFFF0);
      assertThatThrownBy(() -> readAll(b2)).isInstanceOf(CorruptFileException.class)
          .hasMessageContaining("block count");
      // a block's uncompressed size
      byte[] b3 = good.clone();
      ByteBuffer.wrap(b3).order(ByteOrder.LITTLE_ENDIAN).putInt((int) start + 8, 0x7FFFFFF0);
      assertThatThrownBy(() -> readAll(b3)).isInstanceOf(CorruptFileException.class)
          .hasMessageContaining("column 'name' / block 0");
    }
    // metadata count in the header
    byte[] b4 = good.clone();
    b4[16] = (byte) 0xFE;
    assertThatThrownBy(() -> readAll(b4)).isInstanceOf(CorruptFileException.class);
  }

  @Test
  void javasNullCodecZeroChecksumsAreAccepted() throws Exception {
    byte[] good = sample(TrevniCodec.NULL, TrevniChecksum.CRC32);
    long digest = readAll(good);
    byte[] zeroed = good.clone();
    try (TrevniFile r = TrevniFiles.open(good)) {
      for (int col = 0; col < r.columnCount(); col++) {
        for (BlockInfo b : r.blocks(col)) {
          for (int i = 0; i < 4; i++) {
            zeroed[(int) (b.offset() + b.compressedSize() + i)] = 0;
          }
        }
      }
    }
    assertThat(readAll(zeroed)).isEqualTo(digest);
  }

  @Test
  void notATrevniFile() {
    assertThatThrownBy(() -> readAll("ORC is not Trevni".getBytes()))
        .isInstanceOf(CorruptFileException.class).hasMessageContaining("not a Trevni file");
    assertThatThrownBy(() -> readAll(new byte[2])).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("shorter than the magic number");
  }

  @Test
  void aHeaderSayingNoRowsIsHeldAgainstTheColumns() throws Exception {
    byte[] good = sample(TrevniCodec.NULL, TrevniChecksum.NULL);
    byte[] zeroRows = good.clone();
    for (int i = 4; i < 12; i++) {
      zeroRows[i] = 0; // the row count: it read as an empty file
    }
    assertThatThrownBy(() -> readAll(zeroRows)).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("the column has").hasMessageContaining("says the file has no rows")
        .hasMessageContaining("column 'id' / block descriptors, file offset");
    byte[] zeroColumns = good.clone();
    for (int i = 4; i < 16; i++) {
      zeroColumns[i] = 0; // row count and column count
    }
    assertThatThrownBy(() -> readAll(zeroColumns)).isInstanceOf(CorruptFileException.class);
  }

  @Test
  void aColumnsBlocksMayNotRunIntoTheNextColumn() throws Exception {
    byte[] good = sample(TrevniCodec.NULL, TrevniChecksum.NULL);
    long start;
    long next;
    try (TrevniFile r = TrevniFiles.open(good)) {
      start = r.columnStart(1);
      next = r.columnStart(2);
    }
    // The last block's stored size of column 1 grown by 4: its bytes would overlap column 2's.
    byte[] bad = good.clone();
    ByteBuffer b = ByteBuffer.wrap(bad).order(ByteOrder.LITTLE_ENDIAN);
    int blocks = b.getInt((int) start);
    int stored = (int) start + 4 + 12 * (blocks - 1) + 8;
    b.putInt(stored, b.getInt(stored) + 4);
    assertThatThrownBy(() -> readAll(bad)).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("run past " + next + ", where the header says the next column");
  }

  /**
   * Seeded damage of every kind ({@link FileDamage}: truncations, bit flips, zeroed, random and
   * varint-run ranges) to files of each codec, with and without checksums: each copy reads
   * exactly the rows its header claims or fails with a {@link CorruptFileException} naming a
   * file offset. A few hundred copies by default, many more with {@code -Pexhaustive}.
   */
  @Test
  @Timeout(300)
  void everyKindOfDamageReadsExactlyOrNamesAnOffset() throws Exception {
    int perFile = TestSeed.exhaustive() ? 500 : 30;
    List<String> wrong = new java.util.ArrayList<>();
    int copies = 0;
    for (TrevniCodec codec : TrevniCodec.values()) {
      for (TrevniChecksum checksum : TrevniChecksum.values()) {
        byte[] good = sample(codec, checksum);
        Random random = TestSeed.random("everyKindOfDamage/" + codec + "/" + checksum, 0);
        for (FileDamage.Copy copy : FileDamage.copies(good, random, perFile, 200)) {
          copies++;
          String what = codec + "/" + checksum + " " + copy.what() + " (" + TestSeed.replay()
              + ")";
          try (TrevniFile r = TrevniFiles.open(copy.bytes())) {
            GenericRowReader rows = new GenericRowReader(r, null, 1 << 16);
            ColumnBatch batch = new ColumnBatch(rows.type(), 100);
            long n = 0;
            while (rows.next(batch)) {
              n += batch.size;
            }
            for (int i = 0; i < r.columnCount(); i++) {
              r.blocks(i);
            }
            if (n != r.rowCount()) {
              wrong.add(what + ": read " + n + " rows, the header claims " + r.rowCount());
            }
          } catch (CorruptFileException e) {
            if (e.fileOffset() < 0) {
              wrong.add(what + ": no file offset in " + e.getMessage());
            }
          } catch (IOException | RuntimeException e) {
            wrong.add(what + ": " + e);
          }
        }
      }
    }
    assertThat(copies).isGreaterThan(100);
    assertThat(wrong).as("damaged copies read wrongly").isEmpty();
  }
}
