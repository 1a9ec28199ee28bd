package io.colfile.kudu;

import io.colfile.core.error.MalformedInputException;
import io.colfile.kudu.block.RleDecoder;

/**
 * Reads the null bitmap of a nullable data block row by row (cfile.md section 5): an RLE stream
 * of bit width 1 (section 6.3), 1 = not NULL, with no count of its own; the block's header gives
 * the number of rows. Runs are decoded as rows are asked for, so a block that claims billions of
 * rows costs no memory up front.
 */
final class NullBitmap {
  private final RleDecoder rle;
  private long rowsLeft;
  private long[] scratch = new long[0];

  NullBitmap(byte[] buf, int offset, int length, int numRows) {
    this.rle = new RleDecoder(buf, offset, length, 1);
    this.rowsLeft = numRows;
  }

  /**
   * Sets {@code nonNull[0, k)} for the next {@code k} rows and returns how many are not NULL;
   * {@code nonNull} may be null to skip rows.
   */
  int next(boolean[] nonNull, int k) throws MalformedInputException {
    if (k > rowsLeft) {
      throw new IllegalStateException(k + " rows asked of a bitmap with " + rowsLeft + " left");
    }
    rowsLeft -= k;
    if (nonNull == null) {
      return (int) rle.skipCountingNonZero(k);
    }
    if (scratch.length < k) {
      scratch = new long[Math.max(k, 2 * scratch.length)];
    }
    rle.read(scratch, 0, k);
    int count = 0;
    for (int i = 0; i < k; i++) {
      boolean v = scratch[i] != 0;
      nonNull[i] = v;
      count += v ? 1 : 0;
    }
    return count;
  }
}
