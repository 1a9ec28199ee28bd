package io.colfile.orc.index;

import io.colfile.core.error.CorruptFileException;
import java.util.function.LongConsumer;

/**
 * A position in a byte-RLE stream (tinyint values, union tags, and under boolean streams): the
 * offset of a run or literal group's header, then how many of its values precede the position.
 */
public record ByteRleCheckpoint(StreamOffset offset, int valuesToSkip) implements Checkpoint {
  public static final ByteRleCheckpoint START = new ByteRleCheckpoint(StreamOffset.START, 0);
  /** A byte-RLE group holds at most 130 values; writers record fewer than 512 in any RLE. */
  static final int MAX_VALUES_TO_SKIP = 512;

  public static ByteRleCheckpoint read(PositionReader in, boolean compressed)
      throws CorruptFileException {
    StreamOffset offset = StreamOffset.read(in, compressed);
    return new ByteRleCheckpoint(offset, in.nextCount("byte RLE values", MAX_VALUES_TO_SKIP));
  }

  @Override
  public void appendTo(LongConsumer out, boolean compressed) {
    offset.appendTo(out, compressed);
    out.accept(valuesToSkip);
  }
}
