package io.colfile.core;

import io.colfile.core.error.UnsupportedFeatureException;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import java.io.Closeable;
import java.io.IOException;

/**
 * Rows of a file in batches: {@code while (rows.next(batch)) { ... }}. The batch is refilled on
 * each call; values it references (strings pointing into a decoded block or stripe) stay valid
 * only until the next call of {@link #next} or {@link #seekToRow}, which may fill their arrays
 * again: copy what must outlive them. A reader may put other
 * vectors into the batch's {@code cols} (views of what it decoded, rows it filtered in place),
 * so take the vectors from {@code batch.cols} after each call rather than keeping them.
 *
 * <p>Not thread-safe: one thread at a time (it may hand itself to another thread between
 * calls). Several threads read one file through a {@code BatchReader} each ({@link
 * FileReader#read}); one reader decodes on several threads with {@link
 * ReadOptions#withParallelism}.
 */
public interface BatchReader extends Closeable {
  /** The schema of the batches: the file's schema, or the projection of it that was asked for. */
  Type schema();

  /** A batch of this reader's schema with the configured capacity. */
  ColumnBatch newBatch();

  /** Fills {@code batch} with the next rows; false (and an empty batch) when none are left. */
  boolean next(ColumnBatch batch) throws IOException;

  /**
   * Positions the reader so that the next batch starts with row {@code row}, counted as a full
   * read of the file counts them (row 0 is the first row a reader without filter would return).
   * With a filter, the rows returned after the seek are the matching rows from {@code row} on.
   * A row at or past the end leaves nothing to read.
   *
   * @throws IllegalArgumentException if {@code row} is negative
   * @throws UnsupportedFeatureException if this reader cannot seek
   */
  default void seekToRow(long row) throws IOException {
    throw new UnsupportedFeatureException("this reader cannot seek to a row");
  }

  /**
   * What this reader has read and skipped so far, and why; readers that skip nothing report
   * nothing.
   */
  default ScanReport report() {
    return new ScanReport();
  }
}
