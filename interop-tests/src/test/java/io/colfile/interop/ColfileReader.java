package io.colfile.interop;

import io.colfile.core.BatchReader;
import io.colfile.core.ColFile;
import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.io.InputFile;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.text.JsonLinesWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.orc.TypeDescription;

/**
 * The only place the interop tests call colfile: open a file, read it (or a projection) in
 * batches, print each batch with the {@code colfile cat} printer, return the lines.
 */
final class ColfileReader {
  private ColfileReader() {}

  /**
   * The {@code colfile cat} lines of {@code path}: all columns when {@code columns} is null,
   * else only those top-level columns in that order. Every batch is validated on the way.
   */
  static List<String> readWithColfile(Path path, List<String> columns) throws IOException {
    ReadOptions options = columns == null
        ? ReadOptions.defaults() : ReadOptions.defaults().withColumns(columns);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    JsonLinesWriter json = new JsonLinesWriter(out);
    try (FileReader file = ColFile.open(InputFile.local(path));
         BatchReader rows = file.read(options)) {
      ColumnBatch batch = rows.newBatch();
      while (rows.next(batch)) {
        batch.validate();
        json.write(batch);
      }
    }
    json.flush();
    return lines(out.toString(StandardCharsets.UTF_8));
  }

  /**
   * The rows colfile's reader returns, as {@link Values} ({@code schema} is the generated schema,
   * or its projection): judges the reader apart from its printer.
   */
  static List<Object> valuesWithColfile(Path path, TypeDescription schema, List<String> columns,
      int batchSize) throws IOException {
    ReadOptions options = (columns == null
        ? ReadOptions.defaults() : ReadOptions.defaults().withColumns(columns))
        .withBatchSize(batchSize);
    return valuesWithColfile(path, schema, options);
  }

  /** The rows colfile's reader returns with {@code options}, as {@link Values} of {@code schema}. */
  static List<Object> valuesWithColfile(Path path, TypeDescription schema, ReadOptions options)
      throws IOException {
    boolean struct = schema.getCategory() == TypeDescription.Category.STRUCT;
    List<Object> out = new ArrayList<>();
    try (FileReader file = ColFile.open(InputFile.local(path));
         BatchReader rows = file.read(options)) {
      ColumnBatch batch = rows.newBatch();
      while (rows.next(batch)) {
        batch.validate();
        for (int i = 0; i < batch.size; i++) {
          if (struct) {
            List<Object> fields = new ArrayList<>(batch.cols.length);
            for (int f = 0; f < batch.cols.length; f++) {
              fields.add(ColfileValues.get(batch.cols[f], schema.getChildren().get(f), i));
            }
            out.add(fields);
          } else {
            out.add(ColfileValues.get(batch.cols[0], schema, i));
          }
        }
      }
    }
    return out;
  }

  private static List<String> lines(String text) {
    List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
    if (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) {
      lines.remove(lines.size() - 1);                  // every line ends with \n
    }
    return lines;
  }
}
