package io.colfile.kudu.block;

import io.colfile.core.codec.MalformedInputException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** Little- and big-endian loads and stores on byte arrays, and the decoders' shared checks. */
public final class Bytes {
  private static final VarHandle SHORT_LE =
      MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INT_LE =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LONG_LE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INT_BE =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle LONG_BE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

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

  public static short getShortLE(byte[] b, int off) {
    return (short) SHORT_LE.get(b, off);
  }

  public static int getIntLE(byte[] b, int off) {
    return (int) INT_LE.get(b, off);
  }

  public static long getLongLE(byte[] b, int off) {
    return (long) LONG_LE.get(b, off);
  }

  public static int getIntBE(byte[] b, int off) {
    return (int) INT_BE.get(b, off);
  }

  public static long getLongBE(byte[] b, int off) {
    return (long) LONG_BE.get(b, off);
  }

  public static void putShortLE(byte[] b, int off, short v) {
    SHORT_LE.set(b, off, v);
  }

  public static void putIntLE(byte[] b, int off, int v) {
    INT_LE.set(b, off, v);
  }

  public static void putLongLE(byte[] b, int off, long v) {
    LONG_LE.set(b, off, v);
  }

  public static void putIntBE(byte[] b, int off, int v) {
    INT_BE.set(b, off, v);
  }

  public static void putLongBE(byte[] b, int off, long v) {
    LONG_BE.set(b, off, v);
  }

  /**
   * The cell of {@code width} bytes at {@code b[off]} as a long: sign-extended when {@code
   * signed}, zero-extended otherwise. Widths 1, 2, 4 and 8.
   */
  public static long getCell(byte[] b, int off, int width, boolean signed) {
    return switch (width) {
      case 1 -> signed ? b[off] : b[off] & 0xFFL;
      case 2 -> signed ? getShortLE(b, off) : getShortLE(b, off) & 0xFFFFL;
      case 4 -> signed ? getIntLE(b, off) : getIntLE(b, off) & 0xFFFFFFFFL;
      case 8 -> getLongLE(b, off);
      default -> throw new IllegalArgumentException("cell width " + width);
    };
  }

  /** Stores the low {@code width} bytes of {@code v} at {@code b[off]}, little-endian. */
  public static void putCell(byte[] b, int off, int width, long v) {
    switch (width) {
      case 1 -> b[off] = (byte) v;
      case 2 -> putShortLE(b, off, (short) v);
      case 4 -> putIntLE(b, off, (int) v);
      case 8 -> putLongLE(b, off, v);
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
    long n = getIntLE(b, off) & 0xFFFFFFFFL;
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
