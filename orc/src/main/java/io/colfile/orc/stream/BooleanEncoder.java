package io.colfile.orc.stream;

import io.colfile.orc.index.BooleanCheckpoint;
import java.io.IOException;

/**
 * Boolean RLE writer (orc.md section 6.3): BOOLEAN DATA and PRESENT streams (1 = present).
 * <b>Internal</b>: public only for the column writers. Bits are packed most significant first,
 * a partial last byte padded with zeros on {@link #flush()}, and the bytes go through {@link
 * ByteRleEncoder}. Positions are the byte RLE's, then the bits used in the current byte (0..7).
 */
public final class BooleanEncoder implements StreamWriter {
  private final ByteRleEncoder bytes;
  private int current; // bits so far, in the low `used` bits
  private int used;

  public BooleanEncoder(OrcOutputStream out) {
    this.bytes = new ByteRleEncoder(out);
  }

  public void write(boolean value) throws IOException {
    current = current << 1 | (value ? 1 : 0);
    if (++used == 8) {
      bytes.add((byte) current);
      current = 0;
      used = 0;
    }
  }

  /** Writes {@code value} {@code n} times; the same bytes as {@code n} calls of {@link #write}. */
  public void write(boolean value, int n) throws IOException {
    for (; n > 0 && used != 0; n--) { // finish the partial byte
      write(value);
    }
    if (n >= 8) {
      bytes.addRepeated(value ? (byte) 0xff : 0, n >>> 3);
      n &= 7;
    }
    for (; n > 0; n--) {
      write(value);
    }
  }

  /** The byte RLE's position, then the bits used in the current byte. */
  @Override
  public BooleanCheckpoint checkpoint() {
    return new BooleanCheckpoint(bytes.checkpoint(), used);
  }

  public void flush() throws IOException {
    if (used != 0) {
      bytes.add((byte) (current << (8 - used)));
      current = 0;
      used = 0;
    }
    bytes.finish();
  }

  public long estimateMemory() {
    return bytes.estimateMemory();
  }
}
