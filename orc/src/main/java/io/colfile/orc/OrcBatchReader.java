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
import io.colfile.orc.column.CopiedValues;
import io.colfile.orc.column.RootReader;
import io.colfile.orc.index.BloomFilterTrust;
import io.colfile.orc.index.PositionSource;
import io.colfile.orc.index.StripeIndex;
import io.colfile.orc.pushdown.OrcPushdown;
import io.colfile.orc.stream.BytesNotReadException;
import io.colfile.orc.stream.ChunkExchange;
import io.colfile.orc.stream.OrcInputStream;
import io.colfile.orc.stripe.StreamId;
import java.io.IOException;
import java.time.ZoneId;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.LongAdder;

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
 * <p>With a parallelism above 1 ({@link ReadOptions#withParallelism}) and at least two
 * top-level fields read, the read goes stripe after stripe as a single-threaded read does (the
 * same planning, report and errors, at the same calls), but the fields are split into runs,
 * one per thread: the caller's thread decodes the first run straight into the caller's batch,
 * and each other run is decoded on the pool ({@link DecodeTasks#lane}) at most {@link #AHEAD}
 * batches ahead into batches of its own, whose vectors {@link #fill} swaps into the caller's
 * batch (the caller's go back to be filled again: no batch is made per batch read). Each run
 * reads its own columns' bytes of the stripe; the runs are balanced again at the start of each
 * stripe by the time each took per stream byte so far ({@link #split}). A stripe read in part
 * (some row groups' byte ranges only) is decoded by the caller alone, as one error then decides
 * for every column whether it is read whole again. The memory held is that of a
 * single-threaded read plus the helpers' batches ahead.
 *
 * <p>A read of several fields takes the column split only while a batch is too cheap to hand
 * over ({@link #MIN_SPLIT_NANOS}, all on the caller's thread): from
 * the first stripe read whole on, when that stripe is worth other threads by its stream bytes,
 * it cuts the stripes into parts of {@link #partRows} rows as a read of one field does ({@link
 * #fieldsInParts}).
 *
 * <p>With a single field read (or a file of bare values) the caller's thread plans the stripes
 * (pushdown, footers, row-group choice: all that decides what is read and what the report says) and
 * cuts each into parts of about {@link #partRows} rows (where the stripe has a row index),
 * parallelism + 1 parts ahead; each part is decoded by a task of its own on the pool ({@link
 * DecodeTasks}) with column readers and a decompressor of its own (both used again by later parts),
 * the parts of a stripe sharing its data bytes, which every part that needs them first reads
 * together, in chunks ({@link SharedStripeRead}: the next stripe's bytes are read while the current
 * one decodes, by as many threads as start its parts), into an array used again for a later stripe
 * once the batches of the stripe's last part went out; each part seeks to its first row through the
 * row index, and in a compressed stripe the chunks where parts start are decompressed once (mostly:
 * two parts may decompress one at the same time), by the first part to need one, and handed to the
 * others ({@link ChunkExchange}); {@link #fill} hands the batches out in order, swapping the
 * decoded vectors into the caller's batch and the caller's into the pool of batches to fill. The
 * memory held is at most parallelism + 1 stripes' bytes of the columns read (those with a part
 * started; one array each, kept for the next), the batches of parallelism + 1 parts, and of each
 * compressed stripe with a part started at most parallelism + 2 chunks of each stream handed
 * between parts, and its dictionaries decompressed. The report counts and notes a stripe when it is
 * planned: at the end of a read its lines are those of a single-threaded read, but after a seek it
 * may also hold the skips of stripes planned ahead that the read then left, and its lines may come
 * in another order; the stripes and row groups read are counted as their rows are handed out, as a
 * single-threaded read counts them. What a task throws is thrown when its rows before are handed
 * out, and what planning a stripe throws once the stripes before it are; a seek cancels the tasks
 * and starts again from the row sought.
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

  /**
   * Whether the arrays of the chunks parts share are filled with junk once given back, so that a
   * part still reading one decodes junk at once (tests set it).
   */
  static volatile boolean junkChunkSpares;

  private final int parallelism;
  /** Stripes of more bytes read than this are read in windows ({@link StripeData#streamed}). */
  private final long streamedStripeBytes;
  /**
   * The decoder of every column read: the single-threaded read's, and a column-split read's for
   * stripes read in part; null when the read cuts stripes into parts.
   */
  private final Cursor cursor;
  /** The stripe the read in order has open; -1 before the first, the count after the last. */
  private int stripe = -1;
  /** The cursor of the open stripe ({@link #cursor} or {@link #mine}), or null. */
  private Cursor active;

  // The column-split parallel read: null until the first stripe read whole is opened.
  /** Whether this read splits the columns among threads ({@link #split}). */
  private final boolean splitsColumns;
  /** The caller's own columns' decoder: the first of the columns read. */
  private Cursor mine;
  /** The other columns' decoders, each on the pool, in the order of the columns. */
  private Helper[] helpers;
  /** The helpers must drop what they decoded ahead before they follow the caller again. */
  private boolean helpersBehind;
  /** The first column id of each top-level field read, in order. */
  private int[] fieldIds;
  /** Fields {@code [bounds[g], bounds[g + 1])} are decoded by group g (0: the caller). */
  private int[] bounds;
  /**
   * Of each field read: the time its reader took so far (written by the thread decoding it,
   * read when the runs are balanced again), and the stream bytes of the stripes opened; the
   * rows of these stripes, and the time the caller spent between its calls to {@link #fill}.
   */
  private long[] fieldNanos;
  private long[] decodedBytes;
  private long decodedRows;
  private long awayNanos;
  /** When {@link #fill} last returned, or 0. */
  private long returned;
  /**
   * The arrays the stripes' bytes are read into, one per thread's run of columns (the first
   * also {@link #cursor}'s, which never has a stripe open while {@link #mine} has), kept when
   * the runs change.
   */
  private final List<StripeData.ReadBuffer> groupBuffers = new ArrayList<>();

  /**
   * The least decoding time per batch (all columns read, nanoseconds) for which a column-split
   * read hands columns to other threads: below it, handing a batch's columns over (a few
   * microseconds, more when a thread must wake another) costs more than the thread saves, and
   * the caller decodes everything (a 2-of-16-column read of lineitem takes about 14 us a batch
   * of 1,024 rows, all 16 columns about 60 us uncompressed, 110 us with ZSTD).
   */
  static final double MIN_SPLIT_NANOS = 40_000;
  /** {@link #MIN_SPLIT_NANOS}; tests lower it to split small files' columns too. */
  static volatile double minSplitNanos = MIN_SPLIT_NANOS;
  /**
   * Decoding time per stream byte guessed before any was measured (lineitem, uncompressed and
   * ZSTD: 0.9 to 1.5 and about 4.4 ns per byte).
   */
  static final double GUESS_NANOS_PER_BYTE = 1.0;
  static final double GUESS_NANOS_PER_COMPRESSED_BYTE = 4.0;

  /**
   * Whether a read of several fields whose stripes are worth other threads ({@link #split})
   * cuts them into parts, as a read of one field does, rather than splitting the fields among
   * threads: every thread then decodes as much, where the split's runs of fields decode for
   * uneven times and hand each batch over. The parts of a compressed stripe hand each other the
   * chunks where they start ({@link ChunkExchange}): each part would otherwise decompress again
   * the chunk it starts in, of every stream (about 5 ms a part of lineitem with ZSTD, which
   * doubled the CPU time of a scan). Tests take both ways; {@code
   * -Dcolfile.orc.fieldsInParts=false} keeps the split (to compare).
   */
  static volatile boolean fieldsInParts =
      !"false".equals(System.getProperty("colfile.orc.fieldsInParts"));
  /** This read of several fields cuts its stripes into parts ({@link #fieldsInParts}). */
  private boolean inParts;
  /** Whether {@link #inParts} was decided (at the first stripe read whole). */
  private boolean partsDecided;

  /** The batches a helper keeps decoded ahead of the caller. */
  static final int AHEAD = 4;

  // The parallel read (parallelism > 1); null and empty otherwise.
  private final DecodeTasks tasks;
  /** The parts of stripes started, in order, the first the one whose rows go out next. */
  private final ArrayDeque<Started> window = new ArrayDeque<>();
  /** The parts of the stripe planned last not started yet. */
  private final ArrayDeque<Unit> pending = new ArrayDeque<>();
  /** Decoders and batches handed back, for the next tasks. */
  private final ConcurrentLinkedQueue<Cursor> spareCursors = new ConcurrentLinkedQueue<>();
  private final ConcurrentLinkedQueue<ColumnBatch> spareBatches = new ConcurrentLinkedQueue<>();
  /**
   * The arrays of the stripes' bytes the parts share ({@link Unit#bytes}) given back: there are
   * never more than stripes with a part started at once (at most {@link #parallelism} + 1).
   */
  private final ConcurrentLinkedQueue<StripeData.ReadBuffer> spareStripeBuffers =
      new ConcurrentLinkedQueue<>();
  private final java.util.concurrent.atomic.AtomicInteger stripeArraysMade =
      new java.util.concurrent.atomic.AtomicInteger();
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
      OrcPushdown pushdown, long streamedStripeBytes) {
    super(projection, options.batchSize());
    this.streamedStripeBytes = streamedStripeBytes;
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
    int fields = 0;
    if (fileSchema.kind() == TypeKind.STRUCT) {
      int id = 1;
      for (Type f : fileSchema.children()) {
        fields += included[id] ? 1 : 0;
        id += f.columnCount();
      }
    }
    this.splitsColumns = parallelism > 1 && fields > 1;
    this.cursor = parallelism == 1 || splitsColumns
        ? new Cursor(included, groupBuffer(0)) : null;
    this.tasks = parallelism == 1 ? null : new DecodeTasks(options);
    this.chunkSpares = new ChunkExchange.Spares(OrcInputStream.maxChunkBytes(tail.blockSize),
        junkChunkSpares);
    this.taskBatchSize = options.batchSize();
  }

  @Override
  protected int fill(ColumnBatch batch, int max) throws IOException {
    if (tasks != null && (!splitsColumns || inParts)) {
      return fillFromTasks(batch, max);
    }
    if (splitsColumns) {
      long now = System.nanoTime();
      awayNanos += returned == 0 ? 0 : now - returned;
      try {
        return fillInOrder(batch, max);
      } finally {
        returned = System.nanoTime();
      }
    }
    return fillInOrder(batch, max);
  }

  /** The single-threaded read, and the column-split one: stripe after stripe. */
  private int fillInOrder(ColumnBatch batch, int max) throws IOException {
    if (splitsColumns && max != taskBatchSize) {
      taskBatchSize = max; // the helpers fill batches as large as the caller's
      if (active == mine && mine != null && mine.unit != null) {
        follow(mine.unit, mine.next, true);
      }
    }
    while (true) {
      if (active != null && active.unit != null) {
        int n = active.fill(batch, max);
        if (n > 0) {
          String note = active.takeNote();
          if (active == mine) {
            note = takeHelpers(batch, n, note);
          }
          handOut(note, active.from, n);
          return n;
        }
        active.unit = null;
      }
      Unit u = plan(stripe + 1);
      if (u == null) {
        stripe = stripes.size();
        return 0;
      }
      stripe = u.stripe.index;
      startCounting(u);
      open(u, 0, false);
      if (inParts) {
        return fillFromTasks(batch, max);
      }
    }
  }

  /**
   * Opens stripe {@code u} to read from its row {@code row}: with the columns split, the
   * caller's columns here and the others' on the pool, unless the stripe is read in part
   * (which may have to be read whole again: one decoder then decides it for all columns).
   * {@code seek}: the helpers drop what they decoded ahead.
   */
  private void open(Unit u, long row, boolean seek) throws IOException {
    if (splitsColumns && u.ranges == null) {
      if (helpers == null || !seek) {
        split(u); // at the start of each stripe read in order: balance the groups again
      }
      boolean first = !partsDecided;
      partsDecided = true;
      if (first && helpers.length > 0 && fieldsInParts) {
        // worth other threads by its stream bytes (decided once, at the first stripe read
        // whole: the time measured later moves with the machine's load): from this stripe on,
        // its rows are cut into parts instead
        inParts = true;
        active = null;
        for (Helper h : helpers) {
          if (h.lane != null) {
            h.lane.cancel();
          }
        }
        helpers = null;
        resume(u, row, true);
        return;
      }
      active = mine;
      // the helpers first: they read their columns' bytes while the caller reads its own
      follow(u, row, seek);
      mine.start(u, row);
    } else {
      active = cursor;
      cursor.start(u, row);
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
    if (tasks != null && (!splitsColumns || inParts)) {
      seekTasks(s, row);
      return;
    }
    helpersBehind = true; // what they decoded ahead is not what goes out next
    if (s >= stripes.size()) {
      stripe = stripes.size();
      if (active != null) {
        active.unit = null;
      }
      return;
    }
    if (s != stripe || active == null || active.unit == null) {
      if (active != null) {
        active.unit = null;
      }
      Unit u = plan(s);
      if (u == null) {
        stripe = stripes.size();
        return;
      }
      stripe = u.stripe.index;
      startCounting(u);
      // nothing chosen in stripe s: the next rows are at the start of a later one
      open(u, stripe == s ? row - firstRows[s] : 0, true);
      return;
    }
    active.next = row - firstRows[s];
    active.runEnd = 0; // find the run holding `next` (or the next chosen one) on the next batch
    if (active == mine) {
      follow(mine.unit, mine.next, true);
    }
  }

  @Override
  public ScanReport report() {
    if (pruning != null) {
      pruning.flush();
    }
    return report;
  }

  /** The arrays made for the stripes' bytes that parts share (for tests). */
  int stripeArraysMade() {
    return stripeArraysMade.get();
  }

  /**
   * The most rows a decoder skipped after seeking to a row group, to reach the first row of a
   * part or of a seek (for tests).
   */
  private final java.util.concurrent.atomic.AtomicLong mostSkippedAfterSeek =
      new java.util.concurrent.atomic.AtomicLong();

  long mostSkippedAfterSeek() {
    return mostSkippedAfterSeek.get();
  }

  /** What the stripes' chunk exchanges did (for tests). */
  final ChunkExchange.Counts exchangeCounts = new ChunkExchange.Counts();
  /**
   * Where the column readers of all parts copy string values out of compressed streams: the
   * batches go round between the caller and the parts' readers.
   */
  final CopiedValues copiedValues = new CopiedValues();
  /** Values the parts of stripes made once and shared ({@link StripeShares}; for tests). */
  final LongAdder sharedValuesMade = new LongAdder();
  /** The arrays of the chunks the parts of stripes done with shared, for the next stripes. */
  private final ChunkExchange.Spares chunkSpares;

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

  // ---- the parallel read, columns split among threads

  /**
   * Splits the top-level fields read into {@link #parallelism} runs of fields (fewer when fewer
   * are read) that should take about as long to decode in stripe {@code u}: the first decoded
   * by the caller ({@link #mine}), each other by a {@link Helper} on the pool. The first columns
   * are the caller's so that an error in a batch is the one a single-threaded read throws: that
   * of the first column failing. The first split weighs the fields by their stream bytes; the
   * next ones (at the start of each stripe) by the time each field's reader took per byte so
   * far, and give the caller less for the time it spends away from decoding (its caller's work
   * on the rows). Keeps the decoders when the runs stay the same.
   */
  private void split(Unit u) {
    List<Type> fields = fileSchema.children();
    if (fieldIds == null) {
      int read = 0;
      for (int f = 0, id = 1; f < fields.size(); id += fields.get(f).columnCount(), f++) {
        read += included[id] ? 1 : 0;
      }
      fieldIds = new int[read];
      for (int f = 0, id = 1, k = 0; f < fields.size(); id += fields.get(f).columnCount(), f++) {
        if (included[id]) {
          fieldIds[k++] = id;
        }
      }
    }
    int read = fieldIds.length;
    long[] bytes = new long[read];
    for (Map.Entry<StreamId, StripeIndex.Located> e : u.stripe.streams.entrySet()) {
      int c = e.getKey().column();
      if (c <= 0 || c >= included.length || !included[c]
          || !StripeData.VALUE_KINDS.contains(e.getKey().kind())) {
        continue;
      }
      int k = Arrays.binarySearch(fieldIds, c);
      k = k >= 0 ? k : -k - 2; // the field holding column c
      bytes[k] += Math.max(0, e.getValue().length());
    }
    int groups = Math.min(parallelism, read);
    if (fieldNanos == null) {
      fieldNanos = new long[read];
      decodedBytes = new long[read];
    }
    boolean timed = decodedRows > 0;
    for (int k = 0; timed && k < read; k++) {
      timed = fieldNanos[k] > 0;
    }
    double[] cost = new double[read];
    double stripeNanos = 0;
    for (int k = 0; k < read; k++) {
      // the time per byte each field took so far
      cost[k] = Math.max(1, bytes[k]);
      cost[k] *= timed ? (double) fieldNanos[k] / Math.max(1, decodedBytes[k]) : 1;
      stripeNanos += cost[k];
    }
    if (!timed) {
      stripeNanos *= tail.codec == CompressionCodec.NONE ? GUESS_NANOS_PER_BYTE
          : GUESS_NANOS_PER_COMPRESSED_BYTE;
    }
    if (stripeNanos * taskBatchSize / Math.max(1, u.index.rows()) < minSplitNanos) {
      // too little work per batch to pay for handing batches over between threads: all on
      // the caller's thread (still timed, to split again if the work grows)
      groups = 1;
    }
    // the caller's time away from decoding, expected in this stripe
    double fixed = timed ? (double) awayNanos * u.index.rows() / decodedRows : 0;
    double[] before = new double[read + 1];
    for (int k = 0; k < read; k++) {
      before[k + 1] = before[k] + cost[k];
    }
    double total = before[read] + fixed;
    // group g - 1 ends where its time and the time of the groups before (the caller's time
    // away counted in group 0) come nearest g shares of the total, leaving at least one field
    // to each group
    int[] next = new int[groups + 1];
    next[groups] = read;
    for (int g = 1; g < groups; g++) {
      double target = total * g / groups - fixed;
      int k = next[g - 1] + 1;
      while (k < read - (groups - g)
          && Math.abs(before[k + 1] - target) < Math.abs(before[k] - target)) {
        k++;
      }
      next[g] = k;
    }
    if (!Arrays.equals(next, bounds)) {
      if (helpers != null) {
        for (Helper h : helpers) {
          if (h.lane != null) {
            h.lane.cancel();
          }
        }
      }
      bounds = next;
      mine = new Cursor(0, bounds[1], groupBuffer(0));
      helpers = new Helper[groups - 1];
      Type projection = schema();
      for (int g = 1; g < groups; g++) {
        List<String> names = projection.fieldNames().subList(bounds[g], bounds[g + 1]);
        List<Type> types = projection.children().subList(bounds[g], bounds[g + 1]);
        helpers[g - 1] = new Helper(new Cursor(bounds[g], bounds[g + 1], groupBuffer(g)),
            Type.struct(names, types), bounds[g]);
      }
    }
    for (int k = 0; k < read; k++) {
      decodedBytes[k] += bytes[k];
    }
    decodedRows += u.index.rows();
  }

  private StripeData.ReadBuffer groupBuffer(int g) {
    while (groupBuffers.size() <= g) {
      groupBuffers.add(new StripeData.ReadBuffer());
    }
    return groupBuffers.get(g);
  }

  /** The columns of the top-level fields {@code [from, to)} read (and the root). */
  private boolean[] mask(int[] firstId, int from, int to) {
    boolean[] m = new boolean[included.length];
    m[0] = true;
    for (int k = from; k < to; k++) {
      int end = firstId[k] + columns.get(firstId[k]).columnCount();
      for (int c = firstId[k]; c < end; c++) {
        m[c] = included[c];
      }
    }
    return m;
  }

  /**
   * Has the helpers decode stripe {@code u} from its row {@code row}, after the stripes given
   * before; or, with {@code reposition}, from that row of the stripe they have open instead of
   * what they decoded ahead (after a seek, or for batches of another size).
   */
  private void follow(Unit u, long row, boolean reposition) {
    reposition |= helpersBehind;
    helpersBehind = false;
    for (Helper h : helpers) {
      if (reposition || h.lane == null) {
        if (h.lane != null) {
          h.lane.cancel();
        }
        h.jobs.clear();
        h.size = taskBatchSize;
        if (reposition && h.cursor.unit == u) {
          h.cursor.next = row;
          h.cursor.runEnd = 0;
        } else {
          h.cursor.unit = null;
          h.jobs.add(new Job(u, row));
        }
        h.lane = tasks.lane(h, AHEAD);
      } else {
        h.jobs.add(new Job(u, row));
      }
      h.lane.wake();
    }
  }

  /**
   * Swaps the helpers' vectors of the rows the caller's columns just got ({@code n} from
   * {@code mine.from}) into {@code batch}, and theirs to them to fill again; the note of the
   * decoding, the caller's {@code note} first.
   */
  private String takeHelpers(ColumnBatch batch, int n, String note) throws IOException {
    for (Helper h : helpers) {
      Decoded d = h.lane.take();
      ColumnBatch filled = d.batch();
      if (d.from() != mine.from || filled.size != n) {
        throw new IllegalStateException("a helper decoded rows " + d.from() + " + "
            + filled.size + " of stripe " + mine.unit.stripe.index + " for rows " + mine.from
            + " + " + n);
      }
      for (int i = 0; i < filled.cols.length; i++) {
        ColumnVector v = batch.cols[h.firstCol + i];
        batch.cols[h.firstCol + i] = filled.cols[i];
        filled.cols[i] = v;
      }
      h.spare.add(filled);
      note = note != null ? note : d.note();
    }
    return note;
  }

  /** A stripe for a helper to decode, from its row {@code row}. */
  private record Job(Unit unit, long row) {}

  /**
   * Decodes some of the columns on the pool, the stripes the caller opens ({@link #jobs}) one
   * after the other, at most {@link #AHEAD} batches ahead of it ({@link DecodeTasks#lane}); its
   * batches hold only its columns, the caller's batch's from {@link #firstCol} on.
   */
  private final class Helper implements DecodeTasks.Producer<Decoded> {
    final Cursor cursor;
    final Type schema;
    final int firstCol;
    final ConcurrentLinkedQueue<Job> jobs = new ConcurrentLinkedQueue<>();
    final ConcurrentLinkedQueue<ColumnBatch> spare = new ConcurrentLinkedQueue<>();
    volatile int size;
    DecodeTasks.Lane<Decoded> lane;

    Helper(Cursor cursor, Type schema, int firstCol) {
      this.cursor = cursor;
      this.schema = schema;
      this.firstCol = firstCol;
    }

    @Override
    public Decoded next() throws IOException {
      while (true) {
        if (cursor.unit == null) {
          Job j = jobs.poll();
          if (j == null) {
            return null; // until the caller opens the next stripe
          }
          cursor.start(j.unit(), j.row());
        }
        int n = size;
        ColumnBatch b = spare.poll();
        if (b == null || b.capacity() != n) {
          b = new ColumnBatch(schema, n);
        }
        b.reset();
        int got = cursor.fill(b, n);
        if (got > 0) {
          b.size = got;
          return new Decoded(b, cursor.from, cursor.takeNote());
        }
        spare.add(b);
        cursor.unit = null;
      }
    }
  }

  // ---- the parallel read, stripes cut into parts

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
        // its batches went out before this call: the chunks only it and the parts before it
        // read are done with, and its stripe's bytes when it was the stripe's last part
        Unit w = head.unit.shared;
        if (w != null && w.exchange != null) {
          w.exchange.partsDone(head.unit.partIndex);
        }
        if (w != null && --w.partsLeft == 0) {
          w.release();
        }
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
          // no array reused across stripes: the batches of a part may wait to go out while
          // this cursor decodes another stripe
          c = c == null ? new Cursor(included, null) : c;
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
    whole.exchange = null; // the parts cut before (if any) were cancelled: their chunks go too
    whole.shares = null;
    StripeIndex idx = whole.index;
    int stride = idx.rowIndexStride();
    int groups = idx.rowGroupCount();
    if (stride <= 0 || groups <= 1 || !loadRowIndexes(idx)) {
      return List.of(whole.only(row));
    }
    long rows = idx.rows();
    long batch = taskBatchSize;
    // parts of at least partRows rows, and no more than 4 per thread in a stripe: each part
    // decompresses into buffers of its own and seeks, which costs where parts are small. Of
    // several fields, parts of partRows rows: the decoded batches of the parts ahead wait in
    // memory, which costs where parts are large (and the chunks where compressed parts start
    // are decompressed once, ChunkExchange)
    long rowsWanted = inParts ? partRows
        : Math.max(partRows, idx.rows() / (4L * parallelism));
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
        long n = Math.min(runEnd - pos, taken < target
            ? (target - taken + batch - 1) / batch * batch : batch);
        pos += n;
        taken += n;
        // a part seeks to its first row's row group and skips the rows before it: ending this
        // part where the next starts within a batch of a row group's first row keeps that skip
        // under a batch (ending it at the target, the next would skip half a row group on
        // average: 6 % of a 2-thread lineitem scan went on skipping)
        if (taken >= target && (pos >= runEnd || pos - idx.firstRow(group(idx, pos)) < batch)) {
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
      return bounds.isEmpty() ? List.of() : List.of(whole.only(bounds.get(0)[0]));
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
      part.partIndex = parts.size();
      parts.add(part);
    }
    whole.partsLeft = parts.size();
    whole.shares = new StripeShares(sharedValuesMade);
    if (tail.codec != CompressionCodec.NONE) {
      whole.exchange = exchange(whole, bounds);
    }
    return parts;
  }

  /**
   * Where the parts of compressed stripe {@code whole} ({@code [start, end)} rows each) hand
   * each other the chunks they start in, or null (an index that does not say where they
   * start: each part decompresses all it reads).
   */
  private ChunkExchange exchange(Unit whole, List<long[]> parts) {
    StripeIndex idx = whole.index;
    int[] groups = new int[parts.size() - 1];
    for (int i = 1; i < parts.size(); i++) {
      groups[i - 1] = group(idx, parts.get(i)[0]);
    }
    try {
      // of each stream the chunk where a part starts for each part decoding or waiting at once,
      // and one more
      return new ChunkExchange(parallelism + 2,
          RowGroupRanges.chunkStarts(idx, groups, whole.stripe.streams, included),
          exchangeCounts, chunkSpares);
    } catch (IOException | RuntimeException e) {
      return null;
    }
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
    dropStarted(whole);
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
    dropStarted(head == null || head.unit.stripe.index != s ? null : head.unit.whole);
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

  /**
   * Cancels the tasks (waiting for those running to stop) and forgets the parts started and
   * pending, giving their stripes' arrays back but {@code keep}'s (null: all).
   */
  private void dropStarted(Unit keep) {
    tasks.cancelAll();
    for (Started st : window) {
      if (st.unit.shared != null && st.unit.shared != keep) {
        st.unit.shared.release();
      }
    }
    for (Unit u : pending) {
      if (u.shared != null && u.shared != keep) {
        u.shared.release();
      }
    }
    window.clear();
    pending.clear();
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
    /** Which part of the stripe this is, 0 the first ({@link ChunkExchange#partsDone}). */
    int partIndex;
    /** The first row of the part, and one past its last (at most). */
    long start;
    long end = Long.MAX_VALUE;
    /** The stripe whose bytes ({@link #bytes}) this part decodes, shared with its other parts. */
    Unit shared;
    /** The read of the stripe's bytes its parts share, started by the first to ask. */
    private SharedStripeRead read;
    /** The array {@link #read} reads into, taken from {@link #spareStripeBuffers}. */
    private StripeData.ReadBuffer buffer;
    /** The parts of this stripe (cut) not yet done with its bytes; the caller's. */
    int partsLeft;
    /**
     * Where the parts of this stripe hand each other decompressed chunks; null for an
     * uncompressed file or a stripe not cut.
     */
    ChunkExchange exchange;
    /** What the parts of this stripe make once and share (dictionaries); null when not cut. */
    StripeShares shares;

    /**
     * The stripe's data bytes ({@link #ranges}), read by the parts that ask ({@link
     * SharedStripeRead}) into an array of {@link #spareStripeBuffers}.
     */
    StripeData.Bytes bytes() throws IOException {
      SharedStripeRead r;
      synchronized (this) {
        if (read == null) {
          if (buffer == null) {
            buffer = spareStripeBuffers.poll();
            if (buffer == null) {
              buffer = new StripeData.ReadBuffer();
              stripeArraysMade.incrementAndGet();
            }
          }
          read = new SharedStripeRead(file, StripeData.plan(stripe, included, ranges, buffer));
        }
        r = read;
      }
      return r.join();
    }

    /**
     * Gives the array of the stripe's bytes back to {@link #spareStripeBuffers}, once no part of
     * it decodes and no batch of it goes out any more; its bytes are read again if asked.
     */
    synchronized void release() {
      if (exchange != null) {
        exchange.clear();
      }
      if (shares != null) {
        shares.clear(); // a dictionary may point into the bytes given up
      }
      if (buffer != null) {
        spareStripeBuffers.add(buffer);
      }
      buffer = null;
      read = null;
    }
    private boolean indexChecked;
    private boolean indexUsable;

    Unit(Stripe stripe, StripeIndex index, RowGroupSet chosen) {
      this.stripe = stripe;
      this.index = index;
      this.chosen = chosen;
    }

    /** The stripe from its row {@code row} on as the one part of it, reading its bytes. */
    Unit only(long row) {
      Unit p = part(chosen, ranges, row, Long.MAX_VALUE);
      p.shared = this;
      partsLeft = 1;
      return p;
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
     * Locked: the decoders of a column-split read ask from several threads.
     */
    synchronized boolean usableIndex() throws IOException {
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
    /** The columns it decodes, by column id. */
    private final boolean[] decodes;
    /** The readers of all its columns, or null when it has one per field ({@link #fields}). */
    private final RootReader root;
    /**
     * A column-split read's: a reader per top-level field, fields {@code [firstField,
     * firstField + fields.length)} of those read, which go to the batch's columns 0, 1, ...,
     * each timed ({@link #fieldNanos}); each reads through a batch of its one column.
     */
    private final RootReader[] fields;
    private final ColumnBatch[] views;
    private final int firstField;
    private final Decompressor decompressor =
        tail.codec == CompressionCodec.NONE ? null : tail.codec.newDecompressor();
    /** Its streams' decompression buffers, taken again by the streams of each stripe. */
    private final OrcInputStream.ChunkBuffers buffers = new OrcInputStream.ChunkBuffers();
    /**
     * The array each stripe's bytes are read into, or null for an array per stripe. Only for a
     * cursor whose batches are all handed out before it opens its next stripe.
     */
    private final StripeData.ReadBuffer bytes;

    Cursor(boolean[] decodes, StripeData.ReadBuffer bytes) {
      this.decodes = decodes;
      this.bytes = bytes;
      this.root = ColumnReaders.root(fileSchema, decodes);
      this.fields = null;
      this.views = null;
      this.firstField = 0;
    }

    /** The decoder of the top-level fields {@code [from, to)} read, timed field by field. */
    Cursor(int from, int to, StripeData.ReadBuffer bytes) {
      this.decodes = mask(fieldIds, from, to);
      this.bytes = bytes;
      this.root = null;
      this.fields = new RootReader[to - from];
      this.views = new ColumnBatch[to - from];
      this.firstField = from;
      Type projection = schema();
      for (int j = 0; j < fields.length; j++) {
        fields[j] = ColumnReaders.root(fileSchema, mask(fieldIds, from + j, from + j + 1));
        views[j] = new ColumnBatch(Type.struct(List.of(projection.fieldNames().get(from + j)),
            List.of(projection.child(from + j))), 1);
      }
    }

    /** What the decoders do with the streams, which may read windows of a stripe. */
    private interface StreamWork {
      void run() throws IOException;
    }

    /**
     * Runs {@code work}, throwing the I/O error itself where reading a window of a stripe read
     * in windows ({@link StripeData#streamed}) failed.
     */
    private void unwrapped(StreamWork work) throws IOException {
      try {
        work.run();
      } catch (OrcInputStream.WindowReadException e) {
        throw e.getCause();
      }
    }

    private void startStripe(StripeData data) throws IOException {
      unwrapped(() -> startStripeStreams(data));
    }

    private void startStripeStreams(StripeData data) throws IOException {
      if (root != null) {
        root.startStripe(data);
        return;
      }
      for (int j = 0; j < fields.length; j++) {
        long t = System.nanoTime();
        fields[j].startStripe(data);
        fieldNanos[firstField + j] += System.nanoTime() - t;
      }
    }

    private void read(ColumnBatch batch, int n) throws IOException {
      unwrapped(() -> readStreams(batch, n));
    }

    private void readStreams(ColumnBatch batch, int n) throws IOException {
      if (root != null) {
        root.read(batch, n);
        return;
      }
      for (int j = 0; j < fields.length; j++) {
        long t = System.nanoTime();
        views[j].cols[0] = batch.cols[j];
        fields[j].read(views[j], n);
        fieldNanos[firstField + j] += System.nanoTime() - t;
      }
      batch.size = n;
    }

    private void seek(PositionSource source) throws IOException {
      unwrapped(() -> seekStreams(source));
    }

    private void seekStreams(PositionSource source) throws IOException {
      if (root != null) {
        root.seek(source);
        return;
      }
      for (RootReader f : fields) {
        f.seek(source);
      }
    }

    private void skip(long rows) throws IOException {
      unwrapped(() -> skipStreams(rows));
    }

    private void skipStreams(long rows) throws IOException {
      if (root != null) {
        root.skip(rows);
        return;
      }
      for (RootReader f : fields) {
        f.skip(rows);
      }
    }
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
      buffers.reuseAll(); // the streams of the stripe before are done with
      startStripe(u.stripe.dataBytes(decodes) > streamedStripeBytes
          ? StripeData.streamed(file, u.stripe, decodes, defaultZone, maxNestedValues,
              decompressor, buffers)
          : u.shared == null
          ? new StripeData(file, u.stripe, decodes, defaultZone, maxNestedValues,
              decompressor, u.ranges, buffers, bytes)
          : new StripeData(u.stripe, u.shared.bytes(), defaultZone, maxNestedValues,
              decompressor, buffers, u.shared.exchange, u.shared.shares, copiedValues));
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
        read(batch, n);
      } catch (BytesNotReadException e) {
        // the row index placed a row group's bytes wrongly: read the stripe whole
        note = "stripe " + unit.stripe.index + ": read whole, " + e.getMessage();
        buffers.reuseAll();
        startStripe(new StripeData(file, unit.stripe, decodes, defaultZone,
            maxNestedValues, decompressor, null, buffers, bytes));
        decoded = 0;
        batch.reset();
        moveTo(next);
        read(batch, n);
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
        skip(target - decoded);
      } else if (indexed) {
        int g = group(index, target);
        seek(index.positions(g));
        long rows = target - index.firstRow(g);
        mostSkippedAfterSeek.accumulateAndGet(rows, Math::max);
        skip(rows);
      } else {
        seek(PositionSource.STRIPE_START);
        skip(target);
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
