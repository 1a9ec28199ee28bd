package io.colfile.orc.write;

import io.colfile.orc.stats.ColumnStatistics;
import io.colfile.orc.stream.OrcOutputStream;
import io.colfile.orc.stripe.EncodingEntry;
import io.colfile.orc.stripe.StreamId;
import io.colfile.orc.stripe.StreamKind;
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
    // by kind, not over every stream of the stripe: with 10,000 columns that was quadratic
    long n = 0;
    Map<StreamId, OrcOutputStream> streams = ctx.streams();
    for (StreamKind kind : StreamKind.values()) {
      if (kind.isIndex()) {
        continue;
      }
      StreamId k = new StreamId(column, kind);
      OrcOutputStream out = streams.get(k);
      if (out != null && !ctx.isSuppressed(k)) {
        n += out.outputLength();
      }
    }
    return n;
  }
}
