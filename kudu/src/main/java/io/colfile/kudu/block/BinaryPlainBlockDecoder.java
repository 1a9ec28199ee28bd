package io.colfile.kudu.block;

import io.colfile.core.encoding.Endian;
import io.colfile.core.error.MalformedInputException;
import io.colfile.core.vector.BytesVector;

/**
 * Reads BINARY PLAIN blocks; see {@link BinaryPlainBlockEncoder} for the layout. The constructor
 * decodes the offsets once, after checking that the bytes after offsets_pos can hold that many
 * (five bytes per group at least), and checks that they start at or after the header, never
 * decrease, stay within the value bytes and that the groups end exactly at the block's end.
 * Rows handed out point into the block itself.
 */
final class BinaryPlainBlockDecoder extends AbstractBlockDecoder {
  private final byte[] buf;
  private final int offset;
  /** Value i is {@code buf[offset + starts[i], offset + starts[i + 1])}. */
  private final int[] starts;

  BinaryPlainBlockDecoder(byte[] buf, int offset, int length) throws MalformedInputException {
    if (length < BinaryPlainBlockEncoder.HEADER) {
      throw new MalformedInputException(0, "BINARY PLAIN block of " + length
          + " bytes is shorter than its 12-byte header");
    }
    this.buf = buf;
    this.offset = offset;
    this.firstOrdinal = Endian.getIntLE(buf, offset) & 0xFFFFFFFFL;
    this.count = Bytes.count(buf, offset + 4, 4, "BINARY PLAIN");
    long offsetsPos = Endian.getIntLE(buf, offset + 8) & 0xFFFFFFFFL;
    if (offsetsPos < BinaryPlainBlockEncoder.HEADER || offsetsPos > length) {
      throw new MalformedInputException(8, "BINARY PLAIN offsets position " + offsetsPos
          + " is outside the block of " + length + " bytes");
    }
    int groups = (int) ((count + 3L) / 4);
    if (groups > (length - offsetsPos) / 5) {
      throw new MalformedInputException(4, "BINARY PLAIN block cannot hold the offsets of "
          + count + " values in its last " + (length - offsetsPos) + " bytes");
    }
    this.starts = readOffsets((int) offsetsPos, length, groups);
  }

  private int[] readOffsets(int offsetsPos, int length, int groups)
      throws MalformedInputException {
    int[] s = new int[groups * 4 + 1];
    int p = offset + offsetsPos;
    int limit = offset + length;
    p = GroupVarint.readGroups(buf, p, limit, s, 0, groups, offset, "BINARY PLAIN offset");
    if (p != limit) {
      throw new MalformedInputException(p - offset, "BINARY PLAIN block has " + (limit - p)
          + " bytes after its offsets");
    }
    s[count] = offsetsPos;
    // Offsets that never decrease from the header on and end at offsetsPos all lie between
    // them; one pass without a branch per offset (an offset of 2^31 or more reads negative,
    // below the one before it), and a second that finds the first bad one only when one is.
    int prev = BinaryPlainBlockEncoder.HEADER;
    boolean bad = false;
    for (int i = 0; i <= count; i++) {
      int v = s[i];
      bad |= v < prev;
      prev = v;
    }
    if (bad) {
      prev = BinaryPlainBlockEncoder.HEADER;
      for (int i = 0; i <= count; i++) {
        // As unsigned: an offset of 2^31 or more reads negative and is out of range too.
        if (Integer.compareUnsigned(s[i], prev) < 0
            || Integer.compareUnsigned(s[i], offsetsPos) > 0) {
          throw new MalformedInputException(offsetsPos, "BINARY PLAIN offset " + i + " is "
              + Integer.toUnsignedString(s[i]) + ", outside " + prev + " to " + offsetsPos);
        }
        prev = s[i];
      }
    }
    return s;
  }

  @Override
  public void readCells(byte[] dst, int dstOffset, int n) {
    throw new IllegalStateException("BINARY PLAIN blocks hold byte strings");
  }

  @Override
  public void readBinary(BytesVector dst, int row, int n) {
    Bytes.checkRead(pos, n, count);
    dst.setBuffer(row, n, buf);
    int[] s = starts;
    int[] st = dst.start;
    int[] ln = dst.length;
    int p = pos;
    int base = offset;
    for (int i = 0; i < n; i++) {
      int a = s[p + i];
      st[row + i] = base + a;
      ln[row + i] = s[p + i + 1] - a;
    }
    pos = p + n;
  }

  /** The array values are in (the block's). */
  byte[] buffer() {
    return buf;
  }

  /** Where value {@code i} starts in {@link #buffer()}. */
  int valueStart(int i) {
    return offset + starts[i];
  }

  int valueLength(int i) {
    return starts[i + 1] - starts[i];
  }
}
