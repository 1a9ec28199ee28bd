package io.colfile.trevni;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.testkit.Hex;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The writer's bytes against the files Apache Avro 1.12's trevni-core wrote for the same calls,
 * as shared/specs/trevni.md records them (sections 3, 7 and 9).
 */
class TrevniFileWriterTest {
  @TempDir Path dir;

  private static final List<ColumnSpec> ID_NAME = List.of(
      ColumnSpec.of("id", ValueType.INT), ColumnSpec.of("name", ValueType.STRING));

  private byte[] idName(TrevniWriterOptions options) {
    return TrevniFiles.write(dir, ID_NAME, options, w -> {
      row(w, 1, "a");
      row(w, -2, "bc");
      row(w, 300, "");
    });
  }

  private static void row(TrevniFileWriter w, int id, String name) {
    w.startRow();
    w.writeInt(0, id);
    w.writeString(1, name);
    w.endRow();
  }

  @Test
  void nullCodecFileIsAvrosByteForByte() {
    byte[] expected = Hex.bytes("""
        54 72 76 02 03 00 00 00 00 00 00 00 02 00 00 00
        00
        04 16 "trevni.name" 04 "id" 16 "trevni.type" 06 "int"
        04 16 "trevni.name" 08 "name" 16 "trevni.type" 0c "string"
        66 00 00 00 00 00 00 00  7a 00 00 00 00 00 00 00
        01 00 00 00  03 00 00 00 04 00 00 00 04 00 00 00  02 03 d8 04
        01 00 00 00  03 00 00 00 06 00 00 00 06 00 00 00  02 61 04 62 63 00
        """);
    assertThat(idName(TrevniWriterOptions.defaults())).containsExactly(expected);
  }

  @Test
  void snappyWithCrc32IsAvrosByteForByte() {
    byte[] expected = Hex.bytes("""
        54 72 76 02 03 00 00 00 00 00 00 00 02 00 00 00
        04 18 "trevni.codec" 0c "snappy" 1e "trevni.checksum" 0a "crc32"
        04 16 "trevni.name" 04 "id" 16 "trevni.type" 06 "int"
        04 16 "trevni.name" 08 "name" 16 "trevni.type" 0c "string"
        90 00 00 00 00 00 00 00  aa 00 00 00 00 00 00 00
        01 00 00 00 03 00 00 00 04 00 00 00 06 00 00 00  04 0c 02 03 d8 04  c7 87 22 c0
        01 00 00 00 03 00 00 00 06 00 00 00 08 00 00 00  06 14 02 61 04 62 63 00  d2 b9 ee 28
        """);
    byte[] actual = idName(TrevniWriterOptions.builder().codec(TrevniCodec.SNAPPY)
        .checksum(TrevniChecksum.CRC32).build());
    assertThat(actual).containsExactly(expected);
  }

  @Test
  void nullCodecWithCrc32WritesTheRealChecksumNotAvrosZeros() {
    byte[] actual = idName(TrevniWriterOptions.builder().checksum(TrevniChecksum.CRC32).build());
    assertThat(actual).hasSize(174);
    assertThat(Arrays.copyOfRange(actual, 0x90, 0x94)).containsExactly(Hex.bytes("c7 87 22 c0"));
    assertThat(Arrays.copyOfRange(actual, 0xaa, 0xae)).containsExactly(Hex.bytes("d2 b9 ee 28"));
  }

  @Test
  void deflateBlockIsAvros() throws Exception {
    byte[] file = idName(TrevniWriterOptions.builder().codec(TrevniCodec.DEFLATE).build());
    try (TrevniFile r = TrevniFiles.open(file)) {
      BlockInfo b = r.blocks(0).get(0);
      byte[] body = Arrays.copyOfRange(file, (int) b.offset(),
          (int) b.offset() + b.compressedSize());
      assertThat(body).containsExactly(Hex.bytes("63 62 be c1 02 00"));
    }
  }

  @Test
  void degenerateFiles() {
    assertThat(TrevniFiles.write(dir, List.of(), TrevniWriterOptions.defaults(), w -> { }))
        .containsExactly(Hex.bytes("54 72 76 02 00 00 00 00 00 00 00 00 00 00 00 00 00"));
    byte[] oneColumn = TrevniFiles.write(dir, List.of(ColumnSpec.of("e", ValueType.INT)),
        TrevniWriterOptions.defaults(), w -> { });
    assertThat(oneColumn).hasSize(60);
    assertThat(Arrays.copyOfRange(oneColumn, 48, 60))
        .containsExactly(Hex.bytes("38 00 00 00 00 00 00 00 00 00 00 00"));
  }

  @Test
  void booleansArePackedLowestBitFirst() throws Exception {
    boolean[] values = {true, false, true, true, false, false, false, true, true, true};
    byte[] file = TrevniFiles.write(dir, List.of(ColumnSpec.of("b", ValueType.BOOLEAN)),
        TrevniWriterOptions.defaults(), w -> {
          for (boolean v : values) {
            w.startRow();
            w.writeBoolean(0, v);
            w.endRow();
          }
        });
    assertThat(Arrays.copyOfRange(file, file.length - 2, file.length))
        .containsExactly(Hex.bytes("8d 03"));
    try (TrevniFile r = TrevniFiles.open(file)) {
      ColumnCursor c = r.cursor(0);
      for (boolean v : values) {
        c.startRow();
        assertThat(c.nextBoolean()).isEqualTo(v);
      }
      assertThat(c.hasNextRow()).isFalse();
    }
  }

  @Test
  void parentChildAndArrayColumnsAreAvros() throws Exception {
    List<ColumnSpec> cols = List.of(
        ColumnSpec.of("p", ValueType.NULL).asArray(),
        ColumnSpec.of("p#c", ValueType.STRING).withParent("p"),
        ColumnSpec.of("a", ValueType.INT).asArray());
    int[] pLengths = {1, 1, 1, 0, 0, 2, 1};
    int[][] a = {{}, {}, {}, {10}, {10, 11}, {10}, {}};
    byte[] file = TrevniFiles.write(dir, cols, TrevniWriterOptions.defaults(), w -> {
      int s = 0;
      for (int row = 0; row < 7; row++) {
        w.startRow();
        w.writeLength(0, pLengths[row]);
        for (int i = 0; i < pLengths[row]; i++) {
          w.writeNull(0);
          w.writeString(1, "s" + s++);
        }
        w.writeLength(2, a[row].length);
        for (int v : a[row]) {
          w.writeInt(2, v);
        }
        w.endRow();
      }
    });
    String meta = new String(file, java.nio.charset.StandardCharsets.ISO_8859_1);
    assertThat(meta).contains(new String(Hex.bytes("""
        06 16 "trevni.name" 02 "p" 16 "trevni.type" 08 "null" 18 "trevni.array" 00
        06 16 "trevni.name" 06 "p#c" 16 "trevni.type" 0c "string" 1a "trevni.parent" 02 "p"
        06 16 "trevni.name" 02 "a" 16 "trevni.type" 06 "int" 18 "trevni.array" 00
        """), java.nio.charset.StandardCharsets.ISO_8859_1));
    try (TrevniFile r = TrevniFiles.open(file)) {
      assertThat(body(file, r, 0)).containsExactly(Hex.bytes("07 01 04 02"));
      assertThat(body(file, r, 2)).containsExactly(Hex.bytes("05 02 14 04 14 16 02 14 00"));
      assertThat(r.blocks(1).get(0).rowCount()).isEqualTo(7);
      ColumnCursor p = r.cursor(0);
      ColumnCursor c = r.cursor(1);
      ColumnCursor ac = r.cursor(2);
      int s = 0;
      for (int row = 0; row < 7; row++) {
        p.startRow();
        c.startRow();
        ac.startRow();
        int n = p.nextLength();
        assertThat(n).isEqualTo(pLengths[row]);
        for (int i = 0; i < n; i++) {
          assertThat(p.nextValue()).isNull();
          assertThat(c.nextString()).isEqualTo("s" + s++);
        }
        int m = ac.nextLength();
        assertThat(m).isEqualTo(a[row].length);
        for (int v : a[row]) {
          assertThat(ac.nextInt()).isEqualTo(v);
        }
      }
    }
  }

  @Test
  void booleanArraysStartEachRowOnAFreshByte() throws Exception {
    boolean[][] rows = {{true}, {true, false, true}, {}, {false}, {true, true}, {}, {}, {}, {},
        {}};
    byte[] file = TrevniFiles.write(dir,
        List.of(ColumnSpec.of("b", ValueType.BOOLEAN).asArray()),
        TrevniWriterOptions.defaults(), w -> {
          for (boolean[] row : rows) {
            w.startRow();
            w.writeLength(0, row.length);
            for (boolean v : row) {
              w.writeBoolean(0, v);
            }
            w.endRow();
          }
        });
    try (TrevniFile r = TrevniFiles.open(file)) {
      assertThat(body(file, r, 0)).containsExactly(Hex.bytes("02 01 06 05 00 02 00 04 03 0d"));
      ColumnCursor c = r.cursor(0);
      for (boolean[] row : rows) {
        c.startRow();
        assertThat(c.nextLength()).isEqualTo(row.length);
        for (boolean v : row) {
          assertThat(c.nextBoolean()).isEqualTo(v);
        }
      }
    }
  }

  @Test
  void blocksCloseBeforeTheRowThatFindsThemFull() throws Exception {
    byte[] file = TrevniFiles.write(dir, List.of(ColumnSpec.of("i", ValueType.INT)),
        TrevniWriterOptions.defaults(), w -> {
          for (int i = 0; i < 50_000; i++) {
            w.startRow();
            w.writeInt(0, 100_000); // three bytes
            w.endRow();
          }
        });
    try (TrevniFile r = TrevniFiles.open(file)) {
      assertThat(r.blocks(0)).extracting(BlockInfo::rowCount).containsExactly(21846, 21846, 6308);
      assertThat(r.blocks(0)).extracting(BlockInfo::uncompressedSize)
          .containsExactly(65538, 65538, 6308 * 3);
    }
  }

  @Test
  void aHugeValueMakesAHugeBlock() throws Exception {
    String big = "x".repeat(100_000);
    byte[] file = TrevniFiles.write(dir, List.of(ColumnSpec.of("s", ValueType.STRING)),
        TrevniWriterOptions.defaults(), w -> {
          for (String s : List.of("a", big, "b", "c")) {
            w.startRow();
            w.writeString(0, s);
            w.endRow();
          }
        });
    try (TrevniFile r = TrevniFiles.open(file)) {
      assertThat(r.blocks(0)).extracting(BlockInfo::rowCount).containsExactly(2, 2);
      assertThat(r.blocks(0)).extracting(BlockInfo::uncompressedSize)
          .containsExactly(100_005, 4);
    }
  }

  @Test
  void blocksSpilledToATemporaryFileGiveTheSameFile() throws Exception {
    List<ColumnSpec> cols = List.of(ColumnSpec.of("i", ValueType.LONG),
        ColumnSpec.of("s", ValueType.STRING).asArray());
    java.util.function.Consumer<TrevniFileWriter> rows = w -> {
      for (int r = 0; r < 40_000; r++) {
        w.startRow();
        w.writeLong(0, r * 7919L);
        w.writeLength(1, r % 3);
        for (int k = 0; k < r % 3; k++) {
          w.writeString(1, "v" + (r * k));
        }
        w.endRow();
      }
    };
    TrevniWriterOptions.Builder b = TrevniWriterOptions.builder().codec(TrevniCodec.DEFLATE)
        .checksum(TrevniChecksum.CRC32).blockSize(2048);
    byte[] inMemory = TrevniFiles.write(dir, cols, b.build(), rows);
    long tempFilesBefore = countTempBlockFiles();
    byte[] spilled = TrevniFiles.write(dir, cols, b.memoryLimit(0).build(), rows);
    byte[] someSpilled = TrevniFiles.write(dir, cols, b.memoryLimit(10_000).build(), rows);
    assertThat(spilled).isEqualTo(inMemory);
    assertThat(someSpilled).isEqualTo(inMemory);
    assertThat(countTempBlockFiles()).as("temporary block files left").isEqualTo(tempFilesBefore);
    // an aborted writer leaves no temporary file either
    TrevniFileWriter w = TrevniFileWriter.create(io.colfile.core.io.OutputFile.local(
        dir.resolve("aborted.trv")), cols, b.memoryLimit(0).build());
    for (int r = 0; r < 200_000; r++) { // beyond the store's first page, which then spills
      w.startRow();
      w.writeLong(0, r);
      w.writeLength(1, 0);
      w.endRow();
    }
    assertThat(w.spilledBytes()).isPositive();
    w.abort();
    assertThat(countTempBlockFiles()).isEqualTo(tempFilesBefore);
    assertThat(Files.exists(dir.resolve("aborted.trv"))).isFalse();
  }

  private static long countTempBlockFiles() throws java.io.IOException {
    try (var files = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
      return files.filter(p -> p.getFileName().toString().startsWith("colfile-trevni-")
          && p.getFileName().toString().endsWith(".blocks")).count();
    }
  }

  @Test
  void protocolMistakesNameTheColumn() {
    List<ColumnSpec> cols = List.of(ColumnSpec.of("a", ValueType.INT).asArray(),
        ColumnSpec.of("b", ValueType.STRING));
    Path p = dir.resolve("x.trv");
    TrevniFileWriter w = TrevniFileWriter.create(io.colfile.core.io.OutputFile.local(p), cols,
        TrevniWriterOptions.defaults());
    w.startRow();
    w.writeLength(0, 2);
    w.writeInt(0, 1);
    w.writeString(1, "x");
    assertThatThrownBy(w::endRow).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("column 'a': 1 values in this row, but its lengths declare 2");
    assertThatThrownBy(() -> w.writeString(0, "x")).hasMessageContaining("holds int values");
    assertThatThrownBy(() -> w.writeLength(1, 1)).hasMessageContaining("'b' is not an array");
    w.abort();
    assertThat(Files.exists(p)).isFalse();
    assertThatThrownBy(() -> TrevniFileWriter.create(io.colfile.core.io.OutputFile.local(p),
        List.of(ColumnSpec.of("c", ValueType.INT).withParent("x")),
        TrevniWriterOptions.defaults())).hasMessageContaining("must be an earlier column");
    assertThatThrownBy(() -> TrevniFileWriter.create(io.colfile.core.io.OutputFile.local(p),
        List.of(ColumnSpec.of("c", ValueType.INT), ColumnSpec.of("c", ValueType.LONG)),
        TrevniWriterOptions.defaults())).hasMessageContaining("duplicate column name 'c'");
  }

  private static byte[] body(byte[] file, TrevniFile r, int column) throws Exception {
    BlockInfo b = r.blocks(column).get(0);
    return Arrays.copyOfRange(file, (int) b.offset(), (int) b.offset() + b.compressedSize());
  }
}
