package io.colfile.orc.stream;

/**
 * Spreading densely decoded values over the non-null slots of a batch. Streams store only
 * non-null values (the PRESENT stream says which rows have one), so decoders and column readers
 * read the values compactly and then move them into place, back to front so nothing is
 * overwritten early. <b>Internal</b>: public only for the column readers.
 */
public final class Nulls {
  private Nulls() {}

  /** Counts the false entries of {@code isNull[off, off + n)}. */
  public static int countPresent(boolean[] isNull, int off, int n) {
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
  public static void spread(long[] dst, int off, int n, int present, boolean[] isNull) {
    int j = off + present - 1;
    for (int i = off + n - 1; i > j; i--) { // once j == i every slot below is in place
      if (isNull[i]) {
        dst[i] = 0;
      } else {
        dst[i] = dst[j--];
      }
    }
  }

  /** {@link #spread(long[], int, int, int, boolean[])} for doubles. */
  public static void spread(double[] dst, int off, int n, int present, boolean[] isNull) {
    int j = off + present - 1;
    for (int i = off + n - 1; i > j; i--) {
      if (isNull[i]) {
        dst[i] = 0;
      } else {
        dst[i] = dst[j--];
      }
    }
  }

  /** {@link #spread(long[], int, int, int, boolean[])} for ints. */
  public static void spread(int[] dst, int off, int n, int present, boolean[] isNull) {
    int j = off + present - 1;
    for (int i = off + n - 1; i > j; i--) {
      if (isNull[i]) {
        dst[i] = 0;
      } else {
        dst[i] = dst[j--];
      }
    }
  }
}
