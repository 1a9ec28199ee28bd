package io.colfile.orc.stats;

/**
 * Boolean columns: a BucketStatistics with one element, the number of true values (false =
 * count - true), as Java writes it; always present.
 */
public final class BooleanStats extends StatsCollector {
  private long trueCount;

  BooleanStats() {}

  public void update(boolean value, int repetitions) {
    if (value) {
      trueCount += repetitions;
    }
  }

  public long trueCount() {
    return trueCount;
  }

  @Override
  void mergeTyped(StatsCollector other) {
    trueCount += ((BooleanStats) other).trueCount;
  }

  @Override
  StatsCollector emptyCopy() {
    return new BooleanStats();
  }

  @Override
  boolean loadTyped(TypedStatistics typed) {
    if (!(typed instanceof BooleanStatistics b) || b.trueCount() == null) {
      return false;
    }
    trueCount = b.trueCount();
    return true;
  }

  @Override
  void resetTyped() {
    trueCount = 0;
  }

  @Override
  BooleanStatistics typed() {
    return new BooleanStatistics(trueCount);
  }
}
