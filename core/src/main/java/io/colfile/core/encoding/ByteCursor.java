package io.colfile.core.encoding;

import io.colfile.core.error.MalformedInputException;
import java.util.Objects;

/**
 * Sequential reads over {@code buf[position, limit)}: varints, zigzag varints and little-endian
 * fixed-width values.
 *
 * <p>Every read checks the limit first, so running off the end, like an over-long varint, is a
 * {@link MalformedInputException} and never an {@link ArrayIndexOutOfBoundsException}. Offsets in
 * those exceptions are indices into {@link #buffer()}; the caller knows which file and structure
 * the buffer holds and adds that. A failed read leaves the position where the value started.
 *
 * <p>Not thread-safe; cheap enough to create one per stream or block.
 */
public final class ByteCursor {
  private final byte[] buf;
  private final int limit;
  private int pos;
  /** Where {@link Varints#readVarLong} leaves the value it read. */
  private final long[] value = new long[1];

  /** A cursor over {@code buf[offset, offset + length)}, positioned at {@code offset}. */
  public ByteCursor(byte[] buf, int offset, int length) {
    Objects.checkFromIndexSize(offset, length, buf.length);
    this.buf = buf;
    this.pos = offset;
    this.limit = offset + length;
  }

  /** A cursor over all of {@code buf}. */
  public ByteCursor(byte[] buf) {
    this(buf, 0, buf.length);
  }

  public byte[] buffer() {
    return buf;
  }

  /** Index into {@link #buffer()} of the next byte to read. */
  public int position() {
    return pos;
  }

  /** Moves to {@code position}, which must lie within {@code [0, limit]}. */
  public void position(int position) {
    this.pos = Objects.checkIndex(position, limit + 1);
  }

  /** Index into {@link #buffer()} one past the last readable byte. */
  public int limit() {
    return limit;
  }

  public int remaining() {
    return limit - pos;
  }

  public boolean hasRemaining() {
    return pos < limit;
  }

  /** Advances over {@code n} bytes. */
  public void skip(int n) throws MalformedInputException {
    if (n < 0 || n > limit - pos) {
      throw new MalformedInputException(
          pos, "cannot skip " + n + " bytes, " + remaining() + " left");
    }
    pos += n;
  }

  public int readUnsignedByte() throws MalformedInputException {
    if (pos >= limit) {
      throw new MalformedInputException(pos, "expected a byte, found the end");
    }
    return buf[pos++] & 0xFF;
  }

  /**
   * Reads an unsigned LEB128 varint of up to 10 bytes ({@link Varints#readVarLong}). Non-minimal
   * encodings (trailing {@code 0x80 ... 0x00} groups) are accepted as LEB128 allows; bits beyond
   * the 64th are rejected.
   */
  public long readVarLong() throws MalformedInputException {
    pos = Varints.readVarLong(buf, pos, limit, value, 0, false);
    return value[0];
  }

  /** Reads a zigzag-encoded signed varint. */
  public long readSignedVarLong() throws MalformedInputException {
    return Varints.zigzagDecode(readVarLong());
  }

  public int readIntLE() throws MalformedInputException {
    require(Integer.BYTES);
    int v = Endian.getIntLE(buf, pos);
    pos += Integer.BYTES;
    return v;
  }

  public long readLongLE() throws MalformedInputException {
    require(Long.BYTES);
    long v = Endian.getLongLE(buf, pos);
    pos += Long.BYTES;
    return v;
  }

  private void require(int n) throws MalformedInputException {
    if (limit - pos < n) {
      throw new MalformedInputException(
          pos, "expected " + n + " bytes, " + (limit - pos) + " left");
    }
  }

  @Override
  public String toString() {
    return "ByteCursor[position " + pos + ", limit " + limit + "]";
  }
}
