package io.colfile.orc.stream;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Unpacks RLE v2 bit-packed blocks: fixed-width values, big-endian, most significant bit first,
 * the block padded to a whole byte (orc.md section 6.5). The widths that aligned writers use
 * (1, 2, 4, 8, 16, 24, 32, 40, 48, 56, 64) get their own loops; the rest go through a bit
 * accumulator. Every loop reads exactly {@code ceil(n * width / 8)} bytes, so callers need no
 * slack after the block; they guarantee those bytes exist.
 */
final class BitUnpacker {
  private static final VarHandle SHORT_BE =
      MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle INT_BE =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle LONG_BE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  private BitUnpacker() {}

  /** Bytes a block of {@code n} values of {@code width} bits occupies. */
  static int blockBytes(int n, int width) {
    return (int) (((long) n * width + 7) >>> 3);
  }

  /** Unpacks {@code n} values of {@code width} (1..64) bits from {@code src[p...]}. */
  static void unpack(byte[] src, int p, long[] dst, int o, int n, int width) {
    switch (width) {
      case 1 -> unpackSmall(src, p, dst, o, n, 1);
      case 2 -> unpackSmall(src, p, dst, o, n, 2);
      case 4 -> unpackSmall(src, p, dst, o, n, 4);
      case 8 -> {
        for (int i = 0; i < n; i++) {
          dst[o + i] = src[p + i] & 0xffL;
        }
      }
      case 16 -> {
        for (int i = 0; i < n; i++, p += 2) {
          dst[o + i] = (short) SHORT_BE.get(src, p) & 0xffffL;
        }
      }
      case 24 -> {
        for (int i = 0; i < n; i++, p += 3) {
          dst[o + i] = (src[p] & 0xffL) << 16 | (src[p + 1] & 0xff) << 8 | (src[p + 2] & 0xff);
        }
      }
      case 32 -> {
        for (int i = 0; i < n; i++, p += 4) {
          dst[o + i] = (int) INT_BE.get(src, p) & 0xffffffffL;
        }
      }
      case 40 -> {
        for (int i = 0; i < n; i++, p += 5) {
          dst[o + i] = ((int) INT_BE.get(src, p) & 0xffffffffL) << 8 | (src[p + 4] & 0xff);
        }
      }
      case 48 -> {
        for (int i = 0; i < n; i++, p += 6) {
          dst[o + i] = ((int) INT_BE.get(src, p) & 0xffffffffL) << 16
              | ((short) SHORT_BE.get(src, p + 4) & 0xffff);
        }
      }
      case 56 -> {
        for (int i = 0; i < n; i++, p += 7) {
          dst[o + i] = ((int) INT_BE.get(src, p) & 0xffffffffL) << 24
              | ((short) SHORT_BE.get(src, p + 4) & 0xffff) << 8 | (src[p + 6] & 0xff);
        }
      }
      case 64 -> {
        for (int i = 0; i < n; i++, p += 8) {
          dst[o + i] = (long) LONG_BE.get(src, p);
        }
      }
      default -> unpackAny(src, p, dst, o, n, width);
    }
  }

  /** Widths dividing 8: each byte holds {@code 8 / width} values, first value on top. */
  private static void unpackSmall(byte[] src, int p, long[] dst, int o, int n, int width) {
    int perByte = 8 / width;
    int mask = (1 << width) - 1;
    int whole = n / perByte;
    for (int b = 0; b < whole; b++) {
      int x = src[p + b];
      for (int shift = 8 - width; shift >= 0; shift -= width) {
        dst[o++] = (x >>> shift) & mask;
      }
    }
    int rest = n - whole * perByte;
    if (rest > 0) { // a partial last byte, padded with zero bits
      int x = src[p + whole];
      for (int shift = 8 - width; rest > 0; shift -= width, rest--) {
        dst[o++] = (x >>> shift) & mask;
      }
    }
  }

  /**
   * Any width up to 56: bytes enter a 64-bit accumulator from the right and values leave from
   * the left. Before a byte is added the accumulator holds fewer than {@code width} valid bits,
   * so at most 63 are ever live and none is lost to the left shift.
   */
  private static void unpackAny(byte[] src, int p, long[] dst, int o, int n, int width) {
    if (width > 56) {
      throw new IllegalArgumentException("width " + width); // 57..63 are not RLE v2 widths
    }
    long mask = (1L << width) - 1;
    long acc = 0;
    int bits = 0;
    for (int i = 0; i < n; i++) {
      while (bits < width) {
        acc = acc << 8 | (src[p++] & 0xff);
        bits += 8;
      }
      bits -= width;
      dst[o + i] = (acc >>> bits) & mask;
    }
  }
}
