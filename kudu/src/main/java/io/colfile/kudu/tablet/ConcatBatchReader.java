package io.colfile.kudu.tablet;

import io.colfile.core.BatchReader;
import io.colfile.core.ScanReport;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import java.io.IOException;
import java.util.List;

/**
 * The rows of several readers of the same schema, one reader after the other: the rowsets of a
 * tablet. Each batch comes from one reader; a reader with nothing left is passed over. Closing
 * closes them all.
 */
final class ConcatBatchReader implements BatchReader {
  private final List<BatchReader> parts;
  private int current;

  /** {@code parts}: at least one, all of the same schema. */
  ConcatBatchReader(List<BatchReader> parts) {
    this.parts = List.copyOf(parts);
    Type first = parts.get(0).schema();
    for (BatchReader p : parts) {
      if (!p.schema().equals(first)) {
        throw new IllegalArgumentException("readers of different schemas: " + first + " and "
            + p.schema());
      }
    }
  }

  @Override
  public Type schema() {
    return parts.get(0).schema();
  }

  @Override
  public ColumnBatch newBatch() {
    return parts.get(0).newBatch();
  }

  @Override
  public boolean next(ColumnBatch batch) throws IOException {
    while (current < parts.size()) {
      if (parts.get(current).next(batch)) {
        return true;
      }
      current++;
    }
    batch.reset();
    return false;
  }

  /** What every part has read and skipped, added up. */
  @Override
  public ScanReport report() {
    ScanReport all = new ScanReport();
    long decoded = -1;
    long matched = 0;
    for (BatchReader p : parts) {
      ScanReport r = p.report();
      r.counts().forEach((unit, c) -> {
        all.read(unit, c.read());
        all.skipped(unit, c.skipped());
      });
      r.notes().forEach(all::note);
      if (r.rowsDecoded() >= 0) {
        decoded = Math.max(decoded, 0) + r.rowsDecoded();
        matched += r.rowsMatched();
      }
    }
    if (decoded >= 0) {
      all.rows(decoded, matched);
    }
    return all;
  }

  @Override
  public void close() throws IOException {
    Closing.closeAll(parts);
  }
}
