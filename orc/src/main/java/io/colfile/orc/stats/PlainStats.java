package io.colfile.orc.stats;

/** Struct and union columns: only the count of non-null rows and has_null (orc.md section 9). */
public final class PlainStats extends StatsCollector {
  PlainStats() {}

  @Override
  void mergeTyped(StatsCollector other) {}

  @Override
  StatsCollector emptyCopy() {
    return new PlainStats();
  }

  @Override
  boolean loadTyped(TypedStatistics typed) {
    return true;
  }

  @Override
  void resetTyped() {}

  @Override
  TypedStatistics typed() {
    return null;
  }
}
