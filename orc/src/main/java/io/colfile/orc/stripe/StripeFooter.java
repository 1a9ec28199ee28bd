package io.colfile.orc.stripe;

import java.util.List;

/**
 * A stripe's footer (orc.md section 5): its streams in layout order, one encoding per column,
 * and the writer's time zone (null when the writer recorded none). Encrypted columns' streams
 * and encodings are not read: colfile reads the masked copies in the normal column slots.
 */
public record StripeFooter(List<StreamEntry> streams, List<EncodingEntry> columns,
    String writerTimezone) {
  public StripeFooter {
    streams = List.copyOf(streams);
    columns = List.copyOf(columns);
  }
}
