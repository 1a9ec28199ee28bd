package io.colfile.orc.stats;

/**
 * Date columns: minimum and maximum days since 1970-01-01. DateStatistics is always present;
 * the bounds only when the count is non-zero.
 */
public final class DateStats extends StatsCollector {
  private int minimum = Integer.MAX_VALUE;
  private int maximum = Integer.MIN_VALUE;

  DateStats() {}

  public void update(int days) {
    if (days < minimum) {
      minimum = days;
    }
    if (days > maximum) {
      maximum = days;
    }
  }

  @Override
  void mergeTyped(StatsCollector other) {
    DateStats o = (DateStats) other;
    minimum = Math.min(minimum, o.minimum);
    maximum = Math.max(maximum, o.maximum);
  }

  @Override
  StatsCollector emptyCopy() {
    return new DateStats();
  }

  @Override
  boolean loadTyped(TypedStatistics typed) {
    if (!(typed instanceof DateStatistics d)) {
      return false;
    }
    if (numberOfValues() != 0) {
      if (d.minimumDays() == null || d.maximumDays() == null) {
        return false;
      }
      minimum = d.minimumDays();
      maximum = d.maximumDays();
    }
    return true;
  }

  @Override
  void resetTyped() {
    minimum = Integer.MAX_VALUE;
    maximum = Integer.MIN_VALUE;
  }

  @Override
  DateStatistics typed() {
    boolean bounds = numberOfValues() != 0;
    return new DateStatistics(bounds ? minimum : null, bounds ? maximum : null);
  }
}
