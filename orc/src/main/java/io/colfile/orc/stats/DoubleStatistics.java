package io.colfile.orc.stats;

import java.util.Map;

/** float (widened) and double: bounds and sum (which may be infinite or NaN). */
public record DoubleStatistics(Double minimum, Double maximum, Double sum)
    implements TypedStatistics {
  @Override
  public ColumnStatistics.Kind kind() {
    return ColumnStatistics.Kind.DOUBLE;
  }

  @Override
  public void describeTo(Map<String, Object> out) {
    TypedStatistics.put(out, "min", minimum);
    TypedStatistics.put(out, "max", maximum);
    TypedStatistics.put(out, "sum", sum);
  }

  @Override
  public Double minimumValue() {
    return minimum;
  }

  @Override
  public Double maximumValue() {
    return maximum;
  }

  @Override
  public Double sumValue() {
    return sum;
  }
}
