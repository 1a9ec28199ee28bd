package io.colfile.orc.stats;

import java.util.Map;

/**
 * tinyint, smallint, int and bigint: bounds and sum; the sum is absent once it overflowed int64.
 */
public record IntegerStatistics(Long minimum, Long maximum, Long sum) implements TypedStatistics {
  @Override
  public ColumnStatistics.Kind kind() {
    return ColumnStatistics.Kind.INTEGER;
  }

  @Override
  public void describeTo(Map<String, Object> out) {
    TypedStatistics.put(out, "min", minimum);
    TypedStatistics.put(out, "max", maximum);
    TypedStatistics.put(out, "sum", sum);
  }

  @Override
  public Long minimumValue() {
    return minimum;
  }

  @Override
  public Long maximumValue() {
    return maximum;
  }

  @Override
  public Long sumValue() {
    return sum;
  }
}
