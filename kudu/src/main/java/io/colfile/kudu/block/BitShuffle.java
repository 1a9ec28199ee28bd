package io.colfile.kudu.block;

import io.colfile.core.encoding.Endian;

/**
 * The bit transposition of bitshuffle 0.3.5 (cfile.md section 6.4.2), on one sub-block of
 * {@code n} elements of {@code es} bytes, {@code n} a multiple of 8.
 *
 * <pre>
 * shuffled ::= 8·es rows of n/8 bytes
 * row r = 8·j + b holds bit b of byte j (little-endian memory order) of every element;
 * element i's bit is bit (i mod 8) of byte (i div 8) of the row
 * </pre>
 *
 * This is the hot path of the default encoding, so it works on 64-bit words. Shuffling: eight
 * bytes (one byte of eight consecutive elements) form an 8x8 bit matrix that {@link
 * #transpose8} turns with three mask-and-shift steps, and eight such words are scattered to
 * eight rows at once by an 8x8 byte transposition. Unshuffling: eight bytes of each of a byte
 * position's eight rows (64 elements) become that byte of the 64 elements by six mask-and-shift
 * swaps between pairs of the eight words; wider elements go through byte planes, interleaved a
 * word at a time by byte swaps. There are no per-bit branches and nothing is allocated.
 */
final class BitShuffle {
  /** Bytes bitshuffle aims for per sub-block. */
  private static final int TARGET_BLOCK_BYTES = 8192;

  private BitShuffle() {}

  /** Elements per sub-block, B = max(128, floor(8192 / es / 8) * 8): 8192 elements for es 1. */
  static int subBlockElements(int es) {
    return Math.max(128, TARGET_BLOCK_BYTES / es / 8 * 8);
  }

  /** Shuffles {@code n} elements at {@code src[so]} into 8·es rows at {@code dst[dOff]}. */
  static void shuffle(byte[] src, int so, byte[] dst, int dOff, int n, int es) {
    int m = n >>> 3;
    for (int j = 0; j < es; j++) {
      int rows = dOff + 8 * j * m;
      int g = 0;
      // Eight groups of eight elements at a time: gather a word per group (byte k = byte j of
      // element 8·group + k), transpose its bits, then transpose the eight words' bytes so that
      // word b holds row 8·j + b for the eight groups, stored with one 8-byte write.
      for (; g + 8 <= m; g += 8) {
        int e = so + 8 * g * es + j;
        int stride = 8 * es;
        long w0 = transpose8(gather(src, e, es));
        long w1 = transpose8(gather(src, e + stride, es));
        long w2 = transpose8(gather(src, e + 2 * stride, es));
        long w3 = transpose8(gather(src, e + 3 * stride, es));
        long w4 = transpose8(gather(src, e + 4 * stride, es));
        long w5 = transpose8(gather(src, e + 5 * stride, es));
        long w6 = transpose8(gather(src, e + 6 * stride, es));
        long w7 = transpose8(gather(src, e + 7 * stride, es));
        transposeBytes(w0, w1, w2, w3, w4, w5, w6, w7, dst, rows + g, m);
      }
      for (; g < m; g++) {
        long w = transpose8(gather(src, so + 8 * g * es + j, es));
        for (int b = 0; b < 8; b++) {
          dst[rows + b * m + g] = (byte) (w >>> 8 * b);
        }
      }
    }
  }

  /**
   * Reverses {@link #shuffle}: {@code 8·es} rows at {@code src[so]} into {@code n} elements at
   * {@code dst[dOff]}. For {@code es > 1} the bytes go first, a word at a time, into {@code es}
   * byte planes in {@code planes} (at least {@code n·es} bytes, not overlapping the others),
   * which are then interleaved into elements with word operations; scattering single bytes
   * {@code es} apart would cost twice as much.
   */
  static void unshuffle(byte[] src, int so, byte[] dst, int dOff, int n, int es, byte[] planes) {
    if (es == 1) {
      unshufflePlane(src, so, dst, dOff, n);
      return;
    }
    for (int j = 0; j < es; j++) {
      unshufflePlane(src, so + j * n, planes, j * n, n);
    }
    switch (es) {
      case 2 -> interleave2(planes, n, dst, dOff);
      case 4 -> interleave4(planes, n, dst, dOff);
      case 8 -> interleave8(planes, 0, n, dst, dOff, 8);
      case 16 -> {
        interleave8(planes, 0, n, dst, dOff, 16);
        interleave8(planes, 8 * n, n, dst, dOff + 8, 16);
      }
      default -> throw new IllegalArgumentException("element size " + es);
    }
  }

  /**
   * The eight rows of one byte position ({@code n / 8} bytes each, at {@code src[so]}) into
   * that byte of {@code n} elements, stored contiguously at {@code dst[dOff]}.
   */
  private static void unshufflePlane(byte[] src, int so, byte[] dst, int dOff, int n) {
    int m = n >>> 3;
    int g = 0;
    // Load eight bytes of each of the eight rows (word r: bit e is bit r of element 8·g + e)
    // and transpose the 8x64 bit matrix into 64 bytes, byte e holding element 8·g + e.
    for (; g + 8 <= m; g += 8) {
      transposeRows(Endian.getLongLE(src, so + g), Endian.getLongLE(src, so + m + g),
          Endian.getLongLE(src, so + 2 * m + g), Endian.getLongLE(src, so + 3 * m + g),
          Endian.getLongLE(src, so + 4 * m + g), Endian.getLongLE(src, so + 5 * m + g),
          Endian.getLongLE(src, so + 6 * m + g), Endian.getLongLE(src, so + 7 * m + g),
          dst, dOff + 8 * g);
    }
    for (; g < m; g++) {
      long w = 0;
      for (int b = 0; b < 8; b++) {
        w |= (src[so + b * m + g] & 0xFFL) << 8 * b;
      }
      Endian.putLongLE(dst, dOff + 8 * g, transpose8(w));
    }
  }

  /**
   * Transposes the 8x64 bit matrix whose row r is {@code wr} into 64 bytes at {@code dst[off]}:
   * bit r of byte e is bit e of {@code wr}. A bit's place is a 9-bit index, 3 bits of word
   * (r) and 6 of position (e); the transposition rotates it by three. Six exchanges of one word
   * bit with one position bit do that, each a mask-and-shift swap between four pairs of words:
   * r's bits with e's low three (shifts 1, 2, 4), then those with e's high three (8, 16, 32),
   * which leaves word k holding bytes 8·k to 8·k + 7. Some 120 operations for 64 bytes, against
   * 200 for transposing the bytes and then each word's bits.
   */
  private static void transposeRows(long w0, long w1, long w2, long w3, long w4, long w5,
      long w6, long w7, byte[] dst, int off) {
    long t;
    t = ((w0 >>> 1) ^ w1) & 0x5555555555555555L; w1 ^= t; w0 ^= t << 1;
    t = ((w2 >>> 1) ^ w3) & 0x5555555555555555L; w3 ^= t; w2 ^= t << 1;
    t = ((w4 >>> 1) ^ w5) & 0x5555555555555555L; w5 ^= t; w4 ^= t << 1;
    t = ((w6 >>> 1) ^ w7) & 0x5555555555555555L; w7 ^= t; w6 ^= t << 1;
    t = ((w0 >>> 2) ^ w2) & 0x3333333333333333L; w2 ^= t; w0 ^= t << 2;
    t = ((w1 >>> 2) ^ w3) & 0x3333333333333333L; w3 ^= t; w1 ^= t << 2;
    t = ((w4 >>> 2) ^ w6) & 0x3333333333333333L; w6 ^= t; w4 ^= t << 2;
    t = ((w5 >>> 2) ^ w7) & 0x3333333333333333L; w7 ^= t; w5 ^= t << 2;
    t = ((w0 >>> 4) ^ w4) & 0x0F0F0F0F0F0F0F0FL; w4 ^= t; w0 ^= t << 4;
    t = ((w1 >>> 4) ^ w5) & 0x0F0F0F0F0F0F0F0FL; w5 ^= t; w1 ^= t << 4;
    t = ((w2 >>> 4) ^ w6) & 0x0F0F0F0F0F0F0F0FL; w6 ^= t; w2 ^= t << 4;
    t = ((w3 >>> 4) ^ w7) & 0x0F0F0F0F0F0F0F0FL; w7 ^= t; w3 ^= t << 4;
    t = ((w0 >>> 8) ^ w1) & 0x00FF00FF00FF00FFL; w1 ^= t; w0 ^= t << 8;
    t = ((w2 >>> 8) ^ w3) & 0x00FF00FF00FF00FFL; w3 ^= t; w2 ^= t << 8;
    t = ((w4 >>> 8) ^ w5) & 0x00FF00FF00FF00FFL; w5 ^= t; w4 ^= t << 8;
    t = ((w6 >>> 8) ^ w7) & 0x00FF00FF00FF00FFL; w7 ^= t; w6 ^= t << 8;
    t = ((w0 >>> 16) ^ w2) & 0x0000FFFF0000FFFFL; w2 ^= t; w0 ^= t << 16;
    t = ((w1 >>> 16) ^ w3) & 0x0000FFFF0000FFFFL; w3 ^= t; w1 ^= t << 16;
    t = ((w4 >>> 16) ^ w6) & 0x0000FFFF0000FFFFL; w6 ^= t; w4 ^= t << 16;
    t = ((w5 >>> 16) ^ w7) & 0x0000FFFF0000FFFFL; w7 ^= t; w5 ^= t << 16;
    t = ((w0 >>> 32) ^ w4) & 0x00000000FFFFFFFFL; w4 ^= t; w0 ^= t << 32;
    t = ((w1 >>> 32) ^ w5) & 0x00000000FFFFFFFFL; w5 ^= t; w1 ^= t << 32;
    t = ((w2 >>> 32) ^ w6) & 0x00000000FFFFFFFFL; w6 ^= t; w2 ^= t << 32;
    t = ((w3 >>> 32) ^ w7) & 0x00000000FFFFFFFFL; w7 ^= t; w3 ^= t << 32;
    Endian.putLongLE(dst, off, w0);
    Endian.putLongLE(dst, off + 8, w1);
    Endian.putLongLE(dst, off + 16, w2);
    Endian.putLongLE(dst, off + 24, w3);
    Endian.putLongLE(dst, off + 32, w4);
    Endian.putLongLE(dst, off + 40, w5);
    Endian.putLongLE(dst, off + 48, w6);
    Endian.putLongLE(dst, off + 56, w7);
  }

  /**
   * Planes 0 and 1 (n bytes each) into n 2-byte elements, eight at a time: a byte's place in
   * the two plane words is (plane; element bits 2 1 0), in the two element words (element bit
   * 2; element bits 1 0, plane), which three byte swaps between the words reach.
   */
  private static void interleave2(byte[] p, int n, byte[] dst, int dOff) {
    for (int i = 0; i < n; i += 8) {
      long a = Endian.getLongLE(p, i);
      long b = Endian.getLongLE(p, n + i);
      long t;
      t = ((a >>> 8) ^ b) & 0x00FF00FF00FF00FFL; b ^= t; a ^= t << 8;
      t = ((a >>> 16) ^ b) & 0x0000FFFF0000FFFFL; b ^= t; a ^= t << 16;
      t = ((a >>> 32) ^ b) & 0x00000000FFFFFFFFL; b ^= t; a ^= t << 32;
      int e = dOff + 2 * i;
      Endian.putLongLE(dst, e, a);
      Endian.putLongLE(dst, e + 8, b);
    }
  }

  /**
   * Planes 0 to 3 into n 4-byte elements, eight at a time: a byte's place in the four plane
   * words is (plane bits 1 0; element bits 2 1 0), in the four element words (element bits 2 1;
   * element bit 0, plane bits 1 0), which three byte swaps between pairs of words reach (the
   * words then hold element pairs 0, 2, 1, 3).
   */
  private static void interleave4(byte[] p, int n, byte[] dst, int dOff) {
    for (int i = 0; i < n; i += 8) {
      long a = Endian.getLongLE(p, i);
      long b = Endian.getLongLE(p, n + i);
      long c = Endian.getLongLE(p, 2 * n + i);
      long d = Endian.getLongLE(p, 3 * n + i);
      long t;
      t = ((a >>> 8) ^ b) & 0x00FF00FF00FF00FFL; b ^= t; a ^= t << 8;
      t = ((c >>> 8) ^ d) & 0x00FF00FF00FF00FFL; d ^= t; c ^= t << 8;
      t = ((a >>> 16) ^ c) & 0x0000FFFF0000FFFFL; c ^= t; a ^= t << 16;
      t = ((b >>> 16) ^ d) & 0x0000FFFF0000FFFFL; d ^= t; b ^= t << 16;
      t = ((a >>> 32) ^ b) & 0x00000000FFFFFFFFL; b ^= t; a ^= t << 32;
      t = ((c >>> 32) ^ d) & 0x00000000FFFFFFFFL; d ^= t; c ^= t << 32;
      int e = dOff + 4 * i;
      Endian.putLongLE(dst, e, a);
      Endian.putLongLE(dst, e + 8, c);
      Endian.putLongLE(dst, e + 16, b);
      Endian.putLongLE(dst, e + 24, d);
    }
  }

  /**
   * Planes {@code at / n} to {@code at / n + 7} into eight bytes of each of n elements, {@code
   * stride} bytes apart: one 8x8 byte transposition per eight elements.
   */
  private static void interleave8(byte[] p, int at, int n, byte[] dst, int dOff, int stride) {
    for (int i = 0; i < n; i += 8) {
      long w0 = Endian.getLongLE(p, at + i);
      long w1 = Endian.getLongLE(p, at + n + i);
      long w2 = Endian.getLongLE(p, at + 2 * n + i);
      long w3 = Endian.getLongLE(p, at + 3 * n + i);
      long w4 = Endian.getLongLE(p, at + 4 * n + i);
      long w5 = Endian.getLongLE(p, at + 5 * n + i);
      long w6 = Endian.getLongLE(p, at + 6 * n + i);
      long w7 = Endian.getLongLE(p, at + 7 * n + i);
      transposeBytes(w0, w1, w2, w3, w4, w5, w6, w7, dst, dOff + i * stride, stride);
    }
  }

  /**
   * Transposes the 8x8 byte matrix whose row k is {@code wk} (column c = byte c, little-endian)
   * by swapping 4x4 blocks, then 2x2 blocks, then single bytes, and stores row k of the result
   * at {@code dst[off + k·stride]}. The
   * words come as arguments, not in an array, so that they stay in registers; each caller loads
   * them its own way.
   */
  private static void transposeBytes(long w0, long w1, long w2, long w3, long w4, long w5,
      long w6, long w7, byte[] dst, int off, int stride) {
    long t;
    t = ((w0 >>> 32) ^ w4) & 0xFFFFFFFFL; w0 ^= t << 32; w4 ^= t;
    t = ((w1 >>> 32) ^ w5) & 0xFFFFFFFFL; w1 ^= t << 32; w5 ^= t;
    t = ((w2 >>> 32) ^ w6) & 0xFFFFFFFFL; w2 ^= t << 32; w6 ^= t;
    t = ((w3 >>> 32) ^ w7) & 0xFFFFFFFFL; w3 ^= t << 32; w7 ^= t;
    t = ((w0 >>> 16) ^ w2) & 0x0000FFFF0000FFFFL; w0 ^= t << 16; w2 ^= t;
    t = ((w1 >>> 16) ^ w3) & 0x0000FFFF0000FFFFL; w1 ^= t << 16; w3 ^= t;
    t = ((w4 >>> 16) ^ w6) & 0x0000FFFF0000FFFFL; w4 ^= t << 16; w6 ^= t;
    t = ((w5 >>> 16) ^ w7) & 0x0000FFFF0000FFFFL; w5 ^= t << 16; w7 ^= t;
    t = ((w0 >>> 8) ^ w1) & 0x00FF00FF00FF00FFL; w0 ^= t << 8; w1 ^= t;
    t = ((w2 >>> 8) ^ w3) & 0x00FF00FF00FF00FFL; w2 ^= t << 8; w3 ^= t;
    t = ((w4 >>> 8) ^ w5) & 0x00FF00FF00FF00FFL; w4 ^= t << 8; w5 ^= t;
    t = ((w6 >>> 8) ^ w7) & 0x00FF00FF00FF00FFL; w6 ^= t << 8; w7 ^= t;
    Endian.putLongLE(dst, off, w0);
    Endian.putLongLE(dst, off + stride, w1);
    Endian.putLongLE(dst, off + 2 * stride, w2);
    Endian.putLongLE(dst, off + 3 * stride, w3);
    Endian.putLongLE(dst, off + 4 * stride, w4);
    Endian.putLongLE(dst, off + 5 * stride, w5);
    Endian.putLongLE(dst, off + 6 * stride, w6);
    Endian.putLongLE(dst, off + 7 * stride, w7);
  }

  /** Byte k of the result is {@code b[at + k·stride]}. */
  private static long gather(byte[] b, int at, int stride) {
    if (stride == 1) {
      return Endian.getLongLE(b, at);
    }
    return (b[at] & 0xFFL)
        | (b[at + stride] & 0xFFL) << 8
        | (b[at + 2 * stride] & 0xFFL) << 16
        | (b[at + 3 * stride] & 0xFFL) << 24
        | (b[at + 4 * stride] & 0xFFL) << 32
        | (b[at + 5 * stride] & 0xFFL) << 40
        | (b[at + 6 * stride] & 0xFFL) << 48
        | (long) b[at + 7 * stride] << 56;
  }

  /**
   * Transposes the 8x8 bit matrix whose row r is byte r of {@code x} (column c = bit c): bit
   * {@code 8r + c} moves to bit {@code 8c + r}. Hacker's Delight's three swaps of 1x1, 2x2 and
   * 4x4 blocks.
   */
  static long transpose8(long x) {
    long t;
    t = (x ^ (x >>> 7)) & 0x00AA00AA00AA00AAL;
    x ^= t ^ (t << 7);
    t = (x ^ (x >>> 14)) & 0x0000CCCC0000CCCCL;
    x ^= t ^ (t << 14);
    t = (x ^ (x >>> 28)) & 0x00000000F0F0F0F0L;
    x ^= t ^ (t << 28);
    return x;
  }
}
