package io.colfile.kudu.block;

import io.colfile.core.encoding.Endian;
import io.colfile.core.vector.BytesVector;
import java.util.Arrays;

/**
 * PLAIN for fixed-width types (cfile.md section 6.1): a header, then the cells as they are.
 *
 * <pre>
 * PlainBlock ::= count:u32le | ordinal_pos:u32le | count x cell (little-endian, type width)
 * </pre>
 *
 * Full once the block, header included, is larger than the block size.
 */
final class PlainBlockEncoder implements BlockEncoder {
  static final int HEADER = 8;

  private final int width;
  private final int blockSize;
  private byte[] buf;
  private int count;

  PlainBlockEncoder(int width, int blockSize) {
    this.width = width;
    this.blockSize = blockSize;
    this.buf = new byte[HEADER + Math.min(blockSize, 1 << 20) + width];
  }

  @Override
  public int addCells(byte[] src, int offset, int n) {
    int taken = 0;
    while (taken < n && !isFull()) {
      // Take at once all the values that cannot make the block full, then the one that does.
      int room = blockSize - (HEADER + count * width);
      int k = Math.max(1, Math.min(n - taken, room / width + 1));
      ensure(HEADER + (count + k) * width);
      System.arraycopy(src, offset + taken * width, buf, HEADER + count * width, k * width);
      count += k;
      taken += k;
    }
    return taken;
  }

  @Override
  public int addBinary(BytesVector src, int row, int n) {
    throw new IllegalStateException("PLAIN fixed-width blocks take cells");
  }

  @Override
  public boolean isFull() {
    return HEADER + (long) count * width > blockSize;
  }

  @Override
  public int count() {
    return count;
  }

  @Override
  public byte[] finish(long firstOrdinal) {
    Endian.putIntLE(buf, 0, count);
    Endian.putIntLE(buf, 4, Bytes.ordinal(firstOrdinal));
    byte[] block = Arrays.copyOf(buf, HEADER + count * width);
    count = 0;
    return block;
  }

  private void ensure(int size) {
    if (size > buf.length) {
      buf = Arrays.copyOf(buf, Math.max(size, buf.length * 2));
    }
  }
}
