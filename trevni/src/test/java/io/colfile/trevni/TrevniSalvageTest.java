package io.colfile.trevni;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.read.SalvageReport;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.testkit.Rows;
import io.colfile.testkit.TestSeed;
import io.colfile.text.convert.JsonLinesSource;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link TrevniSalvage} on truncated and damaged copies of a file of many small blocks: it keeps
 * exactly the rows before the first block of any column that is cut, damaged or zeroed (all
 * computed from the original's block layout), they are the original's first rows, and the
 * output reads clean with the input's codec, checksum and metadata.
 */
@ExtendWith(TestSeed.class)
class TrevniSalvageTest {
  static final Type TYPE = Type.parse("struct<id:bigint,name:string,tags:array<int>>");
  static final int ROWS = 6000;

  @TempDir Path dir;

  /** Row i: (i, "name-" + i * 7919 % 1000, [i % 5 values]), in 512-byte blocks. */
  static byte[] write(Path p, TrevniCodec codec) throws IOException {
    StringBuilder rows = new StringBuilder();
    for (int i = 0; i < ROWS; i++) {
      rows.append("{\"id\":").append(i).append(",\"name\":\"name-").append(i * 7919 % 1000)
          .append("\",\"tags\":[");
      for (int t = 0; t < i % 5; t++) {
        rows.append(t == 0 ? "" : ",").append(i + t);
      }
      rows.append("]}\n");
    }
    TrevniWriterOptions options = TrevniWriterOptions.builder().codec(codec)
        .checksum(TrevniChecksum.CRC32).blockSize(512).metadata("origin", "test").build();
    try (TrevniWriter w = TrevniWriter.create(OutputFile.local(p), TYPE, options);
        JsonLinesSource src = new JsonLinesSource("rows", new ByteArrayInputStream(
            rows.toString().getBytes(StandardCharsets.UTF_8)), TYPE)) {
      ColumnBatch batch = new ColumnBatch(TYPE, 1000);
      while (src.next(batch)) {
        w.write(batch);
      }
    }
    return Files.readAllBytes(p);
  }

  static List<Object> rows(byte[] file) throws IOException {
    try (TrevniReader r = TrevniReader.open(InputFile.of("f.trv", file));
         BatchReader rows = r.read(ReadOptions.defaults())) {
      return Rows.readAll(rows);
    }
  }

  /** Every block of every column: {column, first row, start, end (checksum included)}. */
  static List<long[]> blocks(byte[] file) throws IOException {
    List<long[]> out = new java.util.ArrayList<>();
    try (TrevniFile f = TrevniFile.open(InputFile.of("f.trv", file))) {
      for (int c = 0; c < f.columnCount(); c++) {
        int sum = f.checksum(c) == null ? 0 : f.checksum(c).size();
        for (BlockInfo b : f.blocks(c)) {
          out.add(new long[] {c, b.firstRow(), b.offset(), b.offset() + b.compressedSize() + sum});
        }
      }
    }
    return out;
  }

  private SalvageReport salvage(byte[] damaged, Path out) throws IOException {
    Files.deleteIfExists(out);
    return TrevniSalvage.salvage(InputFile.of("damaged.trv", damaged), OutputFile.local(out));
  }

  private void assertKept(byte[] damaged, List<Object> all, long expected, String what)
      throws IOException {
    Path out = dir.resolve("out.trv");
    SalvageReport report = salvage(damaged, out);
    what = what + ": " + report.summary();
    byte[] copy = Files.readAllBytes(out);
    assertThat(report.rowsKept()).as(what).isEqualTo(expected);
    assertThat(rows(copy)).as(what).isEqualTo(all.subList(0, (int) expected));
    assertThat(report.complete()).as(what).isEqualTo(expected == ROWS);
    if (expected < ROWS) {
      assertThat(report.losses()).as(what).hasSize(1);
      assertThat(report.losses().get(0).firstRow()).as(what).isEqualTo(expected);
      assertThat(report.losses().get(0).rows()).as(what).isEqualTo(ROWS - expected);
    }
    try (TrevniFile f = TrevniFile.open(InputFile.of("out.trv", copy))) {
      assertThat(f.rowCount()).as(what).isEqualTo(expected);
      assertThat(f.header().checksum()).as(what).isEqualTo(TrevniChecksum.CRC32);
      assertThat(f.metadata().getString("origin")).as(what).contains("test");
    }
  }

  @Test
  void filesCutAtRandomPointsKeepTheRowsOfTheBlocksBeforeTheCut() throws IOException {
    for (TrevniCodec codec : new TrevniCodec[] {TrevniCodec.NULL, TrevniCodec.DEFLATE}) {
      byte[] original = write(dir.resolve("in.trv"), codec);
      List<Object> all = rows(original);
      List<long[]> blocks = blocks(original);
      long headerEnd = blocks.stream().mapToLong(b -> b[2]).min().orElseThrow();
      Random random = TestSeed.random("filesCutAtRandomPoints", codec.ordinal());
      for (int i = 0; i < 15; i++) {
        int cut = (int) (headerEnd + random.nextInt((int) (original.length - headerEnd)));
        long expected = ROWS;
        for (long[] b : blocks) {
          if (b[3] > cut) {
            expected = Math.min(expected, b[1]);
          }
        }
        assertKept(Arrays.copyOf(original, cut), all, expected,
            codec + " cut at " + cut + ", " + TestSeed.replay());
      }
    }
  }

  @Test
  void aDamagedOrZeroedBlockEndsTheRowsKept() throws IOException {
    byte[] original = write(dir.resolve("in.trv"), TrevniCodec.DEFLATE);
    List<Object> all = rows(original);
    List<long[]> blocks = blocks(original);
    Random random = TestSeed.random("aDamagedOrZeroedBlockEndsTheRowsKept", 0);
    for (int i = 0; i < 15; i++) {
      long[] b = blocks.get(random.nextInt(blocks.size()));
      byte[] file = original.clone();
      boolean zero = random.nextBoolean();
      if (zero) {
        Arrays.fill(file, (int) b[2], (int) b[3], (byte) 0);
      } else {
        file[(int) (b[2] + random.nextInt((int) (b[3] - b[2])))] ^= (byte) (1 + random.nextInt(255));
      }
      long expected = b[1];
      if (!zero && readsAsOriginal(file, all)) {
        // Trevni's checksum covers a block's data after decompression, and a flip in the
        // padding bits after deflate's last code changes none of it: the file is whole
        expected = ROWS;
      }
      assertKept(file, all, expected, (zero ? "zeroed" : "flipped") + " block of column " + b[0]
          + " at " + b[2] + ", " + TestSeed.replay());
    }
  }

  private static boolean readsAsOriginal(byte[] file, List<Object> all) {
    try {
      return rows(file).equals(all);
    } catch (IOException e) {
      return false;
    }
  }

  @Test
  void anIntactFileIsCopiedWhole() throws IOException {
    byte[] original = write(dir.resolve("in.trv"), TrevniCodec.DEFLATE);
    assertKept(original, rows(original), ROWS, "intact");
    try (TrevniFile f = TrevniFile.open(InputFile.local(dir.resolve("out.trv")))) {
      assertThat(f.header().codec()).isEqualTo(TrevniCodec.DEFLATE);
    }
  }

  @Test
  void aFileCutInsideItsHeaderIsRefusedAndNothingWritten() throws IOException {
    byte[] original = write(dir.resolve("in.trv"), TrevniCodec.NULL);
    Path out = dir.resolve("out.trv");
    assertThatThrownBy(() -> salvage(Arrays.copyOf(original, 20), out))
        .isInstanceOf(CorruptFileException.class);
    assertThat(out).doesNotExist();
  }
}
