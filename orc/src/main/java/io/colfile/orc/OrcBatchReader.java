package io.colfile.orc;

import io.colfile.core.AbstractBatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.ScanReport;
import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.codec.Decompressor;
import io.colfile.core.io.InputFile;
import io.colfile.core.read.DecodeTasks;
import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.ColumnVector;
import io.colfile.orc.column.ColumnReaders;
import io.colfile.orc.column.RootReader;
import io.colfile.orc.index.BloomFilterTrust;
import io.colfile.orc.index.PositionSource;
import io.colfile.orc.index.StripeIndex;
import io.colfile.orc.pushdown.OrcPushdown;
import io.colfile.orc.stream.BytesNotReadException;
import io.colfile.orc.stripe.StreamId;
import java.io.IOException;
import java.time.ZoneId;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Reads the rows of an ORC file stripe by stripe: the columns of a projection of the file's
 * schema (structs pruned to some of their fields at any depth; only those columns' streams are
 * read), and of each stripe only the row groups chosen. A {@link RowGroupSelector} chooses row
 * groups, and so does predicate pushdown ({@link OrcPushdown}), which may rule out the whole
 * file by its statistics, a stripe by its statistics before its footer is read, and row groups
 * by the stripe's row index and bloom filters. After a gap, reading resumes at the next chosen
 * row group through the row index (seek to its positions), or, in a stripe without one, by
 * skipping rows. Batches never span stripes or gaps.
 *
 * <p>{@link #seekToRow} works the same way: seek to the row group holding the row, then skip the
 * rows before it in the group.
 *
 * <p>With a split ({@link ReadOptions#withSplit}) only the stripes whose offset it holds are
 * read; the others are passed over unread and uncounted, and rows keep their numbers in the
 * whole file.
 *
 * <p>The {@link #report()} counts {@code stripes} and {@code row groups} read (some of their
 * rows were decoded) and skipped, with a line for each skip saying why.
 *
 * <p>With a parallelism above 1 ({@link ReadOptions#withParallelism}) the caller's thread plans
 * the stripes (pushdown, footers, row-group choice: all that decides what is read and what the
 * report says) and cuts each into parts of about {@link #partRows} rows (where the stripe has a
 * row index), parallelism + 1 parts ahead; each part is decoded by a task of its own on the
 * pool ({@link DecodeTasks}) with column readers and a decompressor of its own, the first part
 * of a stripe reading the stripe's data bytes, which its other parts share (so the next
 * stripe's bytes are read while the current one decodes), each part seeking to its first row
 * through the row index; {@link #fill}
 * hands the batches out in order, swapping the decoded vectors into the caller's batch and the
 * caller's into the pool of batches to fill. The memory held is at most parallelism + 1
 * parts of the columns read. The report counts and notes a stripe when it is planned: at the
 * end of a read its lines are those of a single-threaded read, but after a seek it may also
 * hold the skips of stripes planned ahead that the read then left, and its lines may come in
 * another order; the stripes and row groups read are counted as their rows are handed out,
 * as a single-threaded read counts them. What a task throws is thrown when its rows before are handed
 * out, and what planning a stripe throws once the stripes before it are; a seek cancels the
 * tasks and starts again from the row sought.
 */
final class OrcBatchReader extends AbstractBatchReader {
  static final String STRIPES = "stripes";
  static final String ROW_GROUPS = "row groups";

  private final InputFile file;
  private final OrcTail tail;
  private final Type fileSchema;
  private final List<Type> columns;
  private final List<StripeInformation> stripes;
  /** The first row of each stripe, and the file's row count last. */
  private final long[] firstRows;
  private final boolean[] included;
  private final ZoneId defaultZone;
  private final long maxNestedValues;
  private final RowGroupSelector selector;
  private final BloomFilterTrust trust;
  private final ScanReport report = new ScanReport();

  /** Pushdown, or null when there is no filter. */
  private final StripePruning pruning;
  /** Stripes whose skipped row groups (or whose skip) the report counts already. */
  private final BitSet accounted = new BitSet();
  /** The stripes of the split ({@link ReadOptions#withSplit}): the only ones read or counted. */
  private final BitSet inSplit = new BitSet();

  /**
   * The fewest rows (a multiple of the batch size) a task of a parallel read decodes at a time;
   * tests lower it to cut small stripes too.
   */
  static volatile int partRows = 1 << 16;

  private final int parallelism;
  /** The single-threaded read's decoder (parallelism 1), else null. */
  private final Cursor cursor;
  /** The stripe the single-threaded read has open; -1 before the first, the count after the last. */
  private int stripe = -1;

  // The parallel read (parallelism > 1); null and empty otherwise.
  private final DecodeTasks tasks;
  /** The parts of stripes started, in order, the first the one whose rows go out next. */
  private final ArrayDeque<Started> window = new ArrayDeque<>();
  /** The parts of the stripe planned last not started yet. */
  private final ArrayDeque<Unit> pending = new ArrayDeque<>();
  /** Decoders and batches handed back, for the next tasks. */
  private final ConcurrentLinkedQueue<Cursor> spareCursors = new ConcurrentLinkedQueue<>();
  private final ConcurrentLinkedQueue<ColumnBatch> spareBatches = new ConcurrentLinkedQueue<>();
  /** The capacity of the batches the tasks fill: the caller's. */
  private int taskBatchSize;
  /** The first stripe the next stripe to start is looked for from. */
  private int planFrom;
  /** No stripe is left to start. */
  private boolean planEnd;
  /** What planning the next stripe threw, thrown once the stripes before it are read. */
  private Exception planError;

  // What the report counts of the stripe whose rows go out: the row groups counted already.
  private StripeIndex countedIndex;
  private BitSet groupsRead;
  private boolean stripeCounted;

  /**
   * @param projection {@code schema} pruned to the columns read (fields in the file's order)
   * @param included by column id of {@code schema}: whether the column is read
   * @param pushdown the filter's pushdown, or null to read every row group chosen
   */
  OrcBatchReader(InputFile file, OrcTail tail, Type schema, List<StripeInformation> stripes,
      Type projection, boolean[] included, ReadOptions options, RowGroupSelector selector,
      OrcPushdown pushdown) {
    super(projection, options.batchSize());
    this.file = file;
    this.tail = tail;
    this.fileSchema = schema;
    this.columns = schema.flatten();
    this.stripes = stripes;
    this.firstRows = new long[stripes.size() + 1];
    for (int s = 0; s < stripes.size(); s++) {
      firstRows[s + 1] = firstRows[s] + Math.max(0, stripes.get(s).numberOfRows());
      inSplit.set(s, options.splitHolds(stripes.get(s).offset()));
    }
    this.included = included.clone();
    this.defaultZone = options.defaultZone();
    this.maxNestedValues = options.maxNestedValues();
    this.selector = selector;
    this.trust = new BloomFilterTrust(tail.footer.writer(), tail.postScript.writerVersion(),
        tail.footer.softwareVersion());
    report.read(STRIPES, 0); // the report lists stripes first
    report.read(ROW_GROUPS, 0);
    this.pruning = pushdown == null ? null
        : new StripePruning(pushdown, tail, file, stripes, report);
    this.parallelism = options.parallelism();
    this.cursor = parallelism == 1 ? new Cursor() : null;
    this.tasks = parallelism == 1 ? null : new DecodeTasks(options);
    this.taskBatchSize = options.batchSize();
  }

  @Override
  protected int fill(ColumnBatch batch, int max) throws IOException {
    if (tasks != null) {
      return fillFromTasks(batch, max);
    }
    while (true) {
      if (cursor.unit != null) {
        int n = cursor.fill(batch, max);
        if (n > 0) {
          handOut(cursor.takeNote(), cursor.from, n);
          return n;
        }
      }
      cursor.unit = null;
      Unit u = plan(stripe + 1);
      if (u == null) {
        stripe = stripes.size();
        return 0;
      }
      stripe = u.stripe.index;
      startCounting(u);
      cursor.start(u, 0);
    }
  }

  @Override
  protected void seek(long row) throws IOException {
    int s = 0;
    while (s < stripes.size() && firstRows[s + 1] <= row) {
      s++;
    }
    if (s < stripes.size() && !inSplit.get(s)) {
      // a row of a stripe outside the split: the split's rows go on at its next stripe, if any
      s = inSplit.nextSetBit(s);
      s = s < 0 ? stripes.size() : s;
      row = firstRows[s];
    }
    if (tasks != null) {
      seekTasks(s, row);
      return;
    }
    if (s >= stripes.size()) {
      stripe = stripes.size();
      cursor.unit = null;
      return;
    }
    if (s != stripe || cursor.unit == null) {
      cursor.unit = null;
      Unit u = plan(s);
      if (u == null) {
        stripe = stripes.size();
        return;
      }
      stripe = u.stripe.index;
      startCounting(u);
      cursor.start(u, 0);
      if (stripe != s) {
        return; // nothing chosen in that stripe: the next rows are in a later one
      }
    }
    cursor.next = row - firstRows[s];
    cursor.runEnd = 0; // find the run holding `next` (or the next chosen one) on the next batch
  }

  @Override
  public ScanReport report() {
    if (pruning != null) {
      pruning.flush();
    }
    return report;
  }

  /** Stops the stripes decoding on other threads, if any, and waits for them. */
  @Override
  public void close() {
    if (tasks != null) {
      tasks.close();
      window.clear();
      spareBatches.clear();
      spareCursors.clear();
    }
  }

  /**
   * Counts rows {@code [from, from + n)} of the stripe whose rows go out as read, after the note
   * of their decoding, if any.
   */
  private void handOut(String note, long from, int n) {
    if (note != null) {
      report.note(note);
    }
    countGroups(from, from + n);
  }

  // ---- the parallel read

  /**
   * A stripe started on the pool: its task, the next row of it to go out (for a restart), and
   * whether the report counts its rows yet.
   */
  private static final class Started {
    final Unit unit;
    final DecodeTasks.Task<Decoded> task;
    long row;
    boolean counting;

    Started(Unit unit, DecodeTasks.Task<Decoded> task, long row, boolean counting) {
      this.unit = unit;
      this.task = task;
      this.row = row;
      this.counting = counting;
    }
  }

  /** Rows {@code [from, from + batch.size)} of a stripe, decoded, and a note for the report. */
  private record Decoded(ColumnBatch batch, long from, String note) {}

  private int fillFromTasks(ColumnBatch batch, int max) throws IOException {
    if (max != taskBatchSize) {
      restart(max); // the tasks fill batches as large as the caller's
    }
    while (true) {
      startAhead();
      Started head = window.peekFirst();
      if (head == null) {
        if (planError != null) {
          Exception e = planError;
          planError = null;
          planEnd = true;
          if (e instanceof IOException io) {
            throw io;
          }
          throw (RuntimeException) e;
        }
        return 0;
      }
      if (!head.counting) {
        head.counting = true;
        startCounting(head.unit);
      }
      Decoded d = head.task.take();
      if (d == null) {
        window.removeFirst();
        continue;
      }
      // the caller gets the decoded vectors, the task the caller's to fill next
      ColumnBatch filled = d.batch();
      int n = filled.size;
      for (int i = 0; i < batch.cols.length; i++) {
        ColumnVector v = batch.cols[i];
        batch.cols[i] = filled.cols[i];
        filled.cols[i] = v;
      }
      spareBatches.add(filled);
      head.row = d.from() + n;
      handOut(d.note(), d.from(), n);
      return n;
    }
  }

  /**
   * Plans stripes, cuts them in parts and starts these until {@link #parallelism} + 1 are
   * started or none is left.
   */
  private void startAhead() {
    while (window.size() <= parallelism) {
      Unit u = pending.poll();
      if (u != null) {
        window.add(started(u, u.continues));
        continue;
      }
      if (planEnd || planError != null) {
        return;
      }
      try {
        u = plan(planFrom);
      } catch (IOException | RuntimeException e) {
        planError = e; // thrown where a single-threaded read would, after the rows before
        return;
      }
      if (u == null) {
        planEnd = true;
        return;
      }
      planFrom = u.stripe.index + 1;
      pending.addAll(cut(u, 0));
      if (!pending.isEmpty()) {
        pending.peek().continues = false;
      }
    }
  }

  /** Starts decoding part {@code u} from its first row on the pool. */
  private Started started(Unit u, boolean counting) {
    long row = u.start;
    int size = taskBatchSize;
    Type schema = schema();
    DecodeTasks.Producer<Decoded> producer = new DecodeTasks.Producer<>() {
      private Cursor c;

      @Override
      public Decoded next() throws IOException {
        if (c == null) {
          c = spareCursors.poll();
          c = c == null ? new Cursor() : c;
          c.start(u, row);
        }
        ColumnBatch b = spareBatches.poll();
        if (b == null || b.capacity() != size) {
          b = new ColumnBatch(schema, size);
        }
        b.reset();
        int n = c.fill(b, size);
        if (n == 0) {
          spareBatches.add(b);
          c.unit = null;
          spareCursors.add(c);
          return null;
        }
        b.size = n;
        return new Decoded(b, c.from, c.takeNote());
      }
    };
    return new Started(u, tasks.start(producer), row, counting);
  }

  /**
   * The parts, a task each, of stripe {@code whole} (planned) from its row {@code row} on, which
   * end where a single-threaded read's batches of {@link #taskBatchSize} rows end: runs of
   * {@link #partRows} rows or so of its chosen row groups, which share the stripe's bytes (read
   * once, by the first part to start) and each seek to its first row through the row index,
   * when the stripe has one for every column read; else the whole stripe.
   * Empty when no chosen row is left from {@code row} on.
   */
  private List<Unit> cut(Unit whole, long row) {
    StripeIndex idx = whole.index;
    int stride = idx.rowIndexStride();
    int groups = idx.rowGroupCount();
    if (stride <= 0 || groups <= 1 || !loadRowIndexes(idx)) {
      return List.of(whole.part(whole.chosen, whole.ranges, row, Long.MAX_VALUE));
    }
    long rows = idx.rows();
    long batch = taskBatchSize;
    // parts of at least partRows rows, and no more than 4 per thread in a stripe: each part
    // decompresses into buffers of its own and seeks, which costs where parts are small
    long rowsWanted = Math.max(partRows, idx.rows() / (4L * parallelism));
    long target = Math.max(1, (rowsWanted + batch - 1) / batch) * batch;
    List<long[]> bounds = new ArrayList<>();
    int g = row >= rows ? -1 : whole.chosen.next(group(idx, row), groups);
    long pos = g < 0 ? 0 : Math.max(row, idx.firstRow(g));
    long partStart = -1;
    long taken = 0;
    while (g >= 0) {
      int e = whole.chosen.runEnd(g, groups);
      long runEnd = e >= groups ? rows : idx.firstRow(e);
      // a single-threaded read's batches go from the run's start (or the row sought) to its end
      while (pos < runEnd) {
        if (partStart < 0) {
          partStart = pos;
          taken = 0;
        }
        long n = Math.min(runEnd - pos, (target - taken + batch - 1) / batch * batch);
        pos += n;
        taken += n;
        if (taken >= target) {
          bounds.add(new long[] {partStart, pos});
          partStart = -1;
        }
      }
      g = whole.chosen.next(e, groups);
      pos = g < 0 ? pos : idx.firstRow(g);
    }
    if (partStart >= 0) {
      bounds.add(new long[] {partStart, Long.MAX_VALUE});
    }
    if (bounds.size() <= 1) {
      return bounds.isEmpty() ? List.of()
          : List.of(whole.part(whole.chosen, whole.ranges, bounds.get(0)[0], Long.MAX_VALUE));
    }
    List<Unit> parts = new ArrayList<>();
    for (long[] b : bounds) {
      long last = Math.min(b[1], rows) - 1;
      RowGroupSet set = whole.chosen.and(
          RowGroupSet.ranges(group(idx, b[0]), group(idx, last) + 1));
      // the parts share the stripe's bytes, read once by the first to start
      Unit part = whole.part(set, whole.ranges, b[0], b[1]);
      part.shared = whole;
      part.indexChecked = true;
      part.indexUsable = true;
      part.continues = !parts.isEmpty();
      parts.add(part);
    }
    return parts;
  }

  /**
   * Reads the row index of every column read that seeks; false when one has none or does not
   * read (the stripe is then decoded whole, as a single-threaded read decodes it, failing where
   * that read fails, if it does).
   */
  private boolean loadRowIndexes(StripeIndex idx) {
    try {
      for (int c = 0; c < columns.size(); c++) {
        if (seeks(c) && !idx.hasRowIndex(c)) {
          return false;
        }
      }
      for (int c = 0; c < columns.size(); c++) {
        if (seeks(c)) {
          idx.rowIndex(c);
        }
      }
      return true;
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  /**
   * Starts again at the next row to go out, the tasks filling batches of {@code size}: the
   * stripe of that row cut again, the next ones planned again.
   */
  private void restart(int size) {
    Started head = window.peekFirst();
    taskBatchSize = size;
    if (head != null) {
      resume(head.unit.whole, head.row, head.counting);
    }
  }

  /**
   * Cancels the tasks, and starts the parts of stripe {@code whole} from its row {@code row} on,
   * the stripes after it planned next.
   */
  private void resume(Unit whole, long row, boolean counting) {
    tasks.cancelAll();
    window.clear();
    pending.clear();
    planError = null;
    planEnd = false;
    planFrom = whole.stripe.index + 1;
    List<Unit> parts = cut(whole, row);
    if (!parts.isEmpty()) {
      Unit first = parts.get(0);
      window.add(started(first, counting));
      pending.addAll(parts.subList(1, parts.size()));
    }
  }

  private void seekTasks(int s, long row) throws IOException {
    Started head = window.peekFirst();
    tasks.cancelAll();
    window.clear();
    pending.clear();
    planError = null;
    // past the last stripe: nothing to start, but planning from there on still reports the
    // file's exclusion by its statistics, as a single-threaded read does
    planEnd = false;
    planFrom = stripes.size();
    if (s >= stripes.size()) {
      return;
    }
    boolean same = head != null && head.unit.stripe.index == s;
    Unit whole = same ? head.unit.whole : plan(s);
    if (whole == null) {
      return;
    }
    // nothing chosen in stripe s: the next rows are at the start of a later one
    resume(whole, whole.stripe.index == s ? row - firstRows[s] : 0, same && head.counting);
  }

  // ---- planning and decoding a stripe

  /**
   * A stripe to read and what was decided about it before its data is read: its footer, its
   * index, the row groups chosen and, when only some are, the byte ranges they need.
   */
  private final class Unit {
    final Stripe stripe;
    final StripeIndex index;
    final RowGroupSet chosen;
    Map<StreamId, long[]> ranges;
    /** The stripe as planned, of which this is a part ({@link #cut}), or this. */
    Unit whole = this;
    /** A part after the stripe's first. */
    boolean continues;
    /** The first row of the part, and one past its last (at most). */
    long start;
    long end = Long.MAX_VALUE;
    /** The stripe whose bytes ({@link #bytes}) this part decodes, shared with its other parts. */
    Unit shared;
    private StripeData.Bytes bytes;

    /** The stripe's data bytes ({@link #ranges}), read by the first part that asks. */
    synchronized StripeData.Bytes bytes() throws IOException {
      if (bytes == null) {
        bytes = StripeData.read(file, stripe, included, ranges);
      }
      return bytes;
    }
    private boolean indexChecked;
    private boolean indexUsable;

    Unit(Stripe stripe, StripeIndex index, RowGroupSet chosen) {
      this.stripe = stripe;
      this.index = index;
      this.chosen = chosen;
    }

    /** Rows {@code [start, end)} of this stripe, of the row groups {@code set}. */
    Unit part(RowGroupSet set, Map<StreamId, long[]> partRanges, long start, long end) {
      Unit p = new Unit(stripe, index, set);
      p.ranges = partRanges;
      p.whole = this;
      p.start = start;
      p.end = end;
      p.indexChecked = indexChecked;
      p.indexUsable = indexUsable;
      return p;
    }

    /**
     * Whether every column read has a row index in this stripe (files written without one, or
     * whose writer left the streams out, are read by skipping); reads them the first time.
     */
    boolean usableIndex() throws IOException {
      if (!indexChecked) {
        indexChecked = true;
        indexUsable = index.rowIndexStride() > 0;
        for (int c = 0; c < columns.size() && indexUsable; c++) {
          if (seeks(c)) {
            indexUsable = index.hasRowIndex(c);
          }
        }
        for (int c = 0; c < columns.size() && indexUsable; c++) {
          if (seeks(c)) {
            index.rowIndex(c);
          }
        }
      }
      return indexUsable;
    }
  }

  /**
   * The first stripe from {@code s} on that has rows and chosen row groups, its skips before
   * counted; null when there is none.
   */
  private Unit plan(int s) throws IOException {
    if (pruning != null && pruning.fileExclusion() != null) {
      accountFile();
      s = stripes.size();
    }
    for (; s < stripes.size(); s++) {
      if (!inSplit.get(s)) {
        continue; // another split's: not read, not counted
      }
      StripeInformation info = stripes.get(s);
      if (info.numberOfRows() < 0) {
        throw tail.footerRegion().part("stripe information", s)
            .corrupt("stripe %d has a negative row count %d", s, info.numberOfRows());
      }
      if (info.numberOfRows() == 0) {
        continue;
      }
      boolean first = !accounted.get(s);
      accounted.set(s); // reopened after a seek, a stripe's skips are not counted again
      String why = pruning == null ? null : pruning.beforeFooter(s);
      Stripe st = why != null ? null : Stripe.read(file, tail, s, info);
      // the zone TIMESTAMP values are read in, as the writer's statistics know it; null when
      // the stripe names none (then they are read in the reader's default zone)
      ZoneId writerZone = st == null || st.footer.writerTimezone() == null ? null
          : st.writerZone(defaultZone);
      if (st != null && pruning != null) {
        why = pruning.afterFooter(s, writerZone);
      }
      if (why != null) {
        if (first) {
          report.skipped(STRIPES, 1);
          report.skipped(ROW_GROUPS, rowGroups(info));
          pruning.skipped(s, why);
        }
        continue;
      }
      if (pruning != null) {
        pruning.flush(); // the skipped stripes before this one come first in the report
      }
      StripeIndex idx = st.index(file, columns, trust);
      int groups = idx.rowGroupCount();
      RowGroupSet set = selector.select(idx);
      if (set.count(groups) < groups && first) {
        report.note("stripe " + s + ": " + set.count(groups) + " of " + groups
            + " row groups chosen");
      }
      if (pruning != null && set.count(groups) > 0) {
        set = set.and(pruning.rowGroups(idx, writerZone, st.dataBytes(included), first));
      }
      int skipped = groups - set.count(groups);
      if (first) {
        report.skipped(ROW_GROUPS, skipped);
        report.skipped(STRIPES, skipped == groups ? 1 : 0);
      }
      if (skipped == groups) {
        continue;
      }
      Unit u = new Unit(st, idx, set);
      // some row groups only: read only their byte ranges, as the row index places them
      u.ranges = skipped > 0 && u.usableIndex()
          ? RowGroupRanges.plan(idx, set, st.streams, included,
              tail.codec != CompressionCodec.NONE, tail.blockSize)
          : null;
      return u;
    }
    if (pruning != null) {
      pruning.flush();
    }
    return null;
  }

  /**
   * Decodes the chosen rows of one stripe at a time: its own column readers and decompressor,
   * so that stripes decode on several threads at once.
   */
  private final class Cursor {
    private final RootReader root = ColumnReaders.root(fileSchema, included);
    private final Decompressor decompressor =
        tail.codec == CompressionCodec.NONE ? null : tail.codec.newDecompressor();
    /** The stripe open, or null. */
    Unit unit;
    /** Rows of the open stripe: the next to return, where the decoders are, end of the run. */
    long next;
    long decoded;
    long runEnd;
    /** The first row of the last {@link #fill}. */
    long from;
    /** A line for the report about the last {@link #fill}, or null. */
    private String note;

    /** Opens stripe {@code u} to read from its row {@code row}; reads its data streams. */
    void start(Unit u, long row) throws IOException {
      unit = u;
      root.startStripe(u.shared == null
          ? new StripeData(file, u.stripe, included, defaultZone, maxNestedValues,
              decompressor, u.ranges)
          : new StripeData(u.stripe, u.shared.bytes(), defaultZone, maxNestedValues,
              decompressor));
      next = row;
      decoded = 0;
      runEnd = 0;
    }

    /** Decodes the next chosen rows of the stripe, at most {@code max}; 0 at its end. */
    int fill(ColumnBatch batch, int max) throws IOException {
      if (next >= runEnd && !startRun()) {
        return 0;
      }
      int n = (int) Math.min(runEnd - next, max);
      try {
        moveTo(next);
        root.read(batch, n);
      } catch (BytesNotReadException e) {
        // the row index placed a row group's bytes wrongly: read the stripe whole
        note = "stripe " + unit.stripe.index + ": read whole, " + e.getMessage();
        root.startStripe(new StripeData(file, unit.stripe, included, defaultZone,
            maxNestedValues, decompressor, null));
        decoded = 0;
        batch.reset();
        moveTo(next);
        root.read(batch, n);
      }
      from = next;
      next += n;
      decoded = next;
      return n;
    }

    String takeNote() {
      String n = note;
      note = null;
      return n;
    }

    /**
     * Finds the chosen run holding {@code next}, or the next chosen run after it, and moves
     * {@code next} there; false when the stripe has no more.
     */
    private boolean startRun() {
      StripeIndex index = unit.index;
      long rows = Math.min(index.rows(), unit.end);
      if (next >= rows) {
        return false;
      }
      int groups = index.rowGroupCount();
      int g = unit.chosen.next(group(index, next), groups);
      if (g < 0) {
        next = rows;
        return false;
      }
      next = Math.max(next, index.firstRow(g));
      if (next >= rows) {
        next = rows;
        return false;
      }
      int end = unit.chosen.runEnd(g, groups);
      runEnd = end >= groups ? rows : Math.min(rows, index.firstRow(end));
      return true;
    }

    /**
     * Brings the decoders to row {@code target} of the stripe: by skipping when it lies ahead in
     * the same row group (or the stripe has no usable row index), else by seeking to the start
     * of its row group (or of the stripe) and skipping the rows before it.
     */
    private void moveTo(long target) throws IOException {
      if (target == decoded) {
        return;
      }
      StripeIndex index = unit.index;
      boolean indexed = unit.usableIndex();
      if (target > decoded && (!indexed || group(index, target) == group(index, decoded))) {
        root.skip(target - decoded);
      } else if (indexed) {
        int g = group(index, target);
        root.seek(index.positions(g));
        root.skip(target - index.firstRow(g));
      } else {
        root.seek(PositionSource.STRIPE_START);
        root.skip(target);
      }
      decoded = target;
    }
  }

  /**
   * Whether column {@code c} has a reader that seeks: every included column but a struct root,
   * whose rows never have nulls and which no reader positions.
   */
  private boolean seeks(int c) {
    return included[c] && (c != 0 || fileSchema.kind() != TypeKind.STRUCT);
  }

  private static int group(StripeIndex index, long row) {
    int stride = index.rowIndexStride();
    return stride <= 0 ? 0 : (int) (row / stride);
  }

  /** Starts counting the rows of stripe {@code u} going out. */
  private void startCounting(Unit u) {
    countedIndex = u.index;
    groupsRead = new BitSet();
    stripeCounted = false;
  }

  private void countGroups(long from, long to) {
    if (!stripeCounted) {
      stripeCounted = true;
      report.read(STRIPES, 1);
    }
    for (int g = group(countedIndex, from), last = group(countedIndex, to - 1); g <= last; g++) {
      if (!groupsRead.get(g)) {
        groupsRead.set(g);
        report.read(ROW_GROUPS, 1);
      }
    }
  }

  /**
   * Counts every stripe and row group of the split skipped when the file statistics rule out
   * the file.
   */
  private void accountFile() {
    for (int s = inSplit.nextSetBit(0); s >= 0; s = inSplit.nextSetBit(s + 1)) {
      StripeInformation info = stripes.get(s);
      if (!accounted.get(s) && info.numberOfRows() > 0) {
        accounted.set(s);
        report.skipped(STRIPES, 1);
        report.skipped(ROW_GROUPS, rowGroups(info));
      }
    }
  }

  /** The row groups of a stripe (one when the file has no row index). */
  private long rowGroups(StripeInformation info) {
    int stride = tail.footer.rowIndexStride();
    long rows = info.numberOfRows();
    return rows <= 0 ? 0 : stride <= 0 ? 1 : (rows - 1) / stride + 1;
  }

}
