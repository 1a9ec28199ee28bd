package io.colfile.orc.stats;

import java.util.Map;

/** binary: the total length in bytes. */
public record BinaryStatistics(Long sum) implements TypedStatistics {
  @Override
  public ColumnStatistics.Kind kind() {
    return ColumnStatistics.Kind.BINARY;
  }

  @Override
  public void describeTo(Map<String, Object> out) {
    TypedStatistics.put(out, "sum", sum);
  }

  @Override
  public Long sumValue() {
    return sum;
  }
}
