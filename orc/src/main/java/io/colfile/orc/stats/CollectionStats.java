package io.colfile.orc.stats;

/**
 * List and map columns: the fewest, most and total children per row. CollectionStatistics is
 * always present; min/max children when the count is non-zero, total children when non-zero.
 *
 * <p>The writer calls {@link #update} once per non-null row with that row's child count. Java
 * 2.1.1's tree writers instead pass the capacity of the batch's length array once per batch
 * (orc.md section 9: a 3-row file gets min = max = total = 1024); this is the one place where
 * colfile's files deliberately differ from Java's. The collector itself follows Java's rules, so
 * the same calls give the same bytes.
 */
public final class CollectionStats extends StatsCollector {
  private long minimum = Long.MAX_VALUE;
  private long maximum;
  private long total;

  CollectionStats() {}

  public void update(long childCount) {
    if (childCount < minimum) {
      minimum = childCount;
    }
    if (childCount > maximum) {
      maximum = childCount;
    }
    total += childCount;
  }

  @Override
  void mergeTyped(StatsCollector other) {
    CollectionStats o = (CollectionStats) other;
    if (numberOfValues() == 0) {
      minimum = o.minimum;
      maximum = o.maximum;
    } else {
      minimum = Math.min(minimum, o.minimum);
      maximum = Math.max(maximum, o.maximum);
    }
    total += o.total;
  }

  @Override
  StatsCollector emptyCopy() {
    return new CollectionStats();
  }

  @Override
  boolean loadTyped(TypedStatistics typed) {
    if (!(typed instanceof CollectionStatistics c)) {
      return false;
    }
    if (numberOfValues() != 0) {
      if (c.minChildren() == null || c.maxChildren() == null) {
        return false;
      }
      minimum = c.minChildren();
      maximum = c.maxChildren();
    }
    total = c.totalChildren() == null ? 0 : c.totalChildren();
    return true;
  }

  @Override
  void resetTyped() {
    minimum = Long.MAX_VALUE;
    maximum = 0;
    total = 0;
  }

  @Override
  CollectionStatistics typed() {
    boolean bounds = numberOfValues() != 0;
    return new CollectionStatistics(bounds ? minimum : null, bounds ? maximum : null,
        total != 0 ? total : null);
  }
}
