package io.colfile.orc.stream;

/**
 * Spreading densely decoded values over the non-null slots of a batch. Streams store only
 * non-null values (the PRESENT stream says which rows have one), so decoders read the values
 * compactly and then move them into place, back to front so nothing is overwritten early.
 */
final class Nulls {
  private Nulls() {}

  /** Counts the false entries of {@code isNull[off, off + n)}. */
  static int countPresent(boolean[] isNull, int off, int n) {
    int present = 0;
    for (int i = off, end = off + n; i < end; i++) {
      present += isNull[i] ? 0 : 1;
    }
    return present;
  }

  /**
   * {@code dst[off, off + present)} holds the values in order; moves them to the slots of
   * {@code [off, off + n)} whose {@code isNull} is false and sets null slots to 0.
   */
  static void spread(long[] dst, int off, int n, int present, boolean[] isNull) {
    int j = off + present - 1;
    for (int i = off + n - 1; i > j; i--) { // once j == i every slot below is in place
      if (isNull[i]) {
        dst[i] = 0;
      } else {
        dst[i] = dst[j--];
      }
    }
  }
}
