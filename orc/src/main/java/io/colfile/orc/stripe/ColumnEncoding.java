package io.colfile.orc.stripe;

import io.colfile.core.encoding.WireIds;

/**
 * How a column's streams are encoded in a stripe (ColumnEncoding.Kind, orc.md section 7), with
 * the wire ids: the V2 kinds use integer RLE v2, the others v1.
 */
public enum ColumnEncoding {
  DIRECT(0),
  DICTIONARY(1),
  DIRECT_V2(2),
  DICTIONARY_V2(3);

  private static final WireIds<ColumnEncoding> BY_WIRE_ID =
      WireIds.of(ColumnEncoding.class, e -> e.wireId);

  public final int wireId;

  ColumnEncoding(int wireId) {
    this.wireId = wireId;
  }

  public boolean isV2() {
    return this == DIRECT_V2 || this == DICTIONARY_V2;
  }

  public boolean isDictionary() {
    return this == DICTIONARY || this == DICTIONARY_V2;
  }

  /** The encoding with wire id {@code id}, or null. */
  public static ColumnEncoding of(int id) {
    return BY_WIRE_ID.get(id);
  }
}
