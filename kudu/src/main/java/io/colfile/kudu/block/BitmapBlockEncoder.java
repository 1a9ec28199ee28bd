package io.colfile.kudu.block;

import io.colfile.core.encoding.Endian;
import io.colfile.core.vector.BytesVector;
import java.util.Arrays;

/**
 * PLAIN for BOOL: a packed bitmap (cfile.md section 6.2).
 *
 * <pre>
 * BitmapBlock ::= count:u32le | ordinal_pos:u32le | ceil(count / 8) bytes
 *                 value i is bit (i mod 8) of byte (i div 8), LSB first; padding bits are 0
 * </pre>
 *
 * Full once the block, header included, is larger than the block size.
 */
final class BitmapBlockEncoder implements BlockEncoder {
  static final int HEADER = 8;

  private final int blockSize;
  private byte[] buf;
  private int count;

  BitmapBlockEncoder(int blockSize) {
    this.blockSize = blockSize;
    this.buf = new byte[HEADER + 64];
  }

  @Override
  public int addCells(byte[] src, int offset, int n) {
    int taken = 0;
    while (taken < n && !isFull()) {
      // Every value up to the next 8-bit boundary past the block size keeps the block within
      // it, so take that many at once, and at least the one value that makes it full.
      long room = (long) blockSize - HEADER - (count + 7) / 8;
      int k = (int) Math.max(1, Math.min(n - taken, room * 8 + (8 - count % 8) % 8 + 1));
      ensure(HEADER + (count + k + 7) / 8);
      for (int i = 0; i < k; i++, count++) {
        if (src[offset + taken + i] != 0) {
          buf[HEADER + (count >>> 3)] |= (byte) (1 << (count & 7));
        }
      }
      taken += k;
    }
    return taken;
  }

  @Override
  public int addBinary(BytesVector src, int row, int n) {
    throw new IllegalStateException("BOOL bitmap blocks take cells");
  }

  @Override
  public boolean isFull() {
    return HEADER + (count + 7L) / 8 > blockSize;
  }

  @Override
  public int count() {
    return count;
  }

  @Override
  public byte[] finish(long firstOrdinal) {
    Endian.putIntLE(buf, 0, count);
    Endian.putIntLE(buf, 4, Bytes.ordinal(firstOrdinal));
    int length = HEADER + (count + 7) / 8;
    byte[] block = Arrays.copyOf(buf, length);
    Arrays.fill(buf, 0, length, (byte) 0);
    count = 0;
    return block;
  }

  private void ensure(int size) {
    if (size > buf.length) {
      buf = Arrays.copyOf(buf, Math.max(size, buf.length * 2));
    }
  }
}
