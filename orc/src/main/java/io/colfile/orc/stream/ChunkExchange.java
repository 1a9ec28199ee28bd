package io.colfile.orc.stream;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.LongAdder;

/**
 * Decompressed chunks that the parts of one stripe, decoded on several threads at once, hand
 * each other. <b>Internal</b>: public only for the reader in {@code io.colfile.orc}.
 *
 * <p>A part of a stripe seeks into the middle of a chunk of each of its streams: the chunk where
 * the part before it ends, and of a stream of few bytes (a column of few distinct values) the chunk
 * where several parts before and after it start too. Without this, each of them decompresses that
 * chunk (with lineitem's 256 KiB chunks and parts of 64 Ki rows, a stream's part is smaller than a
 * chunk: a two-thread ZSTD scan decompressed 1.4x the bytes of one thread). Here the chunks where
 * parts start are decompressed once (unless two parts decompress one at the same time, or one was
 * dropped before a part needed it) by whichever part needs one first, into an array of its own,
 * which it shares ({@link #share}); the others take it ({@link #take}). Such an array is never
 * written again, so values taken from it in place stay valid as long as they are referenced. A
 * chunk that does not decompress is never shared: each part fails on it as it would alone.
 *
 * <p>Of each stream the {@link #kept} chunks shared last are kept (one for each part of a stripe
 * decoding or waiting at once, and one more), and none once the stripe is done with ({@link
 * #clear}, called when no part reads it any more): what is held is at most that many chunks per
 * stream read, the stripe's dictionaries decompressed (which every part reads whole), and the
 * chunks dropped that a part still reads.
 *
 * <p>The parts are numbered in their order (0 the first). A part reads a stream forward from
 * the chunk where it starts (seeking only to later row groups), so where the parts start in a
 * stream at ascending offsets, a chunk is read by no part after the last that starts in it: its
 * array goes back to the spares once that part is done with ({@link #partsDone}), and the chunks
 * shared (about 60 MB a lineitem ZSTD scan on two threads) are decompressed into arrays used
 * again rather than new ones. The reader shares no chunk of a stream whose row groups do not
 * start in ascending chunks (a damaged index); a stream whose parts start out of order here all
 * the same keeps its arrays until the stripe is done with, and those it drops go to the garbage
 * collector, as a part may still read them.
 */
public final class ChunkExchange {
  /** Chunks by their stream and the offset of their header in it. */
  private final ConcurrentHashMap<Key, Chunk> chunks = new ConcurrentHashMap<>();
  /** Of each stream, the chunks shared, oldest first. */
  private final ConcurrentHashMap<Object, ArrayDeque<Key>> byStream = new ConcurrentHashMap<>();
  private final int kept;
  /** Of each stream, where parts start ({@link Starts}). */
  private final Map<Object, Starts> starts = new HashMap<>();
  private final Counts counts;
  private final Spares spares;
  /**
   * The chunks shared whose arrays are not given back yet, with the last part that reads each:
   * {@link #partsDone} or {@link #clear} gives them to the spares (a chunk of a stream out of
   * order that is dropped goes to the garbage collector instead: a part may still read it).
   */
  private final Map<byte[], Held> held = new IdentityHashMap<>();

  /** A chunk shared, its place, and the last part that reads it ({@link #UNTIL_CLEAR}: unknown). */
  private record Held(Key key, Chunk chunk, int lastPart) {}

  /** The last part of a chunk not known, or read by every part (a dictionary). */
  private static final int UNTIL_CLEAR = Integer.MAX_VALUE;

  /**
   * Of one stream: the offsets of the chunks where a part starts, ascending, and of each the
   * last part that starts in it ({@link #UNTIL_CLEAR} for a stream out of order).
   */
  private record Starts(long[] offsets, int[] lastPart) {}

  /**
   * Arrays of one size (a block: most chunks decompress into one) that the chunks of stripes
   * done with were shared in, for the chunks of the next: a read takes them again instead of
   * allocating (and the JVM zeroing) an array for each chunk shared (a lineitem ZSTD scan in
   * parts spent a twentieth of its time on that). A reader's, for all its stripes.
   */
  public static final class Spares {
    private final int size;
    private final boolean junk;
    private final ConcurrentLinkedQueue<byte[]> free = new ConcurrentLinkedQueue<>();

    /** @param size the one size of the arrays it keeps */
    public Spares(int size) {
      this(size, false);
    }

    /**
     * @param size the one size of the arrays it keeps
     * @param junk whether an array given back is filled with junk at once (for tests: a part
     *     still reading it then decodes junk, whatever the threads' timing)
     */
    public Spares(int size, boolean junk) {
      this.size = size;
      this.junk = junk;
    }

    /** An array of {@code size} bytes, with anything in it. */
    byte[] take(int size) {
      byte[] b = size == this.size ? free.poll() : null;
      return b != null ? b : new byte[size];
    }

    /** {@code b}, which nothing reads any more, may be taken again. */
    void give(byte[] b) {
      if (junk) {
        Arrays.fill(b, (byte) 0x5A);
      }
      if (b.length == size) {
        free.add(b);
      }
    }
  }

  /**
   * What the exchanges of a read did (for tests): chunks shared, taken instead of decompressed,
   * and decompressed for nothing (another part shared the chunk first, while this one
   * decompressed it).
   */
  public static final class Counts {
    final LongAdder shared = new LongAdder();
    final LongAdder taken = new LongAdder();
    final LongAdder wasted = new LongAdder();
    final LongAdder givenBack = new LongAdder();

    public long shared() {
      return shared.sum();
    }

    public long taken() {
      return taken.sum();
    }

    public long wasted() {
      return wasted.sum();
    }

    /** Arrays of chunks shared given back to the spares before their stripe was done with. */
    public long givenBack() {
      return givenBack.sum();
    }
  }

  /** A chunk's place: its stream (as the stripe names it) and its header's offset in it. */
  private record Key(Object stream, long chunkStart) {}

  /** A decompressed chunk: {@code bytes[0, length)}, never written again. */
  record Chunk(byte[] bytes, int length) {}

  /**
   * @param kept the chunks of each stream kept
   * @param starts of each stream (as the stripe names it), the offsets of the chunks where the
   *     parts after the first start: element {@code i} that of part {@code i + 1}, -1 where the
   *     row index gives none
   * @param counts where what it does is counted
   * @param spares where the arrays chunks are decompressed into are taken from, and given back
   *     to once the parts reading them are done ({@link #partsDone}) or the stripe is ({@link
   *     #clear})
   */
  public ChunkExchange(int kept, Map<?, long[]> starts, Counts counts, Spares spares) {
    if (kept < 1) {
      throw new IllegalArgumentException("kept " + kept);
    }
    this.kept = kept;
    for (Map.Entry<?, long[]> e : starts.entrySet()) {
      long[] byPart = e.getValue();
      long[] offsets = Arrays.stream(byPart).filter(o -> o >= 0).sorted().distinct().toArray();
      int[] last = new int[offsets.length];
      boolean ordered = !hasGap(byPart);
      long before = -1;
      for (int i = 0; i < byPart.length && ordered; i++) {
        ordered = byPart[i] >= before;
        before = byPart[i];
        // the parts are in order: the last to start in a chunk is the one seen last
        last[Arrays.binarySearch(offsets, byPart[i])] = i + 1;
      }
      if (!ordered) {
        Arrays.fill(last, UNTIL_CLEAR);
      }
      this.starts.put(e.getKey(), new Starts(offsets, last));
    }
    this.counts = counts;
    this.spares = spares;
  }

  /** Whether a part has no offset ({@code -1}). */
  private static boolean hasGap(long[] byPart) {
    for (long o : byPart) {
      if (o < 0) {
        return true;
      }
    }
    return false;
  }

  /** An array to decompress a chunk into, which may be shared ({@link #share}) or given back. */
  byte[] array(int size) {
    return spares.take(size);
  }

  /** {@code b}, taken by {@link #array} and neither shared nor read, may be taken again. */
  void giveBack(byte[] b) {
    spares.give(b);
  }

  /** Whether a part of the stripe starts in the chunk of {@code stream} at {@code chunkStart}. */
  boolean startsPart(Object stream, long chunkStart) {
    Starts a = starts.get(stream);
    return a != null && Arrays.binarySearch(a.offsets(), chunkStart) >= 0;
  }

  /** The last part that reads the chunk of {@code stream} at {@code chunkStart}. */
  private int lastPart(Object stream, long chunkStart) {
    Starts a = starts.get(stream);
    int i = a == null ? -1 : Arrays.binarySearch(a.offsets(), chunkStart);
    return i < 0 ? UNTIL_CLEAR : a.lastPart()[i];
  }

  /** The chunk of {@code stream} whose header is at {@code chunkStart}, or null. */
  Chunk take(Object stream, long chunkStart) {
    Chunk chunk = chunks.get(new Key(stream, chunkStart));
    if (chunk != null) {
      counts.taken.increment();
    }
    return chunk;
  }

  /**
   * Shares a decompressed chunk, which nobody may write again; {@code always}: kept until
   * {@link #clear}, not only among the stream's last.
   */
  void share(Object stream, long chunkStart, Chunk chunk, boolean always) {
    Key k = new Key(stream, chunkStart);
    synchronized (held) {
      // read by this part at least, until it is done
      held.put(chunk.bytes(), new Held(k, chunk, always ? UNTIL_CLEAR : lastPart(stream,
          chunkStart)));
    }
    if (always) {
      count(chunks.putIfAbsent(k, chunk) == null);
      return;
    }
    ArrayDeque<Key> recent = byStream.computeIfAbsent(stream, s -> new ArrayDeque<>());
    synchronized (recent) {
      boolean added = chunks.putIfAbsent(k, chunk) == null;
      count(added);
      if (added) {
        recent.add(k);
        if (recent.size() > kept) {
          Chunk dropped = chunks.remove(recent.poll());
          if (dropped != null) {
            synchronized (held) {
              Held h = held.get(dropped.bytes());
              if (h != null && h.lastPart() == UNTIL_CLEAR) {
                held.remove(dropped.bytes()); // to the collector: a part may still read it
              }
            }
          }
        }
      }
    }
  }

  /**
   * Parts {@code 0} to {@code part} are done and no batch of theirs is used any more (their
   * batches went out, and the caller asked for the next): the arrays of the chunks only they
   * read go back to the spares.
   */
  public void partsDone(int part) {
    List<Key> gone = new ArrayList<>();
    synchronized (held) {
      for (Iterator<Held> i = held.values().iterator(); i.hasNext(); ) {
        Held h = i.next();
        if (h.lastPart() <= part) {
          if (chunks.remove(h.key(), h.chunk())) { // no later part starts in it
            gone.add(h.key());
          }
          i.remove();
          spares.give(h.chunk().bytes());
          counts.givenBack.increment();
        }
      }
    }
    // out of the stream's last chunks, which keep room for chunks still to be shared (locked
    // apart from held: share locks a stream's queue, then held)
    for (Key k : gone) {
      ArrayDeque<Key> recent = byStream.get(k.stream());
      if (recent != null) {
        synchronized (recent) {
          recent.remove(k);
        }
      }
    }
  }

  private void count(boolean added) {
    (added ? counts.shared : counts.wasted).increment();
  }

  /**
   * Drops every chunk shared, and gives their arrays back to the spares: only once no part
   * reads the stripe any more, and no batch of it is used (every batch of the stripe went out,
   * and the caller asked for the next: values taken in place from a chunk are gone).
   */
  public void clear() {
    chunks.clear();
    byStream.clear();
    synchronized (held) {
      for (byte[] b : held.keySet()) {
        spares.give(b);
      }
      held.clear();
    }
  }

}
