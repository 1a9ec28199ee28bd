package io.colfile.orc.stream;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Decompressed chunks that the parts of one stripe, decoded on several threads at once, hand
 * each other. <b>Internal</b>: public only for the reader in {@code io.colfile.orc}.
 *
 * <p>A part of a stripe seeks into the middle of a chunk of each of its streams: the chunk
 * where the part before it ends, and of a stream of few bytes (a column of few distinct values)
 * the chunk where several parts before and after it start too. Without this, each of them
 * decompresses that chunk (with lineitem's 256 KiB chunks and parts of 64 Ki rows, a stream's
 * part is smaller than a chunk: a two-thread ZSTD scan decompressed twice the bytes of one
 * thread). Here the chunks where parts start, and the chunk after each, are decompressed once
 * (unless two parts decompress one at the same time, or one was dropped before a part needed it)
 * by whichever part needs one first, into an array of its own, which it shares ({@link
 * #share}); the others take it ({@link #take}). Such an array is never written again, so
 * values taken from it in place stay valid as long as they are referenced. A chunk that does not decompress is never shared: each
 * part fails on it as it would alone.
 *
 * <p>Of each stream the {@link #kept} chunks shared last are kept (two for each part of a stripe
 * decoding or waiting at once, and one more), and none once the stripe is done with ({@link
 * #clear}, called when no part reads it any more): what is held is at most that many chunks per
 * stream read, and the stripe's dictionaries decompressed (which every part reads whole).
 */
public final class ChunkExchange {
  /** Chunks by their stream and the offset of their header in it. */
  private final ConcurrentHashMap<Key, Chunk> chunks = new ConcurrentHashMap<>();
  /** Of each stream, the chunks shared, oldest first. */
  private final ConcurrentHashMap<Object, ArrayDeque<Key>> byStream = new ConcurrentHashMap<>();
  private final int kept;
  /** Of each stream, the offsets of the chunks where a part starts, ascending. */
  private final Map<?, long[]> starts;
  private final Counts counts;

  /**
   * What the exchanges of a read did (for tests): chunks shared, taken instead of decompressed,
   * and decompressed for nothing (another part shared the chunk first, while this one
   * decompressed it).
   */
  public static final class Counts {
    final LongAdder shared = new LongAdder();
    final LongAdder taken = new LongAdder();
    final LongAdder wasted = new LongAdder();

    public long shared() {
      return shared.sum();
    }

    public long taken() {
      return taken.sum();
    }

    public long wasted() {
      return wasted.sum();
    }
  }

  /** A chunk's place: its stream (as the stripe names it) and its header's offset in it. */
  private record Key(Object stream, long chunkStart) {}

  /** A decompressed chunk: {@code bytes[0, length)}, never written again. */
  record Chunk(byte[] bytes, int length) {}

  /**
   * @param kept the chunks of each stream kept
   * @param starts of each stream (as the stripe names it), the offsets of the chunks where a
   *     part starts (its row group's positions), in any order
   * @param counts where what it does is counted
   */
  public ChunkExchange(int kept, Map<?, long[]> starts, Counts counts) {
    if (kept < 1) {
      throw new IllegalArgumentException("kept " + kept);
    }
    this.kept = kept;
    for (long[] a : starts.values()) {
      Arrays.sort(a);
    }
    this.starts = starts;
    this.counts = counts;
  }

  /** Whether a part of the stripe starts in the chunk of {@code stream} at {@code chunkStart}. */
  boolean startsPart(Object stream, long chunkStart) {
    long[] a = starts.get(stream);
    return a != null && Arrays.binarySearch(a, chunkStart) >= 0;
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
          chunks.remove(recent.poll());
        }
      }
    }
  }

  private void count(boolean added) {
    (added ? counts.shared : counts.wasted).increment();
  }

  /** Drops every chunk shared; only once no part reads the stripe. */
  public void clear() {
    chunks.clear();
    byStream.clear();
  }

}
