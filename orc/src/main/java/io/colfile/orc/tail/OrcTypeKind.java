package io.colfile.orc.tail;

import io.colfile.core.encoding.WireIds;

/** Type.Kind (orc.md section 2.2) with its wire ids. */
public enum OrcTypeKind {
  BOOLEAN(0), BYTE(1), SHORT(2), INT(3), LONG(4), FLOAT(5), DOUBLE(6), STRING(7), BINARY(8),
  TIMESTAMP(9), LIST(10), MAP(11), STRUCT(12), UNION(13), DECIMAL(14), DATE(15), VARCHAR(16),
  CHAR(17), TIMESTAMP_INSTANT(18), GEOMETRY(19), GEOGRAPHY(20);

  private static final WireIds<OrcTypeKind> BY_WIRE_ID =
      WireIds.of(OrcTypeKind.class, k -> k.wireId);

  public final int wireId;

  OrcTypeKind(int wireId) {
    this.wireId = wireId;
  }

  /** The kind with wire id {@code id}, or null. */
  public static OrcTypeKind of(int id) {
    return BY_WIRE_ID.get(id);
  }
}
