package io.colfile.kudu.block;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;

/** Value sequences for RLE tests, and a structural check of streams against Kudu's shape. */
final class RleSequences {
  private RleSequences() {}

  /**
   * {@code n} values of {@code bw} bits mixing constant runs of every length around 8, literal
   * stretches, the extremes (0, all ones, the sign bit) and runs that start off a group
   * boundary.
   */
  static long[] random(Random r, int bw, int n) {
    long mask = bw == 64 ? -1L : (1L << bw) - 1;
    long[] v = new long[n];
    int i = 0;
    while (i < n) {
      int len = switch (r.nextInt(6)) {
        case 0 -> 1 + r.nextInt(3);
        case 1 -> 7 + r.nextInt(3);
        case 2 -> 8 + r.nextInt(40);
        case 3 -> 300 + r.nextInt(600);
        default -> 1 + r.nextInt(12);
      };
      boolean run = r.nextBoolean();
      long x = pick(r, mask);
      for (int k = 0; k < len && i < n; k++, i++) {
        v[i] = run ? x : pick(r, mask);
      }
    }
    return v;
  }

  private static long pick(Random r, long mask) {
    return switch (r.nextInt(6)) {
      case 0 -> 0;
      case 1 -> mask;
      case 2 -> (mask >>> 1) + 1; // the sign bit alone: the width's minimum
      case 3 -> r.nextInt(4) & mask;
      default -> r.nextLong() & mask;
    };
  }

  static long[] mask(long[] values, int bw) {
    long mask = bw == 64 ? -1L : (1L << bw) - 1;
    long[] m = values.clone();
    for (int i = 0; i < m.length; i++) {
      m[i] &= mask;
    }
    return m;
  }

  /**
   * Checks that {@code stream} has the shape Kudu's encoder gives every stream of {@code n}
   * values: literal indicators are one byte of at most 63 groups; only the last run may be
   * short (a partial literal run, or a repeated run under 8 values); two literal runs follow
   * each other only after a run of 63 groups; and no byte is left over.
   */
  static void checkKuduShape(byte[] stream, int bw, long n, String what) {
    int p = 0;
    long values = 0;
    boolean lastWasLiteral = false;
    int lastGroups = 0;
    while (p < stream.length) {
      long ind = 0;
      int shift = 0;
      int b;
      do {
        b = stream[p++] & 0xFF;
        ind |= (long) (b & 0x7F) << shift;
        shift += 7;
      } while (b >= 0x80);
      long runLength = ind >>> 1;
      boolean last;
      if ((ind & 1) != 0) {
        assertThat(ind).as("literal indicator, %s", what).isLessThanOrEqualTo(0x7F);
        assertThat(lastWasLiteral && lastGroups != 63)
            .as("literal run after a short literal run, %s", what).isFalse();
        long present = Math.min(runLength * 8, n - values);
        int bytes = (int) ((present * bw + 7) / 8);
        p += bytes;
        last = p >= stream.length;
        if (!last) {
          assertThat(present).as("a literal run before the last is full, %s", what)
              .isEqualTo(runLength * 8);
        }
        values += present;
        lastWasLiteral = true;
        lastGroups = (int) runLength;
      } else {
        p += (bw + 7) / 8;
        last = p >= stream.length;
        if (!last) {
          assertThat(runLength).as("repeated run before the last, %s", what)
              .isGreaterThanOrEqualTo(8);
        }
        values += runLength;
        lastWasLiteral = false;
      }
    }
    assertThat(p).as("stream ends with its last run, %s", what).isEqualTo(stream.length);
    assertThat(values).as("values in the stream, %s", what).isEqualTo(n);
  }
}
