package io.colfile.text.convert;

import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import java.io.Closeable;
import java.io.IOException;

/** Rows from some input (JSON lines, CSV, a column file), delivered in batches. */
public interface RowSource extends Closeable {
  /** The schema of the rows. */
  Type schema();

  /**
   * Refills {@code batch} (of {@link #schema()}) with the next rows, up to its capacity.
   *
   * @return false when there are no more rows (the batch is then empty)
   * @throws BadInputException for a row that is malformed or does not fit the schema
   */
  boolean next(ColumnBatch batch) throws IOException;
}
