package io.colfile.kudu.rowset;

import java.util.Arrays;

/**
 * Sorts row numbers by their encoded primary keys (unsigned byte order, cfile.md section 9.2),
 * stably, without boxing: a merge sort over an {@code int[]}.
 */
final class RowOrder {
  private RowOrder() {}

  /** The rows {@code 0 .. keys.length} in key order. */
  static int[] sort(byte[][] keys) {
    int n = keys.length;
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = i;
    }
    int[] tmp = new int[n];
    for (int width = 1; width < n; width *= 2) {
      for (int lo = 0; lo < n - width; lo += 2 * width) {
        int mid = lo + width;
        int hi = Math.min(lo + 2 * width, n);
        if (Arrays.compareUnsigned(keys[a[mid - 1]], keys[a[mid]]) <= 0) {
          continue; // already in order
        }
        merge(keys, a, tmp, lo, mid, hi);
      }
    }
    return a;
  }

  private static void merge(byte[][] keys, int[] a, int[] tmp, int lo, int mid, int hi) {
    System.arraycopy(a, lo, tmp, lo, hi - lo);
    int i = lo;
    int j = mid;
    for (int k = lo; k < hi; k++) {
      if (i < mid && (j >= hi || Arrays.compareUnsigned(keys[tmp[i]], keys[tmp[j]]) <= 0)) {
        a[k] = tmp[i++];
      } else {
        a[k] = tmp[j++];
      }
    }
  }
}
