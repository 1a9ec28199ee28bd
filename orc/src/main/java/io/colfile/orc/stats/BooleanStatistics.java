package io.colfile.orc.stats;

import java.util.Map;

/**
 * boolean: ORC's bucket statistics, of which writers store one bucket, the number of true values
 * (false values are the count minus that). Null when the file stored no bucket.
 */
public record BooleanStatistics(Long trueCount) implements TypedStatistics {
  @Override
  public ColumnStatistics.Kind kind() {
    return ColumnStatistics.Kind.BOOLEAN;
  }

  @Override
  public void describeTo(Map<String, Object> out) {
    TypedStatistics.put(out, "true", trueCount);
  }
}
