package io.colfile.orc.stats;

import java.util.Map;

/**
 * string, char and varchar: bounds in unsigned UTF-8 byte order and the total length in bytes.
 * A writer that truncated a long value (ORC_203 and later) stores it as a lower or upper bound
 * instead of a minimum or maximum: the true minimum is at least {@code lowerBound}, the true
 * maximum below {@code upperBound}.
 */
public record StringStatistics(String minimum, String maximum, String lowerBound,
    String upperBound, Long sum) implements TypedStatistics {
  @Override
  public ColumnStatistics.Kind kind() {
    return ColumnStatistics.Kind.STRING;
  }

  /** The minimum, or else the lower bound. */
  @Override
  public String minimumValue() {
    return minimum != null ? minimum : lowerBound;
  }

  /** The maximum, or else the upper bound. */
  @Override
  public String maximumValue() {
    return maximum != null ? maximum : upperBound;
  }

  @Override
  public Long sumValue() {
    return sum;
  }

  @Override
  public void describeTo(Map<String, Object> out) {
    TypedStatistics.put(out, "min", minimum);
    TypedStatistics.put(out, "max", maximum);
    TypedStatistics.put(out, "lowerBound", lowerBound);
    TypedStatistics.put(out, "upperBound", upperBound);
    TypedStatistics.put(out, "sum", sum);
  }
}
