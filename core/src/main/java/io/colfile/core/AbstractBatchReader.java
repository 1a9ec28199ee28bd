package io.colfile.core;

import io.colfile.core.error.UnsupportedFeatureException;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import java.io.IOException;

/**
 * What every format's {@link BatchReader} does around its own decoding, written once:
 *
 * <ul>
 *   <li>{@link #schema()} and {@link #newBatch()} come from the constructor;
 *   <li>{@link #next} resets the batch, lets {@link #fill} put at most the batch's capacity of
 *       rows into it, sets the batch's size to the count {@code fill} returns, and says whether
 *       that was any;
 *   <li>{@link #seekToRow} refuses a negative row and hands the others to {@link #seek}, whose
 *       default refuses as {@link BatchReader#seekToRow} does;
 *   <li>{@link #close()} does nothing: the file belongs to the {@link FileReader}.
 * </ul>
 *
 * The format keeps where it is (block, stripe, range, row) and how it gets to the next rows; a
 * unit with no rows to return (a skipped stripe, a range of deleted rows) is passed over inside
 * {@code fill}, which returns 0 only when no rows are left.
 */
public abstract class AbstractBatchReader implements BatchReader {
  private final Type schema;
  private final int batchSize;

  /** A reader of batches of {@code schema}, {@code batchSize} rows in {@link #newBatch()}. */
  protected AbstractBatchReader(Type schema, int batchSize) {
    this.schema = schema;
    this.batchSize = batchSize;
  }

  @Override
  public final Type schema() {
    return schema;
  }

  @Override
  public final ColumnBatch newBatch() {
    return new ColumnBatch(schema, batchSize);
  }

  @Override
  public final boolean next(ColumnBatch batch) throws IOException {
    batch.reset();
    int n = fill(batch, batch.capacity());
    batch.size = n;
    return n > 0;
  }

  /**
   * Decodes the next rows, at most {@code max}, into rows {@code 0, 1, ...} of {@code batch}'s
   * vectors (reset, of this reader's schema) and returns how many; 0 only when no rows are left.
   */
  protected abstract int fill(ColumnBatch batch, int max) throws IOException;

  @Override
  public final void seekToRow(long row) throws IOException {
    if (row < 0) {
      throw new IllegalArgumentException("negative row " + row);
    }
    seek(row);
  }

  /**
   * Positions the reader at {@code row} (not negative) as {@link BatchReader#seekToRow} says.
   *
   * @throws UnsupportedFeatureException if this reader cannot seek (the default)
   */
  protected void seek(long row) throws IOException {
    throw new UnsupportedFeatureException("this reader cannot seek to a row");
  }

  @Override
  public void close() throws IOException {}
}
