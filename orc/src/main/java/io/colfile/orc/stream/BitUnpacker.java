package io.colfile.orc.stream;

import io.colfile.core.encoding.Endian;

/**
 * Unpacks RLE v2 bit-packed blocks: fixed-width values, big-endian, most significant bit first,
 * the block padded to a whole byte (orc.md section 6.5). Every RLE v2 width has its own loop:
 * widths 1, 2, 4, 8, 16, 32 and 64 read whole bytes, the others eight values per step with
 * constant shifts (generated code at the end). No loop reads past {@code ceil(n * width / 8)}
 * bytes, so callers need no slack after the block; they guarantee those bytes exist.
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
      case 32 -> {
        for (int i = 0; i < n; i++, p += 4) {
          dst[o + i] = Endian.getIntBE(src, p) & 0xffffffffL;
        }
      }
      case 64 -> {
        for (int i = 0; i < n; i++, p += 8) {
          dst[o + i] = Endian.getLongBE(src, p);
        }
      }
      case 3 -> unpack3(src, p, dst, o, n);
      case 5 -> unpack5(src, p, dst, o, n);
      case 6 -> unpack6(src, p, dst, o, n);
      case 7 -> unpack7(src, p, dst, o, n);
      case 9 -> unpack9(src, p, dst, o, n);
      case 10 -> unpack10(src, p, dst, o, n);
      case 11 -> unpack11(src, p, dst, o, n);
      case 12 -> unpack12(src, p, dst, o, n);
      case 13 -> unpack13(src, p, dst, o, n);
      case 14 -> unpack14(src, p, dst, o, n);
      case 15 -> unpack15(src, p, dst, o, n);
      case 17 -> unpack17(src, p, dst, o, n);
      case 18 -> unpack18(src, p, dst, o, n);
      case 19 -> unpack19(src, p, dst, o, n);
      case 20 -> unpack20(src, p, dst, o, n);
      case 21 -> unpack21(src, p, dst, o, n);
      case 22 -> unpack22(src, p, dst, o, n);
      case 23 -> unpack23(src, p, dst, o, n);
      case 24 -> unpack24(src, p, dst, o, n);
      case 26 -> unpack26(src, p, dst, o, n);
      case 28 -> unpack28(src, p, dst, o, n);
      case 30 -> unpack30(src, p, dst, o, n);
      case 40 -> unpack40(src, p, dst, o, n);
      case 48 -> unpack48(src, p, dst, o, n);
      case 56 -> unpack56(src, p, dst, o, n);
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
    // Values whose 8-byte load stays in the block: those starting at byte <= bytes - 8. (A
    // comparison per value, not a division per call: short runs call this often.)
    int lastLoad = blockBytes(n, width) - Long.BYTES;
    int shift = 64 - width;
    int bit = 0; // offset of value i from the block's start, in bits (a block is < 2^15 bits)
    int i = 0;
    for (; i < n && (bit >>> 3) <= lastLoad; i++, bit += width) {
      dst[o + i] = (Endian.getLongBE(src, p + (bit >>> 3)) << (bit & 7)) >>> shift;
    }
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

  /**
   * How many whole groups of eight values the generated unpackers below may take with 8-byte
   * loads: a group is exactly {@code width} bytes, and its last load starts {@code lastLoad}
   * bytes into it, so group g is safe while {@code g * width + lastLoad + 8 <= blockBytes}.
   */
  private static int safeGroups(int n, int width, int lastLoad) {
    int room = blockBytes(n, width) - Long.BYTES - lastLoad;
    return room < 0 ? 0 : Math.min(n >>> 3, room / width + 1);
  }

  // ---- Generated: one method per width, so every shift and mask is a constant. Each step
  // takes eight values (exactly `width` bytes) from as few 8-byte big-endian loads as hold
  // them; values after the last safe group go through unpackAny. ----

  private static void unpack3(byte[] src, int p, long[] dst, int o, int n) {
    int groups = safeGroups(n, 3, 0);
    final long mask = 0x7L;
    for (int g = 0; g < groups; g++, p += 3, o += 8) {
      long x0 = Endian.getLongBE(src, p);
      dst[o] = x0 >>> 61;
      dst[o + 1] = (x0 >>> 58) & mask;
      dst[o + 2] = (x0 >>> 55) & mask;
      dst[o + 3] = (x0 >>> 52) & mask;
      dst[o + 4] = (x0 >>> 49) & mask;
      dst[o + 5] = (x0 >>> 46) & mask;
      dst[o + 6] = (x0 >>> 43) & mask;
      dst[o + 7] = (x0 >>> 40) & mask;
    }
    if (n > groups << 3) {
      unpackAny(src, p, dst, o, n - (groups << 3), 3);
    }
  }

  private static void unpack5(byte[] src, int p, long[] dst, int o, int n) {
    int groups = safeGroups(n, 5, 0);
    final long mask = 0x1fL;
    for (int g = 0; g < groups; g++, p += 5, o += 8) {
      long x0 = Endian.getLongBE(src, p);
      dst[o] = x0 >>> 59;
      dst[o + 1] = (x0 >>> 54) & mask;
      dst[o + 2] = (x0 >>> 49) & mask;
      dst[o + 3] = (x0 >>> 44) & mask;
      dst[o + 4] = (x0 >>> 39) & mask;
      dst[o + 5] = (x0 >>> 34) & mask;
      dst[o + 6] = (x0 >>> 29) & mask;
      dst[o + 7] = (x0 >>> 24) & mask;
    }
    if (n > groups << 3) {
      unpackAny(src, p, dst, o, n - (groups << 3), 5);
    }
  }

  private static void unpack6(byte[] src, int p, long[] dst, int o, int n) {
    int groups = safeGroups(n, 6, 0);
    final long mask = 0x3fL;
    for (int g = 0; g < groups; g++, p += 6, o += 8) {
      long x0 = Endian.getLongBE(src, p);
      dst[o] = x0 >>> 58;
      dst[o + 1] = (x0 >>> 52) & mask;
      dst[o + 2] = (x0 >>> 46) & mask;
      dst[o + 3] = (x0 >>> 40) & mask;
      dst[o + 4] = (x0 >>> 34) & mask;
      dst[o + 5] = (x0 >>> 28) & mask;
      dst[o + 6] = (x0 >>> 22) & mask;
      dst[o + 7] = (x0 >>> 16) & mask;
    }
    if (n > groups << 3) {
      unpackAny(src, p, dst, o, n - (groups << 3), 6);
    }
  }

  private static void unpack7(byte[] src, int p, long[] dst, int o, int n) {
    int groups = safeGroups(n, 7, 0);
    final long mask = 0x7fL;
    for (int g = 0; g < groups; g++, p += 7, o += 8) {
      long x0 = Endian.getLongBE(src, p);
      dst[o] = x0 >>> 57;
      dst[o + 1] = (x0 >>> 50) & mask;
      dst[o + 2] = (x0 >>> 43) & mask;
      dst[o + 3] = (x0 >>> 36) & mask;
      dst[o + 4] = (x0 >>> 29) & mask;
      dst[o + 5] = (x0 >>> 22) & mask;
      dst[o + 6] = (x0 >>> 15) & mask;
      dst[o + 7] = (x0 >>> 8) & mask;
    }
    if (n > groups << 3) {
      unpackAny(src, p, dst, o, n - (groups << 3), 7);
    }
  }

  private static void unpack9(byte[] src, int p, long[] dst, int o, int n) {
    int groups = safeGroups(n, 9, 7);
    final long mask = 0x1ffL;
    for (int g = 0; g < groups; g++, p += 9, o += 8) {
      long x0 = Endian.getLongBE(src, p);
      long x1 = Endian.getLongBE(src, p + 7);
      dst[o] = x0 >>> 55;
      dst[o + 1] = (x0 >>> 46) & mask;
      dst[o + 2] = (x0 >>> 37) & mask;
      dst[o + 3] = (x0 >>> 28) & mask;
      dst[o + 4] = (x0 >>> 19) & mask;
      dst[o + 5] = (x0 >>> 10) & mask;
      dst[o + 6] = (x0 >>> 1) & mask;
      dst[o + 7] = (x1 >>> 48) & mask;
    }
    if (n > groups << 3) {
      unpackAny(src, p, dst, o, n - (groups << 3), 9);
    }
  }

  private static void unpack10(byte[] src, int p, long[] dst, int o, int n) {
    int groups = safeGroups(n, 10, 7);
    final long mask = 0x3ffL;
    for (int g = 0; g < groups; g++, p += 10, o += 8) {
      long x0 = Endian.getLongBE(src, p);
      long x1 = Endian.getLongBE(src, p + 7);
      dst[o] = x0 >>> 54;
      dst[o + 1] = (x0 >>> 44) & mask;
      dst[o + 2] = (x0 >>> 34) & mask;
      dst[o + 3] = (x0 >>> 24) & mask;
      dst[o + 4] = (x0 >>> 14) & mask;
      dst[o + 5] = (x0 >>> 4) & mask;
      dst[o + 6] = (x1 >>> 50) & mask;
      dst[o + 7] = (x1 >>> 40) & mask;
    }
    if (n > groups << 3) {
      unpackAny(src, p, dst, o, n - (groups << 3), 10);
    }
  }

  private static void unpack11(byte[] src, int p, long[] dst, int o, int n) {
    int groups = safeGroups(n, 11, 6);
    final long mask = 0x7ffL;
    for (int g = 0; g < groups; g++, p += 11, o += 8) {
      long x0 = Endian.getLongBE(src, p);
      long x1 = Endian.getLongBE(src, p + 6);
      dst[o] = x0 >>> 53;
      dst[o + 1] = (x0 >>> 42) & mask;
      dst[o + 2] = (x0 >>> 31) & mask;
      dst[o + 3] = (x0 >>> 20) & mask;
      dst[o + 4] = (x0 >>> 9) & mask;
      dst[o + 5] = (x1 >>> 46) & mask;
      dst[o + 6] = (x1 >>> 35) & mask;
      dst[o + 7] = (x1 >>> 24) & mask;
    }
    if (n > groups << 3) {
      unpackAny(src, p, dst, o, n - (groups << 3), 11);
    }
  }

  private static void unpack12(byte[] src, int p, long[] dst, int o, int n) {
    int groups = safeGroups(n, 12, 7);
    final long mask = 0xfffL;
    for (int g = 0; g < groups; g++, p += 12, o += 8) {
      long x0 = Endian.getLongBE(src, p);
      long x1 = Endian.getLongBE(src, p + 7);
      dst[o] = x0 >>> 52;
      dst[o + 1] = (x0 >>> 40) & mask;
      dst[o + 2] = (x0 >>> 28) & mask;
      dst[o + 3] = (x0 >>> 16) & mask;
      dst[o + 4] = (x0 >>> 4) & mask;
      dst[o + 5] = (x1 >>> 48) & mask;
      dst[o + 6] = (x1 >>> 36) & mask;
      dst[o + 7] = (x1 >>> 24) & mask;
    }
    if (n > groups << 3) {
      unpackAny(src, p, dst, o, n - (groups << 3), 12);
    }
  }

  private static void unpack13(byte[] src, int p, long[] dst, int o, int n) {
    int groups = safeGroups(n, 13, 6);
    final long mask = 0x1fffL;
    for (int g = 0; g < groups; g++, p += 13, o += 8) {
      long x0 = Endian.getLongBE(src, p);
      long x1 = Endian.getLongBE(src, p + 6);
      dst[o] = x0 >>> 51;
      dst[o + 1] = (x0 >>> 38) & mask;
      dst[o + 2] = (x0 >>> 25) & mask;
      dst[o + 3] = (x0 >>> 12) & mask;
      dst[o + 4] = (x1 >>> 47) & mask;
      dst[o + 5] = (x1 >>> 34) & mask;
      dst[o + 6] = (x1 >>> 21) & mask;
      dst[o + 7] = (x1 >>> 8) & mask;
    }
    if (n > groups << 3) {
      unpackAny(src, p, dst, o, n - (groups << 3), 13);
    }
  }

  private static void unpack14(byte[] src, int p, long[] dst, int o, int n) {
    int groups = safeGroups(n, 14, 7);
    final long mask = 0x3fffL;
    for (int g = 0; g < groups; g++, p += 14, o += 8) {
      long x0 = Endian.getLongBE(src, p);
      long x1 = Endian.getLongBE(src, p + 7);
      dst[o] = x0 >>> 50;
      dst[o + 1] = (x0 >>> 36) & mask;
      dst[o + 2] = (x0 >>> 22) & mask;
      dst[o + 3] = (x0 >>> 8) & mask;
      dst[o + 4] = x1 >>> 50;
      dst[o + 5] = (x1 >>> 36) & mask;
      dst[o + 6] = (x1 >>> 22) & mask;
      dst[o + 7] = (x1 >>> 8) & mask;
    }
    if (n > groups << 3) {
      unpackAny(src, p, dst, o, n - (groups << 3), 14);
    }
  }

  private static void unpack15(byte[] src, int p, long[] dst, int o, int n) {
    int groups = safeGroups(n, 15, 7);
    final long mask = 0x7fffL;
    for (int g = 0; g < groups; g++, p += 15, o += 8) {
      long x0 = Endian.getLongBE(src, p);
      long x1 = Endian.getLongBE(src, p + 7);
      dst[o] = x0 >>> 49;
      dst[o + 1] = (x0 >>> 34) & mask;
      dst[o + 2] = (x0 >>> 19) & mask;
      dst[o + 3] = (x0 >>> 4) & mask;
      dst[o + 4] = (x1 >>> 45) & mask;
      dst[o + 5] = (x1 >>> 30) & mask;
      dst[o + 6] = (x1 >>> 15) & mask;
      dst[o + 7] = x1 & mask;
    }
    if (n > groups << 3) {
      unpackAny(src, p, dst, o, n - (groups << 3), 15);
    }
  }

  private static void unpack17(byte[] src, int p, long[] dst, int o, int n) {
    int groups = safeGroups(n, 17, 12);
    final long mask = 0x1ffffL;
    for (int g = 0; g < groups; g++, p += 17, o += 8) {
      long x0 = Endian.getLongBE(src, p);
      long x1 = Endian.getLongBE(src, p + 6);
      long x2 = Endian.getLongBE(src, p + 12);
      dst[o] = x0 >>> 47;
      dst[o + 1] = (x0 >>> 30) & mask;
      dst[o + 2] = (x0 >>> 13) & mask;
      dst[o + 3] = (x1 >>> 44) & mask;
      dst[o + 4] = (x1 >>> 27) & mask;
      dst[o + 5] = (x1 >>> 10) & mask;
      dst[o + 6] = (x2 >>> 41) & mask;
      dst[o + 7] = (x2 >>> 24) & mask;
    }
    if (n > groups << 3) {
      unpackAny(src, p, dst, o, n - (groups << 3), 17);
    }
  }

  private static void unpack18(byte[] src, int p, long[] dst, int o, int n) {
    int groups = safeGroups(n, 18, 13);
    final long mask = 0x3ffffL;
    for (int g = 0; g < groups; g++, p += 18, o += 8) {
      long x0 = Endian.getLongBE(src, p);
      long x1 = Endian.getLongBE(src, p + 6);
      long x2 = Endian.getLongBE(src, p + 13);
      dst[o] = x0 >>> 46;
      dst[o + 1] = (x0 >>> 28) & mask;
      dst[o + 2] = (x0 >>> 10) & mask;
      dst[o + 3] = (x1 >>> 40) & mask;
      dst[o + 4] = (x1 >>> 22) & mask;
      dst[o + 5] = (x1 >>> 4) & mask;
      dst[o + 6] = (x2 >>> 42) & mask;
      dst[o + 7] = (x2 >>> 24) & mask;
    }
    if (n > groups << 3) {
      unpackAny(src, p, dst, o, n - (groups << 3), 18);
    }
  }

  private static void unpack19(byte[] src, int p, long[] dst, int o, int n) {
    int groups = safeGroups(n, 19, 14);
    final long mask = 0x7ffffL;
    for (int g = 0; g < groups; g++, p += 19, o += 8) {
      long x0 = Endian.getLongBE(src, p);
      long x1 = Endian.getLongBE(src, p + 7);
      long x2 = Endian.getLongBE(src, p + 14);
      dst[o] = x0 >>> 45;
      dst[o + 1] = (x0 >>> 26) & mask;
      dst[o + 2] = (x0 >>> 7) & mask;
      dst[o + 3] = (x1 >>> 44) & mask;
      dst[o + 4] = (x1 >>> 25) & mask;
      dst[o + 5] = (x1 >>> 6) & mask;
      dst[o + 6] = (x2 >>> 43) & mask;
      dst[o + 7] = (x2 >>> 24) & mask;
    }
    if (n > groups << 3) {
      unpackAny(src, p, dst, o, n - (groups << 3), 19);
    }
  }

  private static void unpack20(byte[] src, int p, long[] dst, int o, int n) {
    int groups = safeGroups(n, 20, 15);
    final long mask = 0xfffffL;
    for (int g = 0; g < groups; g++, p += 20, o += 8) {
      long x0 = Endian.getLongBE(src, p);
      long x1 = Endian.getLongBE(src, p + 7);
      long x2 = Endian.getLongBE(src, p + 15);
      dst[o] = x0 >>> 44;
      dst[o + 1] = (x0 >>> 24) & mask;
      dst[o + 2] = (x0 >>> 4) & mask;
      dst[o + 3] = (x1 >>> 40) & mask;
      dst[o + 4] = (x1 >>> 20) & mask;
      dst[o + 5] = x1 & mask;
      dst[o + 6] = x2 >>> 44;
      dst[o + 7] = (x2 >>> 24) & mask;
    }
    if (n > groups << 3) {
      unpackAny(src, p, dst, o, n - (groups << 3), 20);
    }
  }

  private static void unpack21(byte[] src, int p, long[] dst, int o, int n) {
    int groups = safeGroups(n, 21, 13);
    final long mask = 0x1fffffL;
    for (int g = 0; g < groups; g++, p += 21, o += 8) {
      long x0 = Endian.getLongBE(src, p);
      long x1 = Endian.getLongBE(src, p + 7);
      long x2 = Endian.getLongBE(src, p + 13);
      dst[o] = x0 >>> 43;
      dst[o + 1] = (x0 >>> 22) & mask;
      dst[o + 2] = (x0 >>> 1) & mask;
      dst[o + 3] = (x1 >>> 36) & mask;
      dst[o + 4] = (x1 >>> 15) & mask;
      dst[o + 5] = (x2 >>> 42) & mask;
      dst[o + 6] = (x2 >>> 21) & mask;
      dst[o + 7] = x2 & mask;
    }
    if (n > groups << 3) {
      unpackAny(src, p, dst, o, n - (groups << 3), 21);
    }
  }

  private static void unpack22(byte[] src, int p, long[] dst, int o, int n) {
    int groups = safeGroups(n, 22, 16);
    final long mask = 0x3fffffL;
    for (int g = 0; g < groups; g++, p += 22, o += 8) {
      long x0 = Endian.getLongBE(src, p);
      long x1 = Endian.getLongBE(src, p + 5);
      long x2 = Endian.getLongBE(src, p + 11);
      long x3 = Endian.getLongBE(src, p + 16);
      dst[o] = x0 >>> 42;
      dst[o + 1] = (x0 >>> 20) & mask;
      dst[o + 2] = (x1 >>> 38) & mask;
      dst[o + 3] = (x1 >>> 16) & mask;
      dst[o + 4] = x2 >>> 42;
      dst[o + 5] = (x2 >>> 20) & mask;
      dst[o + 6] = (x3 >>> 38) & mask;
      dst[o + 7] = (x3 >>> 16) & mask;
    }
    if (n > groups << 3) {
      unpackAny(src, p, dst, o, n - (groups << 3), 22);
    }
  }

  private static void unpack23(byte[] src, int p, long[] dst, int o, int n) {
    int groups = safeGroups(n, 23, 17);
    final long mask = 0x7fffffL;
    for (int g = 0; g < groups; g++, p += 23, o += 8) {
      long x0 = Endian.getLongBE(src, p);
      long x1 = Endian.getLongBE(src, p + 5);
      long x2 = Endian.getLongBE(src, p + 11);
      long x3 = Endian.getLongBE(src, p + 17);
      dst[o] = x0 >>> 41;
      dst[o + 1] = (x0 >>> 18) & mask;
      dst[o + 2] = (x1 >>> 35) & mask;
      dst[o + 3] = (x1 >>> 12) & mask;
      dst[o + 4] = (x2 >>> 37) & mask;
      dst[o + 5] = (x2 >>> 14) & mask;
      dst[o + 6] = (x3 >>> 39) & mask;
      dst[o + 7] = (x3 >>> 16) & mask;
    }
    if (n > groups << 3) {
      unpackAny(src, p, dst, o, n - (groups << 3), 23);
    }
  }

  private static void unpack24(byte[] src, int p, long[] dst, int o, int n) {
    int groups = safeGroups(n, 24, 18);
    final long mask = 0xffffffL;
    for (int g = 0; g < groups; g++, p += 24, o += 8) {
      long x0 = Endian.getLongBE(src, p);
      long x1 = Endian.getLongBE(src, p + 6);
      long x2 = Endian.getLongBE(src, p + 12);
      long x3 = Endian.getLongBE(src, p + 18);
      dst[o] = x0 >>> 40;
      dst[o + 1] = (x0 >>> 16) & mask;
      dst[o + 2] = x1 >>> 40;
      dst[o + 3] = (x1 >>> 16) & mask;
      dst[o + 4] = x2 >>> 40;
      dst[o + 5] = (x2 >>> 16) & mask;
      dst[o + 6] = x3 >>> 40;
      dst[o + 7] = (x3 >>> 16) & mask;
    }
    if (n > groups << 3) {
      unpackAny(src, p, dst, o, n - (groups << 3), 24);
    }
  }

  private static void unpack26(byte[] src, int p, long[] dst, int o, int n) {
    int groups = safeGroups(n, 26, 19);
    final long mask = 0x3ffffffL;
    for (int g = 0; g < groups; g++, p += 26, o += 8) {
      long x0 = Endian.getLongBE(src, p);
      long x1 = Endian.getLongBE(src, p + 6);
      long x2 = Endian.getLongBE(src, p + 13);
      long x3 = Endian.getLongBE(src, p + 19);
      dst[o] = x0 >>> 38;
      dst[o + 1] = (x0 >>> 12) & mask;
      dst[o + 2] = (x1 >>> 34) & mask;
      dst[o + 3] = (x1 >>> 8) & mask;
      dst[o + 4] = x2 >>> 38;
      dst[o + 5] = (x2 >>> 12) & mask;
      dst[o + 6] = (x3 >>> 34) & mask;
      dst[o + 7] = (x3 >>> 8) & mask;
    }
    if (n > groups << 3) {
      unpackAny(src, p, dst, o, n - (groups << 3), 26);
    }
  }

  private static void unpack28(byte[] src, int p, long[] dst, int o, int n) {
    int groups = safeGroups(n, 28, 21);
    final long mask = 0xfffffffL;
    for (int g = 0; g < groups; g++, p += 28, o += 8) {
      long x0 = Endian.getLongBE(src, p);
      long x1 = Endian.getLongBE(src, p + 7);
      long x2 = Endian.getLongBE(src, p + 14);
      long x3 = Endian.getLongBE(src, p + 21);
      dst[o] = x0 >>> 36;
      dst[o + 1] = (x0 >>> 8) & mask;
      dst[o + 2] = x1 >>> 36;
      dst[o + 3] = (x1 >>> 8) & mask;
      dst[o + 4] = x2 >>> 36;
      dst[o + 5] = (x2 >>> 8) & mask;
      dst[o + 6] = x3 >>> 36;
      dst[o + 7] = (x3 >>> 8) & mask;
    }
    if (n > groups << 3) {
      unpackAny(src, p, dst, o, n - (groups << 3), 28);
    }
  }

  private static void unpack30(byte[] src, int p, long[] dst, int o, int n) {
    int groups = safeGroups(n, 30, 22);
    final long mask = 0x3fffffffL;
    for (int g = 0; g < groups; g++, p += 30, o += 8) {
      long x0 = Endian.getLongBE(src, p);
      long x1 = Endian.getLongBE(src, p + 7);
      long x2 = Endian.getLongBE(src, p + 15);
      long x3 = Endian.getLongBE(src, p + 22);
      dst[o] = x0 >>> 34;
      dst[o + 1] = (x0 >>> 4) & mask;
      dst[o + 2] = (x1 >>> 30) & mask;
      dst[o + 3] = x1 & mask;
      dst[o + 4] = x2 >>> 34;
      dst[o + 5] = (x2 >>> 4) & mask;
      dst[o + 6] = (x3 >>> 30) & mask;
      dst[o + 7] = x3 & mask;
    }
    if (n > groups << 3) {
      unpackAny(src, p, dst, o, n - (groups << 3), 30);
    }
  }

  private static void unpack40(byte[] src, int p, long[] dst, int o, int n) {
    int groups = safeGroups(n, 40, 35);
    for (int g = 0; g < groups; g++, p += 40, o += 8) {
      long x0 = Endian.getLongBE(src, p);
      long x1 = Endian.getLongBE(src, p + 5);
      long x2 = Endian.getLongBE(src, p + 10);
      long x3 = Endian.getLongBE(src, p + 15);
      long x4 = Endian.getLongBE(src, p + 20);
      long x5 = Endian.getLongBE(src, p + 25);
      long x6 = Endian.getLongBE(src, p + 30);
      long x7 = Endian.getLongBE(src, p + 35);
      dst[o] = x0 >>> 24;
      dst[o + 1] = x1 >>> 24;
      dst[o + 2] = x2 >>> 24;
      dst[o + 3] = x3 >>> 24;
      dst[o + 4] = x4 >>> 24;
      dst[o + 5] = x5 >>> 24;
      dst[o + 6] = x6 >>> 24;
      dst[o + 7] = x7 >>> 24;
    }
    if (n > groups << 3) {
      unpackAny(src, p, dst, o, n - (groups << 3), 40);
    }
  }

  private static void unpack48(byte[] src, int p, long[] dst, int o, int n) {
    int groups = safeGroups(n, 48, 42);
    for (int g = 0; g < groups; g++, p += 48, o += 8) {
      long x0 = Endian.getLongBE(src, p);
      long x1 = Endian.getLongBE(src, p + 6);
      long x2 = Endian.getLongBE(src, p + 12);
      long x3 = Endian.getLongBE(src, p + 18);
      long x4 = Endian.getLongBE(src, p + 24);
      long x5 = Endian.getLongBE(src, p + 30);
      long x6 = Endian.getLongBE(src, p + 36);
      long x7 = Endian.getLongBE(src, p + 42);
      dst[o] = x0 >>> 16;
      dst[o + 1] = x1 >>> 16;
      dst[o + 2] = x2 >>> 16;
      dst[o + 3] = x3 >>> 16;
      dst[o + 4] = x4 >>> 16;
      dst[o + 5] = x5 >>> 16;
      dst[o + 6] = x6 >>> 16;
      dst[o + 7] = x7 >>> 16;
    }
    if (n > groups << 3) {
      unpackAny(src, p, dst, o, n - (groups << 3), 48);
    }
  }

  private static void unpack56(byte[] src, int p, long[] dst, int o, int n) {
    int groups = safeGroups(n, 56, 49);
    for (int g = 0; g < groups; g++, p += 56, o += 8) {
      long x0 = Endian.getLongBE(src, p);
      long x1 = Endian.getLongBE(src, p + 7);
      long x2 = Endian.getLongBE(src, p + 14);
      long x3 = Endian.getLongBE(src, p + 21);
      long x4 = Endian.getLongBE(src, p + 28);
      long x5 = Endian.getLongBE(src, p + 35);
      long x6 = Endian.getLongBE(src, p + 42);
      long x7 = Endian.getLongBE(src, p + 49);
      dst[o] = x0 >>> 8;
      dst[o + 1] = x1 >>> 8;
      dst[o + 2] = x2 >>> 8;
      dst[o + 3] = x3 >>> 8;
      dst[o + 4] = x4 >>> 8;
      dst[o + 5] = x5 >>> 8;
      dst[o + 6] = x6 >>> 8;
      dst[o + 7] = x7 >>> 8;
    }
    if (n > groups << 3) {
      unpackAny(src, p, dst, o, n - (groups << 3), 56);
    }
  }
}
