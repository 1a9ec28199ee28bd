package io.colfile.kudu.rowset;

import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnVector;
import io.colfile.kudu.CellVectors;
import io.colfile.kudu.KuduType;
import java.util.Arrays;

/**
 * The values of one column held in memory until a rowset is sorted and written: fixed-width
 * types as cells (checked against the Kudu type as they arrive), binary types as one byte array
 * with offsets, NULLs as flags. Copies: the batches handed in are reused by their owners.
 */
final class ColumnStore {
  private final KuduType type;
  private final int width;
  private byte[] data = new byte[1024];
  private long used;
  private int[] offsets;
  private boolean[] nulls = new boolean[256];
  private boolean anyNull;
  private int rows;
  private final int[] rowIndex = new int[1024];
  private byte[] scratch = new byte[0];

  ColumnStore(KuduType type) {
    this.type = type;
    this.width = type.physical().width();
    this.offsets = width < 0 ? new int[257] : null;
  }

  int rows() {
    return rows;
  }

  boolean isNull(int row) {
    return nulls[row];
  }

  boolean anyNull() {
    return anyNull;
  }

  /** Appends rows {@code [from, from + n)} of {@code v}. */
  void append(ColumnVector v, int from, int n) {
    growRows(rows + n);
    for (int i = 0; i < n; i++) {
      boolean isNull = v.isNull(from + i);
      nulls[rows + i] = isNull;
      anyNull |= isNull;
    }
    if (width > 0) {
      for (int done = 0; done < n; ) {
        int k = Math.min(rowIndex.length, n - done);
        for (int i = 0; i < k; i++) {
          rowIndex[i] = from + done + i;
        }
        ensureData((long) (rows + done + k) * width);
        if (scratch.length < k * width) {
          scratch = new byte[k * width];
        }
        CellVectors.write(type, v, rowIndex, k, scratch);
        System.arraycopy(scratch, 0, data, (rows + done) * width, k * width);
        done += k;
      }
      used = (long) (rows + n) * width;
    } else {
      BytesVector b = (BytesVector) v;
      for (int i = 0; i < n; i++) {
        int r = from + i;
        if (!nulls[rows + i]) {
          ensureData(used + b.length[r]);
          System.arraycopy(b.vector[r], b.start[r], data, (int) used, b.length[r]);
          used += b.length[r];
        }
        offsets[rows + i + 1] = (int) used;
      }
    }
    rows += n;
  }

  /**
   * Appends {@code n} rows of raw cells (fixed-width types), as a CFile cursor reads them back;
   * {@code isNull} null for no NULLs.
   */
  void appendCells(byte[] cells, boolean[] isNull, int n) {
    growRows(rows + n);
    for (int i = 0; i < n; i++) {
      boolean isNullRow = isNull != null && isNull[i];
      nulls[rows + i] = isNullRow;
      anyNull |= isNullRow;
    }
    ensureData((long) (rows + n) * width);
    System.arraycopy(cells, 0, data, rows * width, n * width);
    rows += n;
    used = (long) rows * width;
  }

  /** Appends every row of {@code other}, a store of the same type. */
  void appendStore(ColumnStore other) {
    int n = other.rows;
    growRows(rows + n);
    System.arraycopy(other.nulls, 0, nulls, rows, n);
    anyNull |= other.anyNull;
    ensureData(used + other.used);
    System.arraycopy(other.data, 0, data, (int) used, (int) other.used);
    if (offsets != null) {
      for (int i = 1; i <= n; i++) {
        offsets[rows + i] = (int) used + other.offsets[i];
      }
    }
    used += other.used;
    rows += n;
  }

  /** Bytes the values take (and their offsets and NULL flags), for the writer's memory limit. */
  long usedBytes() {
    return used + rows * (offsets != null ? 5L : 1L);
  }

  /** The cells (fixed-width types). */
  byte[] cells() {
    return data;
  }

  /** Points row {@code dstRow} of {@code dst} at the value of row {@code row} (binary types). */
  void binary(int row, BytesVector dst, int dstRow) {
    dst.setRef(dstRow, data, offsets[row], offsets[row + 1] - offsets[row]);
  }

  /** The bytes the binary values live in. */
  byte[] data() {
    return data;
  }

  /** Where the value of row {@code row} (binary types) starts in {@link #data()}. */
  int start(int row) {
    return offsets[row];
  }

  /** The length of the value of row {@code row} (binary types). */
  int length(int row) {
    return offsets[row + 1] - offsets[row];
  }

  /** The value of row {@code row} (binary types), as a new array. */
  byte[] binary(int row) {
    return Arrays.copyOfRange(data, offsets[row], offsets[row + 1]);
  }

  int width() {
    return width;
  }

  private void growRows(int n) {
    if (n > nulls.length) {
      int cap = Math.max(n, nulls.length * 2);
      nulls = Arrays.copyOf(nulls, cap);
      if (offsets != null) {
        offsets = Arrays.copyOf(offsets, cap + 1);
      }
    }
  }

  private void ensureData(long n) {
    if (n > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("column of " + type.kuduName() + " values exceeds 2 GiB "
          + "in memory; a rowset this large should be split");
    }
    if (n > data.length) {
      data = Arrays.copyOf(data, (int) Math.min(Integer.MAX_VALUE - 8,
          Math.max(n, data.length * 2L)));
    }
  }
}
