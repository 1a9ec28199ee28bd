package io.colfile.kudu.block;

import io.colfile.core.encoding.Endian;
import io.colfile.core.error.MalformedInputException;
import io.colfile.core.vector.BytesVector;

/** Reads PLAIN BOOL bitmap blocks; see {@link BitmapBlockEncoder} for the layout. */
final class BitmapBlockDecoder extends AbstractBlockDecoder {
  private final byte[] buf;
  private final int bits;

  BitmapBlockDecoder(byte[] buf, int offset, int length) throws MalformedInputException {
    if (length < BitmapBlockEncoder.HEADER) {
      throw new MalformedInputException(0, "BOOL bitmap block of " + length
          + " bytes is shorter than its 8-byte header");
    }
    long n = Endian.getIntLE(buf, offset) & 0xFFFFFFFFL;
    if (BitmapBlockEncoder.HEADER + (n + 7) / 8 != length) {
      throw new MalformedInputException(0, "BOOL bitmap block says " + n + " values but holds "
          + (length - BitmapBlockEncoder.HEADER) + " bytes of bits");
    }
    this.buf = buf;
    this.bits = offset + BitmapBlockEncoder.HEADER;
    this.count = (int) n;
    this.firstOrdinal = Endian.getIntLE(buf, offset + 4) & 0xFFFFFFFFL;
  }

  @Override
  public void readCells(byte[] dst, int dstOffset, int n) {
    Bytes.checkRead(pos, n, count);
    int i = 0;
    // Align to a byte, then expand whole bytes, then the tail.
    for (; i < n && ((pos + i) & 7) != 0; i++) {
      dst[dstOffset + i] = bit(pos + i);
    }
    for (; n - i >= 8; i += 8) {
      Endian.putLongLE(dst, dstOffset + i, Bytes.spreadBits(buf[bits + ((pos + i) >>> 3)]));
    }
    for (; i < n; i++) {
      dst[dstOffset + i] = bit(pos + i);
    }
    pos += n;
  }

  private byte bit(int index) {
    return (byte) (buf[bits + (index >>> 3)] >>> (index & 7) & 1);
  }

  @Override
  public void readBinary(BytesVector dst, int row, int n) {
    throw new IllegalStateException("BOOL bitmap blocks hold cells");
  }
}
