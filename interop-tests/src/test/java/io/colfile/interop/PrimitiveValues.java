package io.colfile.interop;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import org.apache.orc.TypeDescription;

/**
 * Random values of one primitive type, favouring small values and mixing in the edges on
 * purpose (STYLE.md §4): extremes of each integer width, 0 and -1, NaN, infinities and -0.0,
 * empty, long and non-ASCII strings, dates before 1970 and after 2038, timestamps with nanos.
 * Dates and timestamps stay within years 1000..9999 so that every printer agrees on a
 * four-digit year.
 */
final class PrimitiveValues {
  static final long MIN_DAY = LocalDate.of(1000, 1, 1).toEpochDay();
  static final long MAX_DAY = LocalDate.of(9999, 12, 31).toEpochDay();
  private static final List<LocalDate> EDGE_DATES = List.of(
      LocalDate.of(1969, 12, 31), LocalDate.of(1970, 1, 1), LocalDate.of(2038, 1, 19),
      LocalDate.of(2038, 1, 20), LocalDate.of(1582, 10, 4), LocalDate.of(1582, 10, 15),
      LocalDate.of(1000, 1, 1), LocalDate.of(9999, 12, 31), LocalDate.of(2000, 2, 29),
      LocalDate.of(2015, 1, 1), LocalDate.of(1900, 3, 1));
  static final LocalDateTime ZONES_AGREE = LocalDateTime.of(1900, 1, 2, 0, 0);
  private static final double[] EDGE_DOUBLES = {
      Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.0, 0.0, 1, -1,
      Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, Double.MIN_NORMAL, 1e-5, 1e-4,
      0.1, 1e14, 1e15, 1e20, 123456789012345.0, 0.125, 2.5e-300};
  private static final float[] EDGE_FLOATS = {
      Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, -0f, 0f, 1, -1,
      Float.MIN_VALUE, Float.MAX_VALUE, -Float.MAX_VALUE, 1e-5f, 1e-4f, 0.1f, 1e7f, 9999999f,
      // exact decimal ties at the 7th digit: C rounds them half-to-even
      12345665f, 12345675f, 0.125f};

  private PrimitiveValues() {}

  /** A source of random non-null values of {@code type}. */
  static Supplier<Object> of(TypeDescription type, Random r, ZoneId writerZone) {
    switch (type.getCategory()) {
      case BOOLEAN: return r::nextBoolean;
      case BYTE: return () -> integer(r, Byte.MIN_VALUE, Byte.MAX_VALUE);
      case SHORT: return () -> integer(r, Short.MIN_VALUE, Short.MAX_VALUE);
      case INT: return () -> integer(r, Integer.MIN_VALUE, Integer.MAX_VALUE);
      case LONG: return () -> integer(r, Long.MIN_VALUE, Long.MAX_VALUE);
      case FLOAT: return () -> floatValue(r);
      case DOUBLE: return () -> doubleValue(r);
      case STRING: return () -> RandomText.string(r, Integer.MAX_VALUE);
      case VARCHAR: return () -> RandomText.string(r, type.getMaxLength());
      case CHAR: return () -> RandomText.padded(RandomText.string(r, type.getMaxLength()),
          type.getMaxLength());
      case BINARY: return () -> RandomText.bytes(r);
      case DECIMAL: return () -> decimal(r, type.getPrecision(), type.getScale());
      case DATE: return () -> LocalDate.ofEpochDay(day(r));
      case TIMESTAMP: return () -> timestamp(r, writerZone);
      case TIMESTAMP_INSTANT: return () -> timestamp(r, ZoneOffset.UTC).toInstant(ZoneOffset.UTC);
      default: throw new IllegalArgumentException("not primitive: " + type);
    }
  }

  static long integer(Random r, long min, long max) {
    int k = r.nextInt(100);
    if (k < 6) {
      long[] edges = {min, max, 0, -1, 1, min + 1, max - 1};
      return edges[r.nextInt(edges.length)];
    }
    long v;
    if (k < 50) {
      v = r.nextInt(201) - 100;
    } else if (k < 80) {
      v = r.nextInt(2_000_001) - 1_000_000;
    } else {
      v = r.nextLong();
    }
    // fold into range; only the widest draws ever need it
    return v < min || v > max ? min + Math.floorMod(v, max - min + 1) : v;
  }

  static Float floatValue(Random r) {
    int k = r.nextInt(10);
    if (k == 0) {
      return EDGE_FLOATS[r.nextInt(EDGE_FLOATS.length)];
    }
    if (k < 4) {
      return (float) (r.nextInt(2001) - 1000);
    }
    if (k < 7) {
      return (float) (r.nextGaussian() * Math.pow(10, r.nextInt(21) - 10));
    }
    return Float.intBitsToFloat(r.nextInt());
  }

  static Double doubleValue(Random r) {
    int k = r.nextInt(10);
    if (k == 0) {
      return EDGE_DOUBLES[r.nextInt(EDGE_DOUBLES.length)];
    }
    if (k < 3) {
      return (double) (r.nextInt(2001) - 1000);
    }
    if (k < 5) {
      return (r.nextInt(200_001) - 100_000) / 100.0;   // money-like, two decimals
    }
    if (k < 7) {
      return r.nextGaussian() * Math.pow(10, r.nextInt(41) - 20);
    }
    return Double.longBitsToDouble(r.nextLong());
  }

  /** A decimal that fits decimal(p, s): at most p digits, at the column scale. */
  static BigDecimal decimal(Random r, int precision, int scale) {
    BigInteger limit = BigInteger.TEN.pow(precision);
    BigInteger unscaled;
    int k = r.nextInt(10);
    if (k == 0) {
      BigInteger[] edges = {BigInteger.ZERO, BigInteger.ONE, limit.subtract(BigInteger.ONE)};
      unscaled = edges[r.nextInt(edges.length)];
    } else {
      int digits = k < 5 ? Math.min(precision, 1 + r.nextInt(4)) : 1 + r.nextInt(precision);
      unscaled = new BigInteger(digits * 4, r).mod(BigInteger.TEN.pow(digits));
    }
    return new BigDecimal(r.nextBoolean() ? unscaled : unscaled.negate(), scale);
  }

  static long day(Random r) {
    switch (r.nextInt(10)) {
      case 0: return EDGE_DATES.get(r.nextInt(EDGE_DATES.size())).toEpochDay();
      case 1: case 2: case 3: return r.nextInt(7301) - 3650;                // around 1970
      case 4: case 5: return -r.nextInt(25_000) - 1;                         // 1901..1969
      case 6: case 7: return 24_856 + r.nextInt(40_000);                    // after 2038-01-19
      default: return MIN_DAY + (long) (r.nextDouble() * (MAX_DAY - MIN_DAY));
    }
  }

  /**
   * A wall-clock time that exists in {@code zone} and whose instant is not strictly between -1 s
   * and 0: Apache ORC (Java and C++) writes such instants as second 0 and reads them back 1 s
   * late (orc.md §8.1), so generating them would only test that known bug.
   *
   * <p>Outside UTC, times stay after {@link #ZONES_AGREE}: before 1900, java.util.TimeZone (which
   * orc-core uses on both sides) knows no local mean time while the tz database (java.time,
   * ORC C++) does, so the implementations disagree by minutes and neither is a reference.
   */
  static LocalDateTime timestamp(Random r, ZoneId zone) {
    boolean utc = zone.getRules().isFixedOffset();
    while (true) {
      LocalDateTime t = r.nextInt(8) == 0
          ? LocalDateTime.ofInstant(Instant.ofEpochSecond(r.nextInt(7) - 3), zone) // the epoch
          : LocalDate.ofEpochDay(day(r)).atStartOfDay().plusSeconds(r.nextInt(86_400));
      t = t.withNano(nanos(r));
      if (!utc && t.isBefore(ZONES_AGREE)) {
        continue;
      }
      if (zone.getRules().getValidOffsets(t).isEmpty()) {
        continue;                                  // in a daylight-saving gap: no such instant
      }
      Instant at = t.atZone(zone).toInstant();
      if (at.getEpochSecond() == -1 && at.getNano() != 0) {
        continue;                                  // (-1 s, 0): the known bug
      }
      return t;
    }
  }

  static int nanos(Random r) {
    switch (r.nextInt(10)) {
      case 0: case 1: case 2: return 0;
      case 3: case 4: return r.nextInt(1000) * 1_000_000;
      case 5: case 6: return r.nextInt(1_000_000) * 1000;
      case 7: {
        int[] edges = {1, 999_999_999, 999_999, 1_000_000, 500_000_000, 100, 10};
        return edges[r.nextInt(edges.length)];
      }
      default: return r.nextInt(1_000_000_000);
    }
  }
}
