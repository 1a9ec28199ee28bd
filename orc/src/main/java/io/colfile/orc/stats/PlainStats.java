package io.colfile.orc.stats;

import io.colfile.orc.proto.OrcProto;

/** Struct and union columns: only the count of non-null rows and has_null (orc.md section 9). */
public final class PlainStats extends StatsCollector {
  PlainStats() {}

  @Override
  void mergeTyped(StatsCollector other) {}

  @Override
  void resetTyped() {}

  @Override
  void serializeTyped(OrcProto.ColumnStatistics.Builder b) {}
}
