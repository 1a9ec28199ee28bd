package io.colfile.interop;

import io.colfile.interop.StatisticsDifferentialTest.Op;
import io.colfile.orc.stats.BinaryStats;
import io.colfile.orc.stats.BooleanStats;
import io.colfile.orc.stats.CollectionStats;
import io.colfile.orc.stats.DateStats;
import io.colfile.orc.stats.DecimalStats;
import io.colfile.orc.stats.DoubleStats;
import io.colfile.orc.stats.IntegerStats;
import io.colfile.orc.stats.StringStats;
import io.colfile.orc.stats.TimestampStats;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.hive.common.type.HiveDecimal;
import org.apache.hadoop.hive.serde2.io.HiveDecimalWritable;
import org.apache.orc.TypeDescription;

/**
 * Seeded batches of statistics calls for one column type, as Java's tree writers make them: a
 * batch increments by its non-null count and sets has-null if it had a null, then updates per
 * value; a repeating batch updates once (with the run length as repetitions where the method
 * takes one). Each case also draws a flavour, so some cases stay small and others live at the
 * edges (overflowing sums, long strings, extreme decimals).
 */
final class StatisticsValues {
  private static final long[] LONG_EDGES = {0, -1, 1, Long.MIN_VALUE, Long.MAX_VALUE,
      Long.MIN_VALUE + 1, Long.MAX_VALUE - 1, Integer.MIN_VALUE, Integer.MAX_VALUE};
  private static final double[] DOUBLE_EDGES = {0.0, -0.0, Double.NaN,
      Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MAX_VALUE, -Double.MAX_VALUE,
      Double.MIN_VALUE, 1e308, -1e308, 1.0, -1.0};

  private final Random r;
  private final TypeDescription type;
  /** 0: small values, 1: edges mixed in, 2: mostly extreme values. */
  private final int flavour;

  StatisticsValues(Random r, TypeDescription type) {
    this.r = r;
    this.type = type;
    this.flavour = r.nextInt(3);
  }

  /** One batch of calls. */
  List<Op> batch() {
    List<Op> ops = new ArrayList<>();
    int size = r.nextInt(10) == 0 ? 0 : 1 + r.nextInt(12);
    boolean repeating = r.nextInt(6) == 0;
    int nulls = r.nextInt(4) == 0 ? r.nextInt(size + 1) : 0;
    if (repeating) {
      nulls = r.nextBoolean() ? 0 : size;
    }
    int nonNull = size - nulls;
    ops.add(new Op(j -> j.increment(nonNull), o -> o.increment(nonNull)));
    if (nulls > 0) {
      ops.add(new Op(j -> j.setNull(), o -> o.setNull()));
    }
    if (repeating) {
      if (nonNull > 0) {
        ops.add(value(nonNull));
      }
    } else {
      for (int i = 0; i < nonNull; i++) {
        ops.add(value(1));
      }
    }
    return ops;
  }

  private Op value(int repetitions) {
    switch (type.getCategory()) {
      case BOOLEAN: {
        boolean v = r.nextBoolean();
        return new Op(j -> j.updateBoolean(v, repetitions),
            o -> ((BooleanStats) o).update(v, repetitions));
      }
      case BYTE: return integer(Byte.MIN_VALUE, Byte.MAX_VALUE, repetitions);
      case SHORT: return integer(Short.MIN_VALUE, Short.MAX_VALUE, repetitions);
      case INT: return integer(Integer.MIN_VALUE, Integer.MAX_VALUE, repetitions);
      case LONG: return integer(Long.MIN_VALUE, Long.MAX_VALUE, repetitions);
      case FLOAT: {
        double v = (float) aDouble();
        return new Op(j -> j.updateDouble(v), o -> ((DoubleStats) o).update(v));
      }
      case DOUBLE: {
        double v = aDouble();
        return new Op(j -> j.updateDouble(v), o -> ((DoubleStats) o).update(v));
      }
      case STRING: case CHAR: case VARCHAR: {
        byte[] v = text();
        int off = r.nextInt(4);
        byte[] buf = new byte[off + v.length + r.nextInt(4)];
        System.arraycopy(v, 0, buf, off, v.length);
        return new Op(j -> j.updateString(buf, off, v.length, repetitions),
            o -> ((StringStats) o).update(buf, off, v.length, repetitions));
      }
      case BINARY: {
        int len = r.nextInt(flavour == 2 ? 5000 : 40);
        byte[] buf = new byte[len + 2];
        return new Op(j -> j.updateBinary(buf, 1, len, repetitions),
            o -> ((BinaryStats) o).update(len, repetitions));
      }
      case DATE: {
        int v = flavour == 2 && r.nextBoolean()
            ? (r.nextBoolean() ? Integer.MIN_VALUE + r.nextInt(3)
                : Integer.MAX_VALUE - r.nextInt(3))
            : r.nextInt(200_000) - 100_000;
        return new Op(j -> j.updateDate(v), o -> ((DateStats) o).update(v));
      }
      case TIMESTAMP: case TIMESTAMP_INSTANT: return timestamp();
      case DECIMAL: return decimal();
      case LIST: case MAP: {
        long children = flavour == 2 ? r.nextInt(100_000) : r.nextInt(6);
        return new Op(j -> j.updateCollectionLength(children),
            o -> ((CollectionStats) o).update(children));
      }
      default: return new Op(j -> { }, o -> { });
    }
  }

  private Op integer(long min, long max, int repetitions) {
    long v;
    int k = r.nextInt(10);
    if (flavour == 0 || k < 4) {
      v = r.nextInt(2001) - 1000;
    } else if (flavour == 2 || k < 6) {
      // near the type's ends: sums overflow int64 quickly for bigint
      v = r.nextBoolean() ? max - r.nextInt(1000) : min + r.nextInt(1000);
    } else {
      v = LONG_EDGES[r.nextInt(LONG_EDGES.length)];
    }
    long value = Math.max(min, Math.min(max, v));
    return new Op(j -> j.updateInteger(value, repetitions),
        o -> ((IntegerStats) o).update(value, repetitions));
  }

  private double aDouble() {
    int k = r.nextInt(10);
    if (flavour == 0 || k < 5) {
      return (r.nextDouble() - 0.5) * 2000;
    } else if (flavour == 2 && k < 8) {
      return (r.nextBoolean() ? 1 : -1) * Double.MAX_VALUE * r.nextDouble();
    }
    return DOUBLE_EDGES[r.nextInt(DOUBLE_EDGES.length)];
  }

  private byte[] text() {
    int k = r.nextInt(12);
    if (flavour >= 1 && k < 2 + 2 * flavour) {
      return longText();
    }
    if (k == 4) {
      byte[] b = new byte[r.nextInt(6)];
      r.nextBytes(b); // not UTF-8, usually
      return b;
    }
    return RandomText.string(r, 50).getBytes(StandardCharsets.UTF_8);
  }

  /**
   * Over 1024 bytes, with the bytes around the cut drawn from multi-byte characters, '~'
   * (whose successor Java encodes overlong), U+FFFE, U+10FFFF, U+D7FF or malformed bytes.
   */
  private byte[] longText() {
    String[] cutPieces = {"é", "€", "😀", "~", "\uFFFE",
        new String(Character.toChars(0x10FFFF)),
        "\uD7FF", "a", "\u007f", "\u07ff", "\u0800"};
    StringBuilder sb = new StringBuilder();
    char base = (char) ('a' + r.nextInt(26));
    int prefix = 1015 + r.nextInt(12);
    sb.append(String.valueOf(base).repeat(prefix));
    int pieces = 1 + r.nextInt(4);
    for (int i = 0; i < pieces; i++) {
      sb.append(cutPieces[r.nextInt(cutPieces.length)]);
    }
    sb.append(RandomText.randomText(r, r.nextInt(r.nextBoolean() ? 10 : 1500), true));
    byte[] b = sb.toString().getBytes(StandardCharsets.UTF_8);
    if (r.nextInt(5) == 0) {
      // malformed bytes near the cut (but never a run without a character start)
      for (int i = 0; i < 3; i++) {
        int at = 1018 + r.nextInt(10);
        if (at < b.length) {
          b[at] = (byte) (0x80 + r.nextInt(128));
        }
      }
    }
    if (b.length <= 1024) {
      b = (new String(b, StandardCharsets.ISO_8859_1) + "x".repeat(1025 - b.length))
          .getBytes(StandardCharsets.ISO_8859_1);
    }
    return b;
  }

  private Op timestamp() {
    if (flavour == 0) {
      // a tiny pool: the bounds tie on the millisecond and differ below it
      long seconds = 1_600_000_000L;
      int nanos = r.nextInt(2) * 1_000_000 + r.nextInt(4) * 250_000 + r.nextInt(2);
      return timestamp(seconds, nanos);
    }
    long seconds;
    int k = r.nextInt(8);
    if (k == 0) {
      seconds = -1 - r.nextInt(2); // around the epoch, where Java's millis misbehave
    } else if (k < 4) {
      seconds = 1_600_000_000L + r.nextInt(10); // few distinct seconds
    } else {
      seconds = (long) ((r.nextDouble() - 0.5) * 2e11);
    }
    int nanos;
    switch (r.nextInt(5)) {
      case 0: nanos = 0; break;
      case 1: nanos = r.nextInt(1000) * 1_000_000; break;
      case 2: nanos = r.nextInt(1000) * 1_000_000 + 999_999; break;
      case 3: nanos = 500_000_000 + r.nextInt(3); break;
      default: nanos = r.nextInt(1_000_000_000);
    }
    return timestamp(seconds, nanos);
  }

  private Op timestamp(long seconds, int n) {
    long millis = TimestampStats.javaMillis(seconds, n);
    // what TimestampTreeWriter passes: the stats-style millis and the sub-millisecond nanos
    return new Op(j -> j.updateTimestamp(millis, n % 1_000_000),
        o -> ((TimestampStats) o).update(millis, n));
  }

  private Op decimal() {
    int precision = type.getPrecision();
    int scale = type.getScale();
    BigInteger unscaled = decimalDigits(precision);
    BigDecimal value = new BigDecimal(unscaled, scale);
    boolean fitsLong = unscaled.bitLength() < 64;
    boolean oursLong = fitsLong && r.nextBoolean();
    if (precision <= 18 && r.nextBoolean()) {
      // Decimal64ColumnVector: the raw long at the column scale
      long v = unscaled.longValueExact();
      return new Op(j -> j.updateDecimal64(v, scale),
          o -> ((DecimalStats) o).update(v, scale));
    }
    HiveDecimalWritable w = new HiveDecimalWritable(HiveDecimal.create(value));
    if (oursLong) {
      long v = unscaled.longValue();
      return new Op(j -> j.updateDecimal(w), o -> ((DecimalStats) o).update(v, scale));
    }
    return new Op(j -> j.updateDecimal(w), o -> ((DecimalStats) o).update(unscaled, scale));
  }

  /** An unscaled value of at most {@code precision} digits: small, full width or trailing zeros. */
  private BigInteger decimalDigits(int precision) {
    int digits;
    int k = r.nextInt(6);
    if (flavour == 0 || k < 2) {
      digits = 1 + r.nextInt(Math.min(precision, 4));
    } else if (flavour == 2 || k < 4) {
      digits = precision;
    } else {
      digits = 1 + r.nextInt(precision);
    }
    StringBuilder sb = new StringBuilder(digits);
    for (int i = 0; i < digits; i++) {
      sb.append((char) ('0' + r.nextInt(10)));
    }
    if (r.nextInt(4) == 0) {
      // trailing zeros, which Hive strips
      int zeros = r.nextInt(digits + 1);
      sb.replace(digits - zeros, digits, "0".repeat(zeros));
    }
    if (flavour == 2 && r.nextInt(3) == 0) {
      sb.replace(0, digits, "9".repeat(digits));
    }
    BigInteger v = new BigInteger(sb.toString());
    return r.nextInt(3) == 0 ? v.negate() : v;
  }
}
