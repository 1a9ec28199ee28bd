package io.colfile.kudu;

import io.colfile.core.encoding.Endian;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Seeded generators of CFile cells ({@link CellModel}) that favour what breaks encoders: the
 * type's extremes, 0 and -1, NaN payloads, -0.0 and infinities, empty, long, non-ASCII and binary
 * strings, constant runs, sorted stretches, few distinct values, and NULL runs of every length.
 * Values are built in segments of one shape each, so one column mixes runs and literals.
 */
final class ColumnGen {
  private static final BigInteger DEC32 = BigInteger.valueOf(999_999_999);
  private static final BigInteger DEC64 = BigInteger.TEN.pow(18).subtract(BigInteger.ONE);
  private static final BigInteger DEC128 = BigInteger.TEN.pow(38).subtract(BigInteger.ONE);
  private static final String[] TEXT = {"", "a", "héllo", "日本語", "emoji 😀", "ß", "\u0000x",
      "kuducfl", "prefix_", "prefix_prefix_", "zzz", "\uFFFD", "Ω≈ç√"};

  private ColumnGen() {}

  /** {@code n} non-NULL cells of {@code t}. */
  static byte[][] values(KuduType t, Random r, int n) {
    byte[][] out = new byte[n][];
    int i = 0;
    while (i < n) {
      int len = Math.min(n - i, 1 + r.nextInt(r.nextBoolean() ? 8 : 400));
      int shape = r.nextInt(7);
      byte[] a = random(t, r);
      byte[] b = random(t, r);
      if (a.length + b.length > 200) {
        len = Math.min(len, 8); // long values come alone or in short runs: columns stay small
      }
      for (int k = 0; k < len; k++, i++) {
        out[i] = switch (shape) {
          case 0 -> random(t, r);
          case 1 -> small(t, r);
          case 2 -> edge(t, r);
          case 3 -> a;                                   // a constant run
          case 4 -> k % 2 == 0 ? a : b;                  // two values alternating
          case 5 -> ascending(t, r, a, k);
          default -> r.nextInt(4) == 0 ? edge(t, r) : small(t, r);
        };
      }
    }
    return out;
  }

  /**
   * A column of {@code n} rows: values, and for nullable columns NULLs (null cells) in a shape
   * the Random picks: none, all, every k-th, random runs, or scattered.
   */
  static byte[][] column(KuduType t, Random r, int n, boolean nullable) {
    byte[][] cells = values(t, r, n);
    if (nullable) {
      boolean[] nulls = nulls(r, n);
      for (int i = 0; i < n; i++) {
        if (nulls[i]) {
          cells[i] = null;
        }
      }
    }
    return cells;
  }

  static boolean[] nulls(Random r, int n) {
    boolean[] out = new boolean[n];
    switch (r.nextInt(5)) {
      case 0 -> { }
      case 1 -> java.util.Arrays.fill(out, true);
      case 2 -> {
        int k = 1 + r.nextInt(7);
        for (int i = 0; i < n; i += k) {
          out[i] = true;
        }
      }
      case 3 -> {
        int i = 0;
        boolean isNull = r.nextBoolean();
        while (i < n) {
          int len = 1 + r.nextInt(r.nextBoolean() ? 10 : 700);
          for (int k = 0; k < len && i < n; k++, i++) {
            out[i] = isNull;
          }
          isNull = !isNull;
        }
      }
      default -> {
        double p = r.nextDouble();
        for (int i = 0; i < n; i++) {
          out[i] = r.nextDouble() < p;
        }
      }
    }
    return out;
  }

  /** The smallest and largest value of an integer-like type, as Kudu allows them. */
  static BigInteger min(KuduType t) {
    return switch (t) {
      case DATE -> BigInteger.valueOf(KuduType.MIN_DATE);
      case DECIMAL32 -> DEC32.negate();
      case DECIMAL64 -> DEC64.negate();
      case DECIMAL128 -> DEC128.negate();
      case BOOL -> BigInteger.ZERO;
      default -> t.physical().isSigned()
          ? BigInteger.ONE.shiftLeft(8 * t.physical().width() - 1).negate() : BigInteger.ZERO;
    };
  }

  static BigInteger max(KuduType t) {
    return switch (t) {
      case DATE -> BigInteger.valueOf(KuduType.MAX_DATE);
      case DECIMAL32 -> DEC32;
      case DECIMAL64 -> DEC64;
      case DECIMAL128 -> DEC128;
      case BOOL -> BigInteger.ONE;
      default -> BigInteger.ONE.shiftLeft(8 * t.physical().width()
          - (t.physical().isSigned() ? 1 : 0)).subtract(BigInteger.ONE);
    };
  }

  /** The edge values of {@code t}, each once. */
  static List<byte[]> edges(KuduType t) {
    List<byte[]> out = new ArrayList<>();
    switch (t) {
      case FLOAT -> {
        for (int bits : new int[] {0x7fc00000, 0x7fc12345, 0xffc00001, 0x7f800001, 0x7fbfffff,
            0x7f800000, 0xff800000, 0x80000000, 0, 0x00000001, 0x7f7fffff, 0xff7fffff,
            Float.floatToRawIntBits(-1f), Float.floatToRawIntBits(1f)}) {
          byte[] c = new byte[4];
          Endian.putIntLE(c, 0, bits);
          out.add(c);
        }
      }
      case DOUBLE -> {
        for (long bits : new long[] {0x7ff8000000000000L, 0x7ff8000012345678L,
            0xfff8000000000001L, 0x7ff0000000000001L, 0x7ff7ffffffffffffL, 0x7ff0000000000000L,
            0xfff0000000000000L, 0x8000000000000000L, 0L, 1L, 0x7fefffffffffffffL,
            0xffefffffffffffffL, Double.doubleToRawLongBits(-1d)}) {
          byte[] c = new byte[8];
          Endian.putLongLE(c, 0, bits);
          out.add(c);
        }
      }
      case STRING, VARCHAR, BINARY -> {
        out.add(new byte[0]);
        out.add(new byte[] {0});
        out.add(new byte[] {(byte) 0xFF});
        out.add(new byte[] {0, 0, 1});
        out.add("héllo wörld".getBytes(StandardCharsets.UTF_8));
        out.add(longText(200));
        out.add(longText(5000));
      }
      default -> {
        BigInteger lo = min(t);
        BigInteger hi = max(t);
        List<BigInteger> xs = new ArrayList<>(List.of(lo, hi, BigInteger.ZERO, BigInteger.ONE,
            BigInteger.ONE.negate(), lo.add(BigInteger.ONE), hi.subtract(BigInteger.ONE)));
        if (t.physical().width() == 16) {
          for (int s : new int[] {63, 64}) {
            xs.add(BigInteger.ONE.shiftLeft(s));
            xs.add(BigInteger.ONE.shiftLeft(s).negate());
            xs.add(BigInteger.ONE.shiftLeft(s).subtract(BigInteger.ONE));
          }
        }
        if (t == KuduType.UNIXTIME_MICROS) {
          for (long m : new long[] {-999_999, -1_000_000, -1_000_001, 1_000_000}) {
            xs.add(BigInteger.valueOf(m));
          }
        }
        for (BigInteger x : xs) {
          if (x.compareTo(lo) >= 0 && x.compareTo(hi) <= 0) {
            out.add(CellModel.cell(t, x));
          }
        }
      }
    }
    return out;
  }

  static byte[] edge(KuduType t, Random r) {
    List<byte[]> e = edges(t);
    return e.get(r.nextInt(e.size()));
  }

  /** A value drawn uniformly from the type's range (any bits for the floating types). */
  static byte[] random(KuduType t, Random r) {
    switch (t) {
      case FLOAT -> {
        byte[] c = new byte[4];
        Endian.putIntLE(c, 0, r.nextInt());
        return c;
      }
      case DOUBLE -> {
        byte[] c = new byte[8];
        Endian.putLongLE(c, 0, r.nextLong());
        return c;
      }
      case STRING, VARCHAR -> {
        return text(r);
      }
      case BINARY -> {
        if (r.nextInt(3) == 0) {
          return text(r);
        }
        byte[] b = new byte[r.nextInt(r.nextInt(20) == 0 ? 3000 : 40)];
        r.nextBytes(b);
        return b;
      }
      default -> {
        BigInteger lo = min(t);
        BigInteger range = max(t).subtract(lo).add(BigInteger.ONE);
        BigInteger x = new BigInteger(range.bitLength() + 8, r).mod(range).add(lo);
        return CellModel.cell(t, x);
      }
    }
  }

  /** A value near zero (a short string, a common prefix, a few distinct values). */
  static byte[] small(KuduType t, Random r) {
    switch (t) {
      case FLOAT -> {
        byte[] c = new byte[4];
        Endian.putIntLE(c, 0, Float.floatToRawIntBits(r.nextInt(200) - 100 + r.nextInt(4) / 4f));
        return c;
      }
      case DOUBLE -> {
        byte[] c = new byte[8];
        double d = r.nextInt(200) - 100 + r.nextInt(4) / 4d;
        Endian.putLongLE(c, 0, Double.doubleToRawLongBits(d));
        return c;
      }
      case STRING, VARCHAR, BINARY -> {
        return switch (r.nextInt(3)) {
          case 0 -> ("v" + r.nextInt(20)).getBytes(StandardCharsets.UTF_8);
          case 1 -> ("common/prefix/" + r.nextInt(1000)).getBytes(StandardCharsets.UTF_8);
          default -> TEXT[r.nextInt(TEXT.length)].getBytes(StandardCharsets.UTF_8);
        };
      }
      default -> {
        BigInteger x = BigInteger.valueOf(r.nextInt(t.physical().isSigned() ? 201 : 101)
            - (t.physical().isSigned() ? 100 : 0));
        return CellModel.cell(t, x.max(min(t)).min(max(t)));
      }
    }
  }

  /** Element {@code k} of a stretch that rises from {@code start} in small steps. */
  private static byte[] ascending(KuduType t, Random r, byte[] start, int k) {
    switch (t) {
      case FLOAT, DOUBLE -> {
        return small(t, r);
      }
      case STRING, VARCHAR, BINARY -> {
        byte[] s = (new String(start, 0, Math.min(start.length, 32), StandardCharsets.ISO_8859_1)
            + "/" + String.format("%06d", k)).getBytes(StandardCharsets.ISO_8859_1);
        return t == KuduType.BINARY ? s : ("row " + String.format("%06d", k))
            .getBytes(StandardCharsets.UTF_8);
      }
      default -> {
        BigInteger x = CellModel.integer(t, start).add(BigInteger.valueOf(k));
        return CellModel.cell(t, x.min(max(t)));
      }
    }
  }

  private static byte[] text(Random r) {
    StringBuilder sb = new StringBuilder();
    int parts = r.nextInt(4);
    for (int i = 0; i < parts; i++) {
      sb.append(TEXT[r.nextInt(TEXT.length)]);
    }
    if (r.nextInt(30) == 0) {
      sb.append(new String(longText(1000 + r.nextInt(4000)), StandardCharsets.UTF_8));
    }
    return sb.toString().getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] longText(int n) {
    StringBuilder sb = new StringBuilder(n);
    for (int i = 0; sb.length() < n; i++) {
      sb.append("long value ").append(i).append(' ');
    }
    sb.setLength(n);
    return sb.toString().getBytes(StandardCharsets.UTF_8);
  }
}
