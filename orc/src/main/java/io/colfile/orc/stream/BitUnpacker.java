package io.colfile.orc.stream;

import io.colfile.core.encoding.Endian;

/**
 * Unpacks RLE v2 bit-packed blocks: fixed-width values, big-endian, most significant bit first,
 * the block padded to a whole byte (orc.md section 6.5). The widths that aligned writers use
 * (1, 2, 4, 8, 16, 24, 32, 40, 48, 56, 64) get their own loops; the rest share one. No loop reads
 * past {@code ceil(n * width / 8)} bytes, so callers need no slack after the block; they
 * guarantee those bytes exist.
 */
final class BitUnpacker {
  private BitUnpacker() {}

  /** Bytes a block of {@code n} values of {@code width} bits occupies. */
  static int blockBytes(int n, int width) {
    return (int) (((long) n * width + 7) >>> 3);
  }

  /** Unpacks {@code n} values of {@code width} (1..64) bits from {@code src[p...]}. */
  static void unpack(byte[] src, int p, long[] dst, int o, int n, int width) {
    switch (width) {
      case 1 -> unpack1(src, p, dst, o, n);
      case 2 -> unpack2(src, p, dst, o, n);
      case 4 -> unpack4(src, p, dst, o, n);
      case 8 -> {
        for (int i = 0; i < n; i++) {
          dst[o + i] = src[p + i] & 0xffL;
        }
      }
      case 16 -> {
        for (int i = 0; i < n; i++, p += 2) {
          dst[o + i] = Endian.getShortBE(src, p) & 0xffffL;
        }
      }
      case 24 -> unpackBytes(src, p, dst, o, n, 3);
      case 32 -> {
        for (int i = 0; i < n; i++, p += 4) {
          dst[o + i] = Endian.getIntBE(src, p) & 0xffffffffL;
        }
      }
      case 40 -> unpackBytes(src, p, dst, o, n, 5);
      case 48 -> unpackBytes(src, p, dst, o, n, 6);
      case 56 -> unpackBytes(src, p, dst, o, n, 7);
      case 64 -> {
        for (int i = 0; i < n; i++, p += 8) {
          dst[o + i] = Endian.getLongBE(src, p);
        }
      }
      default -> unpackAny(src, p, dst, o, n, width);
    }
  }

  /** Width 1, eight values per whole byte unrolled; a partial last byte via the generic loop. */
  private static void unpack1(byte[] src, int p, long[] dst, int o, int n) {
    int whole = n >>> 3;
    for (int b = 0; b < whole; b++, o += 8) {
      int x = src[p + b];
      dst[o] = (x >>> 7) & 1;
      dst[o + 1] = (x >>> 6) & 1;
      dst[o + 2] = (x >>> 5) & 1;
      dst[o + 3] = (x >>> 4) & 1;
      dst[o + 4] = (x >>> 3) & 1;
      dst[o + 5] = (x >>> 2) & 1;
      dst[o + 6] = (x >>> 1) & 1;
      dst[o + 7] = x & 1;
    }
    if ((n & 7) != 0) {
      unpackSmall(src, p + whole, dst, o, n & 7, 1);
    }
  }

  /** Width 2, four values per whole byte unrolled. */
  private static void unpack2(byte[] src, int p, long[] dst, int o, int n) {
    int whole = n >>> 2;
    for (int b = 0; b < whole; b++, o += 4) {
      int x = src[p + b];
      dst[o] = (x >>> 6) & 3;
      dst[o + 1] = (x >>> 4) & 3;
      dst[o + 2] = (x >>> 2) & 3;
      dst[o + 3] = x & 3;
    }
    if ((n & 3) != 0) {
      unpackSmall(src, p + whole, dst, o, n & 3, 2);
    }
  }

  /** Width 4, two values per whole byte unrolled. */
  private static void unpack4(byte[] src, int p, long[] dst, int o, int n) {
    int whole = n >>> 1;
    for (int b = 0; b < whole; b++, o += 2) {
      int x = src[p + b];
      dst[o] = (x >>> 4) & 15;
      dst[o + 1] = x & 15;
    }
    if ((n & 1) != 0) {
      unpackSmall(src, p + whole, dst, o, 1, 4);
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
   * Byte-aligned widths of 3, 5, 6 or 7 bytes: one 8-byte load per value, shifted down. The load
   * reaches at most into the following values' bytes, so it stays inside the block while 8 bytes
   * remain; the values after that are assembled byte by byte.
   */
  private static void unpackBytes(byte[] src, int p, long[] dst, int o, int n, int bytes) {
    int end = p + n * bytes;
    int shift = 64 - 8 * bytes;
    int i = 0;
    for (; i < n && p + Long.BYTES <= end; i++, p += bytes) {
      dst[o + i] = Endian.getLongBE(src, p) >>> shift;
    }
    for (; i < n; i++) {
      long v = 0;
      for (int k = 0; k < bytes; k++) {
        v = v << 8 | (src[p++] & 0xff);
      }
      dst[o + i] = v;
    }
  }

  /**
   * Any width up to 56 (others are specialized; 57..63 are not RLE v2 widths). While 8 bytes of
   * the block remain, each value comes from one 8-byte load at its first byte: it starts at most
   * 7 bits in, and 7 + 56 <= 64. The rest goes through a bit accumulator that takes bytes from
   * the right and gives values from the left; it holds fewer than {@code width} valid bits before
   * a byte is added, so at most 63 are live and none is lost to the left shift.
   */
  private static void unpackAny(byte[] src, int p, long[] dst, int o, int n, int width) {
    if (width > 56) {
      throw new IllegalArgumentException("width " + width);
    }
    int blockBytes = blockBytes(n, width);
    // Values whose 8-byte load stays in the block: those starting at bit <= 8 * (bytes - 8) + 7.
    int fast = blockBytes < Long.BYTES ? 0 : Math.min(n, (8 * (blockBytes - 8) + 7) / width + 1);
    int shift = 64 - width;
    int bit = 0; // offset of value i from the block's start, in bits (a block is < 2^15 bits)
    for (int i = 0; i < fast; i++, bit += width) {
      dst[o + i] = (Endian.getLongBE(src, p + (bit >>> 3)) << (bit & 7)) >>> shift;
    }
    int i = fast;
    int q = p + (bit >>> 3);
    long mask = (1L << width) - 1;
    long acc = 0;
    int bits = 0;
    if (i < n && (bit & 7) != 0) { // the tail starts inside a byte: its high bits are masked off
      acc = src[q++] & 0xff;
      bits = 8 - (bit & 7);
    }
    for (; i < n; i++) {
      while (bits < width) {
        acc = acc << 8 | (src[q++] & 0xff);
        bits += 8;
      }
      bits -= width;
      dst[o + i] = (acc >>> bits) & mask;
    }
  }
}
