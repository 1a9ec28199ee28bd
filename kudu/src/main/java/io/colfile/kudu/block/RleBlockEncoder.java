package io.colfile.kudu.block;

import io.colfile.core.encoding.Endian;
import io.colfile.core.vector.BytesVector;
import io.colfile.kudu.PhysicalType;

/**
 * RLE blocks for BOOL and the integer types (cfile.md section 6.3.1).
 *
 * <pre>
 * RleBlock ::= count:u32le | ordinal_pos:u32le | stream (see {@link RleEncoder})
 * </pre>
 *
 * The bit width is 1 for BOOL and always the full cell width otherwise (8, 16, 32 or 64): Kudu
 * never narrows it. Full once the header and the stream bytes written so far (values still
 * buffered by the encoder not counted) exceed the block size.
 */
final class RleBlockEncoder implements BlockEncoder {
  static final int HEADER = 8;

  private final int width;
  private final boolean bool;
  private final int blockSize;
  private final RleEncoder rle;
  private int count;

  RleBlockEncoder(PhysicalType type, int blockSize) {
    this.width = type.width();
    this.bool = type == PhysicalType.BOOL;
    this.blockSize = blockSize;
    this.rle = new RleEncoder(bool ? 1 : 8 * width);
  }

  @Override
  public int addCells(byte[] src, int offset, int n) {
    int taken = 0;
    while (taken < n && !isFull()) {
      int at = offset + taken * width;
      rle.put(bool ? (src[at] != 0 ? 1 : 0) : Bytes.getCell(src, at, width, false));
      taken++;
      count++;
    }
    return taken;
  }

  @Override
  public int addBinary(BytesVector src, int row, int n) {
    throw new IllegalStateException("RLE blocks take cells");
  }

  @Override
  public boolean isFull() {
    return HEADER + (long) rle.length() > blockSize;
  }

  @Override
  public int count() {
    return count;
  }

  @Override
  public byte[] finish(long firstOrdinal) {
    int ordinal = Bytes.ordinal(firstOrdinal);
    byte[] stream = rle.finish();
    byte[] block = new byte[HEADER + stream.length];
    Endian.putIntLE(block, 0, count);
    Endian.putIntLE(block, 4, ordinal);
    System.arraycopy(stream, 0, block, HEADER, stream.length);
    count = 0;
    return block;
  }
}
