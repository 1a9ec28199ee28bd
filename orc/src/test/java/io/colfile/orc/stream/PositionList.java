package io.colfile.orc.stream;

import java.util.Arrays;

/** Collects recorded positions; {@link #provider()} replays them into a decoder's seek. */
final class PositionList implements PositionRecorder {
  private long[] values = new long[4];
  private int size;

  @Override
  public void addPosition(long position) {
    if (size == values.length) {
      values = Arrays.copyOf(values, size * 2);
    }
    values[size++] = position;
  }

  long[] toArray() {
    return Arrays.copyOf(values, size);
  }

  ArrayPositionProvider provider() {
    return new ArrayPositionProvider(toArray());
  }

  @Override
  public String toString() {
    return Arrays.toString(toArray());
  }
}
