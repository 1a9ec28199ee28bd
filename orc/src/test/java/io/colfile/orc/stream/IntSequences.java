package io.colfile.orc.stream;

import java.util.Arrays;
import java.util.Random;

/**
 * Seeded integer sequences for the encoder tests, built from segments of one shape each, so
 * that every RLE v2 sub-encoding and the transitions between them occur: random widths, small
 * values, sorted and reverse-sorted steps, constant deltas, repeats short and long, small values
 * with rare wide outliers (PATCHED_BASE), and the long extremes.
 */
final class IntSequences {
  enum Shape { WIDE, SMALL, ASCENDING, DESCENDING, CONSTANT_DELTA, REPEATS, OUTLIERS, EXTREMES }

  private IntSequences() {}

  /** About {@code n} values (at least 1) of mixed shapes; non-negative unless {@code signed}. */
  static long[] mixed(Random r, int n, boolean signed) {
    long[] out = new long[Math.max(n, 1)];
    int size = 0;
    while (size < out.length) {
      Shape shape = Shape.values()[r.nextInt(Shape.values().length)];
      long[] seg = segment(r, shape, 1 + r.nextInt(r.nextBoolean() ? 40 : 700), signed);
      int k = Math.min(seg.length, out.length - size);
      System.arraycopy(seg, 0, out, size, k);
      size += k;
    }
    return out;
  }

  static long[] segment(Random r, Shape shape, int n, boolean signed) {
    long[] v = new long[n];
    switch (shape) {
      case WIDE -> {
        int bits = 1 + r.nextInt(64);
        for (int i = 0; i < n; i++) {
          v[i] = bits == 64 ? r.nextLong() : r.nextLong() >>> (64 - bits);
        }
      }
      case SMALL -> {
        int bound = 1 + r.nextInt(20);
        for (int i = 0; i < n; i++) {
          v[i] = r.nextInt(bound);
        }
      }
      case ASCENDING, DESCENDING -> {
        long step = 1L << r.nextInt(20);
        v[0] = r.nextLong() >> 8;
        for (int i = 1; i < n; i++) {
          long d = (r.nextLong() & Long.MAX_VALUE) % step;
          v[i] = shape == Shape.ASCENDING ? v[i - 1] + d : v[i - 1] - d;
        }
        if (!signed && shape == Shape.DESCENDING) {
          v[0] = Long.MAX_VALUE >> 1; // room to go down
          for (int i = 1; i < n; i++) {
            v[i] = v[i - 1] - (r.nextLong() & Long.MAX_VALUE) % step;
          }
        }
      }
      case CONSTANT_DELTA -> {
        long d = r.nextInt(2001) - 1000;
        v[0] = r.nextInt(1 << 20) + 1_000_000L;
        for (int i = 1; i < n; i++) {
          v[i] = v[i - 1] + d;
        }
      }
      case REPEATS -> {
        int i = 0;
        while (i < n) {
          long x = r.nextInt(4) == 0 ? r.nextLong() >> r.nextInt(64) : r.nextInt(100);
          int times = r.nextBoolean() ? 1 + r.nextInt(12) : 1 + r.nextInt(700);
          for (int k = 0; k < times && i < n; k++) {
            v[i++] = x;
          }
        }
      }
      case OUTLIERS -> {
        long base = signed && r.nextBoolean() ? -r.nextInt(1 << 16) : r.nextInt(1 << 16);
        int bits = 2 + r.nextInt(10);
        for (int i = 0; i < n; i++) {
          v[i] = base + r.nextInt(1 << bits);
          if (r.nextInt(50) == 0 || i == n / 2) {
            v[i] += r.nextLong() >>> (4 + r.nextInt(40));
          }
        }
      }
      case EXTREMES -> {
        long[] edges = {Long.MIN_VALUE, Long.MAX_VALUE, 0, -1, 1, Long.MIN_VALUE + 1,
            Long.MAX_VALUE - 1, 1L << 56, -(1L << 56), (1L << 56) - 1};
        for (int i = 0; i < n; i++) {
          v[i] = edges[r.nextInt(edges.length)];
        }
      }
      default -> throw new AssertionError(shape);
    }
    if (!signed) {
      for (int i = 0; i < n; i++) {
        v[i] &= Long.MAX_VALUE;
      }
    }
    return v;
  }

  /** {@code n} values with outliers at the given indexes, the rest small (orc.md 6.5). */
  static long[] withOutliers(int n, long small, long outlier, int... at) {
    long[] v = new long[n];
    for (int i = 0; i < n; i++) {
      v[i] = i % small;
    }
    for (int i : at) {
      v[i] = outlier;
    }
    return v;
  }

  static String toString(long[] v) {
    return v.length <= 40 ? Arrays.toString(v) : v.length + " values";
  }
}
