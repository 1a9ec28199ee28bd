package io.colfile.kudu.delta;

import io.colfile.core.encoding.Varints;
import java.util.Arrays;
import java.util.Objects;

/**
 * Builds RowChangeList bytes (the layout is on {@link RowChangeList}) in a reusable buffer, for
 * writers that encode one mutation after another without building models.
 */
public final class RowChangeListEncoder {
  private byte[] buf = new byte[64];
  private int size;
  private ChangeType type;
  private int columns;

  /** Starts a new change list of {@code type}. */
  public RowChangeListEncoder reset(ChangeType type) {
    this.type = Objects.requireNonNull(type);
    buf[0] = (byte) type.wireId();
    size = 1;
    columns = 0;
    return this;
  }

  /** Appends "column {@code columnId} := {@code b[off, off + len)}". */
  public RowChangeListEncoder addValue(int columnId, byte[] b, int off, int len) {
    Objects.checkFromIndexSize(off, len, b.length);
    int at = startColumn(columnId, len);
    at = Varints.writeVarLong(buf, at, len + 1L);
    System.arraycopy(b, off, buf, at, len);
    size = at + len;
    return this;
  }

  /** Appends "column {@code columnId} := NULL" (a length of -1, stored as 0). */
  public RowChangeListEncoder addNull(int columnId) {
    int at = startColumn(columnId, 0);
    buf[at] = 0;
    size = at + 1;
    return this;
  }

  /** Appends one {@link ColumnUpdate}. */
  public RowChangeListEncoder add(ColumnUpdate u) {
    if (u.isNull()) {
      return addNull(u.columnId());
    }
    byte[] v = u.valueArray();
    return addValue(u.columnId(), v, 0, v.length);
  }

  private int startColumn(int columnId, int len) {
    if (type == null) {
      throw new IllegalStateException("reset(type) first");
    }
    if (type == ChangeType.DELETE) {
      throw new IllegalStateException("a DELETE carries no column values");
    }
    if (columnId < 0) {
      throw new IllegalArgumentException("column id " + columnId);
    }
    // column id and len + 1: at most 5 bytes each
    ensure(10L + len);
    columns++;
    return Varints.writeVarLong(buf, size, columnId);
  }

  private void ensure(long more) {
    long need = size + more;
    if (need > buf.length) {
      if (need > Integer.MAX_VALUE - 8) {
        throw new IllegalStateException("change list of " + need + " bytes");
      }
      buf = Arrays.copyOf(buf, (int) Math.max(need, Math.min(2L * buf.length,
          Integer.MAX_VALUE - 8)));
    }
  }

  /**
   * Bytes so far. Fails for an UPDATE with no columns, which Kudu's decoder rejects (a REINSERT
   * may be empty: a table of key columns only has nothing else to reinsert).
   */
  public int size() {
    check();
    return size;
  }

  /** The backing array; the change list is its first {@link #size()} bytes. */
  public byte[] array() {
    check();
    return buf;
  }

  public byte[] toByteArray() {
    check();
    return Arrays.copyOf(buf, size);
  }

  private void check() {
    if (type == null) {
      throw new IllegalStateException("reset(type) first");
    }
    if (type == ChangeType.UPDATE && columns == 0) {
      throw new IllegalStateException("an UPDATE needs at least one column");
    }
  }
}
