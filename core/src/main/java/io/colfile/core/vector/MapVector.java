package io.colfile.core.vector;

import java.util.Arrays;

/**
 * Maps: row i holds the entries {@code [offsets[i], offsets[i] + lengths[i])} of the parallel
 * {@code keys} and {@code values} vectors, in file order (keys may repeat).
 */
public final class MapVector extends ColumnVector {
  public int[] offsets;
  public int[] lengths;
  public final ColumnVector keys;
  public final ColumnVector values;
  public int childCount;

  public MapVector(int capacity, ColumnVector keys, ColumnVector values) {
    super(capacity);
    this.keys = keys;
    this.values = values;
    offsets = new int[capacity];
    lengths = new int[capacity];
  }

  @Override
  public void reset() {
    super.reset();
    childCount = 0;
    keys.reset();
    values.reset();
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
    keys.validate(childCount);
    values.validate(childCount);
  }
}
