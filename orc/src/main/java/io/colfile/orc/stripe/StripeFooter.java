package io.colfile.orc.stripe;

import java.util.List;

/**
 * A stripe's footer (orc.md section 5): its streams in layout order, one encoding per column,
 * and the writer's time zone (null when the writer recorded none). Encrypted columns' streams
 * and encodings are not read (colfile reads the masked copies in the normal column slots), but
 * where their streams lie is kept: {@code variants}, each encryption variant's streams in
 * footer order, which the {@code ENCRYPTED_INDEX} and {@code ENCRYPTED_DATA} placeholders
 * cover (their index streams in variant order, then their data streams).
 */
public record StripeFooter(List<StreamEntry> streams, List<EncodingEntry> columns,
    String writerTimezone, List<List<StreamEntry>> variants) {
  public StripeFooter {
    streams = List.copyOf(streams);
    columns = List.copyOf(columns);
    variants = variants.stream().map(List::copyOf).toList();
  }

  /** A footer without encrypted columns. */
  public StripeFooter(List<StreamEntry> streams, List<EncodingEntry> columns,
      String writerTimezone) {
    this(streams, columns, writerTimezone, List.of());
  }
}
