package io.colfile.orc.stats;

import io.colfile.orc.proto.OrcProto;

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
  void resetTyped() {
    sum = 0;
  }

  @Override
  void serializeTyped(OrcProto.ColumnStatistics.Builder b) {
    b.setBinaryStatistics(OrcProto.BinaryStatistics.newBuilder().setSum(sum));
  }
}
