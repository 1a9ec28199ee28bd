package io.colfile.kudu.rowset;

import io.colfile.core.BatchReader;
import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.ColumnVector;
import io.colfile.kudu.CFileCursor;
import io.colfile.kudu.CFileReader;
import io.colfile.kudu.CellVectors;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * The batches of a {@link RowSetReader}: base rows read column by column in ordinal order, REDO
 * mutations applied, deleted rows squeezed out of the batch.
 */
final class RowSetBatches implements BatchReader {
  private final Type type;
  private final List<KuduColumn> columns;
  private final CFileCursor[] cursors;
  private final RowDeltas deltas;
  private final long baseRows;
  private final int batchSize;
  private long next;
  private boolean[] deleted = new boolean[0];

  RowSetBatches(Type type, List<KuduColumn> columns, Map<Integer, CFileReader> files,
      RowDeltas deltas, long baseRows, int batchSize) throws IOException {
    this.type = type;
    this.columns = columns;
    this.deltas = deltas;
    this.baseRows = baseRows;
    this.batchSize = batchSize;
    this.cursors = new CFileCursor[columns.size()];
    for (int i = 0; i < cursors.length; i++) {
      CFileReader r = files.get(columns.get(i).id());
      if (r != null) {
        cursors[i] = r.newCursor();
        cursors[i].seekToFirst();
      }
    }
  }

  @Override
  public Type schema() {
    return type;
  }

  @Override
  public ColumnBatch newBatch() {
    return new ColumnBatch(type, batchSize);
  }

  @Override
  public boolean next(ColumnBatch batch) throws IOException {
    batch.reset();
    while (batch.size == 0 && next < baseRows) {
      int n = (int) Math.min(batch.capacity(), baseRows - next);
      for (int c = 0; c < cursors.length; c++) {
        ColumnVector v = batch.cols[c];
        if (cursors[c] == null) {
          fillDefault(columns.get(c), v, n);
        } else {
          int got = cursors[c].read(v, 0, n);
          if (got != n) {
            throw new IllegalStateException("column " + columns.get(c).name() + " ended early");
          }
        }
      }
      if (deleted.length < n) {
        deleted = new boolean[batch.capacity()];
      }
      int live = n;
      if (deltas.count() > 0) {
        live = n - deltas.apply(next, n, columns, batch.cols, deleted);
      }
      if (live < n) {
        int to = 0;
        for (int r = 0; r < n; r++) {
          if (!deleted[r]) {
            if (to != r) {
              for (ColumnVector v : batch.cols) {
                RowCopier.move(v, r, to);
              }
            }
            to++;
          }
        }
      }
      next += n;
      batch.size = live;
    }
    return batch.size > 0;
  }

  /** A column the rowset has no file for: its read default in every row, or NULL. */
  private static void fillDefault(KuduColumn c, ColumnVector v, int n) {
    byte[] d = c.readDefault();
    for (int r = 0; r < n; r++) {
      if (d == null) {
        v.setNull(r);
      } else if (v instanceof BytesVector b) {
        b.setRef(r, d, 0, d.length);
      } else {
        CellVectors.read(c.type(), d, v, r, 1);
      }
    }
  }

  @Override
  public void close() {}
}
