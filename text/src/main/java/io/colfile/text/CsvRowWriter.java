package io.colfile.text;

import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Prints rows as CSV (RFC 4180, lines ended by {@code \n}): a header line of the column names,
 * then one line per row, fields separated by {@code ,}. A field is quoted ({@code "}, doubled
 * inside) when it is empty or holds {@code , " \r \n}; so NULL is an empty unquoted field and the
 * empty string is {@code ""}, as {@code colfile convert} reads them back. The columns are the
 * root struct's fields (one column {@code value} for another root); strings and binary values
 * are their stored bytes, dates and timestamps as {@code colfile cat} prints them without
 * quotes, numbers, booleans and decimals as in JSON lines, and nested values as their JSON text
 * in one field.
 */
public final class CsvRowWriter implements RowPrinter {
  private final ByteSink sink;
  private final PrintStyle style;
  private Cells cells;
  private Type printedType;

  /** A writer into {@code out}, timestamps in {@code style}, floats exact or as C's %g. */
  public CsvRowWriter(OutputStream out, JsonLinesWriter.TimestampStyle style,
      boolean exactFloats) {
    this.sink = new ByteSink(Objects.requireNonNull(out), ByteSink.DEFAULT_CAPACITY);
    this.style = new PrintStyle(Objects.requireNonNull(style), exactFloats);
  }

  /** Prints the header line. */
  @Override
  public void begin(Type schema) throws IOException {
    cellsFor(schema);
    try {
      for (int i = 0; i < cells.count(); i++) {
        if (i > 0) {
          sink.put(',');
        }
        field(cells.names().get(i).getBytes(StandardCharsets.UTF_8));
      }
      sink.put('\n');
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  private void cellsFor(Type schema) {
    if (!schema.equals(printedType)) {
      cells = new Cells(schema, style);
      printedType = schema;
    }
  }

  @Override
  public void write(ColumnBatch batch, int from, int to) throws IOException {
    Objects.checkFromToIndex(from, to, batch.size);
    cellsFor(batch.schema());
    try {
      for (int row = from; row < to; row++) {
        for (int i = 0; i < cells.count(); i++) {
          if (i > 0) {
            sink.put(',');
          }
          byte[] b = cells.cell(batch, i, row);
          if (b != null) {
            field(b);
          }
        }
        sink.put('\n');
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  private void field(byte[] b) {
    boolean quote = b.length == 0;
    for (byte c : b) {
      if (c == ',' || c == '"' || c == '\n' || c == '\r') {
        quote = true;
        break;
      }
    }
    if (!quote) {
      sink.put(b);
      return;
    }
    sink.put('"');
    int start = 0;
    for (int i = 0; i < b.length; i++) {
      if (b[i] == '"') {
        sink.put(b, start, i + 1 - start);
        sink.put('"');
        start = i + 1;
      }
    }
    sink.put(b, start, b.length - start);
    sink.put('"');
  }

  @Override
  public void flush() throws IOException {
    try {
      sink.flush();
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }
}
