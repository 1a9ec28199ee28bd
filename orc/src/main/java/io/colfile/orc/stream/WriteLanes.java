package io.colfile.orc.stream;

import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.codec.Compressor;
import io.colfile.orc.stripe.StreamKind;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the streams and column writers of one ORC writer share, one {@link Lane} per thread
 * that writes them: the compressors ({@link StreamCompression}'s, one per setting) and the
 * scratch arrays used within one call. <b>Internal</b>: public only for the column writers.
 *
 * <p>Per stream, a compressor is native state (zstd's context, zlib's ~256 KiB) and a buffer of
 * its worst case: a file of 10,000 columns has 40,000 streams. orc-core uses one codec for all
 * streams of a writer; here there is one set per thread writing at the same time (one for a
 * writer on one thread, up to its parallelism otherwise), which compresses to the same bytes: a
 * chunk is compressed on its own, whichever compressor of its setting does it.
 */
public final class WriteLanes {
  private final CompressionCodec codec;
  private final boolean speed;
  /** The only lane of a writer used by one thread at a time; null when several write at once. */
  private final Lane single;
  private final Map<Thread, Lane> byThread;

  /**
   * @param codec the streams' codec ({@link CompressionCodec#NONE}: no compressors)
   * @param speed ORC's compression strategy SPEED, as {@link StreamCompression#compressorFor}
   * @param concurrent whether several threads write the streams at once (a parallel write)
   */
  public WriteLanes(CompressionCodec codec, boolean speed, boolean concurrent) {
    this.codec = codec;
    this.speed = speed;
    this.single = concurrent ? null : new Lane(this);
    this.byThread = concurrent ? new ConcurrentHashMap<>() : null;
  }

  public CompressionCodec codec() {
    return codec;
  }

  /** The calling thread's lane. */
  public Lane current() {
    return single != null ? single
        : byThread.computeIfAbsent(Thread.currentThread(), t -> new Lane(this));
  }

  /**
   * One thread's share: never used by two threads at once. Its arrays are scratch for the
   * length of one call; nothing is kept in them between calls.
   */
  public static final class Lane {
    private static final byte[] NO_BYTES = {};
    private static final int[] NO_INTS = {};
    private static final long[] NO_LONGS = {};

    private final WriteLanes lanes;
    private final Compressor[] compressors = new Compressor[StreamCompression.SETTINGS];
    private byte[] bytes = NO_BYTES;
    private int[] ints = NO_INTS;
    private long[] longs = NO_LONGS;

    private Lane(WriteLanes lanes) {
      this.lanes = lanes;
    }

    /** The compressor for streams of {@code kind}; null without compression. */
    Compressor compressor(StreamKind kind) {
      int setting = StreamCompression.setting(lanes.codec, kind);
      Compressor c = compressors[setting];
      if (c == null && lanes.codec != CompressionCodec.NONE) {
        c = StreamCompression.compressorFor(lanes.codec, kind, lanes.speed);
        compressors[setting] = c;
      }
      return c;
    }

    /** At least {@code n} bytes. */
    byte[] bytes(int n) {
      if (bytes.length < n) {
        bytes = new byte[n];
      }
      return bytes;
    }

    /** At least {@code n} ints, for one call of a column writer. */
    public int[] ints(int n) {
      if (ints.length < n) {
        ints = new int[Math.max(n, Math.min(2 * ints.length, Integer.MAX_VALUE - 16))];
      }
      return ints;
    }

    /** At least {@code n} longs, for one call of a column writer. */
    public long[] longs(int n) {
      if (longs.length < n) {
        longs = new long[Math.max(n, Math.min(2 * longs.length, Integer.MAX_VALUE - 16))];
      }
      return longs;
    }
  }
}
