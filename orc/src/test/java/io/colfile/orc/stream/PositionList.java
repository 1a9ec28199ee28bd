package io.colfile.orc.stream;

import io.colfile.core.error.CorruptFileException;
import io.colfile.orc.index.BooleanCheckpoint;
import io.colfile.orc.index.ByteRleCheckpoint;
import io.colfile.orc.index.Checkpoint;
import io.colfile.orc.index.IntegerCheckpoint;
import io.colfile.orc.index.PositionReader;
import io.colfile.orc.index.RawCheckpoint;
import io.colfile.orc.index.StreamOffset;
import java.util.Arrays;
import java.util.function.LongConsumer;

/**
 * Position numbers as the row index stores them: recorded from an encoder's checkpoint, and
 * decoded back into the typed checkpoint a decoder seeks to (exactly as the row index reader
 * decodes them; every number must be used).
 */
final class PositionList implements LongConsumer {
  private long[] values = new long[4];
  private int size;

  @Override
  public void accept(long position) {
    if (size == values.length) {
      values = Arrays.copyOf(values, size * 2);
    }
    values[size++] = position;
  }

  /** The numbers of {@code c}, as the writer stores them. */
  static PositionList of(Checkpoint c, boolean compressed) {
    PositionList p = new PositionList();
    c.appendTo(p, compressed);
    return p;
  }

  long[] toArray() {
    return Arrays.copyOf(values, size);
  }

  static StreamOffset offset(boolean compressed, long... p) throws CorruptFileException {
    PositionReader in = new PositionReader(p);
    return allUsed(in, RawCheckpoint.read(in, compressed)).offset();
  }

  static ByteRleCheckpoint byteRle(boolean compressed, long... p) throws CorruptFileException {
    PositionReader in = new PositionReader(p);
    return allUsed(in, ByteRleCheckpoint.read(in, compressed));
  }

  static BooleanCheckpoint bool(boolean compressed, long... p) throws CorruptFileException {
    PositionReader in = new PositionReader(p);
    return allUsed(in, BooleanCheckpoint.read(in, compressed));
  }

  static IntegerCheckpoint integer(boolean compressed, long... p) throws CorruptFileException {
    PositionReader in = new PositionReader(p);
    return allUsed(in, IntegerCheckpoint.read(in, compressed));
  }

  private static <T> T allUsed(PositionReader in, T checkpoint) {
    if (in.consumed() != in.size()) {
      throw new AssertionError("numbers used: " + in.consumed() + " of " + in.size());
    }
    return checkpoint;
  }

  @Override
  public String toString() {
    return Arrays.toString(toArray());
  }
}
