package io.colfile.orc.write;

import io.colfile.orc.proto.OrcProto;
import io.colfile.orc.stats.ColumnStatistics;
import io.colfile.orc.stream.OrcOutputStream;
import java.util.Map;

/** What the column writers report for a stripe: encodings and statistics by column id. */
final class StripeResult {
  final OrcProto.ColumnEncoding[] encodings;
  final ColumnStatistics[] statistics;
  private final WriterContext ctx;

  StripeResult(int columns, WriterContext ctx) {
    this.encodings = new OrcProto.ColumnEncoding[columns];
    this.statistics = new ColumnStatistics[columns];
    this.ctx = ctx;
  }

  /** Bytes of the column's data-area streams in this stripe (ColumnStatistics.bytes_on_disk). */
  long dataBytes(int column) {
    long n = 0;
    for (Map.Entry<StreamKey, OrcOutputStream> e : ctx.streams().entrySet()) {
      StreamKey k = e.getKey();
      if (k.column() == column && !k.isIndex() && !ctx.isSuppressed(k)) {
        n += e.getValue().outputLength();
      }
    }
    return n;
  }
}
