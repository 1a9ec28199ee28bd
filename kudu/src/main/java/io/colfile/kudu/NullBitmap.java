package io.colfile.kudu;

import io.colfile.core.codec.MalformedInputException;

/**
 * Reads the null bitmap of a nullable data block row by row (cfile.md section 5): an RLE stream
 * of bit width 1 (section 6.3.2), 1 = not NULL, with no count of its own. Runs are decoded as
 * rows are asked for, so a block that claims billions of rows costs no memory up front.
 *
 * <pre>
 * run ::= indicator:varint32 payload
 *   even indicator: repeated run of (indicator >> 1) rows, payload one byte 0 or 1
 *   odd indicator:  literal run of (indicator >> 1) groups of 8 rows, payload one byte a group,
 *                   LSB first; the stream's last literal run may stop early
 * </pre>
 */
final class NullBitmap {
  private final byte[] buf;
  private final int start;
  private final int end;
  private int pos;
  private long rowsLeft;
  /** Rows left in the current run. */
  private long runLeft;
  private boolean repeated;
  private boolean repeatedValue;
  /** Bit position of the next literal value in the stream (literal runs only). */
  private long bitPos;

  NullBitmap(byte[] buf, int offset, int length, int numRows) {
    this.buf = buf;
    this.start = offset;
    this.end = offset + length;
    this.pos = offset;
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
    int count = 0;
    int i = 0;
    while (i < k) {
      if (runLeft == 0) {
        nextRun();
      }
      int n = (int) Math.min(runLeft, k - i);
      if (repeated) {
        if (nonNull != null) {
          java.util.Arrays.fill(nonNull, i, i + n, repeatedValue);
        }
        if (repeatedValue) {
          count += n;
        }
      } else {
        for (int j = 0; j < n; j++, bitPos++) {
          int b = (int) (bitPos >>> 3);
          if (b >= end) {
            throw new MalformedInputException(b - start, "null bitmap ends inside a literal run");
          }
          boolean v = ((buf[b] >>> (bitPos & 7)) & 1) != 0;
          if (nonNull != null) {
            nonNull[i + j] = v;
          }
          if (v) {
            count++;
          }
        }
      }
      runLeft -= n;
      rowsLeft -= n;
      i += n;
    }
    return count;
  }

  private void nextRun() throws MalformedInputException {
    if (!repeated && runLeft == 0 && bitPos != 0) {
      // a literal run ends on a byte boundary; the next run starts after its last group
      pos = (int) ((bitPos + 7) >>> 3);
      bitPos = 0;
    }
    int at = pos - start;
    long indicator = 0;
    int shift = 0;
    while (true) {
      if (pos >= end) {
        throw new MalformedInputException(at, "null bitmap ends before its " + rowsLeft
            + " remaining rows");
      }
      int b = buf[pos++] & 0xFF;
      indicator |= (long) (b & 0x7F) << shift;
      if (b < 0x80) {
        break;
      }
      shift += 7;
      if (shift > 28) {
        throw new MalformedInputException(at, "null bitmap run length overflows 32 bits");
      }
    }
    long n = indicator >>> 1;
    if (n == 0) {
      throw new MalformedInputException(at, "null bitmap has an empty run");
    }
    if ((indicator & 1) == 0) {
      if (pos >= end) {
        throw new MalformedInputException(at, "null bitmap ends inside a repeated run");
      }
      repeated = true;
      repeatedValue = (buf[pos++] & 1) != 0;
      runLeft = n;
    } else {
      repeated = false;
      runLeft = n * 8;
      bitPos = (long) pos << 3;
      // the run's groups take n bytes, but the stream's last run may stop at the last row
      long bytes = Math.min(n, (rowsLeft + 7) >>> 3);
      if (pos + bytes > end) {
        throw new MalformedInputException(at, "null bitmap literal run of " + n
            + " groups overruns the bitmap");
      }
    }
  }
}
