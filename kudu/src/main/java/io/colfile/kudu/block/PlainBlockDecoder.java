package io.colfile.kudu.block;

import io.colfile.core.encoding.Endian;
import io.colfile.core.error.MalformedInputException;
import io.colfile.core.vector.BytesVector;

/** Reads PLAIN fixed-width blocks; see {@link PlainBlockEncoder} for the layout. */
final class PlainBlockDecoder extends AbstractBlockDecoder {
  private final byte[] buf;
  private final int start;
  private final int width;

  PlainBlockDecoder(byte[] buf, int offset, int length, int width)
      throws MalformedInputException {
    if (length < PlainBlockEncoder.HEADER) {
      throw new MalformedInputException(0, "PLAIN block of " + length
          + " bytes is shorter than its 8-byte header");
    }
    long n = Endian.getIntLE(buf, offset) & 0xFFFFFFFFL;
    if (PlainBlockEncoder.HEADER + n * width != length) {
      throw new MalformedInputException(0, "PLAIN block says " + n + " values of " + width
          + " bytes but holds " + (length - PlainBlockEncoder.HEADER) + " bytes of values");
    }
    this.buf = buf;
    this.start = offset + PlainBlockEncoder.HEADER;
    this.width = width;
    this.count = (int) n;
    this.firstOrdinal = Endian.getIntLE(buf, offset + 4) & 0xFFFFFFFFL;
  }

  @Override
  public void readCells(byte[] dst, int dstOffset, int n) {
    Bytes.checkRead(pos, n, count);
    System.arraycopy(buf, start + pos * width, dst, dstOffset, n * width);
    pos += n;
  }

  @Override
  public void readBinary(BytesVector dst, int row, int n) {
    throw new IllegalStateException("PLAIN fixed-width blocks hold cells");
  }
}
