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
  protected void grow(int newCapacity, boolean preserve) {
    vector = preserve ? Arrays.copyOf(vector, newCapacity) : new double[newCapacity];
  }
}
