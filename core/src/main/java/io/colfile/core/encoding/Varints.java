package io.colfile.core.encoding;

/**
 * Unsigned LEB128 varints and zigzag, the integer encodings ORC (varints inside RLE v1 and
 * DIRECT streams), protobuf and Kudu share.
 *
 * <pre>
 * varint ::= byte*   low 7 bits carry the value, least significant group first;
 *                    the high bit says another byte follows; a 64-bit value needs at most 10
 * zigzag(n) = (n &lt;&lt; 1) ^ (n &gt;&gt; 63)   maps 0, -1, 1, -2 ... to 0, 1, 2, 3 ... so small
 *                                   magnitudes of either sign stay short
 * </pre>
 *
 * Writing lives here as static methods over {@code byte[]}, returning the new position; reading
 * needs to report both a value and a position, so it lives on {@link ByteCursor}.
 */
public final class Varints {
  /** The longest varint of a 64-bit value: ceil(64 / 7) bytes. */
  public static final int MAX_VARLONG_BYTES = 10;

  private Varints() {}

  /** Maps signed values to unsigned so that small magnitudes get small codes. */
  public static long zigzagEncode(long value) {
    return (value << 1) ^ (value >> 63);
  }

  /** The inverse of {@link #zigzagEncode}. */
  public static long zigzagDecode(long encoded) {
    return (encoded >>> 1) ^ -(encoded & 1);
  }

  /** The number of bytes {@link #writeVarLong} needs for {@code value} (1 to 10). */
  public static int varLongSize(long value) {
    // value | 1 so that 0 counts as one significant bit and takes one byte.
    int bits = Long.SIZE - Long.numberOfLeadingZeros(value | 1);
    return (bits + 6) / 7;
  }

  /**
   * Writes {@code value} as an unsigned varint at {@code buf[pos]}, returning the position after
   * it. The caller guarantees room ({@link #varLongSize} or {@link #MAX_VARLONG_BYTES} bytes); a
   * too small buffer is a caller bug and fails with {@link ArrayIndexOutOfBoundsException}.
   */
  public static int writeVarLong(byte[] buf, int pos, long value) {
    while ((value & ~0x7FL) != 0) {
      buf[pos++] = (byte) (value | 0x80);
      value >>>= 7;
    }
    buf[pos++] = (byte) value;
    return pos;
  }

  /** Writes {@code zigzagEncode(value)} as a varint; see {@link #writeVarLong}. */
  public static int writeSignedVarLong(byte[] buf, int pos, long value) {
    return writeVarLong(buf, pos, zigzagEncode(value));
  }
}
