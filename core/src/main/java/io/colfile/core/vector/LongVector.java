package io.colfile.core.vector;

import java.util.Arrays;

/**
 * Integers of every width, booleans (0/1) and dates (days since 1970-01-01), widened to long.
 */
public final class LongVector extends ColumnVector {
  public long[] vector;

  public LongVector(int capacity) {
    super(capacity);
    vector = new long[capacity];
  }

  @Override
  public void keep(int[] rows, int count) {
    super.keep(rows, count);
    for (int i = 0; i < count; i++) {
      int r = rows[i];
      vector[i] = vector[r];
    }
  }

  @Override
  protected void grow(int newCapacity, boolean preserve) {
    vector = preserve ? Arrays.copyOf(vector, newCapacity) : new long[newCapacity];
  }
}
