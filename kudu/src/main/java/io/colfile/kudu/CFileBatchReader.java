package io.colfile.kudu;

import io.colfile.core.AbstractBatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.encoding.Endian;
import io.colfile.core.read.DecodeTasks;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.ColumnVector;
import io.colfile.kudu.index.IndexTreeReader;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The batches of a parallel read of one CFile ({@link ReadOptions#withParallelism} above 1) with
 * a positional index. The read starts on the caller's thread, a cursor reading the batches as a
 * single-threaded read does, and times its first {@link #TIMED_BLOCKS} whole data blocks (their
 * loading, checking, decompressing and decoding): when the cheaper of them, per row, makes the
 * rows handed over at once (a batch, or a part if smaller) cost at least {@link #MIN_BATCH_NANOS}
 * to decode, the cursor is handed to the first part and the rest of the file is read in parts
 * as below; otherwise the caller's thread reads the whole file (handing over a batch that
 * decodes in a few microseconds costs more than the thread saves).
 *
 * <p>In parts, the caller's thread walks the positional index's leaves and cuts the file
 * into parts of whole data blocks (about {@link #partRows} rows each, fewer in a small file so
 * that every thread gets a few), and each part is decoded by a task of its own on the pool
 * ({@link DecodeTasks}) with a cursor of its own (cursors, with their decompressors, are used
 * again by later parts), parallelism + 1 parts at most started ahead of the rows handed out. A
 * part's task cuts its rows where a single-threaded read's batches end; {@link #fill} swaps a
 * decoded vector that is a whole batch into the caller's batch (the caller's goes to the tasks
 * to fill again), and joins the two halves of a batch that spans two parts by copying.
 *
 * <p>Each part's cursor loads and checks its first block as a single-threaded read's cursor
 * does when the block before ended at the part's first ordinal, and its task checks, once it
 * has read its rows, that its last block ended there and that it walked exactly the index
 * entries planned: the next part then goes on exactly where a single-threaded read would, and
 * the rows, the batches and the errors (the same exception, where a single-threaded read
 * throws it: what a part throws is thrown once the rows before it are handed out) are a
 * single-threaded read's. Where a part does not end where the positional index said (a
 * damaged file), the parts after it are cancelled and its cursor reads on to the end of the
 * file alone, as a single-threaded read's does. A seek positions a cursor on the caller's
 * thread (throwing as a single-threaded read's seek does), cancels the tasks and starts again
 * from the row sought. A batch of another size cancels the tasks and starts the same parts
 * again, cut where the new batches end (a cursor's reads, and so what a damaged block's error
 * says, follow the batches): the first positioned as before and reading on to the next row.
 * {@link #close} cancels the tasks and waits for those running.
 */
final class CFileBatchReader extends AbstractBatchReader {
  /**
   * The fewest rows a part holds (whole blocks: a part of larger blocks holds more) unless the
   * file is small; tests lower it to cut small files into many parts.
   */
  static volatile int partRows = 64 << 10;

  /**
   * The least decoding time (nanoseconds) of the rows handed over at once (a batch) for which
   * the read goes to other threads. Reading in parts costs 1 to 5 us of CPU time more per
   * batch of 1,024 rows, whatever the encoding (thread CPU time of 2 M values, {@code
   * KuduThreads}), plus the waits of the thread handed to. On two quiet cores, files of less
   * than 5 us a batch lost (uncompressed int64, 2.5 us: 1.8x the time of one thread), from 5 to
   * 10 us they gained or lost by the JVM (0.6x to 1.1x, for 16 to 100 % more CPU time), and
   * from 12 us they gained (zlib int64 0.7x, strings 0.55x to 0.8x). Below 10 us (the ints but
   * zlib's, dictionary strings) the caller's thread reads alone and the other core stays free.
   */
  static final long MIN_BATCH_NANOS = 10_000;
  /**
   * {@link #MIN_BATCH_NANOS}; tests lower it (0: in parts after the blocks timed) or raise it,
   * as {@code -Dcolfile.kudu.minBatchNanos=} does (to compare).
   */
  static volatile long minBatchNanos =
      Long.getLong("colfile.kudu.minBatchNanos", MIN_BATCH_NANOS);
  /**
   * The whole data blocks the caller's thread times before it decides: two, so that a first
   * block slowed by what runs once (the JIT compiling the decoder, the first reads of the file)
   * does not decide alone.
   */
  static final int TIMED_BLOCKS = 2;
  /**
   * {@link #TIMED_BLOCKS}; tests change it (0: in parts from the first row, nothing timed), as
   * {@code -Dcolfile.kudu.timedBlocks=} does.
   */
  static volatile int timedBlocksWanted =
      Integer.getInteger("colfile.kudu.timedBlocks", TIMED_BLOCKS);

  /** Whether a read of {@code file} with {@code options} may be cut into parts. */
  static boolean mayCut(CFile file, ReadOptions options) {
    return options.parallelism() > 1 && file.footer().posIndexRoot() != null
        && file.numValues() > 1;
  }

  private final CFile file;
  private final Type type;
  private final int parallelism;
  private final DecodeTasks tasks;
  /** The rows a part should hold at least (whole blocks). */
  private final long partRowsWanted;
  /** Parts started, in order; the head's rows go out next. */
  private final ArrayDeque<Part> window = new ArrayDeque<>();
  /** Cursors of parts that ended, for later parts. */
  private final Queue<CFileCursor> spareCursors = new ConcurrentLinkedQueue<>();
  /** Vectors handed back (the caller's, or decoded ones whose rows were copied), to fill. */
  private final Queue<ColumnVector> spareVectors = new ConcurrentLinkedQueue<>();

  // On the caller's thread
  /** The caller's cursor while the read is on the caller's thread, null once in parts. */
  private CFileCursor alone;
  /** Whether {@link #alone}'s blocks are timed (until the read decides). */
  private boolean timing;
  /**
   * The whole blocks to time ({@link #timedBlocksWanted}), those timed, and the least time per
   * row of one.
   */
  private final int timedWanted;
  private int timedBlocks;
  private double leastNanosPerRow = Double.MAX_VALUE;
  /**
   * Of the block {@link #alone} reads ({@link CFileCursor#blocksLoaded} when loaded): the time
   * and rows read so far, and whether it was loaded by a read (a sought block is not timed).
   */
  private long timedBlock;
  private long blockNanos;
  private long blockRows;
  private boolean blockTimed;

  /** The next row to hand out. */
  private long next;
  /** The decoded rows that go out next (taken from the head part's task), or null. */
  private Decoded current;
  /**
   * The batches of a single-threaded read end at every {@link #gridSize} rows from {@link
   * #gridOrigin} (the row read from first, or sought, or where the caller's batch size changed).
   */
  private long gridOrigin;
  private int gridSize;

  // Planning
  /** False until the first batch or seek: the parts are planned from the first row then. */
  private boolean begun;
  /** All parts are started (or none is left). */
  private boolean planned;
  /** The next part to start, its end not planned yet. */
  private Part plan;
  /**
   * The walk of the positional index, on the entry of {@link #plan}'s first block; null when
   * {@link #plan} is the last part (no entry after it, or the index could not be walked on).
   */
  private IndexTreeReader walk;

  CFileBatchReader(CFile file, Type type, ReadOptions options) throws IOException {
    super(type, options.batchSize());
    this.file = file;
    this.type = type;
    this.parallelism = options.parallelism();
    this.tasks = new DecodeTasks(options);
    this.gridSize = options.batchSize();
    // a small file still cut in a few parts per thread, a large one in parts of partRows
    this.partRowsWanted = Math.max(1, Math.min(partRows, file.numValues() / (4L * parallelism)));
    this.timedWanted = timedBlocksWanted;
    if (timedWanted > 0) {
      // positioned at the first row lazily, as a single-threaded read's cursor
      alone = file.newCursor();
      timing = true;
    }
  }

  @Override
  protected int fill(ColumnBatch batch, int max) throws IOException {
    if (max != gridSize) {
      gridOrigin = next;
      gridSize = max;
      restart(); // the tasks cut their rows where these batches end
    }
    if (alone != null) {
      int filled = timing ? readTimed(batch.cols[0], max) : alone.read(batch.cols[0], 0, max);
      next += filled;
      if (timing && timedBlocks >= timedWanted) {
        decide();
      }
      return filled;
    }
    if (!begun) {
      begin();
    }
    int filled = 0;
    while (filled < max) {
      Decoded d = current();
      if (d == null) {
        break;
      }
      int k = Math.min(max - filled, d.count - d.used);
      if (filled == 0 && d.used == 0 && k == d.count && d.vector.capacity() >= max) {
        spareVectors.add(batch.cols[0]);
        batch.cols[0] = d.vector; // the decoded rows are the whole batch, or its first part
      } else {
        RowCopier.copy(d.vector, d.used, batch.cols[0], filled, k);
        if (d.used + k == d.count) {
          spareVectors.add(d.vector);
        }
      }
      d.used += k;
      filled += k;
      next += k;
      if (d.used == d.count) {
        current = null;
      }
    }
    return filled;
  }

  /** The vector whose rows go out next, waiting for it; null when no rows are left. */
  private Decoded current() throws IOException {
    while (current == null) {
      startAhead();
      Part head = window.peekFirst();
      if (head == null) {
        return null;
      }
      Decoded d = head.task.take();
      if (d == null) {
        window.removeFirst();
        if (head.misaligned) {
          readOnAlone(head);
        }
        continue;
      }
      if (d.from != next) {
        // cannot happen: the parts tile the rows
        throw new IllegalStateException(file.name() + ": rows decoded from ordinal " + d.from
            + " where ordinal " + next + " goes out next");
      }
      current = d;
    }
    return current;
  }

  /**
   * Moves to row {@code row}: a cursor is positioned there on this thread, as a single-threaded
   * read's is (throwing what it throws), and the parts are planned again from there.
   */
  @Override
  protected void seek(long row) throws IOException {
    if (alone != null) {
      next = Math.min(row, file.numValues());
      gridOrigin = next;
      try {
        alone.seekToOrdinal(next);
      } catch (IOException | RuntimeException e) {
        timing = false; // stays on this thread
        throw e;
      }
      timedBlock = alone.blocksLoaded();
      blockTimed = false; // loaded by the seek, untimed
      return;
    }
    drop();
    begun = true;
    planned = true; // nothing left to read if positioning fails
    next = Math.min(row, file.numValues());
    gridOrigin = next;
    CFileCursor c = cursor();
    long base = c.blocksLoaded();
    if (!c.seekToOrdinal(next)) {
      spareCursors.add(c);
      return; // at the end
    }
    planned = false;
    plan = new Part(next, next, null, true);
    plan.given = c;
    plan.givenBase = base;
    walk = file.positionalIndex();
    try {
      // no block starts beyond MAX_ORDINAL: a row beyond it is in the last block (see key)
      if (next > MAX_ORDINAL || !walk.seek(key(next), true)) {
        walk = null;
      }
    } catch (IOException | RuntimeException e) {
      walk = null; // the part's cursor meets the damage itself, where a single-threaded read does
    }
  }

  @Override
  public void close() {
    tasks.close();
  }

  // ---- on the caller's thread

  /**
   * Reads as {@link CFileCursor#read} does (the same reads of each block), timing each block
   * loaded by a read, from its loading to its last row read.
   */
  private int readTimed(ColumnVector v, int max) throws IOException {
    int filled = 0;
    try {
      while (filled < max) {
        long t = System.nanoTime();
        int k = alone.readInOneBlock(v, filled, max - filled);
        t = System.nanoTime() - t;
        if (k == 0) {
          break;
        }
        if (alone.blocksLoaded() != timedBlock) { // this read loaded a block: its time starts
          timedBlock = alone.blocksLoaded();
          blockTimed = true;
          blockNanos = 0;
          blockRows = 0;
        }
        blockNanos += t;
        blockRows += k;
        filled += k;
        if (blockTimed && alone.atBlockEnd()) {
          timedBlocks++;
          leastNanosPerRow = Math.min(leastNanosPerRow, (double) blockNanos / blockRows);
          blockTimed = false;
        }
      }
    } catch (IOException | RuntimeException e) {
      timing = false; // stays on this thread, as a single-threaded read's cursor goes on
      throw e;
    }
    return filled;
  }

  /**
   * With the blocks wanted timed: hands {@link #alone} to the first part when the
   * rows handed over at once would cost at least {@link #minBatchNanos}, or keeps it.
   */
  private void decide() {
    timing = false;
    double handedOver = leastNanosPerRow * Math.min(gridSize, partRowsWanted);
    IndexTreeReader at = handedOver >= minBatchNanos && next < file.numValues()
        ? alone.entry() : null;
    if (at == null) {
      return; // cheap, or at the end: the caller's thread reads on
    }
    // the part goes on with the cursor from the block it stands in: the part's first, as
    // a part's first block counts whether the cursor stands at its end or in it
    begun = true;
    planned = false;
    plan = new Part(next, alone.blockFirst(), at.copy(), false);
    plan.given = alone;
    plan.givenBase = alone.blocksLoaded() - 1;
    walk = at;
    alone = null;
  }

  // ---- planning

  /** Plans the parts from the first row, as a single-threaded read starts at its first batch. */
  private void begin() {
    begun = true;
    planned = false;
    plan = new Part(0, 0, null, false);
    walk = file.positionalIndex();
    try {
      if (!walk.seekToFirst()) {
        walk = null;
      }
    } catch (IOException | RuntimeException e) {
      walk = null; // the part's cursor meets the damage itself, where a single-threaded read does
    }
  }

  /** Plans and starts parts until parallelism + 1 are started or none is left. */
  private void startAhead() {
    while (!planned && window.size() <= parallelism) {
      Part p = plan();
      p.task = tasks.start(producer(p, p.from, gridOrigin, gridSize));
      window.add(p);
    }
  }

  /**
   * Completes {@link #plan}, the next part, and plans the one after: the blocks of the index
   * entries from its first up to the first whose key (its first ordinal) is at least {@link
   * #partRowsWanted} rows on. The part is the last when the walk ends, fails, or meets keys out
   * of order or out of the file: its cursor then reads on to the end of the file, as a
   * single-threaded read's does.
   */
  private Part plan() {
    Part p = plan;
    plan = null;
    if (walk == null) {
      planned = true;
      return p;
    }
    long previous = p.from;
    int blocks = 1;
    try {
      while (walk.next()) {
        long key = ordinal(walk.key());
        if (key < previous || key >= file.numValues()) {
          break; // a damaged index: no more cuts
        }
        if (key - p.from >= partRowsWanted) {
          p.to = key;
          p.blocks = blocks;
          plan = new Part(key, key, walk.copy(), false);
          return p;
        }
        if (key > previous) {
          previous = key;
        }
        blocks++;
      }
    } catch (IOException | RuntimeException e) {
      // the part's cursor meets the damage itself, where a single-threaded read does
    }
    walk = null;
    planned = true;
    return p;
  }

  /**
   * The last ordinal a data block can start at: a block's first ordinal is a u32 in its header
   * and in its positional index key (cfile.md sections 6 and 8.3).
   */
  static final long MAX_ORDINAL = 0xFFFFFFFFL;

  /** A positional index key: the ordinal, big-endian in 4 bytes; -1 for another length. */
  static long ordinal(byte[] key) {
    return key.length == 4 ? Endian.getIntBE(key, 0) & 0xFFFFFFFFL : -1;
  }

  /**
   * The positional index key of {@code ordinal} (at most {@link #MAX_ORDINAL}): Kudu's writer
   * keys each data block by its first ordinal as {@code KeyEncoderTraits<UINT32>} encodes it,
   * 4 bytes big-endian, not a varint ({@code AppendRawBlock} in {@code
   * src/kudu/cfile/cfile_writer.cc}; its reader's {@code SeekToOrdinal} seeks by the same key),
   * and counts its values in a {@code rowid_t}, a {@code uint32_t} ({@code value_count_};
   * {@code src/kudu/common/rowid.h}: "we only support up to 4B rows per RowSet"), so Kudu writes
   * no CFile of more than 2^32 - 1 values. colfile's writer refuses a block that would start
   * beyond (its block headers hold the first ordinal in a u32 too); a file of more values can
   * only hold them in a last block started at or below {@link #MAX_ORDINAL}, whose rows its
   * part reads to the end: no positional index entry, so no cut, can lie beyond 2^32.
   */
  static byte[] key(long ordinal) {
    if (ordinal < 0 || ordinal > MAX_ORDINAL) {
      throw new IllegalArgumentException("ordinal " + ordinal + " has no positional index key");
    }
    byte[] key = new byte[4];
    Endian.putIntBE(key, 0, (int) ordinal);
    return key;
  }

  /**
   * Part {@code head} did not end where the positional index said: the parts after it are
   * cancelled and its cursor reads on, alone, to the end of the file.
   */
  private void readOnAlone(Part head) {
    drop();
    walk = null;
    planned = false;
    plan = new Part(next, head.start, head.entry, head.seek);
    plan.given = head.cursor;
    plan.givenBase = head.cursor.blocksLoaded();
  }

  /**
   * Starts the parts again, their rows cut where the batches from {@link #gridOrigin} end: the
   * first from {@link #next}, its cursor positioned as before and reading on to there.
   */
  private void restart() {
    if (window.isEmpty()) {
      return;
    }
    tasks.cancelAll();
    dropCurrent();
    boolean first = true;
    for (Part p : window) {
      p.misaligned = false;
      p.task = tasks.start(producer(p, first ? next : p.from, gridOrigin, gridSize));
      first = false;
    }
  }

  /** Cancels the tasks and forgets the parts started and the rows decoded not handed out. */
  private void drop() {
    tasks.cancelAll();
    window.clear();
    dropCurrent();
    if (plan != null && plan.given != null) {
      spareCursors.add(plan.given);
    }
    plan = null;
  }

  private void dropCurrent() {
    if (current != null) {
      spareVectors.add(current.vector);
      current = null;
    }
  }

  private CFileCursor cursor() throws IOException {
    CFileCursor c = spareCursors.poll();
    return c != null ? c : file.newCursor();
  }

  // ---- decoding a part

  /**
   * Reads part {@code p} from its row {@code from} in vectors that end where the batches of
   * {@code size} rows from row {@code origin} end, and checks that it ended where planned.
   */
  private DecodeTasks.Producer<Decoded> producer(Part p, long from, long origin, int size) {
    return new DecodeTasks.Producer<>() {
      private CFileCursor c;
      private long base;
      private long at;

      @Override
      public Decoded next() throws IOException {
        if (c == null) {
          position();
        }
        if (at >= p.to) {
          // the last block ended here, after the index entries planned: the next part's
          // block is the one a single-threaded read loads next, and it should start here
          if (!c.atBlockEnd() || c.blocksLoaded() - base != p.blocks) {
            p.misaligned = true; // the reader's cursor goes on from here
          } else {
            spareCursors.add(c);
          }
          return null;
        }
        int n = (int) Math.min(size - Math.floorMod(at - origin, size), p.to - at);
        ColumnVector v = spareVectors.poll();
        if (v == null || v.capacity() < size) {
          v = ColumnVector.create(type, size);
        }
        v.reset();
        int got = c.read(v, 0, n);
        if (got == 0) {
          spareVectors.add(v);
          spareCursors.add(c);
          return null; // the end of the file
        }
        Decoded d = new Decoded(v, at, got);
        at += got;
        return d;
      }

      /**
       * Takes the cursor given, or positions one as {@code p}'s first cursor was (the rows
       * before {@code from} read again and dropped: they were read before, without error).
       */
      private void position() throws IOException {
        CFileCursor given = p.given;
        if (given != null) {
          p.given = null;
          c = given;
          base = p.givenBase;
          at = p.from;
        } else {
          c = cursor();
          base = c.blocksLoaded();
          at = p.start;
          if (p.entry != null) {
            c.startAtEntry(p.entry, p.start);
          } else if (p.seek) {
            c.seekToOrdinal(p.start);
          } else {
            c.seekToFirst(); // as a single-threaded read's cursor starts
          }
        }
        p.cursor = c;
        if (at < from) {
          ColumnVector skipped = ColumnVector.create(type, (int) Math.min(from - at, 4096));
          while (at < from) {
            skipped.reset();
            int got = c.read(skipped, 0, (int) Math.min(from - at, skipped.capacity()));
            if (got == 0) {
              throw new IllegalStateException(file.name() + ": ordinal " + at
                  + " read before cannot be read again");
            }
            at += got;
          }
        }
      }
    };
  }

  /**
   * Ordinals {@code [from, to)} of the file, a task's to decode, and how its cursor gets there:
   * to the first row, to the block of an index entry, or by a seek, all to ordinal {@code
   * start}, then reading on to {@code from} (a part going on from another's cursor, or started
   * again in the middle).
   */
  private static final class Part {
    final long from;
    final long start;
    /** The walk on the entry of the block that starts at {@link #start}, or null. */
    final IndexTreeReader entry;
    /** Whether {@link #start} is sought (a part that starts where the caller sought). */
    final boolean seek;
    /** The end, or Long.MAX_VALUE for the last part, which reads on to the end of the file. */
    long to = Long.MAX_VALUE;
    /** The index entries (data blocks) the part walks from {@link #start}, its first included. */
    int blocks;
    /** A cursor already at {@link #from}, for the part's first task to take, or null. */
    volatile CFileCursor given;
    /** The blocks {@link #given} had loaded before it was positioned at {@link #start}. */
    long givenBase;
    /** The cursor the part's task reads with. */
    volatile CFileCursor cursor;
    /** Set by the task: it did not end where planned. */
    volatile boolean misaligned;
    DecodeTasks.Task<Decoded> task;

    Part(long from, long start, IndexTreeReader entry, boolean seek) {
      this.from = from;
      this.start = start;
      this.entry = entry;
      this.seek = seek;
    }
  }

  /** Rows {@code [from, from + count)}, decoded into {@code vector}, {@code used} handed out. */
  private static final class Decoded {
    final ColumnVector vector;
    final long from;
    final int count;
    int used;

    Decoded(ColumnVector vector, long from, int count) {
      this.vector = vector;
      this.from = from;
      this.count = count;
    }
  }
}
