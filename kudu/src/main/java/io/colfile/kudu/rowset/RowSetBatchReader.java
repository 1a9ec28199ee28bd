package io.colfile.kudu.rowset;

import io.colfile.core.AbstractBatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.ScanReport;
import io.colfile.core.read.DecodeTasks;
import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.ColumnVector;
import io.colfile.kudu.CFile;
import io.colfile.kudu.CFileCursor;
import io.colfile.kudu.CellVectors;
import io.colfile.kudu.RowCopier;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The batches of a {@link RowSetReader}: base rows of the chosen ordinal ranges ({@link
 * RowSetPruner}) read column by column, each range from a seek of every column's positional
 * index, REDO mutations applied, deleted rows squeezed out of the batch. A batch never spans two
 * ranges, so the deltas of a batch are those of consecutive ordinals.
 *
 * <p>With a parallelism above 1 ({@link ReadOptions#withParallelism}) the columns decode on the
 * pool ({@link DecodeTasks}), each by its own cursor, as a single-threaded read's: the chosen
 * ranges are cut into parts of whole batches (at most {@link #PART_ROWS} rows, fewer for a
 * small read so that its columns still overlap), and a column's next part starts, on the same
 * cursor, once its previous part is decoded, so each column decodes at most two parts ahead of
 * the rows handed out and reads each block once, as a single-threaded read does. {@link #fill}
 * takes each column's vector of the batch in column order, swapping it into the caller's batch
 * (the caller's goes back to the column's spares), then applies the deltas and squeezes out
 * deleted rows as a single-threaded read does. So the batches, where they end, the report's
 * counts and the errors (the same exception, from the same batch) are a single-threaded read's.
 * A seek, or a batch of another size, cancels the tasks and starts again from the next row.
 */
final class RowSetBatchReader extends AbstractBatchReader {
  /**
   * The most rows of one column a task of a parallel read decodes (rounded up to whole
   * batches): enough that starting a task is small beside its decoding, few enough that the two
   * parts per column decoded ahead stay a small part of a rowset.
   */
  static final int PART_ROWS = 16 * 1024;

  private final List<KuduColumn> columns;
  private final Map<Integer, CFile> files;
  private final RowDeltas deltas;
  private final long baseRows;
  /** {@code [start, end)} ordinal pairs, ascending and apart. */
  private final long[] ranges;
  private final ScanReport report;
  /** The range {@link #next} is in (or before), and the next ordinal to read (hand out). */
  private int range;
  private long next;

  /** Reads the columns: on this thread, or, in a parallel read, on the pool's. */
  private final Rows rows;
  /** Whether {@link #rows}' cursors stand at {@link #next} (single-threaded read). */
  private boolean positioned;

  // The parallel read (parallelism above 1); null otherwise.
  private final DecodeTasks tasks;
  /** Per column, its parts started (null for a column without a file). */
  private final ColumnParts[] parts;
  /** The size of the batches the started tasks fill. */
  private int taskBatchSize;
  /** The most rows in a part of the parallel read: {@link #PART_ROWS} or fewer. */
  private final long partRowsWanted;

  RowSetBatchReader(Type type, List<KuduColumn> columns, Map<Integer, CFile> files,
      RowDeltas deltas, long baseRows, ReadOptions options, long[] ranges, ScanReport report)
      throws IOException {
    super(type, options.batchSize());
    this.columns = columns;
    this.files = files;
    this.deltas = deltas;
    this.baseRows = baseRows;
    this.ranges = ranges;
    this.report = report;
    this.next = ranges.length == 0 ? baseRows : ranges[0];
    this.rows = new Rows();
    int parallelism = options.parallelism();
    this.tasks = parallelism == 1 ? null : new DecodeTasks(options);
    this.parts = new ColumnParts[columns.size()];
    long chosen = 0;
    for (int i = 0; i + 1 < ranges.length; i += 2) {
      chosen += ranges[i + 1] - ranges[i];
    }
    // a small read still cut in a few parts per thread, a large one in parts of PART_ROWS
    this.partRowsWanted = Math.max(1, Math.min(PART_ROWS, chosen / (4L * parallelism)));
    if (tasks != null) {
      for (int c = 0; c < parts.length; c++) {
        if (rows.cursors[c] != null) {
          parts[c] = new ColumnParts(c, rows.cursors[c]);
        }
      }
    }
  }

  /** The live rows of the next chunk of a range that has any; 0 at the end. */
  @Override
  protected int fill(ColumnBatch batch, int max) throws IOException {
    if (tasks != null) {
      return fillFromTasks(batch, max);
    }
    int live = 0;
    while (live == 0 && advance()) {
      int n = (int) Math.min(max, ranges[2 * range + 1] - next);
      if (!positioned) {
        rows.seek(next);
        positioned = true;
      }
      live = rows.read(batch, next, n);
      report.read(RowSetPruner.BASE_ROWS, n);
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

  /**
   * Moves to live row {@code row} (deleted rows are not counted: they are not in a full read),
   * then reads on through the chosen ranges.
   */
  @Override
  protected void seek(long row) {
    next = row >= baseRows ? baseRows : Math.min(baseRows, deltas.ordinalOfLiveRow(row));
    range = 0;
    positioned = false;
    if (tasks != null) {
      restart(taskBatchSize);
    }
  }

  @Override
  public ScanReport report() {
    return report;
  }

  @Override
  public void close() {
    if (tasks != null) {
      tasks.close();
    }
  }

  // ---- the parallel read

  private int fillFromTasks(ColumnBatch batch, int max) throws IOException {
    if (max != taskBatchSize) {
      restart(max); // the tasks fill vectors as large as the caller's
    }
    int live = 0;
    while (live == 0 && advance()) {
      int n = (int) Math.min(max, ranges[2 * range + 1] - next);
      for (int c = 0; c < parts.length; c++) {
        if (parts[c] == null) {
          fillDefault(columns.get(c), batch.cols[c], n);
        } else {
          batch.cols[c] = parts[c].take(batch.cols[c], n);
        }
      }
      live = n - rows.dropDeleted(batch, next, n);
      report.read(RowSetPruner.BASE_ROWS, n);
      next += n;
    }
    return live;
  }

  /** Cancels the tasks; the columns' next parts start from {@link #next}, of {@code size}. */
  private void restart(int size) {
    tasks.cancelAll();
    taskBatchSize = size;
    for (ColumnParts p : parts) {
      if (p != null) {
        p.clear();
      }
    }
  }

  /**
   * The part that starts at the first chosen ordinal at or after {@code from}: up to the end of
   * its range, at most {@link #partRowsWanted} rows rounded up to whole batches; null when no
   * rows are left.
   */
  private long[] partFrom(long from) {
    int r = 0;
    while (r < ranges.length / 2 && from >= ranges[2 * r + 1]) {
      r++;
    }
    if (r == ranges.length / 2) {
      return null;
    }
    long start = Math.max(from, ranges[2 * r]);
    int size = taskBatchSize;
    long rows = (partRowsWanted + size - 1) / size * size;
    return new long[] {start, Math.min(ranges[2 * r + 1], start + rows)};
  }

  /** One column's parts started on the pool, in order: the one being handed out, the next. */
  private final class ColumnParts {
    private final int column;
    private final CFileCursor cursor;
    private final Type type;
    private final ArrayDeque<Part> started = new ArrayDeque<>();
    /** Vectors the column's tasks fill: the caller's, given back batch by batch. */
    private final Queue<ColumnVector> spare = new ConcurrentLinkedQueue<>();
    /** Where the column's next part starts. */
    private long planFrom;

    ColumnParts(int column, CFileCursor cursor) {
      this.column = column;
      this.cursor = cursor;
      this.type = schema().child(column);
    }

    /** Forgets the parts (their tasks cancelled): the next starts at {@link #next}. */
    void clear() {
      started.clear();
      spare.clear();
      planFrom = next;
    }

    /**
     * The column's vector of the next {@code n} rows (from {@link #next}), waiting for it;
     * {@code given}, the caller's, goes to the spares.
     */
    ColumnVector take(ColumnVector given, int n) throws IOException {
      startAhead();
      Part head = started.peekFirst();
      ColumnVector v = head == null ? null : head.task.take();
      if (v == null || head.from + head.handedOut != next) {
        // cannot happen: the parts tile the rows the batches read
        throw new IllegalStateException("column " + columns.get(column).name()
            + " has no rows decoded for ordinal " + next);
      }
      head.handedOut += n;
      if (head.from + head.handedOut >= head.to) {
        started.removeFirst();
      }
      spare.add(given);
      startAhead();
      return v;
    }

    /** Starts the next part when none is started, or when the last started one is decoded. */
    private void startAhead() {
      Part last = started.peekLast();
      if (started.size() < 2 && (last == null || last.decoded)) {
        long[] p = partFrom(planFrom);
        if (p != null) {
          Part part = new Part(p[0], p[1]);
          part.task = tasks.start(producer(part, taskBatchSize));
          started.add(part);
          planFrom = p[1];
        }
      }
    }

    /**
     * Reads the column's rows of {@code part} in vectors of {@code size} rows, with the
     * column's cursor: no other part of the column decodes meanwhile.
     */
    private DecodeTasks.Producer<ColumnVector> producer(Part part, int size) {
      return new DecodeTasks.Producer<>() {
        private long at = part.from;

        @Override
        public ColumnVector next() throws IOException {
          if (at >= part.to) {
            return null;
          }
          if (at == part.from && cursor.ordinal() != at) {
            cursor.seekToOrdinal(at);
          }
          int n = (int) Math.min(size, part.to - at);
          ColumnVector v = spare.poll();
          if (v == null || v.capacity() < size) {
            v = ColumnVector.create(type, size);
          }
          v.reset();
          int got = cursor.read(v, 0, n);
          if (got != n) {
            throw new IllegalStateException("column " + columns.get(column).name()
                + " ended early");
          }
          at += n;
          if (at >= part.to) {
            part.decoded = true; // the cursor is free for the next part
          }
          return v;
        }
      };
    }
  }

  /** Ordinals {@code [from, to)} of one column, decoded by a task. */
  private static final class Part {
    final long from;
    final long to;
    DecodeTasks.Task<ColumnVector> task;
    /** Rows taken by the reader. */
    long handedOut;
    /** Set by the task once it has read its last rows. */
    volatile boolean decoded;

    Part(long from, long to) {
      this.from = from;
      this.to = to;
    }
  }

  // ---- reading rows

  /** The cursors that read the projected columns, and what squeezing out deleted rows needs. */
  private final class Rows {
    /** A cursor per column, null for a column without a file (its default fills it). */
    final CFileCursor[] cursors = new CFileCursor[columns.size()];
    private boolean[] deleted = new boolean[0];

    Rows() throws IOException {
      for (int i = 0; i < cursors.length; i++) {
        CFile r = files.get(columns.get(i).id());
        if (r != null) {
          cursors[i] = r.newCursor();
        }
      }
    }

    /** Positions every cursor at ordinal {@code ordinal}. */
    void seek(long ordinal) throws IOException {
      for (CFileCursor c : cursors) {
        if (c != null && c.ordinal() != ordinal) {
          c.seekToOrdinal(ordinal);
        }
      }
    }

    /**
     * Reads base rows {@code [from, from + n)} (the cursors stand at {@code from}) into {@code
     * batch}, applies their mutations and squeezes out the deleted rows; returns the live ones.
     */
    int read(ColumnBatch batch, long from, int n) throws IOException {
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
      return n - dropDeleted(batch, from, n);
    }

    /** Applies the REDO mutations of the batch's rows, squeezes out the deleted ones. */
    int dropDeleted(ColumnBatch batch, long from, int n) {
      if (deltas.count() == 0) {
        return 0;
      }
      if (deleted.length < n) {
        deleted = new boolean[batch.capacity()];
      }
      int dead = deltas.apply(from, n, columns, batch.cols, deleted);
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
