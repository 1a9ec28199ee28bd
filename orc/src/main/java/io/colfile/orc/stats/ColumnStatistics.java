package io.colfile.orc.stats;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Statistics of one column at one level (file, stripe or row group), as the writer recorded
 * them: the one statistics model of colfile's ORC reader and writer. Only the parts the writer
 * stored are present; typed getters return null when absent.
 *
 * @param numberOfValues non-null values
 * @param hasNull whether any value is null (true when an old writer did not say)
 * @param bytesOnDisk bytes of the column's data streams (Java writers, stripe and file level
 *     only), or null
 * @param typed the statistics of the column's kind, or null (struct, union, unknown)
 */
public record ColumnStatistics(long numberOfValues, boolean hasNull, Long bytesOnDisk,
    TypedStatistics typed) {
  /** The kind of typed statistics the writer stored, if any. */
  public enum Kind { NONE, INTEGER, DOUBLE, STRING, BOOLEAN, DECIMAL, DATE, BINARY, TIMESTAMP,
    COLLECTION, GEOSPATIAL }

  public Kind kind() {
    return typed == null ? Kind.NONE : typed.kind();
  }

  /** A typed statistic by the name {@link #describe()} gives it ({@code min}, ...), or null. */
  public Object get(String name) {
    if (typed == null) {
      return null;
    }
    Map<String, Object> m = new LinkedHashMap<>();
    typed.describeTo(m);
    return m.get(name);
  }

  /** Integer/date minimum, or null. */
  public Long minimumLong() {
    return get("min") instanceof Long l ? l : null;
  }

  /** Integer/date maximum, or null. */
  public Long maximumLong() {
    return get("max") instanceof Long l ? l : null;
  }

  /**
   * The minimum as a value of the column's kind, or null when the writer stored none: Long
   * (integers), Double, String (strings, also a truncated lower bound), BigDecimal, LocalDate,
   * LocalDateTime (timestamps: the writer's wall clock as ORC records it in UTC terms).
   */
  public Object minimum() {
    return typed == null ? null : typed.minimumValue();
  }

  /** The maximum, as {@link #minimum()} (strings: also a truncated upper bound). */
  public Object maximum() {
    return typed == null ? null : typed.maximumValue();
  }

  /** The sum (Long, Double or BigDecimal), or null when absent or it overflowed. */
  public Object sum() {
    return typed == null ? null : typed.sumValue();
  }

  /** Number of true values of a boolean column, or null. */
  public Long trueCount() {
    return typed instanceof BooleanStatistics b ? b.trueCount() : null;
  }

  /** Everything present, in ORC's order: count, hasNull, bytesOnDisk, then the typed parts. */
  public Map<String, Object> describe() {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("count", numberOfValues);
    out.put("hasNull", hasNull);
    if (bytesOnDisk != null) {
      out.put("bytesOnDisk", bytesOnDisk);
    }
    if (typed != null) {
      typed.describeTo(out);
    }
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
