package io.colfile.orc.write;

import io.colfile.orc.stream.PositionRecorder;
import java.util.Arrays;

/** A growable list of longs that also records row-index positions. */
final class LongList implements PositionRecorder {
  private long[] values = new long[8];
  private int size;

  @Override
  public void addPosition(long position) {
    add(position);
  }

  void add(long v) {
    if (size == values.length) {
      values = Arrays.copyOf(values, size * 2);
    }
    values[size++] = v;
  }

  int size() {
    return size;
  }

  long get(int i) {
    return values[i];
  }

  void clear() {
    size = 0;
  }

  long[] toArray(int from) {
    return Arrays.copyOfRange(values, Math.min(from, size), size);
  }
}
