package io.colfile.orc.stats;

/**
 * Timestamp columns (writer version ORC_135 and later, orc.md section 9). The bounds are
 * milliseconds: for TIMESTAMP the writer's wall clock read as if it were UTC, for
 * TIMESTAMP_INSTANT the true UTC instant. They go to {@code minimum_utc}/{@code maximum_utc}
 * (the legacy local-time {@code minimum}/{@code maximum} are never written), with the
 * sub-millisecond part of each bound's nanoseconds stored plus one:
 *
 * <pre>
 * minimum_nanos = (nanos % 10^6) + 1   only when that part is not 0
 * maximum_nanos = (nanos % 10^6) + 1   only when that part is not 999999
 * </pre>
 *
 * TimestampStatistics is always present; the bounds only when the count is non-zero. Ties on the
 * millisecond are broken by the sub-millisecond part, as Java does.
 */
public final class TimestampStats extends StatsCollector {
  private static final int DEFAULT_MIN_NANOS = TimestampStatistics.DEFAULT_MIN_NANOS;
  private static final int DEFAULT_MAX_NANOS = TimestampStatistics.DEFAULT_MAX_NANOS;

  private long minimum = Long.MAX_VALUE;
  private long maximum = Long.MIN_VALUE;
  private int minNanos = DEFAULT_MIN_NANOS;
  private int maxNanos = DEFAULT_MAX_NANOS;

  TimestampStats() {}

  /**
   * Java's millisecond for a timestamp of {@code seconds} since the epoch (floored, as {@code
   * TimestampVector} holds them) and {@code nanos} of that second. Java's tree writer truncates
   * the seconds toward zero and then subtracts a second only when the millisecond is negative,
   * so an instant strictly between -1 s and 0 is recorded as its positive mirror image
   * (-0.5 s becomes +500 ms): the same quirk as the DATA stream's (orc.md section 8.1). Apply it
   * in the frame the statistics use (UTC wall clock or instant).
   */
  public static long javaMillis(long seconds, int nanos) {
    long time = seconds * 1000 + nanos / 1_000_000;
    long millis = time / 1000 * 1000 + nanos / 1_000_000;
    if (millis < 0 && nanos > 999_999) {
      millis -= 1000;
    }
    return millis;
  }

  /**
   * One value: stats-style milliseconds (see the class comment) and the nanoseconds of its second
   * (0 to 999,999,999); only their sub-millisecond part is kept.
   */
  public void update(long millis, int nanosOfSecond) {
    if (nanosOfSecond < 0 || nanosOfSecond > 999_999_999) {
      throw new IllegalArgumentException("nanoseconds of a second out of range: " + nanosOfSecond);
    }
    int nanos = nanosOfSecond % 1_000_000;
    if (minimum > maximum) {
      minimum = millis;
      maximum = millis;
      minNanos = nanos;
      maxNanos = nanos;
      return;
    }
    if (millis <= minimum) {
      if (millis < minimum || nanos < minNanos) {
        minNanos = nanos;
      }
      minimum = millis;
    }
    if (millis >= maximum) {
      if (millis > maximum || nanos > maxNanos) {
        maxNanos = nanos;
      }
      maximum = millis;
    }
  }

  @Override
  void mergeTyped(StatsCollector other) {
    TimestampStats o = (TimestampStats) other;
    if (numberOfValues() == 0) {
      if (o.numberOfValues() != 0) {
        minimum = o.minimum;
        maximum = o.maximum;
        minNanos = o.minNanos;
        maxNanos = o.maxNanos;
      }
    } else if (o.numberOfValues() != 0) {
      if (o.minimum <= minimum) {
        if (o.minimum < minimum || o.minNanos < minNanos) {
          minNanos = o.minNanos;
        }
        minimum = o.minimum;
      }
      if (o.maximum >= maximum) {
        if (o.maximum > maximum || o.maxNanos > maxNanos) {
          maxNanos = o.maxNanos;
        }
        maximum = o.maximum;
      }
    }
  }

  @Override
  StatsCollector emptyCopy() {
    return new TimestampStats();
  }

  /** Only the UTC-based bounds (ORC-135 and later) are loaded; local ones cannot be placed. */
  @Override
  boolean loadTyped(TypedStatistics typed) {
    if (!(typed instanceof TimestampStatistics t)) {
      return false;
    }
    if (numberOfValues() != 0) {
      if (t.minimumUtc() == null || t.maximumUtc() == null) {
        return false;
      }
      minimum = t.minimumUtc();
      maximum = t.maximumUtc();
      minNanos = t.minimumNanos() == null ? DEFAULT_MIN_NANOS : t.minimumNanos();
      maxNanos = t.maximumNanos() == null ? DEFAULT_MAX_NANOS : t.maximumNanos();
      return minNanos >= 0 && minNanos <= DEFAULT_MAX_NANOS && maxNanos >= 0
          && maxNanos <= DEFAULT_MAX_NANOS;
    }
    return true;
  }

  @Override
  void resetTyped() {
    minimum = Long.MAX_VALUE;
    maximum = Long.MIN_VALUE;
    minNanos = DEFAULT_MIN_NANOS;
    maxNanos = DEFAULT_MAX_NANOS;
  }

  @Override
  TimestampStatistics typed() {
    if (numberOfValues() == 0) {
      return new TimestampStatistics(null, null, null, null, null, null);
    }
    return new TimestampStatistics(null, null, minimum, maximum,
        minNanos != DEFAULT_MIN_NANOS ? minNanos : null,
        maxNanos != DEFAULT_MAX_NANOS ? maxNanos : null);
  }
}
