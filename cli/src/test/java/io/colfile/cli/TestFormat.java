package io.colfile.cli;

import io.colfile.core.BatchReader;
import io.colfile.core.FileReader;
import io.colfile.core.FormatProvider;
import io.colfile.core.ReadOptions;
import io.colfile.core.read.ReadPlan;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.FileRegion;
import io.colfile.core.io.InputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.LongVector;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * A format for CLI tests, registered through META-INF/services on the test class path, so the
 * commands can be exercised without real column files. A file is the magic line {@code
 * COLFILE-TEST} followed by properties: {@code rows} (how many), {@code failAt} (a
 * CorruptFileException when reading reaches that row), {@code crashAt} (an
 * IllegalStateException, standing for a reader bug), {@code details} (describe() adds format
 * details, as ORC's reader does). Row i is {@code {"id": i, "name": "n<i>",
 * "score": i / 4}}.
 */
public final class TestFormat implements FormatProvider {
  static final String MAGIC = "COLFILE-TEST\n";
  static final Type SCHEMA = Type.parse("struct<id:bigint,name:string,score:double>");
  /** The options of the last read, for tests of how options reach the reader. */
  static volatile ReadOptions lastOptions;

  @Override
  public String name() {
    return "TEST";
  }

  @Override
  public boolean matches(byte[] head, byte[] tail, long length) {
    return new String(head, StandardCharsets.US_ASCII).startsWith("COLFILE-TEST");
  }

  @Override
  public FileReader open(InputFile file) throws IOException {
    Properties p = new Properties();
    byte[] all = file.read(0, (int) file.length());
    p.load(new java.io.StringReader(new String(all, StandardCharsets.UTF_8).substring(13)));
    return new Reader(file, Long.parseLong(p.getProperty("rows", "0")),
        Long.parseLong(p.getProperty("failAt", "-1")),
        Long.parseLong(p.getProperty("crashAt", "-1")),
        Boolean.parseBoolean(p.getProperty("details", "false")));
  }

  static final class Reader implements FileReader {
    private final InputFile file;
    private final long rows;
    private final long failAt;
    private final long crashAt;
    private final boolean details;

    Reader(InputFile file, long rows, long failAt, long crashAt, boolean details) {
      this.file = file;
      this.rows = rows;
      this.failAt = failAt;
      this.crashAt = crashAt;
      this.details = details;
    }

    /** The common facts, then (with {@code details}) a format's own, as ORC adds stripes. */
    @Override
    public Map<String, Object> describe() throws IOException {
      Map<String, Object> out = FileReader.super.describe();
      if (details) {
        out.put("version", "0.12");
        out.put("stripes", List.of(Map.of("offset", 3), Map.of("offset", 300)));
        out.put("userMetadata", Map.of());
        out.put("note", "two\nlines");
        out.put("nan", Double.NaN);
      }
      return out;
    }

    @Override
    public String formatName() {
      return "TEST";
    }

    @Override
    public Type schema() {
      return SCHEMA;
    }

    @Override
    public long numberOfRows() {
      return rows;
    }

    @Override
    public BatchReader read(ReadOptions options) {
      lastOptions = options;
      ReadPlan plan = ReadPlan.create(SCHEMA, options); // as every format does
      return plan.wrap(readRaw(plan.rawOptions()));
    }

    private BatchReader readRaw(ReadOptions options) {
      List<String> names = options.columns().orElse(SCHEMA.fieldNames());
      List<Type> types = new ArrayList<>();
      int[] fields = new int[names.size()];
      for (int i = 0; i < fields.length; i++) {
        fields[i] = SCHEMA.fieldIndex(names.get(i));
        types.add(SCHEMA.child(fields[i]));
      }
      Type projected = Type.struct(names, types);
      return new BatchReader() {
        private long next;

        @Override
        public Type schema() {
          return projected;
        }

        @Override
        public ColumnBatch newBatch() {
          return new ColumnBatch(projected, options.batchSize());
        }

        @Override
        public boolean next(ColumnBatch batch) throws IOException {
          batch.reset();
          while (batch.size < batch.capacity() && next < rows) {
            if (next == failAt) {
              if (batch.size > 0) {
                return true; // deliver the good rows first, as a real reader would
              }
              throw FileRegion.of(file.name()).child("block", 1).child("column", 2)
                  .corrupt(7, "bad bytes at row %d", next);
            }
            if (next == crashAt) {
              throw new IllegalStateException("reader bug at row " + next);
            }
            for (int c = 0; c < fields.length; c++) {
              fill(batch.cols[c], fields[c], batch.size, next);
            }
            batch.size++;
            next++;
          }
          return batch.size > 0;
        }

        @Override
        public void close() {}
      };
    }

    private static void fill(ColumnVector v, int field, int row, long i) {
      switch (field) {
        case 0: ((LongVector) v).vector[row] = i; break;
        case 1: {
          byte[] b = ("n" + i).getBytes(StandardCharsets.UTF_8);
          ((BytesVector) v).setRef(row, b, 0, b.length);
          break;
        }
        default: ((DoubleVector) v).vector[row] = i / 4.0;
      }
    }

    @Override
    public void close() throws IOException {
      file.close();
    }
  }
}
