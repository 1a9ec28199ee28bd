package io.colfile.kudu.tablet;

import io.colfile.core.AbstractBatchReader;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;

/** No rows: a tablet that has flushed none. */
final class EmptyBatchReader extends AbstractBatchReader {
  EmptyBatchReader(Type schema, int batchSize) {
    super(schema, batchSize);
  }

  @Override
  protected int fill(ColumnBatch batch, int max) {
    return 0;
  }

  @Override
  protected void seek(long row) {}
}
