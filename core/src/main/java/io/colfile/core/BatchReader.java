package io.colfile.core;

import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import java.io.Closeable;
import java.io.IOException;

/**
 * Rows of a file in batches: {@code while (rows.next(batch)) { ... }}. The batch is refilled on
 * each call; values it references stay valid only until the next call.
 */
public interface BatchReader extends Closeable {
  /** The schema of the batches: the file's schema, or the projection of it that was asked for. */
  Type schema();

  /** A batch of this reader's schema with the configured capacity. */
  ColumnBatch newBatch();

  /** Fills {@code batch} with the next rows; false (and an empty batch) when none are left. */
  boolean next(ColumnBatch batch) throws IOException;
}
