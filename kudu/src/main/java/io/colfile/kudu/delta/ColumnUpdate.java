package io.colfile.kudu.delta;

import java.util.Arrays;
import java.util.HexFormat;

/**
 * One column's new value in an UPDATE or REINSERT: the schema's column id (ColumnSchemaPB.id,
 * not the column's position) and the value's cell bytes (little-endian physical type, or the
 * raw bytes of a BINARY-family value), or null for NULL. Immutable: the bytes are copied in and
 * out.
 */
public final class ColumnUpdate {
  private final int columnId;
  private final byte[] value;

  private ColumnUpdate(int columnId, byte[] value) {
    if (columnId < 0) {
      throw new IllegalArgumentException("column id " + columnId);
    }
    this.columnId = columnId;
    this.value = value;
  }

  /** Sets column {@code columnId} to the cell {@code value}. */
  public static ColumnUpdate of(int columnId, byte[] value) {
    return new ColumnUpdate(columnId, value.clone());
  }

  /** Sets column {@code columnId} to {@code b[off, off + len)}. */
  public static ColumnUpdate of(int columnId, byte[] b, int off, int len) {
    return new ColumnUpdate(columnId, Arrays.copyOfRange(b, off, off + len));
  }

  /** Sets column {@code columnId} to NULL. */
  public static ColumnUpdate setNull(int columnId) {
    return new ColumnUpdate(columnId, null);
  }

  public int columnId() {
    return columnId;
  }

  public boolean isNull() {
    return value == null;
  }

  /** A copy of the value's bytes; null for NULL. */
  public byte[] value() {
    return value == null ? null : value.clone();
  }

  /** Bytes of the value (0 for NULL). */
  public int valueLength() {
    return value == null ? 0 : value.length;
  }

  /** Copies the value's bytes to {@code dst[off]}. */
  void copyValue(byte[] dst, int off) {
    System.arraycopy(value, 0, dst, off, value.length);
  }

  byte[] valueArray() {
    return value;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ColumnUpdate u && u.columnId == columnId && Arrays.equals(u.value, value);
  }

  @Override
  public int hashCode() {
    return 31 * columnId + Arrays.hashCode(value);
  }

  @Override
  public String toString() {
    return "col " + columnId + "=" + (value == null ? "NULL" : HexFormat.of().formatHex(value));
  }
}
