package io.colfile.orc.write;

import io.colfile.orc.stats.ColumnStatistics;
import io.colfile.orc.stream.OrcOutputStream;
import io.colfile.orc.stripe.EncodingEntry;
import io.colfile.orc.stripe.StreamId;
import java.util.Map;

/** What the column writers report for a stripe: encodings and statistics by column id. */
final class StripeResult {
  final EncodingEntry[] encodings;
  final ColumnStatistics[] statistics;
  private final WriterContext ctx;

  StripeResult(int columns, WriterContext ctx) {
    this.encodings = new EncodingEntry[columns];
    this.statistics = new ColumnStatistics[columns];
    this.ctx = ctx;
  }

  /** Bytes of the column's data-area streams in this stripe (ColumnStatistics.bytes_on_disk). */
  long dataBytes(int column) {
    long n = 0;
    for (Map.Entry<StreamId, OrcOutputStream> e : ctx.streams().entrySet()) {
      StreamId k = e.getKey();
      if (k.column() == column && !k.kind().isIndex() && !ctx.isSuppressed(k)) {
        n += e.getValue().outputLength();
      }
    }
    return n;
  }
}
