package io.colfile.orc.stats;

import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Map;

/**
 * timestamp and timestamp with local time zone (orc.md section 9). Writers since ORC_135 store
 * milliseconds in {@code minimumUtc}/{@code maximumUtc}: for TIMESTAMP the writer's wall clock
 * read as if it were UTC, for TIMESTAMP_INSTANT the instant. Older writers stored the local
 * {@code minimumLocal}/{@code maximumLocal} instead, which readers cannot place reliably. The
 * sub-millisecond nanoseconds of the bounds (0 to 999,999) are absent when they are the
 * defaults 0 (minimum) and 999,999 (maximum); the file stores them plus one.
 */
public record TimestampStatistics(Long minimumLocal, Long maximumLocal, Long minimumUtc,
    Long maximumUtc, Integer minimumNanos, Integer maximumNanos) implements TypedStatistics {
  static final int DEFAULT_MIN_NANOS = 0;
  static final int DEFAULT_MAX_NANOS = 999_999;

  @Override
  public ColumnStatistics.Kind kind() {
    return ColumnStatistics.Kind.TIMESTAMP;
  }

  /** The minimum as the UTC-based date-time the statistics record, or null. */
  @Override
  public LocalDateTime minimumValue() {
    return dateTime(minimumUtc, minimumNanos, DEFAULT_MIN_NANOS);
  }

  /** The maximum as the UTC-based date-time the statistics record, or null. */
  @Override
  public LocalDateTime maximumValue() {
    return dateTime(maximumUtc, maximumNanos, DEFAULT_MAX_NANOS);
  }

  private static LocalDateTime dateTime(Long millis, Integer nanos, int defaultNanos) {
    if (millis == null) {
      return null;
    }
    long sub = nanos == null ? defaultNanos : nanos;
    if (sub < 0 || sub > DEFAULT_MAX_NANOS) {
      return null; // a damaged file: no usable bound
    }
    try {
      return LocalDateTime.ofEpochSecond(Math.floorDiv(millis, 1000),
          (int) (Math.floorMod(millis, 1000) * 1_000_000 + sub), ZoneOffset.UTC);
    } catch (DateTimeException e) {
      return null;
    }
  }

  @Override
  public void describeTo(Map<String, Object> out) {
    TypedStatistics.put(out, "min", minimumLocal);
    TypedStatistics.put(out, "max", maximumLocal);
    TypedStatistics.put(out, "minUtc", minimumUtc);
    TypedStatistics.put(out, "maxUtc", maximumUtc);
    TypedStatistics.put(out, "minNanos", minimumNanos == null ? null : (long) minimumNanos);
    TypedStatistics.put(out, "maxNanos", maximumNanos == null ? null : (long) maximumNanos);
  }
}
