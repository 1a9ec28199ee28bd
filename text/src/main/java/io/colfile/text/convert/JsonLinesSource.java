package io.colfile.text.convert;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.ColumnBatch;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;

/**
 * Rows from JSON lines in the conventions {@code colfile cat} prints (json-lines.md): one value
 * per line, an object for a struct schema (fields by name, absent fields null), a bare value
 * otherwise. Blank lines are skipped. A malformed line or a value that does not fit its column
 * stops the reading with a {@link BadInputException} naming the line and the column.
 */
public final class JsonLinesSource implements RowSource {
  private final String name;
  private final InputStream in;
  private final Type schema;
  private final LineReader lines;
  private final TreeFiller filler;

  /** Rows of {@code schema} from {@code in}, timestamps in cat's form. */
  public JsonLinesSource(String name, InputStream in, Type schema) {
    this(name, in, schema, TimestampText.DEFAULT);
  }

  /** Rows of {@code schema} from {@code in}, timestamps as {@code timestamps} reads them. */
  public JsonLinesSource(String name, InputStream in, Type schema, TimestampText timestamps) {
    this.filler = new TreeFiller(timestamps);
    this.name = name;
    this.in = in;
    this.schema = schema;
    this.lines = new LineReader(in);
  }

  @Override
  public Type schema() {
    return schema;
  }

  @Override
  public boolean next(ColumnBatch batch) throws IOException {
    batch.reset();
    int row = 0;
    boolean struct = schema.kind() == TypeKind.STRUCT;
    while (row < batch.capacity() && lines.next()) {
      if (lines.isBlank()) {
        continue;
      }
      Object value;
      try {
        value = Json.parse(lines.line(), lines.length());
      } catch (Json.SyntaxError e) {
        throw new BadInputException(name, lines.number(), null, "malformed JSON: " + e.getMessage());
      }
      try {
        if (struct) {
          if (!(value instanceof Map<?, ?> object)) {
            throw new ValueError("", TreeFiller.render(value) + " is not an object of " + schema);
          }
          filler.setFields(batch.cols, schema, row, object, "");
        } else {
          filler.set(batch.cols[0], schema, row, value, "");
        }
      } catch (ValueError e) {
        throw new BadInputException(name, lines.number(), e.path(), e.getMessage());
      }
      row++;
    }
    batch.size = row;
    return row > 0;
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
