package io.colfile.kudu.delta;

import io.colfile.core.encoding.Varints;
import io.colfile.core.error.MalformedInputException;
import java.util.Objects;

/**
 * Reads RowChangeList bytes (the layout is on {@link RowChangeList}) without allocating: {@link
 * #reset} checks the type byte, then {@link #next} steps through the column updates, whose
 * values stay in the caller's array.
 *
 * <p>Rejects what Kudu's decoder rejects (type 0 or unknown, a DELETE with more bytes, an UPDATE
 * with no columns, a value running past the end) and, beyond it, varints that overflow 32 bits
 * and column ids above 2^31 - 1, which no Kudu writer produces.
 */
public final class RowChangeListDecoder {
  private byte[] buf;
  private int start;
  private int end;
  private int pos;
  private ChangeType type;
  private int columnId;
  private int valueOff;
  private int valueLen;

  /**
   * Starts on the change list {@code b[off, off + len)}.
   *
   * @throws MalformedInputException if the type byte or, for DELETE and UPDATE, the length is
   *     wrong
   */
  public RowChangeListDecoder reset(byte[] b, int off, int len) throws MalformedInputException {
    Objects.checkFromIndexSize(off, len, b.length);
    buf = b;
    start = off;
    end = off + len;
    type = null;
    columnId = -1;
    if (len == 0) {
      throw new MalformedInputException(off, "empty RowChangeList: no type byte");
    }
    ChangeType t = ChangeType.ofWireId(b[off] & 0xFF);
    if (t == null) {
      throw new MalformedInputException(off, "bad RowChangeList type " + (b[off] & 0xFF));
    }
    if (t == ChangeType.DELETE && len != 1) {
      throw new MalformedInputException(off + 1,
          "DELETE RowChangeList of " + len + " bytes (a DELETE is 1 byte)");
    }
    if (t == ChangeType.UPDATE && len == 1) {
      throw new MalformedInputException(off + 1, "UPDATE RowChangeList without columns");
    }
    type = t;
    pos = off + 1;
    return this;
  }

  public ChangeType type() {
    return type;
  }

  /**
   * Moves to the next column update; false when there is none.
   *
   * @throws MalformedInputException if its varints or value run past the end or overflow
   */
  public boolean next() throws MalformedInputException {
    if (type == null) {
      throw new IllegalStateException("reset() first");
    }
    if (pos >= end) {
      return false;
    }
    int at = pos;
    long id = readVarint32();
    if (id > Integer.MAX_VALUE) {
      throw new MalformedInputException(at, "column id " + id);
    }
    int lenAt = pos;
    long lenPlusOne = readVarint32();
    columnId = (int) id;
    if (lenPlusOne == 0) {
      valueOff = pos;
      valueLen = -1;
      return true;
    }
    long len = lenPlusOne - 1;
    if (len > end - pos) {
      throw new MalformedInputException(lenAt, "value of column id " + id + " has " + len
          + " bytes, only " + (end - pos) + " left");
    }
    valueOff = pos;
    valueLen = (int) len;
    pos += valueLen;
    return true;
  }

  /** An unsigned LEB128 value of at most 32 bits (5 bytes). */
  private long readVarint32() throws MalformedInputException {
    long r = Varints.readVarInt(buf, pos, end, 0, "RowChangeList");
    pos = Varints.packedPosition(r);
    return Varints.packedValue(r) & 0xFFFF_FFFFL;
  }

  /** The current update's column id. */
  public int columnId() {
    return columnId;
  }

  /** True if the current update sets NULL. */
  public boolean isNull() {
    return valueLen < 0;
  }

  /** The array the value is in (the one given to {@link #reset}). */
  public byte[] array() {
    return buf;
  }

  public int valueOffset() {
    return valueOff;
  }

  /** The value's length; -1 for NULL. */
  public int valueLength() {
    return valueLen;
  }

  /** Where the change list being read starts in {@link #array()}. */
  public int start() {
    return start;
  }
}
