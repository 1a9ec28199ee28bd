package io.colfile.orc.stats;

/** Binary columns: the total length in bytes, always written (orc.md section 9). */
public final class BinaryStats extends StatsCollector {
  private long sum;

  BinaryStats() {}

  public void update(int length, int repetitions) {
    sum += (long) length * repetitions;
  }

  public long sum() {
    return sum;
  }

  @Override
  void mergeTyped(StatsCollector other) {
    sum += ((BinaryStats) other).sum;
  }

  @Override
  StatsCollector emptyCopy() {
    return new BinaryStats();
  }

  @Override
  boolean loadTyped(TypedStatistics typed) {
    if (!(typed instanceof BinaryStatistics b) || b.sum() == null) {
      return false;
    }
    sum = b.sum();
    return true;
  }

  @Override
  void resetTyped() {
    sum = 0;
  }

  @Override
  BinaryStatistics typed() {
    return new BinaryStatistics(sum);
  }
}
