package io.colfile.core.vector;

/** A struct: one child vector per field, row-aligned with this vector. */
public final class StructVector extends ColumnVector {
  public final ColumnVector[] fields;

  public StructVector(int capacity, ColumnVector... fields) {
    super(capacity);
    this.fields = fields;
  }

  @Override
  public void reset() {
    super.reset();
    for (ColumnVector f : fields) {
      f.reset();
    }
  }

  @Override
  public void keep(int[] rows, int count) {
    super.keep(rows, count);
    for (ColumnVector f : fields) {
      f.keep(rows, count);
    }
  }

  @Override
  protected void grow(int newCapacity, boolean preserve) {
    for (ColumnVector f : fields) {
      f.ensureCapacity(newCapacity, preserve);
    }
  }

  @Override
  public void validate(int size) {
    super.validate(size);
    for (ColumnVector f : fields) {
      f.validate(size);
    }
  }
}
