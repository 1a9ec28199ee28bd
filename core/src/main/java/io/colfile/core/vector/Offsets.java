package io.colfile.core.vector;

/** Shared invariant check of list and map offsets. */
final class Offsets {
  private Offsets() {}

  static void validate(ColumnVector v, int[] offsets, int[] lengths, int size, int childCount) {
    for (int i = 0; i < size; i++) {
      if (v.isNull(i)) {
        continue;
      }
      if (offsets[i] < 0 || lengths[i] < 0 || offsets[i] > childCount - lengths[i]) {
        throw new IllegalStateException("row " + i + " spans child rows [" + offsets[i] + ", "
            + ((long) offsets[i] + lengths[i]) + ") of " + childCount);
      }
    }
  }
}
