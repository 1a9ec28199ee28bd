package io.colfile.core.encoding;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Little- and big-endian loads and stores of fixed-width values in byte arrays: the one place
 * colfile declares its byte-array view {@link VarHandle}s. ORC stores floats and bloom filter
 * words little-endian and bit-packed runs big-endian; Trevni and Kudu store fixed-width values
 * little-endian, and Kudu's key encoding is big-endian.
 *
 * <p>Each method is one {@code VarHandle} access through a {@code static final} handle, which the
 * JIT compiles to a plain (possibly unaligned) load or store; call them freely in hot loops. An
 * index out of range is a caller bug and fails with {@link IndexOutOfBoundsException}, so check
 * lengths against untrusted counts first.
 */
public final class Endian {
  private static final VarHandle SHORT_LE = view(short[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INT_LE = view(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LONG_LE = view(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle FLOAT_LE = view(float[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle DOUBLE_LE = view(double[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle SHORT_BE = view(short[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle INT_BE = view(int[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle LONG_BE = view(long[].class, ByteOrder.BIG_ENDIAN);

  private Endian() {}

  private static VarHandle view(Class<?> arrayType, ByteOrder order) {
    return MethodHandles.byteArrayViewVarHandle(arrayType, order);
  }

  // ---- little-endian ----

  public static short getShortLE(byte[] b, int off) {
    return (short) SHORT_LE.get(b, off);
  }

  public static int getIntLE(byte[] b, int off) {
    return (int) INT_LE.get(b, off);
  }

  public static long getLongLE(byte[] b, int off) {
    return (long) LONG_LE.get(b, off);
  }

  public static float getFloatLE(byte[] b, int off) {
    return (float) FLOAT_LE.get(b, off);
  }

  public static double getDoubleLE(byte[] b, int off) {
    return (double) DOUBLE_LE.get(b, off);
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

  // ---- big-endian ----

  public static short getShortBE(byte[] b, int off) {
    return (short) SHORT_BE.get(b, off);
  }

  public static int getIntBE(byte[] b, int off) {
    return (int) INT_BE.get(b, off);
  }

  public static long getLongBE(byte[] b, int off) {
    return (long) LONG_BE.get(b, off);
  }

  public static void putShortBE(byte[] b, int off, short v) {
    SHORT_BE.set(b, off, v);
  }

  public static void putIntBE(byte[] b, int off, int v) {
    INT_BE.set(b, off, v);
  }

  public static void putLongBE(byte[] b, int off, long v) {
    LONG_BE.set(b, off, v);
  }
}
