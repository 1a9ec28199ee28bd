package io.colfile.orc.stats;

import java.time.LocalDate;
import java.util.Map;

/** date: the bounds in days since 1970-01-01. */
public record DateStatistics(Integer minimumDays, Integer maximumDays)
    implements TypedStatistics {
  @Override
  public ColumnStatistics.Kind kind() {
    return ColumnStatistics.Kind.DATE;
  }

  @Override
  public LocalDate minimumValue() {
    return minimumDays == null ? null : LocalDate.ofEpochDay(minimumDays);
  }

  @Override
  public LocalDate maximumValue() {
    return maximumDays == null ? null : LocalDate.ofEpochDay(maximumDays);
  }

  @Override
  public void describeTo(Map<String, Object> out) {
    // printed as longs, as every other integer statistic
    TypedStatistics.put(out, "min", minimumDays == null ? null : (long) minimumDays);
    TypedStatistics.put(out, "max", maximumDays == null ? null : (long) maximumDays);
  }
}
