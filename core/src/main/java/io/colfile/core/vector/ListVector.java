package io.colfile.core.vector;

import java.util.Arrays;

/**
 * Lists: row i holds {@code child} rows {@code [offsets[i], offsets[i] + lengths[i])}. The
 * child holds {@link #childCount} rows in all.
 */
public final class ListVector extends ColumnVector {
  public int[] offsets;
  public int[] lengths;
  public final ColumnVector child;
  public int childCount;

  public ListVector(int capacity, ColumnVector child) {
    super(capacity);
    this.child = child;
    offsets = new int[capacity];
    lengths = new int[capacity];
  }

  @Override
  public void reset() {
    super.reset();
    childCount = 0;
    child.reset();
  }

  @Override
  public void keep(int[] rows, int count) {
    super.keep(rows, count);
    for (int i = 0; i < count; i++) {
      int r = rows[i];
      offsets[i] = offsets[r];
      lengths[i] = lengths[r];
    }
  }

  @Override
  protected void grow(int newCapacity, boolean preserve) {
    offsets = preserve ? Arrays.copyOf(offsets, newCapacity) : new int[newCapacity];
    lengths = preserve ? Arrays.copyOf(lengths, newCapacity) : new int[newCapacity];
  }

  @Override
  public void validate(int size) {
    super.validate(size);
    Offsets.validate(this, offsets, lengths, size, childCount);
    child.validate(childCount);
  }
}
