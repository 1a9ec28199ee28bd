package io.colfile.kudu;

/**
 * How a Kudu type's cells are stored (cfile.md section 7): encodings work on these, while the
 * footer records the logical {@link KuduType}. Fixed-width cells are little-endian two's
 * complement (IEEE 754 for the floating types), {@link #width()} bytes each; BOOL cells are one
 * byte, 0 or 1, and one bit on disk; BINARY cells are byte strings.
 */
public enum PhysicalType {
  BOOL(1, false),
  INT8(1, true),
  UINT8(1, false),
  INT16(2, true),
  UINT16(2, false),
  INT32(4, true),
  UINT32(4, false),
  INT64(8, true),
  UINT64(8, false),
  INT128(16, true),
  FLOAT(4, true),
  DOUBLE(8, true),
  BINARY(-1, false);

  private final int width;
  private final boolean signed;

  PhysicalType(int width, boolean signed) {
    this.width = width;
    this.signed = signed;
  }

  /** Bytes per cell in memory; -1 for BINARY. */
  public int width() {
    return width;
  }

  /** True for the signed integer types (and the floating types, which sort by sign). */
  public boolean isSigned() {
    return signed;
  }

  /** True for every type but BINARY. */
  public boolean isFixedWidth() {
    return width > 0;
  }

  /** True for the integer types of 1 to 16 bytes, signed or not. */
  public boolean isInteger() {
    return this != BOOL && this != FLOAT && this != DOUBLE && this != BINARY;
  }
}
