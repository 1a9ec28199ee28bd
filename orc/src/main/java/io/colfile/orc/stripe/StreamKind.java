package io.colfile.orc.stripe;

import io.colfile.core.encoding.WireIds;

/**
 * The kinds of stream (Stream.Kind, orc.md section 2.2) with their wire ids. Index-area kinds
 * come before the data area in a stripe; the last two only name encrypted statistics in the
 * file tail and never appear in a stripe.
 */
public enum StreamKind {
  PRESENT(0, false),
  DATA(1, false),
  LENGTH(2, false),
  DICTIONARY_DATA(3, false),
  /** Obsolete (before Hive 0.11); never written. */
  DICTIONARY_COUNT(4, true),
  SECONDARY(5, false),
  ROW_INDEX(6, true),
  BLOOM_FILTER(7, true),
  BLOOM_FILTER_UTF8(8, true),
  /** Placeholder for the encrypted index streams of a stripe. */
  ENCRYPTED_INDEX(9, true),
  /** Placeholder for the encrypted data streams of a stripe. */
  ENCRYPTED_DATA(10, false),
  STRIPE_STATISTICS(100, false),
  FILE_STATISTICS(101, false);

  private static final WireIds<StreamKind> BY_WIRE_ID =
      WireIds.of(StreamKind.class, k -> k.wireId);

  public final int wireId;
  private final boolean index;

  StreamKind(int wireId, boolean index) {
    this.wireId = wireId;
    this.index = index;
  }

  /** Whether streams of this kind lie in a stripe's index area (Java's {@code StreamName.Area}). */
  public boolean isIndex() {
    return index;
  }

  /** The kind with wire id {@code id}, or null for an id this reader does not know. */
  public static StreamKind of(int id) {
    return BY_WIRE_ID.get(id);
  }
}
