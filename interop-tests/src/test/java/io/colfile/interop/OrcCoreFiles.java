package io.colfile.interop;

import java.io.IOException;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TimeZone;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.ql.exec.vector.ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DateColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ListColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.MapColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.StructColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.TimestampColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.UnionColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.OrcConf;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.apache.orc.RecordReader;
import org.apache.orc.TypeDescription;
import org.apache.orc.Writer;

/** Writes and reads ORC files with the reference implementation, orc-core, on the local disk. */
final class OrcCoreFiles {
  private OrcCoreFiles() {}

  /**
   * Writes {@code rows} in batches of varying size (equal batches hide state carried wrongly
   * from one batch to the next). orc-core takes the writer zone of TIMESTAMP columns from the
   * JVM's default zone, read when the writer is made and again at every stripe, so that zone is
   * swapped in for the whole write; tests in this module do not run in parallel.
   */
  static void write(Path path, TypeDescription schema, List<Object> rows, OrcCoreOptions o,
      Random r) throws IOException {
    write(path, schema, rows, o, r, false);
  }

  /**
   * As {@link #write(Path, TypeDescription, List, OrcCoreOptions, Random)}; with {@code
   * proleptic}, in the proleptic Gregorian calendar (the footer says so, and the day and
   * millisecond numbers given reach the file unchanged, as they do in the default hybrid one).
   */
  static void write(Path path, TypeDescription schema, List<Object> rows, OrcCoreOptions o,
      Random r, boolean proleptic) throws IOException {
    Configuration conf = new Configuration();
    OrcConf.ROWS_BETWEEN_CHECKS.setLong(conf, o.rowsBetweenMemoryChecks());
    OrcConf.DICTIONARY_KEY_SIZE_THRESHOLD.setDouble(conf, o.dictionaryKeyThreshold());
    OrcFile.WriterOptions options = OrcFile.writerOptions(conf)
        .setSchema(schema)
        .overwrite(true)
        .compress(o.codec())
        .bufferSize(o.bufferSize())
        .enforceBufferSize()
        .stripeSize(o.stripeSize())
        .blockPadding(false)
        .rowIndexStride(o.rowIndexStride())
        .version(o.version())
        .encodingStrategy(o.encodingStrategy())
        .useUTCTimestamp(o.writerZone().equals(ZoneOffset.UTC))
        .setProlepticGregorian(proleptic);
    if (!o.bloomFilterColumns().isEmpty()) {
      options.bloomFilterColumns(String.join(",", o.bloomFilterColumns()));
    }
    TimeZone saved = TimeZone.getDefault();
    TimeZone.setDefault(TimeZone.getTimeZone(o.writerZone()));
    try (Writer writer = OrcFile.createWriter(new org.apache.hadoop.fs.Path(path.toUri()),
        options)) {
      VectorizedRowBatch batch = o.decimal64Vectors()
          ? schema.createRowBatchV2() : schema.createRowBatch();
      if (proleptic) {
        for (ColumnVector c : batch.cols) {
          markProleptic(c);
        }
      }
      VectorFill fill = new VectorFill(o.writerZone());
      boolean struct = schema.getCategory() == TypeDescription.Category.STRUCT;
      int next = 0;
      while (next < rows.size()) {
        int n = Math.min(rows.size() - next, 1 + r.nextInt(r.nextBoolean() ? 64 : 1024));
        n = Math.min(n, batch.getMaxSize());
        batch.reset();
        for (int i = 0; i < n; i++) {
          Object row = rows.get(next + i);
          if (struct) {
            List<?> fields = (List<?>) row;
            for (int f = 0; f < fields.size(); f++) {
              fill.set(batch.cols[f], schema.getChildren().get(f), i, fields.get(f));
            }
          } else {
            fill.set(batch.cols[0], schema, i, row);
          }
        }
        batch.size = n;
        writer.addRowBatch(batch);
        next += n;
      }
    } finally {
      TimeZone.setDefault(saved);
    }
  }

  /** Says the vectors' dates and times are proleptic already, so the writer leaves them be. */
  private static void markProleptic(ColumnVector c) {
    if (c instanceof DateColumnVector d) {
      d.changeCalendar(true, false);
    } else if (c instanceof TimestampColumnVector t) {
      t.changeCalendar(true, false);
    } else if (c instanceof StructColumnVector s) {
      for (ColumnVector f : s.fields) {
        markProleptic(f);
      }
    } else if (c instanceof UnionColumnVector u) {
      for (ColumnVector f : u.fields) {
        markProleptic(f);
      }
    } else if (c instanceof ListColumnVector l) {
      markProleptic(l.child);
    } else if (c instanceof MapColumnVector m) {
      markProleptic(m.keys);
      markProleptic(m.values);
    }
  }

  /** Reads every row back with orc-core, TIMESTAMPs as the writer's wall clock. */
  static List<Object> read(Path path) throws IOException {
    return read(path, 0, Long.MAX_VALUE); // orc-core's default range
  }

  /**
   * Reads back with orc-core the rows of the stripes whose offset lies in {@code [offset,
   * offset + length)} ({@code Reader.Options.range}), TIMESTAMPs as the writer's wall clock.
   */
  static List<Object> read(Path path, long offset, long length) throws IOException {
    Configuration conf = new Configuration();
    try (Reader reader = OrcFile.createReader(new org.apache.hadoop.fs.Path(path.toUri()),
        OrcFile.readerOptions(conf).useUTCTimestamp(true));
         RecordReader records = reader.rows(reader.options().range(offset, length))) {
      TypeDescription schema = reader.getSchema();
      boolean struct = schema.getCategory() == TypeDescription.Category.STRUCT;
      VectorizedRowBatch batch = schema.createRowBatch(777);   // not a divisor of any stride
      List<Object> rows = new ArrayList<>();
      while (records.nextBatch(batch)) {
        for (int i = 0; i < batch.size; i++) {
          if (struct) {
            List<Object> fields = new ArrayList<>();
            for (int f = 0; f < batch.cols.length; f++) {
              ColumnVector c = batch.cols[f];
              fields.add(VectorValues.get(c, schema.getChildren().get(f), i));
            }
            rows.add(fields);
          } else {
            rows.add(VectorValues.get(batch.cols[0], schema, i));
          }
        }
      }
      return rows;
    }
  }
}
