package io.colfile.orc.index;

import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.FileRegion;

/**
 * Reads the numbers of one row-index entry in order, as the checkpoints of a column's streams
 * take them (orc.md section 7). The numbers come from the file, so running out of them, or a
 * number out of range, is a corrupt row index that the messages locate.
 */
public final class PositionReader {
  private final FileRegion entry;
  private final long[] numbers;
  private int index;

  /** @param entry the entry, e.g. {@code stripe 2 / column 5 / ROW_INDEX / entry 3} */
  public PositionReader(FileRegion entry, long[] numbers) {
    this.entry = entry;
    this.numbers = numbers;
  }

  /** For tests and callers without a file: messages name no file. */
  public PositionReader(long... numbers) {
    this(FileRegion.of(null).child("row index entry"), numbers);
  }

  /** The next number, a byte offset or count that cannot be negative. */
  long next(String what) throws CorruptFileException {
    if (index >= numbers.length) {
      throw corrupt("row index entry has %d positions; more are needed", numbers.length);
    }
    long v = numbers[index++];
    if (v < 0) { // an unsigned 64-bit number past Long.MAX_VALUE, or a test's negative one
      throw corrupt("position %d (%s) is negative", index - 1, what);
    }
    return v;
  }

  /** The next number, a count of at most {@code max}. */
  int nextCount(String what, int max) throws CorruptFileException {
    long v = next(what);
    if (v > max) {
      throw corrupt("position %d (%s) is %d; at most %d is possible", index - 1, what, v, max);
    }
    return (int) v;
  }

  /** How many numbers have been read. */
  public int consumed() {
    return index;
  }

  /** How many numbers the entry has. */
  public int size() {
    return numbers.length;
  }

  CorruptFileException corrupt(String format, Object... args) {
    return entry.corrupt(format, args);
  }
}
