package io.colfile.orc;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Statistics of one column at one level (file, stripe or row group), as the writer recorded
 * them. Only the parts the writer stored are present: typed getters return null when absent.
 * {@link #describe()} lists what is present, in a stable order, for tools.
 */
public final class ColumnStatistics {
  /** The kind of typed statistics the writer stored, if any. */
  public enum Kind { NONE, INTEGER, DOUBLE, STRING, BOOLEAN, DECIMAL, DATE, BINARY, TIMESTAMP,
    COLLECTION }

  private final long numberOfValues;
  private final boolean hasNull;
  private final Long bytesOnDisk;
  private final Kind kind;
  private final Map<String, Object> typed;

  ColumnStatistics(long numberOfValues, boolean hasNull, Long bytesOnDisk, Kind kind,
      Map<String, Object> typed) {
    this.numberOfValues = numberOfValues;
    this.hasNull = hasNull;
    this.bytesOnDisk = bytesOnDisk;
    this.kind = kind;
    this.typed = typed;
  }

  /** Number of non-null values. */
  public long numberOfValues() {
    return numberOfValues;
  }

  /** Whether any value is null (true when an old writer did not say). */
  public boolean hasNull() {
    return hasNull;
  }

  /** Bytes of the column's data streams (Java writers only), or null. */
  public Long bytesOnDisk() {
    return bytesOnDisk;
  }

  public Kind kind() {
    return kind;
  }

  /** A typed statistic by name (e.g. {@code min}, {@code max}, {@code sum}), or null. */
  public Object get(String name) {
    return typed.get(name);
  }

  /** Integer/date minimum, or null. */
  public Long minimumLong() {
    Object o = typed.get("min");
    return o instanceof Long ? (Long) o : null;
  }

  /** Integer/date maximum, or null. */
  public Long maximumLong() {
    Object o = typed.get("max");
    return o instanceof Long ? (Long) o : null;
  }

  /**
   * The minimum as a value of the column's kind, or null when the writer stored none: Long
   * (integers), Double, String (strings, also a truncated lower bound), BigDecimal, LocalDate,
   * LocalDateTime (timestamps: the writer's wall clock as ORC records it in UTC terms).
   */
  public Object minimum() {
    return typedBound("min", "lowerBound", "minUtc", "minNanos", 0);
  }

  /** The maximum, as {@link #minimum()} (strings: also a truncated upper bound). */
  public Object maximum() {
    return typedBound("max", "upperBound", "maxUtc", "maxNanos", 999_999);
  }

  /** The sum (Long, Double or BigDecimal), or null when absent or it overflowed. */
  public Object sum() {
    Object s = typed.get("sum");
    if (kind == Kind.DECIMAL && s instanceof String) {
      return new java.math.BigDecimal((String) s);
    }
    return s;
  }

  /** Number of true values of a boolean column, or null. */
  public Long trueCount() {
    Object o = typed.get("true");
    return o instanceof Long ? (Long) o : null;
  }

  private Object typedBound(String key, String boundKey, String utcKey, String nanosKey,
      long defaultSubMilliNanos) {
    switch (kind) {
      case INTEGER: case DOUBLE:
        return typed.get(key);
      case STRING: {
        Object o = typed.get(key);
        return o != null ? o : typed.get(boundKey);
      }
      case DECIMAL: {
        Object o = typed.get(key);
        return o == null ? null : new java.math.BigDecimal((String) o);
      }
      case DATE: {
        Object o = typed.get(key);
        return o == null ? null : java.time.LocalDate.ofEpochDay((Long) o);
      }
      case TIMESTAMP: {
        Object ms = typed.get(utcKey);
        if (!(ms instanceof Long)) {
          return null;
        }
        Object sub = typed.get(nanosKey);
        long nanos = sub instanceof Long ? (Long) sub : defaultSubMilliNanos;
        long millis = (Long) ms;
        return java.time.LocalDateTime.ofEpochSecond(Math.floorDiv(millis, 1000),
            (int) (Math.floorMod(millis, 1000) * 1_000_000 + nanos), java.time.ZoneOffset.UTC);
      }
      default:
        return null;
    }
  }

  /** Everything present, in ORC's order: count, hasNull, bytesOnDisk, then the typed parts. */
  public Map<String, Object> describe() {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("count", numberOfValues);
    out.put("hasNull", hasNull);
    if (bytesOnDisk != null) {
      out.put("bytesOnDisk", bytesOnDisk);
    }
    out.putAll(typed);
    return out;
  }

  /** ORC's text form: {@code count: 3 hasNull: false min: 0 max: 2 sum: 4}. */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder();
    for (Map.Entry<String, Object> e : describe().entrySet()) {
      if (sb.length() > 0) {
        sb.append(' ');
      }
      sb.append(e.getKey()).append(": ").append(e.getValue());
    }
    return sb.toString();
  }
}
