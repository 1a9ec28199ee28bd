package io.colfile.orc.stripe;

import java.util.List;

/**
 * A stripe's footer (orc.md section 5): its streams in layout order, one encoding per column,
 * and the writer's time zone (null when the writer recorded none). Encrypted columns' streams
 * and encodings are in {@code variants} and {@code variantColumns}: each encryption variant's
 * streams in footer order, which the {@code ENCRYPTED_INDEX} and {@code ENCRYPTED_DATA}
 * placeholders cover (their index streams in variant order, then their data streams), and the
 * encodings of its subtree's columns (root first). A reader without the key reads the masked
 * copies in the normal column slots instead.
 */
public record StripeFooter(List<StreamEntry> streams, List<EncodingEntry> columns,
    String writerTimezone, List<List<StreamEntry>> variants,
    List<List<EncodingEntry>> variantColumns) {
  public StripeFooter {
    streams = List.copyOf(streams);
    columns = List.copyOf(columns);
    variants = variants.stream().map(List::copyOf).toList();
    variantColumns = variantColumns.stream().map(List::copyOf).toList();
  }

  /** A footer whose variants' encodings are not known. */
  public StripeFooter(List<StreamEntry> streams, List<EncodingEntry> columns,
      String writerTimezone, List<List<StreamEntry>> variants) {
    this(streams, columns, writerTimezone, variants, List.of());
  }

  /** A footer without encrypted columns. */
  public StripeFooter(List<StreamEntry> streams, List<EncodingEntry> columns,
      String writerTimezone) {
    this(streams, columns, writerTimezone, List.of());
  }
}
