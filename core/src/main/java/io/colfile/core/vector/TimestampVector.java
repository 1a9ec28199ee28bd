package io.colfile.core.vector;

import java.util.Arrays;

/**
 * Timestamps as whole seconds since 1970-01-01 00:00:00 plus nanoseconds (0..999,999,999).
 * For TIMESTAMP (no time zone) the seconds count the wall-clock date-time as if it were UTC
 * (a {@code LocalDateTime}); for TIMESTAMP WITH LOCAL TIME ZONE they count the instant in UTC.
 */
public final class TimestampVector extends ColumnVector {
  public long[] seconds;
  public int[] nanos;

  public TimestampVector(int capacity) {
    super(capacity);
    seconds = new long[capacity];
    nanos = new int[capacity];
  }

  @Override
  public void keep(int[] rows, int count) {
    super.keep(rows, count);
    for (int i = 0; i < count; i++) {
      int r = rows[i];
      seconds[i] = seconds[r];
      nanos[i] = nanos[r];
    }
  }

  @Override
  protected void grow(int newCapacity, boolean preserve) {
    if (preserve) {
      seconds = Arrays.copyOf(seconds, newCapacity);
      nanos = Arrays.copyOf(nanos, newCapacity);
    } else {
      seconds = new long[newCapacity];
      nanos = new int[newCapacity];
    }
  }

  @Override
  public void validate(int size) {
    super.validate(size);
    for (int i = 0; i < size; i++) {
      if (!isNull(i) && (nanos[i] < 0 || nanos[i] > 999_999_999)) {
        throw new IllegalStateException("row " + i + " has nanos " + nanos[i]);
      }
    }
  }
}
