package io.colfile.core.vector;

import java.util.Arrays;

/**
 * Unions: row i holds variant {@code tags[i]}, whose value is row i of {@code fields[tags[i]]}
 * (variant vectors are row-aligned with the union, as in Apache ORC's vectors).
 */
public final class UnionVector extends ColumnVector {
  public int[] tags;
  public final ColumnVector[] fields;

  public UnionVector(int capacity, ColumnVector... fields) {
    super(capacity);
    this.fields = fields;
    tags = new int[capacity];
  }

  @Override
  public void reset() {
    super.reset();
    for (ColumnVector f : fields) {
      f.reset();
    }
  }

  @Override
  protected void grow(int newCapacity, boolean preserve) {
    tags = preserve ? Arrays.copyOf(tags, newCapacity) : new int[newCapacity];
    for (ColumnVector f : fields) {
      f.ensureCapacity(newCapacity, preserve);
    }
  }

  @Override
  public void validate(int size) {
    super.validate(size);
    for (int i = 0; i < size; i++) {
      if (!isNull(i) && (tags[i] < 0 || tags[i] >= fields.length)) {
        throw new IllegalStateException("row " + i + " has tag " + tags[i]);
      }
    }
  }
}
