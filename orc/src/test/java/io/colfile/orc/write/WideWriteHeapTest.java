package io.colfile.orc.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.LongVector;
import io.colfile.orc.OrcReader;
import io.colfile.orc.OrcWriter;
import io.colfile.orc.OrcWriterOptions;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * An ORC file of 10,000 columns (half bigint, half string: dictionary and direct, some with
 * nulls) and 300 rows is written in a child JVM with a 192 MiB heap, and read back here value
 * by value. The writer's heap grows with the rows it holds, not with columns times fixed
 * buffers: before, each of the 40,000 streams had its own compressor (a zstd context and a
 * worst-case output buffer) and a 4 KiB chunk buffer, and each string column 38 KB of
 * dictionary and scratch arrays up front, and this write needed 768 MiB (it needs 139
 * MiB now, most of it the 300 rows: dictionaries of 300 distinct values, pending integers).
 */
@ExtendWith(TestSeed.class)
class WideWriteHeapTest {
  static final int COLUMNS = 10_000;
  static final int ROWS = 300;
  static final int BATCH = 50;
  /** The heap of the writing JVM. */
  static final String HEAP = "-Xmx192m";

  @TempDir Path dir;

  @Test
  void tenThousandColumnsAreWrittenInASmallHeap() throws Exception {
    Path file = dir.resolve("wide.orc");
    long seed = TestSeed.caseSeed("wide-write", 0);
    Process p = new ProcessBuilder(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), HEAP,
        "-XX:-UsePerfData", "-cp", System.getProperty("java.class.path"),
        WideWriter.class.getName(), file.toString(), Long.toString(seed)))
        .redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).as(TestSeed.replay()).isTrue();
    assertThat(p.exitValue()).as("the child's output: %s%n%s", output, TestSeed.replay())
        .isZero();

    try (OrcReader r = OrcReader.open(InputFile.local(file))) {
      assertThat(r.schema()).isEqualTo(schema());
      assertThat(r.numberOfRows()).isEqualTo(ROWS);
      try (BatchReader rows = r.read(ReadOptions.defaults())) {
        ColumnBatch batch = rows.newBatch();
        int row = 0;
        while (rows.next(batch)) {
          for (int c = 0; c < COLUMNS; c++) {
            for (int i = 0; i < batch.size; i++) {
              Object expected = value(seed, row + i, c);
              Object actual = batch.cols[c].isNull(i) ? null
                  : c % 2 == 0 ? (Object) ((LongVector) batch.cols[c]).vector[i]
                  : ((BytesVector) batch.cols[c]).getString(i);
              if (!Objects.equals(expected, actual)) {
                assertThat(actual).as("row %d, column %d; %s", row + i, c, TestSeed.replay())
                    .isEqualTo(expected);
              }
            }
          }
          row += batch.size;
        }
        assertThat(row).isEqualTo(ROWS);
      }
    }
  }

  static Type schema() {
    StringBuilder s = new StringBuilder("struct<");
    for (int c = 0; c < COLUMNS; c++) {
      s.append(c == 0 ? "" : ",").append('c').append(c).append(c % 2 == 0 ? ":bigint" : ":string");
    }
    return Type.parse(s.append('>').toString());
  }

  /**
   * The value of a cell, null or a Long (even columns) or a String (odd ones): every third
   * column has nulls; string columns 1, 5, 9, ... take one of 20 values (dictionary), the
   * others are all distinct (direct).
   */
  static Object value(long seed, int row, int column) {
    long h = mix(seed ^ mix(row * 0x9E3779B97F4A7C15L + column));
    if (column % 3 == 0 && (h & 15) == 0) {
      return null;
    }
    if (column % 2 == 0) {
      return (column & 2) == 0 ? h : h % 1000; // wide and narrow integers
    }
    return column % 4 == 1 ? "word-" + Long.remainderUnsigned(h, 20)
        : Long.toHexString(h) + "-" + row;
  }

  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** The child: writes the file with the default options, batch by batch. */
  public static final class WideWriter {
    public static void main(String[] args) throws IOException {
      Path file = Path.of(args[0]);
      long seed = Long.parseLong(args[1]);
      Type schema = schema();
      ColumnBatch batch = new ColumnBatch(schema, BATCH);
      try (OrcWriter w = OrcWriter.create(OutputFile.local(file), schema,
          OrcWriterOptions.defaults())) {
        for (int row = 0; row < ROWS; row += BATCH) {
          batch.reset();
          for (int c = 0; c < COLUMNS; c++) {
            for (int i = 0; i < BATCH; i++) {
              Object v = value(seed, row + i, c);
              if (v == null) {
                batch.cols[c].setNull(i);
              } else if (v instanceof Long l) {
                ((LongVector) batch.cols[c]).vector[i] = l;
              } else {
                byte[] b = ((String) v).getBytes(StandardCharsets.UTF_8);
                ((BytesVector) batch.cols[c]).setRef(i, b, 0, b.length);
              }
            }
          }
          batch.size = BATCH;
          w.write(batch);
        }
      }
    }
  }
}
