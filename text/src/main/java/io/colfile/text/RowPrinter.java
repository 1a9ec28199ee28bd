package io.colfile.text;

import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import java.io.Flushable;
import java.io.IOException;

/** Prints rows as text: JSON lines, CSV or an aligned table. Not thread-safe. */
public interface RowPrinter extends Flushable {
  /** Called once before the first rows with the rows' schema (CSV prints its header then). */
  void begin(Type schema) throws IOException;

  /** Prints rows {@code [from, to)} of {@code batch}. */
  void write(ColumnBatch batch, int from, int to) throws IOException;

  /** Prints what is pending and flushes the stream (it does not close it). */
  @Override
  void flush() throws IOException;
}
