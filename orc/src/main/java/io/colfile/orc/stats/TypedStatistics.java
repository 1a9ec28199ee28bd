package io.colfile.orc.stats;

import java.util.Map;

/**
 * The typed part of a column's statistics: one immutable record per kind of ORC statistics
 * message (orc.md section 9). A component is null when the writer did not store that field, so
 * a record says exactly what the file says; writers' collectors ({@link StatsCollector}) produce
 * the same records, and {@code io.colfile.orc.proto} turns them into bytes.
 */
public sealed interface TypedStatistics
    permits IntegerStatistics, DoubleStatistics, StringStatistics, BooleanStatistics,
        DecimalStatistics, DateStatistics, BinaryStatistics, TimestampStatistics,
        CollectionStatistics, GeospatialStatistics {

  ColumnStatistics.Kind kind();

  /** Adds the stored fields, in ORC's field order, under the names tools print. */
  void describeTo(Map<String, Object> out);

  /** The minimum as a value of the column's kind (see {@link ColumnStatistics#minimum()}). */
  default Object minimumValue() {
    return null;
  }

  /** The maximum as a value of the column's kind (see {@link ColumnStatistics#maximum()}). */
  default Object maximumValue() {
    return null;
  }

  /** The sum as a value of the column's kind (see {@link ColumnStatistics#sum()}). */
  default Object sumValue() {
    return null;
  }

  /** Puts {@code value} under {@code key} when the writer stored it. */
  static void put(Map<String, Object> out, String key, Object value) {
    if (value != null) {
      out.put(key, value);
    }
  }
}
