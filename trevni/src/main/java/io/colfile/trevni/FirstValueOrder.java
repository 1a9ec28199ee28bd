package io.colfile.trevni;

import io.colfile.core.filter.ColumnRange;
import io.colfile.core.filter.Domain;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.LongVector;
import io.colfile.core.vector.TimestampVector;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;

/**
 * What a column's first values ({@code trevni.values}) say about its blocks in the order
 * predicates use. A sorted column's block {@code b} holds values between its first value and the
 * next block's, in Apache Avro's Java order (trevni.md section 8); predicates compare by {@link
 * Domain}. Where the two orders differ the bounds are loosened until they hold in both:
 *
 * <ul>
 *   <li>integers, booleans, dates: the same order; timestamps (Avro longs of millis, micros or
 *       nanos): the same order once converted to instants;
 *   <li>float and double: {@code Double.compare} puts NaN last and -0.0 before 0.0; any non-NaN
 *       bound holds by value too, and only a block bounded above by NaN (or by nothing, the last
 *       one) may hold NaN;
 *   <li>strings: Java orders decoded UTF-16, predicates raw UTF-8 bytes, which may not even be
 *       valid UTF-8. The orders agree on any comparison with an ASCII string, so a bound is cut
 *       before its first non-ASCII character (an upper bound cut so becomes the successor of
 *       what is left);
 *   <li>bytes: Java compares signed bytes, predicates unsigned ones; all of a block's values
 *       share the two first values' common prefix, and bytes of one sign keep their order.
 * </ul>
 *
 * Enums (ordinals of symbols) and decimals (two's complement bytes) are ordered otherwise in
 * the file than as values: they have no order here.
 */
enum FirstValueOrder {
  LONG {
    @Override
    ColumnRange range(Object first, Object next, long rows) {
      return new ColumnRange(toLong(first), next == null ? null : toLong(next), false, rows,
          false);
    }

    @Override
    int compare(ColumnVector v, int row, Object first) {
      return Long.compare(((LongVector) v).vector[row], toLong(first));
    }
  },
  TIMESTAMP_MILLIS(1_000L),
  TIMESTAMP_MICROS(1_000_000L),
  TIMESTAMP_NANOS(1_000_000_000L),
  DOUBLE {
    @Override
    ColumnRange range(Object first, Object next, long rows) {
      double lo = ((Number) first).doubleValue();
      Double hi = next == null ? null : ((Number) next).doubleValue();
      boolean nan = hi == null || hi.isNaN(); // NaN sorts last: only there may it hide
      return new ColumnRange(Double.isNaN(lo) ? null : lo, nan ? null : hi, false, rows, nan);
    }

    @Override
    int compare(ColumnVector v, int row, Object first) {
      return Double.compare(((DoubleVector) v).vector[row], ((Number) first).doubleValue());
    }
  },
  STRING {
    @Override
    ColumnRange range(Object first, Object next, long rows) {
      String lo = (String) first;
      String hi = (String) next;
      byte[] upper = null;
      if (hi != null) {
        int n = asciiLength(hi);
        upper = n == hi.length() ? ascii(hi, n) : successor(ascii(hi, n), n);
      }
      return new ColumnRange(ascii(lo, asciiLength(lo)), upper, false, rows, false);
    }

    @Override
    int compare(ColumnVector v, int row, Object first) {
      BytesVector b = (BytesVector) v;
      return compareUtf8(b.vector[row], b.start[row], b.length[row], (String) first);
    }
  },
  BYTES {
    @Override
    ColumnRange range(Object first, Object next, long rows) {
      byte[] lo = (byte[]) first;
      byte[] hi = (byte[]) next;
      byte[] lower = Arrays.copyOf(lo, prefix(lo, b -> b < 0)); // unsigned order kept before
      byte[] upper = null;
      if (hi != null && Arrays.equals(lo, hi)) {
        return new ColumnRange(lo, hi, false, rows, false);
      }
      if (hi != null) {
        int common = Arrays.mismatch(lo, hi);
        lower = max(lower, Arrays.copyOf(lo, common));
        upper = successor(hi, common);
        int negatives = prefix(hi, b -> b >= 0);
        upper = min(upper, negatives == hi.length ? hi : successor(hi, negatives));
        if (common < lo.length && common < hi.length && (lo[common] < 0) == (hi[common] < 0)) {
          // one sign at the first difference: the byte there keeps its order
          lower = max(lower, Arrays.copyOf(lo, common + 1));
          upper = min(upper, successor(hi, common + 1));
        }
      }
      return new ColumnRange(lower, upper, false, rows, false);
    }

    @Override
    int compare(ColumnVector v, int row, Object first) {
      BytesVector b = (BytesVector) v;
      byte[] f = (byte[]) first;
      return Arrays.compare(b.vector[row], b.start[row], b.start[row] + b.length[row], f, 0,
          f.length);
    }
  };

  private final long perSecond;

  FirstValueOrder() {
    this(0);
  }

  FirstValueOrder(long perSecond) {
    this.perSecond = perSecond;
  }

  /**
   * The range of a block of {@code rows} rows whose first value is {@code first} and whose
   * successor's is {@code next} (null for the last block), values boxed as {@link
   * BlockInfo#firstValue()} gives them; bounds in the column's {@link Domain}.
   */
  ColumnRange range(Object first, Object next, long rows) {
    return new ColumnRange(instant((Long) first), next == null ? null : instant((Long) next),
        false, rows, false);
  }

  /**
   * Compares row {@code row} of {@code v}, a vector of the column as read, with a first value,
   * in the column's Java order (the order the first values are in).
   */
  int compare(ColumnVector v, int row, Object first) {
    TimestampVector t = (TimestampVector) v;
    Instant f = instant((Long) first);
    int c = Long.compare(t.seconds[row], f.getEpochSecond());
    return c != 0 ? c : Integer.compare(t.nanos[row], f.getNano());
  }

  /**
   * Compares the string whose UTF-8 bytes are {@code bytes[start, start + length)}, decoded as
   * first values are (malformed bytes as U+FFFD), with {@code s} in Java's order.
   */
  static int compareUtf8(byte[] bytes, int start, int length, String s) {
    // ASCII on both sides up to the first difference: bytes and chars compare alike
    for (int i = 0; ; i++) {
      if (i == length) {
        return i == s.length() ? 0 : -1;
      }
      if (i == s.length()) {
        return 1; // any byte left decodes to at least one more char
      }
      int x = bytes[start + i] & 0xFF;
      char c = s.charAt(i);
      if (x >= 0x80 || c >= 0x80) {
        break;
      }
      if (x != c) {
        return x - c;
      }
    }
    return new String(bytes, start, length, StandardCharsets.UTF_8).compareTo(s);
  }

  private Instant instant(long units) {
    return Instant.ofEpochSecond(Math.floorDiv(units, perSecond),
        Math.floorMod(units, perSecond) * (1_000_000_000L / perSecond));
  }

  private static long toLong(Object v) {
    return v instanceof Boolean b ? (b ? 1 : 0) : ((Number) v).longValue();
  }

  private static int asciiLength(String s) {
    int n = 0;
    while (n < s.length() && s.charAt(n) < 0x80) {
      n++;
    }
    return n;
  }

  private static byte[] ascii(String s, int n) {
    return s.substring(0, n).getBytes(StandardCharsets.US_ASCII);
  }

  private interface BytePredicate {
    boolean test(byte b);
  }

  /** The length of the prefix of {@code b} before the first byte that {@code stop} accepts. */
  private static int prefix(byte[] b, BytePredicate stop) {
    int n = 0;
    while (n < b.length && !stop.test(b[n])) {
      n++;
    }
    return n;
  }

  /**
   * The least byte string above every string that starts with {@code b[0, n)} (unsigned), or
   * null when there is none (the prefix is empty or all 0xFF).
   */
  static byte[] successor(byte[] b, int n) {
    for (int k = n - 1; k >= 0; k--) {
      if (b[k] != (byte) 0xFF) {
        byte[] out = Arrays.copyOf(b, k + 1);
        out[k]++;
        return out;
      }
    }
    return null;
  }

  private static byte[] max(byte[] a, byte[] b) {
    return Arrays.compareUnsigned(a, b) >= 0 ? a : b;
  }

  /** The lower of two upper bounds, null meaning none. */
  private static byte[] min(byte[] a, byte[] b) {
    if (a == null || b == null) {
      return a == null ? b : a;
    }
    return Arrays.compareUnsigned(a, b) <= 0 ? a : b;
  }
}
