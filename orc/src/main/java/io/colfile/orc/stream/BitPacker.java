package io.colfile.orc.stream;

import io.colfile.core.encoding.Endian;

/**
 * Packs RLE v2 blocks, the mirror of {@link BitUnpacker}: fixed-width values, big-endian, most
 * significant bit first, the block padded with zero bits to a whole byte (orc.md section 6.5).
 * Whole-byte widths and 1, 2, 4 (the aligned widths) get their own loops; the rest share an
 * accumulator loop. Callers pass values that fit the width (bits above it are dropped).
 */
final class BitPacker {
  private BitPacker() {}

  /**
   * Packs {@code src[o, o + n)} at {@code width} (1..64) bits into {@code dst} from {@code p};
   * returns the index after the block ({@code p + ceil(n * width / 8)}).
   */
  static int pack(long[] src, int o, int n, int width, byte[] dst, int p) {
    switch (width) {
      case 1, 2, 4 -> {
        return packSmall(src, o, n, width, dst, p);
      }
      case 8 -> {
        for (int i = 0; i < n; i++) {
          dst[p + i] = (byte) src[o + i];
        }
        return p + n;
      }
      case 16 -> {
        for (int i = 0; i < n; i++, p += 2) {
          Endian.putShortBE(dst, p, (short) src[o + i]);
        }
        return p;
      }
      case 32 -> {
        for (int i = 0; i < n; i++, p += 4) {
          Endian.putIntBE(dst, p, (int) src[o + i]);
        }
        return p;
      }
      case 64 -> {
        for (int i = 0; i < n; i++, p += 8) {
          Endian.putLongBE(dst, p, src[o + i]);
        }
        return p;
      }
      case 24, 40, 48, 56 -> {
        return packBytes(src, o, n, width >>> 3, dst, p);
      }
      default -> {
        return packAny(src, o, n, width, dst, p);
      }
    }
  }

  /** Widths dividing 8: 8 / width values per byte, the first in the high bits. */
  private static int packSmall(long[] src, int o, int n, int width, byte[] dst, int p) {
    int perByte = 8 / width;
    int mask = (1 << width) - 1;
    int end = o + n;
    int whole = o + n / perByte * perByte;
    int i = o;
    while (i < whole) {
      int b = 0;
      for (int k = 0; k < perByte; k++) {
        b = b << width | ((int) src[i++] & mask);
      }
      dst[p++] = (byte) b;
    }
    if (i < end) {
      int b = 0;
      int used = 0;
      while (i < end) {
        b = b << width | ((int) src[i++] & mask);
        used += width;
      }
      dst[p++] = (byte) (b << (8 - used));
    }
    return p;
  }

  /** 3, 5, 6 or 7 whole bytes per value, most significant first. */
  private static int packBytes(long[] src, int o, int n, int bytes, byte[] dst, int p) {
    for (int i = 0; i < n; i++) {
      long v = src[o + i];
      for (int shift = 8 * (bytes - 1); shift >= 0; shift -= 8) {
        dst[p++] = (byte) (v >>> shift);
      }
    }
    return p;
  }

  /**
   * Any width up to 56: an accumulator holds fewer than 8 pending bits between values, so adding
   * a value keeps it within 63 bits.
   */
  private static int packAny(long[] src, int o, int n, int width, byte[] dst, int p) {
    long mask = (1L << width) - 1;
    long acc = 0;
    int bits = 0;
    for (int i = 0; i < n; i++) {
      acc = acc << width | (src[o + i] & mask);
      bits += width;
      while (bits >= 8) {
        bits -= 8;
        dst[p++] = (byte) (acc >>> bits);
      }
    }
    if (bits > 0) {
      dst[p++] = (byte) (acc << (8 - bits));
    }
    return p;
  }
}
