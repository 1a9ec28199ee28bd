package io.colfile.interop.trevni;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.colfile.core.error.CorruptFileException;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.testkit.Hex;
import io.colfile.testkit.TestSeed;
import io.colfile.trevni.BlockInfo;
import io.colfile.trevni.ColumnCursor;
import io.colfile.trevni.ColumnSpec;
import io.colfile.trevni.TrevniChecksum;
import io.colfile.trevni.TrevniCodec;
import io.colfile.trevni.TrevniFile;
import io.colfile.trevni.TrevniFileWriter;
import io.colfile.trevni.TrevniWriterOptions;
import io.colfile.trevni.ValueType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.IntStream;
import org.apache.trevni.ColumnFileMetaData;
import org.apache.trevni.ColumnFileReader;
import org.apache.trevni.ColumnFileWriter;
import org.apache.trevni.ColumnMetaData;
import org.apache.trevni.ColumnValues;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Apache Avro's trevni-core 1.12 and colfile's {@link TrevniFileWriter} / {@link
 * TrevniFile} on the same seeded random column sets (every value type; plain, array and
 * parent/child columns, arrays in arrays; first values; per-column codecs, checksums and
 * metadata) and rows (runs of 0 and 1 lengths, edge values, values big enough for several 64 KiB
 * blocks), under every codec and checksum. Each writes a file; each reads the other's, with the
 * expert cursor protocol, and must give back the rows. The two files must agree part by part
 * ({@link TrevniFileParts#assertSameAsJava}), byte for byte where the codec allows.
 */
@ExtendWith(TestSeed.class)
class TrevniCoreDifferentialTest {
  private static final TrevniCodec[] CODECS = TrevniCodec.values();
  private static Path dir;
  private static int identical;
  private static int nullCodecCrcCases;
  private static int mostBlocks;

  static IntStream cases() {
    return IntStream.range(0, TestSeed.exhaustive() ? 200 : 24);
  }

  @BeforeAll
  static void makeDir() throws IOException {
    dir = Files.createTempDirectory("colfile-trevni-core-diff-");
  }

  @AfterAll
  static void cleanUp() throws IOException {
    if (Boolean.getBoolean("interop.keep")) {
      System.out.println("files kept in " + dir);
    } else {
      try (var paths = Files.walk(dir)) {
        for (Path p : paths.sorted(java.util.Collections.reverseOrder()).toList()) {
          Files.deleteIfExists(p);
        }
      }
    }
    System.out.printf("trevni-core differential: %d byte-identical file pairs, up to %d blocks"
        + " per column, %d null-codec crc32 columns%n", identical, mostBlocks, nullCodecCrcCases);
    assertThat(identical).as("byte-identical file pairs").isPositive();
    assertThat(mostBlocks).as("most blocks in one column").isGreaterThan(3);
    assertThat(nullCodecCrcCases).as("null-codec crc32 columns with data").isPositive();
  }

  @ParameterizedTest(name = "case {0}")
  @MethodSource("cases")
  void eachReadsTheOthersFileAndTheFilesAgree(int index) throws IOException {
    Random r = TestSeed.random("trevni-core-diff", index);
    TrevniCodec codec = CODECS[index % CODECS.length];
    TrevniChecksum checksum = (index / CODECS.length) % 2 == 0 ? TrevniChecksum.NULL
        : TrevniChecksum.CRC32;
    List<CoreCase.Col> cols = index < 8 ? CoreValues.everyType(r) : CoreValues.randomColumns(r);
    Map<String, String> fileMeta = r.nextInt(3) == 0
        ? CoreCase.meta("owner", "interop", "ünï", "✓") : Map.of();
    CoreCase c = new CoreCase(cols, codec, checksum, r.nextBoolean(), r.nextBoolean(), fileMeta);
    boolean big = index % 3 == 2;
    int rows;
    if (index < 8) {
      // 55 columns: fewer rows
      rows = big ? 800 + r.nextInt(600) : new int[] {0, 1, 2, 7, 60, 400}[r.nextInt(6)];
    } else if (index % 12 == 5) {
      rows = 20_000 + r.nextInt(20_000);   // many rows: several blocks even of small values
    } else {
      rows = big ? 1000 + r.nextInt(1500) : new int[] {0, 1, 2, 7, 60, 700, 3000}[r.nextInt(7)];
    }
    CoreValues.Profile p = CoreValues.profile(r, cols.size(), big);
    CoreCase.Source src = CoreValues.source(r, cols, p, big ? 60_000 : 300_000);
    for (int i = 0; i < rows; i++) {
      c.addRow(src);
    }
    runCase("case " + index, c, r);
  }

  private void runCase(String name, CoreCase c, Random r) throws IOException {
    String what = name + " (" + c + ")";
    if (what.length() > 600) {
      what = what.substring(0, 600) + "…";
    }
    Path javaFile = dir.resolve(name.replace(' ', '-') + "-java.trv");
    Path colfileFile = dir.resolve(name.replace(' ', '-') + "-colfile.trv");
    c.writeJava(javaFile);
    c.writeColfile(colfileFile, r);

    c.assertColfileReads(javaFile, what + ", Java's file", r);
    c.assertJavaReads(colfileFile, what + ", colfile's file");

    TrevniFileParts java = TrevniFileParts.parse(Files.readAllBytes(javaFile));
    TrevniFileParts colfile = TrevniFileParts.parse(Files.readAllBytes(colfileFile));
    if (TrevniFileParts.assertSameAsJava(java, colfile, what)) {
      identical++;
    }
    for (TrevniFileParts.Column col : java.columns) {
      mostBlocks = Math.max(mostBlocks, col.blocks().size());
    }
    assertBlocksAsParsed(javaFile, java, what + ", Java's file");
    assertBlocksAsParsed(colfileFile, colfile, what + ", colfile's file");
    javaCannotReadItsNullCodecCrcs(javaFile, java, what);
  }

  /** colfile's block list (descriptors, offsets, first values) is what the file holds. */
  static void assertBlocksAsParsed(Path file, TrevniFileParts parts, String what)
      throws IOException {
    try (TrevniFile f = TrevniFile.open(InputFile.local(file))) {
      for (int i = 0; i < parts.columns.size(); i++) {
        TrevniFileParts.Column col = parts.columns.get(i);
        List<BlockInfo> blocks = f.blocks(i);
        assertEquals(col.blocks().size(), blocks.size(), what + ", column '" + col.name()
            + "': colfile's block count");
        for (int k = 0; k < blocks.size(); k++) {
          TrevniFileParts.Block want = col.blocks().get(k);
          BlockInfo got = blocks.get(k);
          String blk = what + ", column '" + col.name() + "' / block " + k + ": colfile's ";
          assertEquals(want.rows(), got.rowCount(), blk + "row count");
          assertEquals(want.uncompressed(), got.uncompressedSize(), blk + "uncompressed size");
          assertEquals(want.compressed(), got.compressedSize(), blk + "compressed size");
          assertEquals(want.offset(), got.offset(), blk + "offset");
          if (col.values() && col.type() != ValueType.NULL) {
            assertThat(got.firstValue()).as(blk + "first value").isPresent();
            CoreCase.assertSameValue(TrevniFileParts.decode(col.type(), want.firstValue()),
                got.firstValue().get(), blk + "first value");
          } else {
            // no first values, or the first value of a null column, which is null
            assertThat(got.firstValue()).as(blk + "first value").isEmpty();
          }
        }
      }
    }
  }

  /**
   * trevni.md §6.3: with the null codec and crc32, Java writes zero checksums and then rejects its
   * own blocks (those with bytes: the CRC of nothing is zero). Checked here so that the test
   * notices if that changes; colfile reads such files (checked above).
   */
  private static void javaCannotReadItsNullCodecCrcs(Path file, TrevniFileParts parts,
      String what) throws IOException {
    for (int i = 0; i < parts.columns.size(); i++) {
      TrevniFileParts.Column col = parts.columns.get(i);
      if (!col.codec().equals("null") || !col.checksum().equals("crc32")
          || col.blocks().isEmpty() || col.blocks().get(0).raw().length == 0) {
        continue;
      }
      nullCodecCrcCases++;
      assertArrayEquals(new byte[4], col.blocks().get(0).checksum(),
          what + ", column '" + col.name() + "': Java's zero CRC");
      int c = i;
      try (ColumnFileReader r = new ColumnFileReader(file.toFile())) {
        ColumnValues<?> v = r.getValues(c);
        assertThatThrownBy(v::startRow).as(what + ", column '" + col.name()
            + "': trevni-core reading its own null-codec crc32 block")
            .hasMessageContaining("Checksums mismatch");
      }
    }
  }

  // ---- worked examples of trevni.md §9 --------------------------------------------------------

  private static final String EXAMPLE_9_1 = """
      54 72 76 02 03 00 00 00 00 00 00 00 02 00 00 00
      00 04 16 74 72 65 76 6e 69 2e 6e 61 6d 65 04 69
      64 16 74 72 65 76 6e 69 2e 74 79 70 65 06 69 6e
      74 04 16 74 72 65 76 6e 69 2e 6e 61 6d 65 08 6e
      61 6d 65 16 74 72 65 76 6e 69 2e 74 79 70 65 0c
      73 74 72 69 6e 67 66 00 00 00 00 00 00 00 7a 00
      00 00 00 00 00 00 01 00 00 00 03 00 00 00 04 00
      00 00 04 00 00 00 02 03 d8 04 01 00 00 00 03 00
      00 00 06 00 00 00 06 00 00 00 02 61 04 62 63 00
      """;

  private static final String EXAMPLE_9_2 = """
      54 72 76 02 03 00 00 00 00 00 00 00 02 00 00 00
      02 1e 74 72 65 76 6e 69 2e 63 68 65 63 6b 73 75
      6d 0a 63 72 63 33 32 04 16 74 72 65 76 6e 69 2e
      6e 61 6d 65 04 69 64 16 74 72 65 76 6e 69 2e 74
      79 70 65 06 69 6e 74 04 16 74 72 65 76 6e 69 2e
      6e 61 6d 65 08 6e 61 6d 65 16 74 72 65 76 6e 69
      2e 74 79 70 65 0c 73 74 72 69 6e 67 7c 00 00 00
      00 00 00 00 94 00 00 00 00 00 00 00 01 00 00 00
      03 00 00 00 04 00 00 00 04 00 00 00 02 03 d8 04
      00 00 00 00 01 00 00 00 03 00 00 00 06 00 00 00
      06 00 00 00 02 61 04 62 63 00 00 00 00 00
      """;

  private static byte[] writeExample(Path file, TrevniWriterOptions o) throws IOException {
    try (TrevniFileWriter w = TrevniFileWriter.create(OutputFile.local(file),
        List.of(ColumnSpec.of("id", ValueType.INT), ColumnSpec.of("name", ValueType.STRING)), o)) {
      Object[][] rows = {{1, "a"}, {-2, "bc"}, {300, ""}};
      for (Object[] row : rows) {
        w.startRow();
        w.writeValue(0, row[0]);
        w.writeValue(1, row[1]);
        w.endRow();
      }
    }
    return Files.readAllBytes(file);
  }

  private static byte[] writeExampleWithJava(Path file, ColumnFileMetaData meta)
      throws IOException {
    ColumnFileWriter w = new ColumnFileWriter(meta,
        new ColumnMetaData("id", org.apache.trevni.ValueType.INT),
        new ColumnMetaData("name", org.apache.trevni.ValueType.STRING));
    w.writeRow(1, "a");
    w.writeRow(-2, "bc");
    w.writeRow(300, "");
    w.writeTo(file.toFile());
    return Files.readAllBytes(file);
  }

  @Test
  void workedExampleNullCodec() throws IOException {
    byte[] want = Hex.bytes(EXAMPLE_9_1);
    assertArrayEquals(want, writeExampleWithJava(dir.resolve("ex91-java.trv"),
        new ColumnFileMetaData()), "trevni-core writes §9.1");
    TrevniFileParts.assertBytes(want, writeExample(dir.resolve("ex91.trv"),
        TrevniWriterOptions.defaults()), "colfile's §9.1 file");
  }

  /**
   * §9.2: Java writes zero CRCs with the null codec; colfile writes the real ones (c7 87 22 c0 and
   * d2 b9 ee 28) and is otherwise identical. colfile reads both.
   */
  @Test
  void workedExampleNullCodecWithCrc() throws IOException {
    byte[] java = Hex.bytes(EXAMPLE_9_2);
    assertArrayEquals(java, writeExampleWithJava(dir.resolve("ex92-java.trv"),
        new ColumnFileMetaData().setChecksum("crc32")), "trevni-core writes §9.2");
    byte[] want = java.clone();
    System.arraycopy(Hex.bytes("c7 87 22 c0"), 0, want, 0x90, 4);
    System.arraycopy(Hex.bytes("d2 b9 ee 28"), 0, want, 0xaa, 4);
    Path colfileFile = dir.resolve("ex92.trv");
    TrevniFileParts.assertBytes(want, writeExample(colfileFile,
        TrevniWriterOptions.builder().checksum(TrevniChecksum.CRC32).build()),
        "colfile's §9.2 file (real CRCs)");
    for (byte[] f : List.of(java, want)) {
      try (TrevniFile r = TrevniFile.open(InputFile.of("ex92", f))) {
        ColumnCursor id = r.cursor(0);
        ColumnCursor name = r.cursor(1);
        for (Object[] row : new Object[][] {{1, "a"}, {-2, "bc"}, {300, ""}}) {
          id.startRow();
          name.startRow();
          assertEquals(row[0], id.nextValue());
          assertEquals(row[1], name.nextValue());
        }
      }
    }
    // and Java reads colfile's variant, which it cannot do with its own
    try (ColumnFileReader r = new ColumnFileReader(colfileFile.toFile())) {
      ColumnValues<?> v = r.getValues(0);
      assertEquals(List.of(1, -2, 300), List.of(v.next(), v.next(), v.next()));
    }
  }

  /** §9.4: no columns and no rows (17 bytes); one int column and no rows (zero blocks). */
  @Test
  void degenerateFiles() throws IOException {
    byte[] empty = Hex.bytes("54 72 76 02" + " 00".repeat(13));
    Path p = dir.resolve("empty.trv");
    TrevniFileWriter.create(OutputFile.local(p), List.of(), TrevniWriterOptions.defaults())
        .close();
    TrevniFileParts.assertBytes(empty, Files.readAllBytes(p), "colfile's empty file");
    ColumnFileWriter jw = new ColumnFileWriter(new ColumnFileMetaData(),
        new ColumnMetaData("e", org.apache.trevni.ValueType.INT));
    Path j = dir.resolve("one-java.trv");
    jw.writeTo(j.toFile());
    Path q = dir.resolve("one.trv");
    TrevniFileWriter.create(OutputFile.local(q), List.of(ColumnSpec.of("e", ValueType.INT)),
        TrevniWriterOptions.defaults()).close();
    byte[] javaBytes = Files.readAllBytes(j);
    assertEquals(60, javaBytes.length, "Java's one-column file without rows");
    TrevniFileParts.assertBytes(javaBytes, Files.readAllBytes(q), "colfile's file without rows");
    try (TrevniFile r = TrevniFile.open(InputFile.local(j))) {
      assertEquals(0, r.rowCount());
      assertThat(r.blocks(0)).isEmpty();
      assertThat(r.cursor(0).hasNextRow()).isFalse();
    }
  }

  // ---- damaged checksums --------------------------------------------------------------------

  /**
   * A wrong CRC is reported as corruption naming the column and block; with a compressing codec an
   * all-zero CRC is wrong too (only the null codec's zeros are Java's bug).
   */
  @Test
  void wrongChecksumsAreReportedWithColumnAndBlock() throws IOException {
    for (TrevniCodec codec : CODECS) {
      Random r = TestSeed.random("trevni-core-crc", codec.ordinal());
      List<CoreCase.Col> cols = List.of(
          new CoreCase.Col("k", ValueType.LONG, -1, false, false, null, null, Map.of()),
          new CoreCase.Col("s", ValueType.STRING, -1, false, false, null, null, Map.of()));
      CoreCase c = new CoreCase(cols, codec, TrevniChecksum.CRC32, true, true, Map.of());
      CoreCase.Source src = new CoreCase.Source() {
        @Override
        public int length(int column) {
          return 0;
        }

        @Override
        public Object value(int column) {
          return column == 0 ? r.nextLong() : CoreValues.text(r, 30 + r.nextInt(30));
        }
      };
      for (int i = 0; i < 6000; i++) {
        c.addRow(src);
      }
      Path file = dir.resolve("crc-" + codec.wireName() + ".trv");
      c.writeColfile(file, r);
      byte[] good = Files.readAllBytes(file);
      TrevniFileParts parts = TrevniFileParts.parse(good);
      TrevniFileParts.Column s = parts.column("s");
      assertThat(s.blocks().size()).as("blocks of column s").isGreaterThan(2);
      int k = 1 + r.nextInt(s.blocks().size() - 1);
      TrevniFileParts.Block b = s.blocks().get(k);
      long crcAt = b.offset() + b.compressed();

      byte[] flipped = good.clone();
      flipped[(int) crcAt + r.nextInt(4)] ^= (byte) (1 << r.nextInt(8));
      assertCorruptAt(flipped, "s", k, b, codec + ", flipped CRC bit");

      byte[] zeroed = good.clone();
      java.util.Arrays.fill(zeroed, (int) crcAt, (int) crcAt + 4, (byte) 0);
      if (codec == TrevniCodec.NULL) {
        // Java's own null-codec files look like this: accepted
        readAll(zeroed, "s");
      } else {
        assertCorruptAt(zeroed, "s", k, b, codec + ", zero CRC");
      }
    }
  }

  private static void assertCorruptAt(byte[] file, String column, int block,
      TrevniFileParts.Block b, String what) {
    assertThatThrownBy(() -> readAll(file, column)).as(what)
        .isInstanceOfSatisfying(CorruptFileException.class, e -> {
          assertThat(e.file()).as(what + ": file").isEqualTo("damaged.trv");
          assertThat(e.structure()).as(what + ": structure").contains("'" + column + "'")
              .contains("block " + block);
          assertThat(e.offset()).as(what + ": offset")
              .isBetween(0L, b.offset() + b.compressed() + 4);
          // The file offset lies in the damaged block: its bytes or its checksum.
          assertThat(e.fileOffset()).as(what + ": file offset")
              .isBetween(b.offset() + 0L, b.offset() + b.compressed() + 3L);
        });
  }

  private static void readAll(byte[] file, String column) throws IOException {
    try (TrevniFile r = TrevniFile.open(InputFile.of("damaged.trv", file))) {
      ColumnCursor c = r.cursor(r.columnIndex(column));
      while (c.hasNextRow()) {
        c.startRow();
        c.nextValue();
      }
    }
  }
}
