package io.colfile.kudu.block;

import io.colfile.core.codec.MalformedInputException;

/**
 * Kudu's varint32 (cfile.md section 1): unsigned LEB128 of at most 5 bytes holding a value below
 * 2^32, as PREFIX entry lengths are written. Reads return the value and the position after it
 * packed in one long, so the per-entry loops of the decoders allocate nothing.
 */
final class Varint32 {
  /** The most bytes a varint32 takes. */
  static final int MAX_BYTES = 5;

  private Varint32() {}

  /** Bytes {@link #write} needs for {@code value} (taken as unsigned). */
  static int size(int value) {
    int bits = 32 - Integer.numberOfLeadingZeros(value | 1);
    return (bits + 6) / 7;
  }

  /** Writes {@code value} (unsigned) at {@code b[pos]}; returns the position after it. */
  static int write(byte[] b, int pos, int value) {
    while ((value & ~0x7F) != 0) {
      b[pos++] = (byte) (value | 0x80);
      value >>>= 7;
    }
    b[pos++] = (byte) value;
    return pos;
  }

  /**
   * Reads the varint at {@code b[pos]}, which must end before {@code limit}.
   *
   * @param base index of the block's first byte, so that errors give offsets within the block
   * @return {@code (value << 32) | positionAfter}: the value is {@code (int) (r >>> 32)} (as
   *     unsigned), the position {@code (int) r}
   */
  static long read(byte[] b, int pos, int limit, int base, String what)
      throws MalformedInputException {
    long value = 0;
    int p = pos;
    for (int shift = 0; ; shift += 7) {
      if (p >= limit) {
        throw new MalformedInputException(pos - base, what + " varint runs past the end");
      }
      int x = b[p++];
      value |= (long) (x & 0x7F) << shift;
      if (x >= 0) {
        break;
      }
      if (shift == 28) {
        throw new MalformedInputException(pos - base, what + " varint is longer than 5 bytes");
      }
    }
    if (value > 0xFFFFFFFFL) {
      throw new MalformedInputException(pos - base, what + " varint " + value
          + " does not fit 32 bits");
    }
    return value << 32 | p;
  }
}
