package io.colfile.orc.index;

import io.colfile.core.error.CorruptFileException;
import java.util.function.LongConsumer;

/**
 * A position in a stream of plain bytes: float and double values, string and binary bytes,
 * decimal varints. Positions: the stream offset only.
 */
public record RawCheckpoint(StreamOffset offset) implements Checkpoint {
  public static final RawCheckpoint START = new RawCheckpoint(StreamOffset.START);

  public static RawCheckpoint read(PositionReader in, boolean compressed)
      throws CorruptFileException {
    return new RawCheckpoint(StreamOffset.read(in, compressed));
  }

  @Override
  public void appendTo(LongConsumer out, boolean compressed) {
    offset.appendTo(out, compressed);
  }
}
