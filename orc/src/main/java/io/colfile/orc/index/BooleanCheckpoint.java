package io.colfile.orc.index;

import io.colfile.core.error.CorruptFileException;
import java.util.function.LongConsumer;

/**
 * A position in a boolean stream (BOOLEAN values, PRESENT bits): the position of the byte in
 * the byte-RLE stream beneath, then how many of that byte's bits (most significant first)
 * precede the position.
 */
public record BooleanCheckpoint(ByteRleCheckpoint bytes, int bitsToSkip) implements Checkpoint {
  public static final BooleanCheckpoint START = new BooleanCheckpoint(ByteRleCheckpoint.START, 0);

  public static BooleanCheckpoint read(PositionReader in, boolean compressed)
      throws CorruptFileException {
    ByteRleCheckpoint bytes = ByteRleCheckpoint.read(in, compressed);
    return new BooleanCheckpoint(bytes, in.nextCount("bits of a byte", 8));
  }

  @Override
  public StreamOffset offset() {
    return bytes.offset();
  }

  @Override
  public void appendTo(LongConsumer out, boolean compressed) {
    bytes.appendTo(out, compressed);
    out.accept(bitsToSkip);
  }
}
