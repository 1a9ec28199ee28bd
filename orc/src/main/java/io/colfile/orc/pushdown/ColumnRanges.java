package io.colfile.orc.pushdown;

import io.colfile.core.filter.ColumnRange;
import io.colfile.core.filter.Domain;
import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.orc.stats.BooleanStatistics;
import io.colfile.orc.stats.ColumnStatistics;
import io.colfile.orc.stats.DateStatistics;
import io.colfile.orc.stats.DecimalStatistics;
import io.colfile.orc.stats.DoubleStatistics;
import io.colfile.orc.stats.IntegerStatistics;
import io.colfile.orc.stats.StringStatistics;
import io.colfile.orc.stats.TimestampStatistics;
import io.colfile.orc.stats.TypedStatistics;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Arrays;

/**
 * One column's ORC statistics as a {@link ColumnRange} of the values colfile's reader returns:
 * bounds only where they hold for every value read, whatever the writer got wrong (orc.md
 * section 9; {@link WriterFixes} for the writer versions).
 *
 * <ul>
 *   <li>Statistics of another kind than the column's, bounds the wrong way round, or a count
 *       that contradicts the bounds are a damaged file's: nothing is known.
 *   <li>Doubles: a NaN bound is no bound; NaN values may be present unless the sum is stored and
 *       is not NaN (a NaN value makes the sum NaN; Java's {@code evaluatePredicateProto}).
 *   <li>Strings: a truncated value's lowerBound/upperBound stand in for the minimum/maximum.
 *       Bounds are carried as protobuf strings, so bytes that were not UTF-8 arrive as U+FFFD:
 *       a bound is cut at its first U+FFFD (a minimum to the prefix before it, a maximum to
 *       that prefix with its last byte raised, or no maximum).
 *   <li>Decimals: colfile reads each value at the column's scale, truncating toward zero (scale
 *       6 for Hive 0.11's precision 0), so the bounds are truncated the same way; values beyond
 *       38 digits read as NULL, so a column whose bounds could reach them may hold NULLs.
 *   <li>Timestamps: the UTC fields in milliseconds, with the sub-millisecond parts of the
 *       bounds when stored (the maximum otherwise reaches the end of its millisecond). For
 *       TIMESTAMP they are the writer's wall clock read as UTC, which is what colfile reads
 *       when the stripe names its writer zone and writer and reader agree on the zone's rules;
 *       the bounds are widened where that is not known (see {@link #timestamps}): an unknown
 *       zone, local mean time before 1900, and the second writers add to instants in [-1 s, 0)
 *       when they read them back (orc.md section 8.1).
 * </ul>
 */
final class ColumnRanges {
  /** More than any difference between two zones' wall clocks, twice over. */
  static final Duration ZONE_SLACK = Duration.ofDays(3);
  /** Instants whose wall clock in some zone may lie in [-1 s, 0) UTC, and a margin. */
  static final Duration EPOCH_WINDOW = Duration.ofDays(1).plusSeconds(2);
  /** Before this, java.util.TimeZone knows no local mean time (orc.md section 8.1). */
  static final Instant LMT_END = Instant.parse("1900-01-01T00:00:00Z");
  /** More than any zone's local mean time differs from its first standard time. */
  static final Duration LMT_SLACK = Duration.ofDays(1);

  private static final BigInteger MAX_38 = BigInteger.TEN.pow(38);
  private static final byte[] REPLACEMENT = "\uFFFD".getBytes(StandardCharsets.UTF_8);
  /** The scale colfile reads Hive 0.11 decimals (precision 0) at. */
  private static final int HIVE11_SCALE = 6;

  private ColumnRanges() {}

  /**
   * The range of a column of {@code type} that {@code stats} describe.
   *
   * @param writerZone the zone the unit's TIMESTAMP values are read in, which the stripe's
   *     footer names and the writer took its statistics in; null when unknown (a file, a
   *     stripe whose footer is not read yet, a stripe that names none)
   */
  static ColumnRange of(Type type, ColumnStatistics stats, WriterFixes fixes,
      ZoneId writerZone) {
    long count = stats.numberOfValues();
    if (count < 0) {
      return ColumnRange.UNKNOWN; // a uint64 beyond Long.MAX_VALUE
    }
    // values of a wide decimal column beyond 38 digits read as NULL: unless bounds say none are
    boolean nullsUncounted = type.kind() == TypeKind.DECIMAL && isWide(type);
    boolean hasNull = stats.hasNull();
    TypedStatistics typed = stats.typed();
    if (typed == null || fixes.boundsDistrusted(type) != null) {
      return ColumnRange.counts(count, hasNull || nullsUncounted);
    }
    Bounds b = bounds(type, typed, count);
    if (b == null) {
      return ColumnRange.counts(count, hasNull || nullsUncounted);
    }
    if (b.inconsistent) {
      return ColumnRange.UNKNOWN;
    }
    Domain d = Domain.of(type);
    Object min = b.min;
    Object max = fixes.maximumDistrusted(type) != null ? null : b.max;
    if (min != null && max != null && d.compare(min, max) > 0) {
      return ColumnRange.UNKNOWN;
    }
    if ((min != null || max != null) && count == 0) {
      return ColumnRange.UNKNOWN; // bounds of no values
    }
    if (type.kind() == TypeKind.TIMESTAMP || type.kind() == TypeKind.TIMESTAMP_INSTANT) {
      Instant[] t = timestamps((Instant) min, (Instant) max,
          type.kind() == TypeKind.TIMESTAMP ? writerZone : ZoneOffset.UTC, fixes);
      min = t[0];
      max = t[1];
    }
    if (nullsUncounted && (min == null || max == null || beyond38((BigDecimal) min)
        || beyond38((BigDecimal) max))) {
      hasNull = true;
    }
    return new ColumnRange(min, max, hasNull, count, b.mayHaveNaN);
  }

  /** The bounds the statistics state, in the column's domain; null when they state none. */
  private static Bounds bounds(Type type, TypedStatistics typed, long count) {
    switch (type.kind()) {
      case BOOLEAN: {
        if (!(typed instanceof BooleanStatistics s)) {
          return Bounds.INCONSISTENT; // statistics of another kind
        }
        if (s.trueCount() == null) {
          return null;
        }
        long t = s.trueCount();
        if (t < 0 || t > count) {
          return Bounds.INCONSISTENT;
        }
        return count == 0 ? null : new Bounds(t == count ? 1L : 0L, t > 0 ? 1L : 0L, false);
      }
      case BYTE: case SHORT: case INT: case LONG:
        return typed instanceof IntegerStatistics s
            ? new Bounds(s.minimum(), s.maximum(), false) : Bounds.INCONSISTENT;
      case DATE:
        return typed instanceof DateStatistics s ? new Bounds(
            s.minimumDays() == null ? null : (long) s.minimumDays(),
            s.maximumDays() == null ? null : (long) s.maximumDays(), false)
            : Bounds.INCONSISTENT;
      case FLOAT: case DOUBLE: {
        if (!(typed instanceof DoubleStatistics s)) {
          return Bounds.INCONSISTENT; // statistics of another kind
        }
        boolean nanBound = isNaN(s.minimum()) || isNaN(s.maximum());
        if (nanBound && count == 0) {
          return Bounds.INCONSISTENT; // NaN bounds of no values
        }
        boolean mayHaveNaN = nanBound || s.sum() == null || s.sum().isNaN();
        return nanBound ? new Bounds(null, null, true)
            : new Bounds(s.minimum(), s.maximum(), mayHaveNaN);
      }
      case STRING: case VARCHAR: case CHAR: {
        if (!(typed instanceof StringStatistics s)) {
          return Bounds.INCONSISTENT; // statistics of another kind
        }
        return new Bounds(lower(s.minimumValue()), upper(s.maximumValue()), false);
      }
      case DECIMAL: {
        if (!(typed instanceof DecimalStatistics s)) {
          return Bounds.INCONSISTENT; // statistics of another kind
        }
        if (s.minimumText() != null && s.minimumValue() == null
            || s.maximumText() != null && s.maximumValue() == null) {
          return Bounds.INCONSISTENT; // text that is no decimal
        }
        int scale = type.precision() == 0 ? HIVE11_SCALE : type.scale();
        return new Bounds(atScale(s.minimumValue(), scale), atScale(s.maximumValue(), scale),
            false);
      }
      case TIMESTAMP: case TIMESTAMP_INSTANT: {
        if (!(typed instanceof TimestampStatistics s)) {
          return Bounds.INCONSISTENT; // statistics of another kind
        }
        return new Bounds(instant(s.minimumUtc(), s.minimumNanos(), 0),
            instant(s.maximumUtc(), s.maximumNanos(), 999_999), false);
      }
      default:
        return null; // binary and compound columns have no bounds
    }
  }

  private static boolean isNaN(Double d) {
    return d != null && d.isNaN();
  }

  /** A string minimum as bytes, cut before the first U+FFFD (see the class). */
  private static byte[] lower(String text) {
    if (text == null) {
      return null;
    }
    byte[] b = text.getBytes(StandardCharsets.UTF_8);
    int cut = indexOf(b, REPLACEMENT);
    return cut < 0 ? b : Arrays.copyOf(b, cut);
  }

  /**
   * A string maximum as bytes; when it holds a U+FFFD, the prefix before it with its last byte
   * raised (above every string starting with that prefix), or null.
   */
  private static byte[] upper(String text) {
    if (text == null) {
      return null;
    }
    byte[] b = text.getBytes(StandardCharsets.UTF_8);
    int cut = indexOf(b, REPLACEMENT);
    if (cut < 0) {
      return b;
    }
    for (int i = cut - 1; i >= 0; i--) {
      if (b[i] != (byte) 0xFF) {
        byte[] out = Arrays.copyOf(b, i + 1);
        out[i]++;
        return out;
      }
    }
    return null;
  }

  private static int indexOf(byte[] b, byte[] what) {
    outer:
    for (int i = 0; i + what.length <= b.length; i++) {
      for (int k = 0; k < what.length; k++) {
        if (b[i + k] != what[k]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  /** {@code d} truncated toward zero to {@code scale}, as the reader reads values. */
  private static BigDecimal atScale(BigDecimal d, int scale) {
    return d == null ? null : d.setScale(scale, RoundingMode.DOWN);
  }

  /** Whether the column is read unbounded, where values beyond 38 digits read as NULL. */
  private static boolean isWide(Type type) {
    return type.precision() == 0 || type.precision() > 18;
  }

  private static boolean beyond38(BigDecimal d) {
    return d.unscaledValue().abs().compareTo(MAX_38) >= 0;
  }

  /** The instant of {@code millis} plus {@code nanos} (or the default when absent or damaged). */
  private static Instant instant(Long millis, Integer nanos, int defaultNanos) {
    if (millis == null) {
      return null;
    }
    int sub = nanos != null && nanos >= 0 && nanos <= 999_999 ? nanos : defaultNanos;
    return Instant.ofEpochMilli(millis).plusNanos(sub);
  }

  /**
   * Timestamp bounds, widened where the values read may differ from those the statistics were
   * taken from: by {@link #ZONE_SLACK} when the zone is unknown; by {@link #LMT_SLACK} for
   * values before {@link #LMT_END} in a zone with rules, whose local mean time ORC Java (through
   * java.util.TimeZone) does not know while colfile (java.time) and ORC C++ do; and, for the
   * writers {@link WriterFixes#timestampsMaySkewNear1970} names, by a second past the values
   * near 1970.
   *
   * @param zone the zone the values are read in (UTC for instants), or null when unknown
   */
  private static Instant[] timestamps(Instant min, Instant max, ZoneId zone,
      WriterFixes fixes) {
    if (zone == null) {
      return new Instant[] {min == null ? null : min.minus(ZONE_SLACK),
          max == null ? null : max.plus(ZONE_SLACK)};
    }
    if (!zone.getRules().isFixedOffset()) {
      Instant end = LMT_END.plus(LMT_SLACK);
      if (min != null && min.isBefore(end)) {
        min = min.minus(LMT_SLACK);
      }
      max = below(min, max, end, LMT_SLACK);
    }
    if (fixes.timestampsMaySkewNear1970()) {
      Instant low = Instant.EPOCH.minus(EPOCH_WINDOW);
      Instant high = Instant.EPOCH.plus(EPOCH_WINDOW);
      if (max != null && !max.isBefore(low)) {
        max = below(min, max, high, Duration.ofSeconds(1));
      }
    }
    return new Instant[] {min, max};
  }

  /**
   * {@code max} raised so that values up to {@code limit} in {@code [min, max]} may read up to
   * {@code slack} later: a maximum past {@code limit + slack} stays.
   */
  private static Instant below(Instant min, Instant max, Instant limit, Duration slack) {
    if (max == null || min != null && min.isAfter(limit)) {
      return max;
    }
    Instant shifted = (max.isBefore(limit) ? max : limit).plus(slack);
    return shifted.isAfter(max) ? shifted : max;
  }

  /** Whether a wall clock {@code t} of {@code zone} may read otherwise than the writer saw it. */
  static boolean mayDisagreeOnZone(ZoneId zone, Instant t) {
    return !zone.getRules().isFixedOffset() && t.isBefore(LMT_END.plus(LMT_SLACK));
  }

  /** Bounds as the statistics state them (either may be null). */
  private record Bounds(Object min, Object max, boolean mayHaveNaN, boolean inconsistent) {
    static final Bounds INCONSISTENT = new Bounds(null, null, true, true);

    Bounds(Object min, Object max, boolean mayHaveNaN) {
      this(min, max, mayHaveNaN, false);
    }
  }
}
