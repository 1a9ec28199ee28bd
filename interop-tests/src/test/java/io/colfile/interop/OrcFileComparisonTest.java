package io.colfile.interop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.orc.OrcWriter;
import io.colfile.orc.OrcWriterOptions;
import io.colfile.testkit.ValueFill;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.orc.OrcProto;
import org.apache.orc.TypeDescription;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The file comparison the differential tests rely on notices what it must and names it. */
class OrcFileComparisonTest {
  @TempDir Path dir;

  private Path write(String name, CompressionCodec codec) throws IOException {
    Path p = dir.resolve(name);
    Type type = Type.parse("struct<a:bigint,b:string>");
    List<Object> rows = new ArrayList<>();
    for (long i = 0; i < 5000; i++) {
      rows.add(Arrays.asList(i * i % 1009, "s" + i % 77));
    }
    try (OrcWriter w = OrcWriter.create(OutputFile.local(p), type, OrcWriterOptions.builder()
        .compression(codec).compressionBlockSize(4096).rowIndexStride(1000).build())) {
      w.write(ValueFill.batch(type, rows));
    }
    return p;
  }

  @Test
  void sameFileIsIdentical() throws IOException {
    Path a = write("a.orc", CompressionCodec.ZSTD);
    assertThat(OrcFileComparison.compare("same", a, a, false, true)).isTrue();
  }

  @Test
  void aFlippedDataByteIsNamed() throws IOException {
    Path a = write("a.orc", CompressionCodec.NONE);
    OrcFileParts.Part data = OrcFileParts.read(a).parts().stream()
        .filter(p -> p.stream() != null && p.stream().getColumn() == 1
            && p.stream().getKind() == OrcProto.Stream.Kind.DATA)
        .findFirst().orElseThrow();
    byte[] bytes = Files.readAllBytes(a);
    int at = (int) data.offset() + data.stored().length / 2;
    bytes[at] ^= 0x10;
    Path b = dir.resolve("b.orc");
    Files.write(b, bytes);
    assertThatThrownBy(() -> OrcFileComparison.compare("flipped", a, b, true, true))
        .hasMessageContaining("stripe 0 column 1 DATA")
        .hasMessageContaining("byte " + (data.stored().length / 2));
  }

  @Test
  void aDifferentFooterFieldIsNamed() throws IOException {
    Path a = write("a.orc", CompressionCodec.ZLIB);
    Path b = dir.resolve("b.orc");
    Type type = Type.parse("struct<a:bigint,b:string>");
    try (OrcWriter w = OrcWriter.create(OutputFile.local(b), type, OrcWriterOptions.builder()
        .compression(CompressionCodec.ZLIB).compressionBlockSize(4096).rowIndexStride(1000)
        .build())) {
      List<Object> rows = new ArrayList<>();
      for (long i = 0; i < 5000; i++) {
        rows.add(Arrays.asList(i * i % 1009, "s" + i % 77));
      }
      w.addUserMetadata("k", new byte[] {1});
      w.write(ValueFill.batch(type, rows));
    }
    assertThatThrownBy(() -> OrcFileComparison.compare("metadata", a, b, true, true))
        .hasMessageContaining("footer").hasMessageContaining("Footer differs");
  }

  // Case 39 of seed 6DDE2EB13CCCB43C (exhaustive run): a timestamp with local time zone column,
  // ZSTD, 8 KiB chunks, RLE v2, no PRESENT stream. Both writers' chunks hold the same bytes, but
  // zstd-jni and aircompressor compress them to different lengths, so the chunks start at other
  // compressed offsets; in colfile's file DATA and SECONDARY both have a chunk at 14677.
  private static final long[] CHUNK_CONTENT = {0, 8192, 16384, 24576, 32768};
  private static final long[] THEIR_DATA = {0, 7307, 14673, 22087, 29410};
  private static final long[] THEIR_SECONDARY = {0, 4788, 9694, 14647};
  private static final long[] OUR_DATA = {0, 7309, 14677, 22095, 29419};
  private static final long[] OUR_SECONDARY = {0, 4794, 9715, 14677};
  /** Entry by entry: DATA chunk, DATA offset, DATA values, SECONDARY chunk, offset, values. */
  private static final long[][] CASE_39 = {
      {0, 0, 0, 0, 0, 0}, {0, 2562, 488, 0, 4591, 16}, {7307, 1356, 90, 4788, 1046, 13},
      {7307, 6480, 66, 4788, 5665, 30}, {14673, 3412, 42, 9694, 2217, 11},
      {22087, 344, 18, 9694, 6769, 21}, {22087, 2906, 506, 14647, 3313, 16}};

  private static OrcFileComparison.ColumnStreams timestampColumn(long[] data, long[] secondary) {
    return new OrcFileComparison.ColumnStreams(TypeDescription.Category.TIMESTAMP_INSTANT,
        OrcProto.ColumnEncoding.newBuilder()
            .setKind(OrcProto.ColumnEncoding.Kind.DIRECT_V2).build(),
        List.of(stream(OrcProto.Stream.Kind.DATA, data),
            stream(OrcProto.Stream.Kind.SECONDARY, secondary)));
  }

  private static OrcFileParts.Part stream(OrcProto.Stream.Kind kind, long[] chunkStarts) {
    return new OrcFileParts.Part("stripe 0 column 7 " + kind, 0, new byte[0], new byte[0],
        chunkStarts, Arrays.copyOf(CHUNK_CONTENT, chunkStarts.length),
        OrcProto.Stream.newBuilder().setColumn(7).setKind(kind).build(), 0);
  }

  /** Case 39's positions with each chunk offset moved to the same chunk in the given framing. */
  private static OrcProto.RowIndex rowIndex(long[] data, long[] secondary) {
    OrcProto.RowIndex.Builder b = OrcProto.RowIndex.newBuilder();
    for (long[] e : CASE_39) {
      long[] p = e.clone();
      p[0] = data[Arrays.binarySearch(THEIR_DATA, e[0])];
      p[3] = secondary[Arrays.binarySearch(THEIR_SECONDARY, e[3])];
      b.addEntry(OrcProto.RowIndexEntry.newBuilder()
          .addAllPositions(Arrays.stream(p).boxed().toList()));
    }
    return b.build();
  }

  @Test
  void chunkOffsetsAreReadAsTheChunksOfTheirOwnStreams() {
    // 14677 is SECONDARY's fourth chunk in that slot, though DATA's third chunk starts there too
    OrcFileComparison.sameRowIndex("case 39", rowIndex(THEIR_DATA, THEIR_SECONDARY),
        timestampColumn(THEIR_DATA, THEIR_SECONDARY), rowIndex(OUR_DATA, OUR_SECONDARY),
        timestampColumn(OUR_DATA, OUR_SECONDARY), false);
  }

  @Test
  void aPositionInAnotherChunkIsNamed() {
    OrcProto.RowIndex ours = rowIndex(OUR_DATA, OUR_SECONDARY);
    OrcProto.RowIndex.Builder b = ours.toBuilder();
    b.getEntryBuilder(6).setPositions(3, 9715); // SECONDARY's third chunk, not its fourth
    assertThatThrownBy(() -> OrcFileComparison.sameRowIndex("moved",
        rowIndex(THEIR_DATA, THEIR_SECONDARY), timestampColumn(THEIR_DATA, THEIR_SECONDARY),
        b.build(), timestampColumn(OUR_DATA, OUR_SECONDARY), false))
        .hasMessageContaining("RowIndex differs")
        .hasMessageContaining("SECONDARY chunk at uncompressed offset 24576")
        .hasMessageContaining("SECONDARY chunk at uncompressed offset 16384");
  }

  @Test
  void anotherStreamsChunkOffsetIsNoPosition() {
    // 22095 starts DATA's fourth chunk in colfile's file, but no chunk of SECONDARY
    OrcProto.RowIndex.Builder b = rowIndex(OUR_DATA, OUR_SECONDARY).toBuilder();
    b.getEntryBuilder(6).setPositions(3, 22095);
    assertThatThrownBy(() -> OrcFileComparison.sameRowIndex("wrong stream",
        rowIndex(THEIR_DATA, THEIR_SECONDARY), timestampColumn(THEIR_DATA, THEIR_SECONDARY),
        b.build(), timestampColumn(OUR_DATA, OUR_SECONDARY), false))
        .hasMessageContaining("SECONDARY chunk at uncompressed offset 24576")
        .hasMessageContaining("colfile  positions: 22095");
  }
}
