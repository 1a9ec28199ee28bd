package io.colfile.testkit;

import io.colfile.core.BatchReader;
import io.colfile.core.ColFile;
import io.colfile.core.FileReader;
import io.colfile.core.FileWriter;
import io.colfile.core.ReadOptions;
import io.colfile.core.WriteOptions;
import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.LongVector;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Files of many columns (half bigint, half string, every 7th value of a column NULL), written
 * and read back through {@link ColFile}, to run in a child JVM of a small heap: the limits of a
 * wide file. Values are a function of row and column, so a read checks each one.
 *
 * <pre>
 * java -Xmx64m -cp ... io.colfile.testkit.WideFiles FORMAT FILE COLUMNS ROWS \
 *     [write|read|both] [BATCH] [CODEC]
 * </pre>
 *
 * <p>Exit status 0 when done (one line: the times), 3 out of heap, 4 a value read back wrong.
 * BATCH is the rows a batch (default 100; the read uses the same), CODEC a {@link
 * CompressionCodec} name (default ZLIB).
 */
public final class WideFiles {
  private WideFiles() {}

  /** {@code struct<c0:bigint,c1:string,c2:bigint,...>} of {@code columns} fields. */
  public static Type schema(int columns) {
    List<String> names = new ArrayList<>(columns);
    List<Type> types = new ArrayList<>(columns);
    for (int c = 0; c < columns; c++) {
      names.add("c" + c);
      types.add(c % 2 == 0 ? Type.parse("bigint") : Type.parse("string"));
    }
    return Type.struct(names, types);
  }

  /** Whether column {@code c}'s value of row {@code row} is NULL. */
  static boolean isNull(long row, int c) {
    return (row + c) % 7 == 0;
  }

  static long longValue(long row, int c) {
    return row * 1_000_003L + c;
  }

  static String stringValue(long row, int c) {
    return "v" + (row * 31 + c);
  }

  /** Fills {@code batch} with rows {@code [first, first + n)}. */
  public static void fill(ColumnBatch batch, long first, int n) {
    batch.reset();
    for (int c = 0; c < batch.cols.length; c++) {
      var v = batch.cols[c];
      for (int i = 0; i < n; i++) {
        long row = first + i;
        v.isNull[i] = isNull(row, c);
        if (v.isNull[i]) {
          v.noNulls = false;
        } else if (v instanceof LongVector l) {
          l.vector[i] = longValue(row, c);
        } else {
          byte[] s = stringValue(row, c).getBytes(StandardCharsets.UTF_8);
          ((BytesVector) v).setRef(i, s, 0, s.length);
        }
      }
    }
    batch.size = n;
  }

  /** Writes {@code rows} rows of {@code columns} columns, {@code batchRows} a batch. */
  public static void write(String format, Path file, int columns, long rows, int batchRows,
      CompressionCodec codec) throws IOException {
    Type type = schema(columns);
    try (FileWriter w = ColFile.writer(format, file, type,
        WriteOptions.defaults().withCompression(codec))) {
      ColumnBatch b = new ColumnBatch(type, batchRows);
      for (long r = 0; r < rows; r += batchRows) {
        fill(b, r, (int) Math.min(batchRows, rows - r));
        w.write(b);
      }
    }
  }

  /**
   * Reads the file back, {@code batchRows} a batch, and checks every value; returns the rows.
   *
   * @throws IllegalStateException at the first value that is not the one written
   */
  public static long read(Path file, int batchRows) throws IOException {
    try (FileReader r = ColFile.open(file);
         BatchReader rows = r.read(ReadOptions.defaults().withBatchSize(batchRows))) {
      ColumnBatch b = rows.newBatch();
      long row = 0;
      while (rows.next(b)) {
        for (int c = 0; c < b.cols.length; c++) {
          var v = b.cols[c];
          for (int i = 0; i < b.size; i++) {
            long at = row + i;
            boolean wrong;
            if (isNull(at, c)) {
              wrong = v.noNulls || !v.isNull[i];
            } else if (!v.noNulls && v.isNull[i]) {
              wrong = true;
            } else if (v instanceof LongVector l) {
              wrong = l.vector[i] != longValue(at, c);
            } else {
              wrong = !((BytesVector) v).getString(i).equals(stringValue(at, c));
            }
            if (wrong) {
              throw new IllegalStateException("row " + at + ", column c" + c
                  + ": not the value written");
            }
          }
        }
        row += b.size;
      }
      return row;
    }
  }

  /** CPU time of this JVM so far (all its threads), or -1 where the JVM does not say. */
  private static long cpuMillis() {
    return java.lang.management.ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.OperatingSystemMXBean os
        ? os.getProcessCpuTime() / 1_000_000 : -1;
  }

  public static void main(String[] args) throws Exception {
    String format = args[0];
    Path file = Path.of(args[1]);
    int columns = Integer.parseInt(args[2]);
    long rows = Long.parseLong(args[3]);
    String what = args.length > 4 ? args[4] : "both";
    int batch = args.length > 5 ? Integer.parseInt(args[5]) : 100;
    CompressionCodec codec = CompressionCodec.valueOf(args.length > 6 ? args[6] : "ZLIB");
    try {
      long t0 = System.nanoTime();
      if (!what.equals("read")) {
        write(format, file, columns, rows, batch, codec);
      }
      long t1 = System.nanoTime();
      long n = what.equals("write") ? rows : read(file, batch);
      long t2 = System.nanoTime();
      if (n != rows) {
        System.err.println("read " + n + " rows of " + rows);
        System.exit(4);
      }
      System.out.printf("%s %d columns x %d rows: write %d ms, read %d ms; CPU %d ms%n", format,
          columns, rows, (t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000, cpuMillis());
    } catch (OutOfMemoryError e) {
      System.exit(3);
    } catch (IllegalStateException e) {
      System.err.println(e.getMessage());
      System.exit(4);
    }
  }
}
