package io.colfile.orc.stats;

import com.google.protobuf.InvalidProtocolBufferException;
import io.colfile.orc.proto.OrcProto;
import io.colfile.orc.proto.StatisticsMessages;

/** A collector's statistics as the bytes the writer stores, parsed back into the message. */
final class Serialized {
  private Serialized() {}

  static OrcProto.ColumnStatistics of(StatsCollector s) {
    try {
      return OrcProto.ColumnStatistics.parseFrom(StatisticsMessages.toBytes(s.statistics()));
    } catch (InvalidProtocolBufferException e) {
      throw new AssertionError(e);
    }
  }
}
