package io.colfile.orc.write;

import java.util.Arrays;

/**
 * A growable list of non-negative ints, stored in as few bytes per value as its largest value
 * needs: one byte while every value is below 2^8, two below 2^16, else four. A string column's
 * dictionary ids of a stripe, one per row, are its largest buffer; most dictionaries are small.
 */
final class IntList {
  private static final int FIRST_CAPACITY = 64;

  private byte[] bytes = new byte[FIRST_CAPACITY];
  private char[] chars; // once a value reached 2^8
  private int[] ints; // once a value reached 2^16
  private int size;

  void add(int v) {
    if (v < 0) {
      throw new IllegalArgumentException("negative value " + v);
    }
    if (ints != null) {
      if (size == ints.length) {
        ints = Arrays.copyOf(ints, size * 2);
      }
      ints[size++] = v;
    } else if (chars != null) {
      if (v > Character.MAX_VALUE) {
        widenToInts();
        add(v);
        return;
      }
      if (size == chars.length) {
        chars = Arrays.copyOf(chars, size * 2);
      }
      chars[size++] = (char) v;
    } else {
      if (v > 0xFF) {
        widenToChars();
        add(v);
        return;
      }
      if (size == bytes.length) {
        bytes = Arrays.copyOf(bytes, size * 2);
      }
      bytes[size++] = (byte) v;
    }
  }

  /** {@link #add} of {@code src[0, n)} in order. */
  void addAll(int[] src, int n) {
    int max = 0;
    for (int k = 0; k < n; k++) {
      max |= src[k];
    }
    if (max < 0) {
      for (int k = 0; k < n; k++) {
        add(src[k]); // throws at the first negative value
      }
    }
    if (max > 0xFF && ints == null && chars == null) {
      widenToChars();
    }
    if (max > Character.MAX_VALUE && ints == null) {
      widenToInts();
    }
    int need = size + n;
    if (ints != null) {
      if (need > ints.length) {
        ints = Arrays.copyOf(ints, Math.max(need, ints.length * 2));
      }
      System.arraycopy(src, 0, ints, size, n);
    } else if (chars != null) {
      if (need > chars.length) {
        chars = Arrays.copyOf(chars, Math.max(need, chars.length * 2));
      }
      for (int k = 0; k < n; k++) {
        chars[size + k] = (char) src[k];
      }
    } else {
      if (need > bytes.length) {
        bytes = Arrays.copyOf(bytes, Math.max(need, bytes.length * 2));
      }
      for (int k = 0; k < n; k++) {
        bytes[size + k] = (byte) src[k];
      }
    }
    size = need;
  }

  private void widenToChars() {
    chars = new char[Math.max(bytes.length, FIRST_CAPACITY)];
    for (int i = 0; i < size; i++) {
      chars[i] = (char) (bytes[i] & 0xFF);
    }
    bytes = null;
  }

  private void widenToInts() {
    ints = new int[Math.max(chars.length, FIRST_CAPACITY)];
    for (int i = 0; i < size; i++) {
      ints[i] = chars[i];
    }
    chars = null;
  }

  int get(int i) {
    if (i >= size) {
      throw new IndexOutOfBoundsException(i + " of " + size);
    }
    return ints != null ? ints[i] : chars != null ? chars[i] : bytes[i] & 0xFF;
  }

  /** {@code out[k - from] = map[get(k)]} for k in {@code [from, to)}. */
  void mapTo(int from, int to, int[] map, long[] out) {
    if (from < 0 || to > size || from > to) {
      throw new IndexOutOfBoundsException("[" + from + ", " + to + ") of " + size);
    }
    if (ints != null) {
      for (int k = from; k < to; k++) {
        out[k - from] = map[ints[k]];
      }
    } else if (chars != null) {
      for (int k = from; k < to; k++) {
        out[k - from] = map[chars[k]];
      }
    } else {
      for (int k = from; k < to; k++) {
        out[k - from] = map[bytes[k] & 0xFF];
      }
    }
  }

  int size() {
    return size;
  }

  /** Empties the list, keeping its storage (and width) for the next stripe. */
  void clear() {
    size = 0;
  }

  /** Empties the list and lets its storage go (the list is back to its first capacity). */
  void release() {
    size = 0;
    bytes = new byte[FIRST_CAPACITY];
    chars = null;
    ints = null;
  }

  /**
   * Bytes of the values as ORC Java's DynamicIntArray counts them (four per value, in 32 KiB
   * chunks), for stripe-size decisions: the same as orc-core's whatever this list holds.
   */
  long memory() {
    return (size + 8191L) / 8192 * 8192 * 4;
  }
}
