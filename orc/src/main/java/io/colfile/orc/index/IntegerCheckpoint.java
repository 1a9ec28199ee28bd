package io.colfile.orc.index;

import io.colfile.core.error.CorruptFileException;
import java.util.function.LongConsumer;

/**
 * A position in an integer RLE stream (v1 or v2: the positions have the same shape): the offset
 * of a run's header, then how many of the run's values precede the position.
 */
public record IntegerCheckpoint(StreamOffset offset, int valuesToSkip) implements Checkpoint {
  public static final IntegerCheckpoint START = new IntegerCheckpoint(StreamOffset.START, 0);

  public static IntegerCheckpoint read(PositionReader in, boolean compressed)
      throws CorruptFileException {
    StreamOffset offset = StreamOffset.read(in, compressed);
    // RLE v2 runs hold at most 512 values, v1 runs 130
    return new IntegerCheckpoint(offset,
        in.nextCount("integer RLE values", ByteRleCheckpoint.MAX_VALUES_TO_SKIP));
  }

  @Override
  public void appendTo(LongConsumer out, boolean compressed) {
    offset.appendTo(out, compressed);
    out.accept(valuesToSkip);
  }
}
