package io.colfile.interop;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * Seeded value sequences for the stream-encoder comparisons: every shape that steers ORC's
 * integer RLE (random widths, small values, sorted steps, constant deltas, short and long
 * repeats, small values with rare wide outliers for PATCHED_BASE, the long extremes), each at
 * least once per sequence in random order, so transitions between run kinds occur too.
 */
final class IntRuns {
  private IntRuns() {}

  static long[] mixed(Random r, boolean signed) {
    List<Integer> shapes = new ArrayList<>();
    for (int s = 0; s < 8; s++) {
      shapes.add(s);
      shapes.add(r.nextInt(8));
    }
    Collections.shuffle(shapes, r);
    List<long[]> parts = new ArrayList<>();
    int total = 0;
    for (int shape : shapes) {
      long[] seg = segment(r, shape, 1 + r.nextInt(r.nextBoolean() ? 30 : 600), signed);
      if (!signed) {
        for (int i = 0; i < seg.length; i++) {
          seg[i] &= Long.MAX_VALUE;
        }
      }
      parts.add(seg);
      total += seg.length;
    }
    long[] out = new long[total];
    int at = 0;
    for (long[] p : parts) {
      System.arraycopy(p, 0, out, at, p.length);
      at += p.length;
    }
    return out;
  }

  private static long[] segment(Random r, int shape, int n, boolean signed) {
    long[] v = new long[n];
    switch (shape) {
      case 0 -> { // random values of one width
        int bits = 1 + r.nextInt(64);
        for (int i = 0; i < n; i++) {
          v[i] = bits == 64 ? r.nextLong() : r.nextLong() >>> (64 - bits);
        }
      }
      case 1 -> { // small values, e.g. dictionary ids and lengths
        int bound = 1 + r.nextInt(40);
        for (int i = 0; i < n; i++) {
          v[i] = r.nextInt(bound);
        }
      }
      case 2, 3 -> { // ascending or descending by random steps
        long step = 1L << r.nextInt(24);
        v[0] = shape == 2 ? r.nextInt(1 << 30) : Long.MAX_VALUE >> 2;
        for (int i = 1; i < n; i++) {
          long d = (r.nextLong() & Long.MAX_VALUE) % step;
          v[i] = shape == 2 ? v[i - 1] + d : v[i - 1] - d;
        }
      }
      case 4 -> { // constant delta
        long d = r.nextInt(513) - 256;
        v[0] = 1_000_000L + r.nextInt(1 << 20);
        for (int i = 1; i < n; i++) {
          v[i] = v[i - 1] + d;
        }
      }
      case 5 -> { // repeats, short and long
        int i = 0;
        while (i < n) {
          long x = r.nextInt(4) == 0 ? r.nextLong() >> r.nextInt(64) : r.nextInt(50);
          int times = r.nextBoolean() ? 1 + r.nextInt(12) : 1 + r.nextInt(700);
          for (int k = 0; k < times && i < n; k++) {
            v[i++] = x;
          }
        }
      }
      case 6 -> { // small values around a base with rare wide outliers: PATCHED_BASE
        v = new long[100 + r.nextInt(500)];
        long base = signed && r.nextBoolean() ? -r.nextInt(1 << 16) : r.nextInt(1 << 16);
        int bits = 3 + r.nextInt(8);
        for (int i = 0; i < v.length; i++) {
          v[i] = base + r.nextInt(1 << bits);
          if (r.nextInt(60) == 0 || i == v.length / 2) {
            v[i] += r.nextLong() >>> (4 + r.nextInt(40));
          }
        }
      }
      default -> { // extremes
        long[] edges = {Long.MIN_VALUE, Long.MAX_VALUE, 0, -1, 1, Long.MIN_VALUE + 1,
            Long.MAX_VALUE - 1, 1L << 56, -(1L << 56), (1L << 56) - 1};
        for (int i = 0; i < n; i++) {
          v[i] = edges[r.nextInt(edges.length)];
        }
      }
    }
    return v;
  }

  /** Byte values (as longs) with runs of every length around the 3/128/130 limits. */
  static long[] bytes(Random r, int n) {
    long[] v = new long[n];
    for (int i = 0; i < n; ) {
      long x = (byte) r.nextInt();
      int times = r.nextBoolean() ? 1 : 1 + r.nextInt(r.nextBoolean() ? 4 : 300);
      for (int k = 0; k < times && i < n; k++) {
        v[i++] = x;
      }
    }
    return v;
  }

  /** Bits (0/1) of varying density with long runs. */
  static long[] bits(Random r, int n) {
    long[] v = new long[n];
    int density = r.nextInt(101);
    for (int i = 0; i < n; ) {
      long x = r.nextInt(100) < density ? 1 : 0;
      int times = r.nextBoolean() ? 1 : 1 + r.nextInt(1500);
      for (int k = 0; k < times && i < n; k++) {
        v[i++] = x;
      }
    }
    return v;
  }

  /** Bytes that compress in places: words and runs, with some noise. */
  static byte[] text(Random r, int n) {
    byte[] b = new byte[n];
    for (int i = 0; i < n; i++) {
      b[i] = r.nextInt(8) == 0 ? (byte) r.nextInt() : (byte) ('a' + (i / 3) % 7);
    }
    return b;
  }
}
