package io.colfile.orc.write;

import java.util.Arrays;

/** A growable list of ints. */
final class IntList {
  private int[] values = new int[1024];
  private int size;

  void add(int v) {
    if (size == values.length) {
      values = Arrays.copyOf(values, size * 2);
    }
    values[size++] = v;
  }

  int get(int i) {
    return values[i];
  }

  int size() {
    return size;
  }

  void clear() {
    size = 0;
  }

  /** Bytes of the values, in 32 KiB chunks as ORC Java's DynamicIntArray counts them. */
  long memory() {
    return (size + 8191L) / 8192 * 8192 * 4;
  }
}
