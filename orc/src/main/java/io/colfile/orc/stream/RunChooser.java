package io.colfile.orc.stream;

import io.colfile.core.encoding.Varints;
import java.util.Arrays;

/**
 * Chooses and writes one RLE v2 run for {@link RleV2Encoder}, with the rules of orc-core's
 * {@code determineEncoding} (orc.md section 6.5):
 *
 * <ol>
 *   <li>up to 3 values, or max - min overflowing a long: DIRECT;
 *   <li>all values equal, or all deltas equal: DELTA without packed deltas;
 *   <li>first delta non-zero and the values monotone: DELTA with |deltas| packed, the first
 *       delta excluded from the width;
 *   <li>else, when the 100th and 90th percentile widths of the (zigzagged) values differ by more
 *       than one bit, and those of value - min differ at 100 and 95 and |min| is below 2^56:
 *       PATCHED_BASE at the 95th percentile width, the excess bits patched;
 *   <li>else DIRECT at the widest width.
 * </ol>
 *
 * With aligned bit packing, DIRECT and DELTA widths round up to 1, 2, 4, 8, 16, 24, 32, 40, 48,
 * 56 or 64 bits; PATCHED_BASE never aligns. A run is written straight into the stream's window
 * when the largest it can be fits there, else assembled in one array and handed to the stream in
 * a single write.
 */
final class RunChooser {
  private static final int MAX_RUN = RleV2Decoder.MAX_RUN;
  private static final int MAX_SHORT_REPEAT = 10;
  /** PATCHED_BASE stores its base in at most 8 bytes, sign bit included. */
  private static final long MAX_PATCHED_BASE = 1L << 56;
  /** At most 25 values exceed the 95th percentile, plus two entries for a split gap. */
  private static final int MAX_PATCHES = 31;
  private static final int MAX_GAP = 255;
  private static final int[] WIDTHS = RleV2Decoder.WIDTHS;
  /** The width code for a bit count 0..64 (rounded up to the next width; 0 counts as 1). */
  private static final int[] CODE_OF_BITS = new int[65];

  static {
    for (int bits = 0, code = 0; bits <= 64; bits++) {
      while (WIDTHS[code] < Math.max(bits, 1)) {
        code++;
      }
      CODE_OF_BITS[bits] = code;
    }
  }

  private final boolean signed;
  private final boolean aligned;
  private final long[] runCounts = new long[4];

  /**
   * The arrays a run is chosen and assembled in, used only within one call: one set per thread
   * that writes runs, not one per encoder (a writer of 10,000 integer columns held 17 KB of them
   * per column, 250 MB). A chooser binds the set of the thread calling it.
   */
  private static final class Scratch {
    final long[] encoded = new long[MAX_RUN]; // zigzagged when signed
    final long[] reduced = new long[MAX_RUN]; // value - min
    final long[] deltas = new long[MAX_RUN]; // [0] signed, then magnitudes
    final int[] histogram = new int[WIDTHS.length];
    final int[] gaps = new int[MAX_PATCHES];
    final long[] patches = new long[MAX_PATCHES];
    final long[] patchEntries = new long[MAX_PATCHES];
    // header 4 + base 8 + data + patch list; DELTA needs 2 + 10 + 10 + 510 x 8, less
    final byte[] run = new byte[4 + 8 + MAX_RUN * 8 + MAX_PATCHES * 8];
  }

  private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

  /** The thread whose {@link Scratch} the fields below are; null before the first run. */
  private Thread boundTo;
  private long[] encoded;
  private long[] reduced;
  private long[] deltas;
  private int[] histogram;
  private int[] gaps;
  private long[] patches;
  private long[] patchEntries;
  private byte[] run;
  /** Where the run being chosen goes: {@link #run} or the stream's window, from {@link #at}. */
  private byte[] dst;
  private int at;

  RunChooser(boolean signed, boolean aligned) {
    this.signed = signed;
    this.aligned = aligned;
  }

  /** Takes the calling thread's scratch arrays, unless it has them already. */
  private void bind() {
    Thread t = Thread.currentThread();
    if (t != boundTo) {
      Scratch s = SCRATCH.get();
      encoded = s.encoded;
      reduced = s.reduced;
      deltas = s.deltas;
      histogram = s.histogram;
      gaps = s.gaps;
      patches = s.patches;
      patchEntries = s.patchEntries;
      run = s.run;
      boundTo = t;
    }
  }

  long[] runCounts() {
    return runCounts.clone();
  }

  /** {@code count} (3 to 512) copies of {@code value}: SHORT_REPEAT up to 10, else DELTA. */
  void writeRepeat(long value, int count, OrcOutputStream out) {
    bind();
    target(out, 2 + 2 * Varints.MAX_VARLONG_BYTES);
    int p;
    if (count <= MAX_SHORT_REPEAT) {
      long z = signed ? zigzag(value) : value;
      int bytes = (closestFixedBits(bitLength(z)) + 7) >>> 3;
      dst[at] = (byte) ((bytes - 1) << 3 | (count - RleV2Encoder.MIN_REPEAT));
      p = putBigEndian(z, bytes, at + 1);
      runCounts[RleV2Encoder.SHORT_REPEAT]++;
    } else {
      p = deltaHeader(count, 0, value);
      p = putVarint(zigzag(0), p);
      runCounts[RleV2Encoder.DELTA]++;
    }
    finish(out, p);
  }

  /** {@code literals[0, n)}, 1 to 512 values that are not one repeat. */
  void write(long[] literals, int n, OrcOutputStream out) {
    bind();
    target(out, 4 + 8 + n * 8 + MAX_PATCHES * 8);
    finish(out, choose(literals, n));
  }

  /**
   * Where the next run goes: straight into the stream's window when {@code most} bytes fit
   * there, else into {@link #run}.
   */
  private void target(OrcOutputStream out, int most) {
    byte[] window = out.window(most);
    if (window != null) {
      dst = window;
      at = out.windowPosition();
    } else {
      dst = run;
      at = 0;
    }
  }

  /** The run ends before {@code p} of {@link #dst}. */
  private void finish(OrcOutputStream out, int p) {
    if (dst == run) {
      out.write(run, 0, p);
    } else {
      out.windowAdvance(p);
      dst = run; // not holding on to the stream's window
    }
  }

  private int choose(long[] v, int n) {
    if (n <= RleV2Encoder.MIN_REPEAT) {
      return direct(v, n);
    }
    long first = v[0];
    long firstDelta = v[1] - first;
    long min = first;
    long max = first;
    boolean up = true;
    boolean down = true;
    boolean fixedDelta = true;
    for (int i = 1; i < n; i++) {
      long prev = v[i - 1];
      long x = v[i];
      min = Math.min(min, x);
      max = Math.max(max, x);
      up &= prev <= x;
      down &= prev >= x;
      fixedDelta &= x - prev == firstDelta;
    }
    if (!isSafeSubtract(max, min)) {
      return direct(v, n);
    }
    // from here on no difference of two values overflows
    if (min == max || fixedDelta) {
      int p = deltaHeader(n, 0, first);
      runCounts[RleV2Encoder.DELTA]++;
      return putVarint(zigzag(min == max ? 0 : firstDelta), p);
    }
    if (firstDelta != 0 && (up || down)) {
      // the deltas of a monotone run: the first one signed, then magnitudes
      deltas[0] = firstDelta;
      long deltaMax = 0;
      for (int i = 2; i < n; i++) {
        long magnitude = Math.abs(v[i] - v[i - 1]);
        deltas[i - 1] = magnitude;
        deltaMax = Math.max(deltaMax, magnitude);
      }
      return deltaPacked(n, first, closestFixedBits(bitLength(deltaMax)));
    }
    return patchedOrDirect(v, n, min);
  }

  private int direct(long[] v, int n) {
    long[] z = encode(v, n);
    long all = 0;
    for (int i = 0; i < n; i++) {
      all |= z[i];
    }
    return directWidth(z, n, closestFixedBits(bitLength(all)));
  }

  private int directWidth(long[] z, int n, int width) {
    if (aligned) {
      width = alignedBits(width);
    }
    dst[at] = (byte) (RleV2Encoder.DIRECT << 6 | CODE_OF_BITS[width] << 1 | (n - 1) >>> 8);
    dst[at + 1] = (byte) (n - 1);
    runCounts[RleV2Encoder.DIRECT]++;
    return BitPacker.pack(z, 0, n, width, dst, at + 2);
  }

  private int deltaPacked(int n, long first, int width) {
    if (aligned) {
      width = alignedBits(width);
    }
    if (width == 1) {
      width = 2; // code 0 means "no packed deltas"
    }
    int p = deltaHeader(n, CODE_OF_BITS[width], first);
    p = putVarint(zigzag(deltas[0]), p);
    runCounts[RleV2Encoder.DELTA]++;
    return BitPacker.pack(deltas, 1, n - 2, width, dst, p);
  }

  /** DELTA header and first value; returns where the first delta goes. */
  private int deltaHeader(int n, int code, long first) {
    dst[at] = (byte) (RleV2Encoder.DELTA << 6 | code << 1 | (n - 1) >>> 8);
    dst[at + 1] = (byte) (n - 1);
    return putVarint(signed ? zigzag(first) : first, at + 2);
  }

  private int patchedOrDirect(long[] v, int n, long min) {
    if ((int) (n * (1.0 - 0.9)) == 0) {
      // no value may exceed the 90th percentile width (at most 10 values): it is the widest,
      // so the run is DIRECT, without the histograms
      return direct(v, n);
    }
    long[] z = encode(v, n);
    long all = 0;
    for (int i = 0; i < n; i++) {
      all |= z[i];
    }
    int widest = closestFixedBits(bitLength(all));
    // PATCHED_BASE is considered when the 90th percentile width is at least two bits below the
    // widest, i.e. at most n / 10 values are wider than the widest width up to widest - 2.
    if (widest >= 3 && countWider(z, n, floorWidth(widest - 2)) <= (int) (n * (1.0 - 0.9))) {
      for (int i = 0; i < n; i++) {
        reduced[i] = v[i] - min;
      }
      fillHistogram(reduced, n);
      int p95 = percentileBits(n, 0.95);
      int reducedWidest = percentileBits(n, 1.0);
      if (reducedWidest != p95 && Math.abs(min) < MAX_PATCHED_BASE) {
        return patchedBase(n, min, p95, reducedWidest);
      }
    }
    return directWidth(z, n, widest);
  }

  /** How many of {@code z[0, n)} are wider than {@code bits} (below 64). */
  private static int countWider(long[] z, int n, int bits) {
    int wider = 0;
    for (int i = 0; i < n; i++) {
      wider += (z[i] >>> bits) != 0 ? 1 : 0;
    }
    return wider;
  }

  /** {@code reduced[0, n)} holds value - min; values wider than {@code width} get patched. */
  private int patchedBase(int n, long min, int width, int widest) {
    int patchWidth = closestFixedBits(widest - width);
    if (patchWidth == 64) {
      // gap and patch must share one 64-bit entry: keep 8 bits in the data, 56 in the patch
      patchWidth = 56;
      width = 8;
    }
    long mask = (1L << width) - 1;
    int patchCount = 0;
    int previous = 0;
    int maxGap = 0;
    for (int i = 0; i < n; i++) {
      if (reduced[i] > mask) {
        int gap = i - previous;
        maxGap = Math.max(maxGap, gap);
        previous = i;
        gaps[patchCount] = gap;
        patches[patchCount++] = reduced[i] >>> width;
        reduced[i] &= mask;
      }
    }
    int gapWidth = closestFixedBits(bitLength(maxGap)); // a lone patch at 0 still takes 1 bit
    int entries = patchCount;
    if (gapWidth > 8) {
      // a gap above 255 is split into (255, no patch) entries and the rest; 511 needs two
      gapWidth = 8;
      entries += maxGap == 511 ? 2 : 1;
    }
    for (int e = 0, k = 0; e < entries; e++, k++) {
      long gap = gaps[k];
      while (gap > MAX_GAP) {
        patchEntries[e++] = (long) MAX_GAP << patchWidth;
        gap -= MAX_GAP;
      }
      patchEntries[e] = gap << patchWidth | patches[k];
    }

    boolean negative = min < 0;
    long base = negative ? -min : min;
    int baseBytes = (closestFixedBits(bitLength(base)) + 1 + 7) >>> 3;
    if (negative) {
      base |= 1L << (baseBytes * 8 - 1); // sign-magnitude
    }
    dst[at] = (byte) (RleV2Encoder.PATCHED_BASE << 6 | CODE_OF_BITS[width] << 1 | (n - 1) >>> 8);
    dst[at + 1] = (byte) (n - 1);
    dst[at + 2] = (byte) ((baseBytes - 1) << 5 | CODE_OF_BITS[patchWidth]);
    dst[at + 3] = (byte) ((gapWidth - 1) << 5 | entries);
    int p = putBigEndian(base, baseBytes, at + 4);
    p = BitPacker.pack(reduced, 0, n, width, dst, p);
    runCounts[RleV2Encoder.PATCHED_BASE]++;
    return BitPacker.pack(patchEntries, 0, entries, closestFixedBits(gapWidth + patchWidth), dst,
        p);
  }

  private long[] encode(long[] v, int n) {
    if (!signed) {
      return v;
    }
    for (int i = 0; i < n; i++) {
      encoded[i] = zigzag(v[i]);
    }
    return encoded;
  }

  private void fillHistogram(long[] values, int n) {
    Arrays.fill(histogram, 0);
    for (int i = 0; i < n; i++) {
      histogram[CODE_OF_BITS[bitLength(values[i])]]++;
    }
  }

  /**
   * The width that {@code p} of the histogrammed values fit in: at most {@code n * (1 - p)}
   * values (rounded down, in doubles exactly as orc-core computes it) may be wider.
   */
  private int percentileBits(int n, double p) {
    int allowed = (int) (n * (1.0 - p));
    for (int code = histogram.length - 1; code >= 0; code--) {
      allowed -= histogram[code];
      if (allowed < 0) {
        return WIDTHS[code];
      }
    }
    return 0;
  }

  private int putBigEndian(long v, int bytes, int p) {
    for (int shift = 8 * (bytes - 1); shift >= 0; shift -= 8) {
      dst[p++] = (byte) (v >>> shift);
    }
    return p;
  }

  private int putVarint(long u, int p) {
    return Varints.writeVarLong(dst, p, u);
  }

  private static long zigzag(long v) {
    return Varints.zigzagEncode(v);
  }

  static int bitLength(long v) {
    return 64 - Long.numberOfLeadingZeros(v);
  }

  /** The width a code can express for {@code bits} (0 counts as 1). */
  static int closestFixedBits(int bits) {
    return WIDTHS[CODE_OF_BITS[bits]];
  }

  /** The widest width a code can express that is at most {@code bits} (1 to 64). */
  static int floorWidth(int bits) {
    int code = CODE_OF_BITS[bits];
    return WIDTHS[code] == bits ? bits : WIDTHS[code - 1];
  }

  /** The aligned width for {@code bits}: 1, 2, 4, 8, 16, 24, 32, 40, 48, 56 or 64. */
  static int alignedBits(int bits) {
    if (bits <= 2) {
      return Math.max(bits, 1);
    }
    if (bits <= 4) {
      return 4;
    }
    if (bits <= 8) {
      return 8;
    }
    if (bits <= 16) {
      return 16;
    }
    return (bits + 7) & ~7;
  }

  /** orc-core's overflow test for {@code left - right}. */
  private static boolean isSafeSubtract(long left, long right) {
    return (left ^ right) >= 0 || (left ^ (left - right)) >= 0;
  }
}
