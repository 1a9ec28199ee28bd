package io.colfile.core.vector;

import java.util.Arrays;

/**
 * Unions: row i holds variant {@code tags[i]}, whose value is row {@code offsets[i]} of {@code
 * fields[tags[i]]}. Each variant vector is dense: it holds only the values of the rows with its
 * tag, in row order ({@code counts[k]} of them), which is how ORC stores them.
 */
public final class UnionVector extends ColumnVector {
  public int[] tags;
  public int[] offsets;
  public final ColumnVector[] fields;
  /** Rows filled in each variant vector. */
  public final int[] counts;

  public UnionVector(int capacity, ColumnVector... fields) {
    super(capacity);
    this.fields = fields;
    this.counts = new int[fields.length];
    tags = new int[capacity];
    offsets = new int[capacity];
  }

  @Override
  public void reset() {
    super.reset();
    Arrays.fill(counts, 0);
    for (ColumnVector f : fields) {
      f.reset();
    }
  }

  @Override
  public void keep(int[] rows, int count) {
    super.keep(rows, count);
    for (int i = 0; i < count; i++) {
      int r = rows[i];
      tags[i] = tags[r];
      offsets[i] = offsets[r];
    }
  }

  @Override
  protected void grow(int newCapacity, boolean preserve) {
    tags = preserve ? Arrays.copyOf(tags, newCapacity) : new int[newCapacity];
    offsets = preserve ? Arrays.copyOf(offsets, newCapacity) : new int[newCapacity];
  }

  @Override
  public void validate(int size) {
    super.validate(size);
    for (int i = 0; i < size; i++) {
      if (isNull(i)) {
        continue;
      }
      int t = tags[i];
      if (t < 0 || t >= fields.length || offsets[i] < 0 || offsets[i] >= counts[t]) {
        throw new IllegalStateException("row " + i + " has tag " + t + " offset " + offsets[i]);
      }
    }
    for (int k = 0; k < fields.length; k++) {
      fields[k].validate(counts[k]);
    }
  }
}
