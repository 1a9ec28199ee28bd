package io.colfile.kudu.rowset;

import io.colfile.core.AbstractBatchReader;
import io.colfile.core.ScanReport;
import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.ColumnVector;
import io.colfile.kudu.CFileCursor;
import io.colfile.kudu.CFile;
import io.colfile.kudu.CellVectors;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * The batches of a {@link RowSetReader}: base rows of the chosen ordinal ranges ({@link
 * RowSetPruner}) read column by column, each range from a seek of every column's positional
 * index, REDO mutations applied, deleted rows squeezed out of the batch. A batch never spans two
 * ranges, so the deltas of a batch are those of consecutive ordinals.
 */
final class RowSetBatchReader extends AbstractBatchReader {
  private final List<KuduColumn> columns;
  private final CFileCursor[] cursors;
  private final RowDeltas deltas;
  private final long baseRows;
  /** {@code [start, end)} ordinal pairs, ascending and apart. */
  private final long[] ranges;
  private final ScanReport report;
  /** The range {@link #next} is in (or before), and the next ordinal to read. */
  private int range;
  private long next;
  /** Whether the cursors stand at {@link #next}. */
  private boolean positioned;
  private boolean[] deleted = new boolean[0];

  RowSetBatchReader(Type type, List<KuduColumn> columns, Map<Integer, CFile> files,
      RowDeltas deltas, long baseRows, int batchSize, long[] ranges, ScanReport report)
      throws IOException {
    super(type, batchSize);
    this.columns = columns;
    this.deltas = deltas;
    this.baseRows = baseRows;
    this.ranges = ranges;
    this.report = report;
    this.cursors = new CFileCursor[columns.size()];
    for (int i = 0; i < cursors.length; i++) {
      CFile r = files.get(columns.get(i).id());
      if (r != null) {
        cursors[i] = r.newCursor();
      }
    }
    this.next = ranges.length == 0 ? baseRows : ranges[0];
  }

  /** The live rows of the next chunk of a range that has any; 0 at the end. */
  @Override
  protected int fill(ColumnBatch batch, int max) throws IOException {
    int live = 0;
    while (live == 0 && advance()) {
      int n = (int) Math.min(max, ranges[2 * range + 1] - next);
      if (!positioned) {
        for (CFileCursor c : cursors) {
          if (c != null && c.ordinal() != next) {
            c.seekToOrdinal(next);
          }
        }
        positioned = true;
      }
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
      report.read(RowSetPruner.BASE_ROWS, n);
      live = n - dropDeleted(batch, n);
      next += n;
    }
    return live;
  }

  /**
   * Moves {@link #next} into the first range that still has rows to read, leaving the cursors
   * to be positioned when it had to jump; false when no rows are left.
   */
  private boolean advance() {
    while (range < ranges.length / 2 && next >= ranges[2 * range + 1]) {
      range++;
    }
    if (range == ranges.length / 2) {
      return false;
    }
    if (next < ranges[2 * range]) {
      next = ranges[2 * range];
      positioned = false;
    }
    return true;
  }

  /** Applies the REDO mutations of the batch's rows, squeezes out the deleted ones. */
  private int dropDeleted(ColumnBatch batch, int n) {
    if (deltas.count() == 0) {
      return 0;
    }
    if (deleted.length < n) {
      deleted = new boolean[batch.capacity()];
    }
    int dead = deltas.apply(next, n, columns, batch.cols, deleted);
    if (dead > 0) {
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
    return dead;
  }

  /**
   * Moves to live row {@code row} (deleted rows are not counted: they are not in a full read),
   * then reads on through the chosen ranges.
   */
  @Override
  protected void seek(long row) {
    next = row >= baseRows ? baseRows : Math.min(baseRows, deltas.ordinalOfLiveRow(row));
    range = 0;
    positioned = false;
  }

  @Override
  public ScanReport report() {
    return report;
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
}
