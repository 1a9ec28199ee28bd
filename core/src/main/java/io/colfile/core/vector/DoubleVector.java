package io.colfile.core.vector;

import java.util.Arrays;

/** Floating-point values; a FLOAT column holds its float values widened exactly to double. */
public final class DoubleVector extends ColumnVector {
  public double[] vector;

  public DoubleVector(int capacity) {
    super(capacity);
    vector = new double[capacity];
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
    vector = preserve ? Arrays.copyOf(vector, newCapacity) : new double[newCapacity];
  }
}
