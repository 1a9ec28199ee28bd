package io.colfile.kudu.block;

import io.colfile.core.encoding.Endian;
import io.colfile.core.error.MalformedInputException;

/**
 * Cells of 1, 2, 4 or 8 little-endian bytes, bitmap bytes spread to cells, and the decoders'
 * shared checks. Fixed-width loads and stores themselves are core's {@link Endian}.
 */
public final class Bytes {
  /** Byte j of entry b is bit j of b: a bitmap byte as eight one-byte cells. */
  private static final long[] SPREAD = new long[256];

  static {
    for (int b = 0; b < 256; b++) {
      long cells = 0;
      for (int j = 0; j < 8; j++) {
        cells |= (long) (b >>> j & 1) << 8 * j;
      }
      SPREAD[b] = cells;
    }
  }

  private Bytes() {}

  /**
   * The eight bits of {@code b}, LSB first, as eight cells of 0 or 1 in a little-endian long:
   * byte j of the result is bit j of {@code b}.
   */
  static long spreadBits(byte b) {
    return SPREAD[b & 0xFF];
  }

  /**
   * The cell of {@code width} bytes at {@code b[off]} as a long: sign-extended when {@code
   * signed}, zero-extended otherwise. Widths 1, 2, 4 and 8.
   */
  public static long getCell(byte[] b, int off, int width, boolean signed) {
    return switch (width) {
      case 1 -> signed ? b[off] : b[off] & 0xFFL;
      case 2 -> signed ? Endian.getShortLE(b, off) : Endian.getShortLE(b, off) & 0xFFFFL;
      case 4 -> signed ? Endian.getIntLE(b, off) : Endian.getIntLE(b, off) & 0xFFFFFFFFL;
      case 8 -> Endian.getLongLE(b, off);
      default -> throw new IllegalArgumentException("cell width " + width);
    };
  }

  /** Stores the low {@code width} bytes of {@code v} at {@code b[off]}, little-endian. */
  public static void putCell(byte[] b, int off, int width, long v) {
    switch (width) {
      case 1 -> b[off] = (byte) v;
      case 2 -> Endian.putShortLE(b, off, (short) v);
      case 4 -> Endian.putIntLE(b, off, (int) v);
      case 8 -> Endian.putLongLE(b, off, v);
      default -> throw new IllegalArgumentException("cell width " + width);
    }
  }

  /**
   * A block header's u32 ordinal. Kudu's row ids are 32-bit unsigned, so a CFile holds at most
   * 2^32 rows; a larger ordinal is a caller bug.
   */
  static int ordinal(long firstOrdinal) {
    if (firstOrdinal < 0 || firstOrdinal > 0xFFFFFFFFL) {
      throw new IllegalArgumentException("ordinal " + firstOrdinal + " does not fit Kudu's u32");
    }
    return (int) firstOrdinal;
  }

  /**
   * A block header's u32 count as an int, or a {@link MalformedInputException} at {@code
   * offset}: no block of a Java byte array can hold more values than an int counts.
   */
  static int count(byte[] b, int off, int offsetInBlock, String what)
      throws MalformedInputException {
    long n = Endian.getIntLE(b, off) & 0xFFFFFFFFL;
    if (n > Integer.MAX_VALUE - 8) {
      throw new MalformedInputException(offsetInBlock, what + " count " + n + " is absurd");
    }
    return (int) n;
  }

  /** Checks a decoder position (0 to count inclusive); a caller bug otherwise. */
  static void checkIndex(int index, int count) {
    if (index < 0 || index > count) {
      throw new IndexOutOfBoundsException("value " + index + " of a block of " + count);
    }
  }

  /** Checks that {@code n} values are left after {@code pos}; a caller bug otherwise. */
  static void checkRead(int pos, int n, int count) {
    if (n < 0 || n > count - pos) {
      throw new IllegalStateException("cannot read " + n + " values at " + pos
          + " of a block of " + count);
    }
  }
}
