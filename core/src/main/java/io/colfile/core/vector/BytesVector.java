package io.colfile.core.vector;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Byte strings (string, varchar, char, binary). Row i is {@code vector[i][start[i] ..
 * start[i] + length[i])}; rows may share one buffer (a decoded stream or dictionary), so treat
 * the arrays as read-only and copy what must outlive the batch.
 */
public final class BytesVector extends ColumnVector {
  public byte[][] vector;
  public int[] start;
  public int[] length;

  public BytesVector(int capacity) {
    super(capacity);
    vector = new byte[capacity][];
    start = new int[capacity];
    length = new int[capacity];
  }

  /**
   * Points row {@code row} at {@code buf[off, off + len)} without copying. The reference is
   * stored only if the row does not already hold it: rows refilled from the same buffer batch
   * after batch (a block or dictionary read in several batches) then cost no reference store,
   * whose garbage-collector write barrier costs more than the rest of this method.
   */
  public void setRef(int row, byte[] buf, int off, int len) {
    if (vector[row] != buf) {
      vector[row] = buf;
    }
    start[row] = off;
    length[row] = len;
  }

  /**
   * Points rows {@code row} to {@code row + n - 1} into {@code buf}, storing the reference only
   * where it differs (see {@link #setRef}); the caller sets their {@link #start} and {@link
   * #length}, which must lie within {@code buf}. For decoders that fill rows in bulk.
   */
  public void setBuffer(int row, int n, byte[] buf) {
    java.util.Objects.checkFromIndexSize(row, n, vector.length);
    byte[][] v = vector;
    for (int i = row, end = row + n; i < end; i++) {
      if (v[i] != buf) {
        v[i] = buf;
      }
    }
  }

  /** Row {@code row} as a new array. */
  public byte[] get(int row) {
    return Arrays.copyOfRange(vector[row], start[row], start[row] + length[row]);
  }

  /** Row {@code row} decoded as UTF-8 (malformed sequences become U+FFFD). */
  public String getString(int row) {
    return new String(vector[row], start[row], length[row], StandardCharsets.UTF_8);
  }

  @Override
  public void keep(int[] rows, int count) {
    super.keep(rows, count);
    for (int i = 0; i < count; i++) {
      int r = rows[i];
      vector[i] = vector[r];
      start[i] = start[r];
      length[i] = length[r];
    }
  }

  @Override
  protected void grow(int newCapacity, boolean preserve) {
    if (preserve) {
      vector = Arrays.copyOf(vector, newCapacity);
      start = Arrays.copyOf(start, newCapacity);
      length = Arrays.copyOf(length, newCapacity);
    } else {
      vector = new byte[newCapacity][];
      start = new int[newCapacity];
      length = new int[newCapacity];
    }
  }

  @Override
  public void validate(int size) {
    super.validate(size);
    for (int i = 0; i < size; i++) {
      if (isNull(i)) {
        continue;
      }
      byte[] b = vector[i];
      if (b == null || start[i] < 0 || length[i] < 0 || start[i] > b.length - length[i]) {
        throw new IllegalStateException("row " + i + " points outside its buffer");
      }
    }
  }
}
