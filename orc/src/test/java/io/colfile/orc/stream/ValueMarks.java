package io.colfile.orc.stream;

import java.util.Arrays;

/**
 * What a test encoder records per value written: the value itself (as long) and where a reader
 * must seek to start at it, i.e. the uncompressed offset of the header of the group holding it
 * and how many of that group's values come before it (orc.md section 7).
 */
final class ValueMarks {
  private long[] values = new long[64];
  private long[] offsets = new long[64];
  private int[] skips = new int[64];
  private int size;

  void add(long value, long groupOffset, int indexInGroup) {
    if (size == values.length) {
      values = Arrays.copyOf(values, size * 2);
      offsets = Arrays.copyOf(offsets, size * 2);
      skips = Arrays.copyOf(skips, size * 2);
    }
    values[size] = value;
    offsets[size] = groupOffset;
    skips[size++] = indexInGroup;
  }

  int size() {
    return size;
  }

  long value(int i) {
    return values[i];
  }

  long[] values() {
    return Arrays.copyOf(values, size);
  }

  long offset(int i) {
    return offsets[i];
  }

  int skip(int i) {
    return skips[i];
  }

  /** The full position of value {@code i}: stream numbers, then the values to skip. */
  long[] position(FramedStream stream, int i, boolean endOfChunk) {
    long[] p = stream.position(offsets[i], endOfChunk);
    long[] all = Arrays.copyOf(p, p.length + 1);
    all[p.length] = skips[i];
    return all;
  }
}
