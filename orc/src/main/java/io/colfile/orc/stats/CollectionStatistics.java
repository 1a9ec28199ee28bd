package io.colfile.orc.stats;

import java.util.Map;

/** list and map: the fewest, most and total children per non-null row. */
public record CollectionStatistics(Long minChildren, Long maxChildren, Long totalChildren)
    implements TypedStatistics {
  @Override
  public ColumnStatistics.Kind kind() {
    return ColumnStatistics.Kind.COLLECTION;
  }

  @Override
  public void describeTo(Map<String, Object> out) {
    TypedStatistics.put(out, "minChildren", minChildren);
    TypedStatistics.put(out, "maxChildren", maxChildren);
    TypedStatistics.put(out, "totalChildren", totalChildren);
  }
}
