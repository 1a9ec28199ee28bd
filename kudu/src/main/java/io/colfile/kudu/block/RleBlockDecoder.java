package io.colfile.kudu.block;

import io.colfile.core.encoding.Endian;
import io.colfile.core.error.MalformedInputException;
import io.colfile.core.vector.BytesVector;
import io.colfile.kudu.PhysicalType;

/**
 * Reads RLE blocks; see {@link RleBlockEncoder} for the layout. The constructor walks the run
 * headers once (no values are unpacked) to check that the stream holds the header's count, so a
 * damaged block fails before any value is read. Seeking backwards restarts from the first run,
 * as Kudu does.
 */
final class RleBlockDecoder extends AbstractBlockDecoder {
  private final int width;
  private final RleDecoder rle;

  RleBlockDecoder(PhysicalType type, byte[] buf, int offset, int length)
      throws MalformedInputException {
    if (length < RleBlockEncoder.HEADER) {
      throw new MalformedInputException(0, "RLE block of " + length
          + " bytes is shorter than its 8-byte header");
    }
    this.width = type.width();
    this.count = Bytes.count(buf, offset, 0, "RLE block");
    this.firstOrdinal = Endian.getIntLE(buf, offset + 4) & 0xFFFFFFFFL;
    this.rle = new RleDecoder(buf, offset + RleBlockEncoder.HEADER,
        length - RleBlockEncoder.HEADER, type == PhysicalType.BOOL ? 1 : 8 * width, false, offset);
    rle.skip(count);
    rle.rewind();
  }

  @Override
  public void seek(int index) throws MalformedInputException {
    Bytes.checkIndex(index, count);
    if (index < pos) {
      rle.rewind();
      pos = 0;
    }
    rle.skip(index - pos);
    pos = index;
  }

  @Override
  public void readCells(byte[] dst, int dstOffset, int n) throws MalformedInputException {
    Bytes.checkRead(pos, n, count);
    rle.readCells(dst, dstOffset, n, width);
    pos += n;
  }

  @Override
  public void readBinary(BytesVector dst, int row, int n) {
    throw new IllegalStateException("RLE blocks hold cells");
  }
}
