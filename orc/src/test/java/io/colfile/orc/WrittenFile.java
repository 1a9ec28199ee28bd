package io.colfile.orc;

import io.colfile.core.BatchReader;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.testkit.RandomBatches;
import io.colfile.text.JsonLinesWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * A seeded random ORC file written by colfile, with its rows printed as JSON lines (one line per
 * row), so reads of any part of it can be compared with the rows written.
 */
record WrittenFile(Path path, Type schema, OrcWriterOptions options, List<String> lines) {

  /** Writes {@code rows} random rows in batches of varying size. */
  static WrittenFile write(Path path, Random r, Type schema, OrcWriterOptions options, int rows)
      throws IOException {
    RandomBatches gen = new RandomBatches(r, options.writerTimeZone());
    List<String> lines = new ArrayList<>(rows);
    try (OrcWriter w = OrcWriter.create(OutputFile.local(path), schema, options)) {
      int done = 0;
      while (done < rows) {
        int n = Math.min(rows - done, 1 + r.nextInt(r.nextBoolean() ? 50 : 1500));
        ColumnBatch batch = gen.batch(schema, n, done);
        lines.addAll(lines(batch));
        w.write(batch);
        done += n;
      }
    }
    return new WrittenFile(path, schema, options, List.copyOf(lines));
  }

  /** The rows of a batch as JSON lines. */
  static List<String> lines(ColumnBatch batch) throws IOException {
    if (batch.size == 0) {
      return List.of();
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    JsonLinesWriter json = new JsonLinesWriter(out);
    json.write(batch);
    json.flush();
    String text = out.toString(StandardCharsets.UTF_8);
    return Arrays.asList(text.substring(0, text.length() - 1).split("\n", -1));
  }

  /** Reads up to {@code max} rows (whole batches; at least one row when any is left). */
  static List<String> read(BatchReader rows, ColumnBatch batch, int max) throws IOException {
    List<String> out = new ArrayList<>();
    while (out.size() < max && rows.next(batch)) {
      batch.validate();
      out.addAll(lines(batch));
    }
    return out;
  }

  String describe() {
    return path.getFileName() + " " + schema + " rows " + lines.size() + " codec "
        + options.compression() + " version " + options.fileVersion() + " stride "
        + options.rowIndexStride() + " stripe size " + options.stripeSize();
  }
}
