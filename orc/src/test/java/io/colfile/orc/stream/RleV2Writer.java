package io.colfile.orc.stream;

import java.util.ArrayList;
import java.util.List;

/**
 * Test-only integer RLE v2 encoder (orc.md section 6.5). Unlike a real writer it never chooses:
 * each method writes one run of the named sub-encoding with the width code it is given, so tests
 * reach every code and corner that Java's heuristics would avoid.
 */
final class RleV2Writer {
  static final int[] WIDTHS = RleV2Decoder.WIDTHS;

  final ByteWriter out = new ByteWriter();
  final ValueMarks marks = new ValueMarks();
  final boolean signed;

  RleV2Writer(boolean signed) {
    this.signed = signed;
  }

  /** The smallest width code whose width holds {@code bits} bits (0 bits count as 1). */
  static int codeFor(int bits) {
    for (int c = 0; c < WIDTHS.length; c++) {
      if (WIDTHS[c] >= Math.max(bits, 1)) {
        return c;
      }
    }
    throw new IllegalArgumentException(bits + " bits");
  }

  static int bitsOf(long unsigned) {
    return 64 - Long.numberOfLeadingZeros(unsigned);
  }

  private long encode(long v) {
    return signed ? ByteWriter.zigzag(v) : v;
  }

  private void mark(long[] v, int n) {
    for (int k = 0; k < n; k++) {
      marks.add(v[k], out.size(), k);
    }
  }

  private void header2(int kind, int code, int len) {
    out.write(kind << 6 | code << 1 | (len - 1) >>> 8);
    out.write(len - 1);
  }

  void shortRepeat(long value, int count) {
    mark(new long[] {value, value, value, value, value, value, value, value, value, value}, count);
    long z = encode(value);
    int bytes = Math.max(1, (bitsOf(z) + 7) / 8);
    out.write((bytes - 1) << 3 | (count - 3));
    out.writeBigEndian(z, bytes);
  }

  void direct(long[] v, int code) {
    mark(v, v.length);
    header2(1, code, v.length);
    long[] z = new long[v.length];
    for (int i = 0; i < v.length; i++) {
      z[i] = encode(v[i]);
    }
    out.pack(z, 0, z.length, WIDTHS[code]);
  }

  /** DELTA with code 0 (all deltas equal) or packed magnitudes of deltas 2..n-1. */
  void delta(long[] v, int code) {
    mark(v, v.length);
    header2(3, code, v.length);
    if (signed) {
      out.writeVarSigned(v[0]);
    } else {
      out.writeVarUnsigned(v[0]);
    }
    long first = v.length > 1 ? v[1] - v[0] : 0;
    out.writeVarSigned(first);
    if (code == 0) {
      for (int i = 2; i < v.length; i++) {
        if (v[i] - v[i - 1] != first) {
          throw new IllegalArgumentException("not a fixed-delta run");
        }
      }
      return;
    }
    long[] mags = new long[Math.max(0, v.length - 2)];
    for (int i = 2; i < v.length; i++) {
      long d = v[i] - v[i - 1];
      if (first >= 0 ? d < 0 : d > 0) {
        throw new IllegalArgumentException("delta " + d + " against first delta " + first);
      }
      mags[i - 2] = Math.abs(d);
    }
    out.pack(mags, 0, mags.length, WIDTHS[code]);
  }

  /**
   * PATCHED_BASE with data width {@code WIDTHS[code]}: values minus their minimum that do not
   * fit get patches, and gaps over 255 are split with (255, 0) entries.
   */
  void patchedBase(long[] v, int code) {
    int width = WIDTHS[code];
    long min = Long.MAX_VALUE;
    for (long x : v) {
      min = Math.min(min, x);
    }
    long mask = width == 64 ? -1 : (1L << width) - 1;
    long[] reduced = new long[v.length];
    List<long[]> patches = new ArrayList<>(); // {index, patch}
    long maxPatch = 0;
    for (int i = 0; i < v.length; i++) {
      long r = v[i] - min;
      if (Long.compareUnsigned(r, mask) > 0) {
        patches.add(new long[] {i, r >>> width});
        maxPatch = Math.max(maxPatch, r >>> width);
        r &= mask;
      }
      reduced[i] = r;
    }
    int patchWidth = WIDTHS[codeFor(bitsOf(maxPatch))];
    List<long[]> entries = new ArrayList<>(); // {gap, patch}
    long prev = 0;
    int maxGap = 0;
    for (long[] p : patches) {
      long gap = p[0] - prev;
      while (gap > 255) {
        entries.add(new long[] {255, 0});
        gap -= 255;
        maxGap = 255;
      }
      entries.add(new long[] {gap, p[1]});
      maxGap = (int) Math.max(maxGap, gap);
      prev = p[0];
    }
    if (entries.isEmpty() || entries.size() > 31) {
      throw new IllegalArgumentException(entries.size() + " patch entries");
    }
    int gapWidth = Math.max(1, bitsOf(maxGap));
    long magnitude = Math.abs(min);
    int baseBytes = (bitsOf(magnitude) + 1 + 7) / 8; // one more bit for the sign
    mark(v, v.length);
    header2(2, code, v.length);
    out.write((baseBytes - 1) << 5 | codeFor(patchWidth));
    out.write((gapWidth - 1) << 5 | entries.size());
    out.writeBigEndian(min < 0 ? magnitude | 1L << (8 * baseBytes - 1) : magnitude, baseBytes);
    out.pack(reduced, 0, reduced.length, width);
    long[] packed = new long[entries.size()];
    for (int i = 0; i < packed.length; i++) {
      packed[i] = entries.get(i)[0] << patchWidth | entries.get(i)[1];
    }
    out.pack(packed, 0, packed.length, RleV2Decoder.closestFixedBits(gapWidth + patchWidth));
  }
}
