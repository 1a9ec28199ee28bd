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
 * eight rows at once by an 8x8 byte transposition. Unshuffling: a 64-bit word from each of the
 * 8·es rows (64 elements) is one bit matrix, transposed by mask-and-shift swaps between pairs of
 * words ({@link #unshuffle64}); single-byte elements, whose eight words make 64 bytes, by six
 * rounds of swaps. There are no per-bit branches and nothing is allocated.
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
   * {@code dst[dOff]}. Elements of 2, 4, 8 and 16 bytes go 64 at a time through {@link
   * #unshuffle64}, which needs {@code planes} (at least {@code n·es} bytes, not overlapping the
   * others) as scratch; single bytes and a sub-block's last elements short of 64 go a plane at a
   * time.
   */
  static void unshuffle(byte[] src, int so, byte[] dst, int dOff, int n, int es, byte[] planes) {
    if (es == 1) {
      unshufflePlane(src, so, dst, dOff, n);
      return;
    }
    int m = n >>> 3;
    int whole = m & ~7;
    switch (es) {
      case 2, 4, 8 -> unshuffle64(src, so, m, whole, dst, dOff, es, planes);
      case 16 -> {
        // bytes 0 to 7 of each element are rows 0 to 63, bytes 8 to 15 rows 64 to 127
        unshuffle64(src, so, m, whole, dst, dOff, 16, planes);
        unshuffle64(src, so + 64 * m, m, whole, dst, dOff + 8, 16, planes);
      }
      default -> throw new IllegalArgumentException("element size " + es);
    }
    for (int j = 0; j < es; j++) {
      for (int g = whole; g < m; g++) {
        long w = 0;
        for (int b = 0; b < 8; b++) {
          w |= (src[so + (8 * j + b) * m + g] & 0xFFL) << 8 * b;
        }
        w = transpose8(w);
        for (int c = 0; c < 8; c++) {
          dst[dOff + (8 * g + c) * es + j] = (byte) (w >>> 8 * c);
        }
      }
    }
  }

  /**
   * Bytes 0 to {@code min(es, 8) - 1} of the first {@code 8·whole} elements ({@code whole} a
   * multiple of 8), elements {@code es} bytes apart, from rows of {@code m} bytes at {@code
   * src[so]}: 64 elements at a time, as one transposition of the bit matrix whose word R (a
   * 64-bit load from row R) holds bit R of 64 elements. A bit's place is (word R, position e);
   * swapping word bit k with position bit k, for k = 0 to log2(8·es) - 1, leaves word e with
   * element e's bits. For es 8 that is all six bits, a 64x64 transposition; for es 4 and 2 it
   * is five and four, 32x32 and 16x16 transpositions side by side in the word's 32- and 16-bit
   * lanes, so word e holds elements e and e + 32 (e + 16·l in lane l). Each swap is a
   * mask-and-shift exchange between two words: 192 of them for 64 8-byte elements, a third
   * fewer than transposing each byte plane into bytes and interleaving the planes.
   *
   * <p>First, per byte plane (eight words, held in registers), the three swaps of word bits 0 to
   * 2 ({@link #planeSwaps}, for the whole sub-block, into {@code tmp}); then the words sharing
   * bits 0 to 2 are loaded together for the swaps of bits 3 and up, and stored. Two passes over
   * the sub-block rather than both steps per 64 elements: the JIT keeps each loop's words in
   * registers, and a call per 64 elements would cost more. A plane whose words are all zero (the high bytes of
   * small numbers, which is what bitshuffle is chosen for) is not transposed, and for 8-byte
   * elements whose planes 4 to 7 are zero throughout the sub-block the second step swaps only
   * the nonzero words ({@link
   * #elements8Low}).
   */
  private static void unshuffle64(byte[] src, int so, int m, int whole, byte[] dst, int dOff,
      int es, byte[] tmp) {
    int top = planeSwaps(src, so, m, whole, Math.min(es, 8), tmp);
    switch (es) {
      case 2 -> elements2(tmp, whole, dst, dOff);
      case 4 -> elements4(tmp, whole, dst, dOff);
      default -> {
        if (top < 4) {
          elements8Low(tmp, whole, top, dst, dOff, es);
        } else {
          elements8(tmp, whole, dst, dOff, es);
        }
      }
    }
  }

  /**
   * The first step of {@link #unshuffle64}: for each group of 64 elements ({@code g} bytes into
   * the rows) and each of its {@code planes} byte planes, loads a word from each of the plane's
   * eight rows, swaps word bits 0 to 2 with position bits 0 to 2 and stores the words to {@code
   * tmp}, group after group, plane after plane. Returns the highest plane with a bit set in any
   * group, -1 if none has.
   */
  private static int planeSwaps(byte[] src, int so, int m, int whole, int planes, byte[] tmp) {
    int top = -1;
    int at = 0;
    for (int g = 0; g < whole; g += 8) {
      for (int j = 0, r = so + g; j < planes; j++, r += 8 * m, at += 64) {
        long w0 = Endian.getLongLE(src, r);
        long w1 = Endian.getLongLE(src, r + m);
        long w2 = Endian.getLongLE(src, r + 2 * m);
        long w3 = Endian.getLongLE(src, r + 3 * m);
        long w4 = Endian.getLongLE(src, r + 4 * m);
        long w5 = Endian.getLongLE(src, r + 5 * m);
        long w6 = Endian.getLongLE(src, r + 6 * m);
        long w7 = Endian.getLongLE(src, r + 7 * m);
        if ((w0 | w1 | w2 | w3 | w4 | w5 | w6 | w7) != 0) {
          top = Math.max(top, j);
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
        }
        Endian.putLongLE(tmp, at, w0);
        Endian.putLongLE(tmp, at + 8, w1);
        Endian.putLongLE(tmp, at + 16, w2);
        Endian.putLongLE(tmp, at + 24, w3);
        Endian.putLongLE(tmp, at + 32, w4);
        Endian.putLongLE(tmp, at + 40, w5);
        Endian.putLongLE(tmp, at + 48, w6);
        Endian.putLongLE(tmp, at + 56, w7);
      }
    }
    return top;
  }

  /** The second step for 2-byte elements: word b + 8q holds elements b + 8q + 16l in lane l. */
  private static void elements2(byte[] tmp, int whole, byte[] dst, int dOff) {
    for (int g = 0, base = 0; g < whole; g += 8, base += 128) {
      int e0 = dOff + 8 * g * 2;
      for (int b = 0; b < 8; b++) {
        long x0 = Endian.getLongLE(tmp, base + 8 * b);
        long x1 = Endian.getLongLE(tmp, base + 64 + 8 * b);
        long t = ((x0 >>> 8) ^ x1) & 0x00FF00FF00FF00FFL; x1 ^= t; x0 ^= t << 8;
        int e = e0 + 2 * b;
        Endian.putShortLE(dst, e, (short) x0);
        Endian.putShortLE(dst, e + 32, (short) (x0 >>> 16));
        Endian.putShortLE(dst, e + 64, (short) (x0 >>> 32));
        Endian.putShortLE(dst, e + 96, (short) (x0 >>> 48));
        Endian.putShortLE(dst, e + 16, (short) x1);
        Endian.putShortLE(dst, e + 48, (short) (x1 >>> 16));
        Endian.putShortLE(dst, e + 80, (short) (x1 >>> 32));
        Endian.putShortLE(dst, e + 112, (short) (x1 >>> 48));
      }
    }
  }

  /** The second step for 4-byte elements: word b + 8q holds elements b + 8q and b + 8q + 32. */
  private static void elements4(byte[] tmp, int whole, byte[] dst, int dOff) {
    for (int g = 0, base = 0; g < whole; g += 8, base += 256) {
      int e0 = dOff + 8 * g * 4;
      for (int b = 0; b < 8; b++) {
        long x0 = Endian.getLongLE(tmp, base + 8 * b);
        long x1 = Endian.getLongLE(tmp, base + 64 + 8 * b);
        long x2 = Endian.getLongLE(tmp, base + 128 + 8 * b);
        long x3 = Endian.getLongLE(tmp, base + 192 + 8 * b);
        long t;
        t = ((x0 >>> 8) ^ x1) & 0x00FF00FF00FF00FFL; x1 ^= t; x0 ^= t << 8;
        t = ((x2 >>> 8) ^ x3) & 0x00FF00FF00FF00FFL; x3 ^= t; x2 ^= t << 8;
        t = ((x0 >>> 16) ^ x2) & 0x0000FFFF0000FFFFL; x2 ^= t; x0 ^= t << 16;
        t = ((x1 >>> 16) ^ x3) & 0x0000FFFF0000FFFFL; x3 ^= t; x1 ^= t << 16;
        int e = e0 + 4 * b;
        Endian.putIntLE(dst, e, (int) x0);
        Endian.putIntLE(dst, e + 128, (int) (x0 >>> 32));
        Endian.putIntLE(dst, e + 32, (int) x1);
        Endian.putIntLE(dst, e + 160, (int) (x1 >>> 32));
        Endian.putIntLE(dst, e + 64, (int) x2);
        Endian.putIntLE(dst, e + 192, (int) (x2 >>> 32));
        Endian.putIntLE(dst, e + 96, (int) x3);
        Endian.putIntLE(dst, e + 224, (int) (x3 >>> 32));
      }
    }
  }

  /**
   * The second step for 8-byte elements (es 8, or one half of es 16): word b + 8q holds element
   * b + 8q, stored {@code es} bytes apart.
   */
  private static void elements8(byte[] tmp, int whole, byte[] dst, int dOff, int es) {
    int q = 8 * es;
    for (int g = 0, base = 0; g < whole; g += 8, base += 512) {
      int e0 = dOff + 8 * g * es;
      for (int b = 0; b < 8; b++) {
        long x0 = Endian.getLongLE(tmp, base + 8 * b);
        long x1 = Endian.getLongLE(tmp, base + 64 + 8 * b);
        long x2 = Endian.getLongLE(tmp, base + 128 + 8 * b);
        long x3 = Endian.getLongLE(tmp, base + 192 + 8 * b);
        long x4 = Endian.getLongLE(tmp, base + 256 + 8 * b);
        long x5 = Endian.getLongLE(tmp, base + 320 + 8 * b);
        long x6 = Endian.getLongLE(tmp, base + 384 + 8 * b);
        long x7 = Endian.getLongLE(tmp, base + 448 + 8 * b);
        long t;
        t = ((x0 >>> 8) ^ x1) & 0x00FF00FF00FF00FFL; x1 ^= t; x0 ^= t << 8;
        t = ((x2 >>> 8) ^ x3) & 0x00FF00FF00FF00FFL; x3 ^= t; x2 ^= t << 8;
        t = ((x4 >>> 8) ^ x5) & 0x00FF00FF00FF00FFL; x5 ^= t; x4 ^= t << 8;
        t = ((x6 >>> 8) ^ x7) & 0x00FF00FF00FF00FFL; x7 ^= t; x6 ^= t << 8;
        t = ((x0 >>> 16) ^ x2) & 0x0000FFFF0000FFFFL; x2 ^= t; x0 ^= t << 16;
        t = ((x1 >>> 16) ^ x3) & 0x0000FFFF0000FFFFL; x3 ^= t; x1 ^= t << 16;
        t = ((x4 >>> 16) ^ x6) & 0x0000FFFF0000FFFFL; x6 ^= t; x4 ^= t << 16;
        t = ((x5 >>> 16) ^ x7) & 0x0000FFFF0000FFFFL; x7 ^= t; x5 ^= t << 16;
        t = ((x0 >>> 32) ^ x4) & 0x00000000FFFFFFFFL; x4 ^= t; x0 ^= t << 32;
        t = ((x1 >>> 32) ^ x5) & 0x00000000FFFFFFFFL; x5 ^= t; x1 ^= t << 32;
        t = ((x2 >>> 32) ^ x6) & 0x00000000FFFFFFFFL; x6 ^= t; x2 ^= t << 32;
        t = ((x3 >>> 32) ^ x7) & 0x00000000FFFFFFFFL; x7 ^= t; x3 ^= t << 32;
        int e = e0 + es * b;
        Endian.putLongLE(dst, e, x0);
        Endian.putLongLE(dst, e + q, x1);
        Endian.putLongLE(dst, e + 2 * q, x2);
        Endian.putLongLE(dst, e + 3 * q, x3);
        Endian.putLongLE(dst, e + 4 * q, x4);
        Endian.putLongLE(dst, e + 5 * q, x5);
        Endian.putLongLE(dst, e + 6 * q, x6);
        Endian.putLongLE(dst, e + 7 * q, x7);
      }
    }
  }

  /**
   * {@link #elements8} when planes 4 to 7 are zero ({@code top}, the highest nonzero plane, is
   * below 4): a swap with a word known to be zero is a mask and a shift, so only the words of
   * nonzero planes are loaded and swapped, and the upper halves (and, with {@code top} below 2,
   * quarters) are split off them.
   */
  private static void elements8Low(byte[] tmp, int whole, int top, byte[] dst, int dOff,
      int es) {
    final long m16 = 0x0000FFFF0000FFFFL;
    final long m32 = 0x00000000FFFFFFFFL;
    int q = 8 * es;
    for (int g = 0, base = 0; g < whole; g += 8, base += 512) {
      int e0 = dOff + 8 * g * es;
      for (int b = 0; b < 8; b++) {
        long x0 = Endian.getLongLE(tmp, base + 8 * b);
        long x1 = Endian.getLongLE(tmp, base + 64 + 8 * b);
        long t;
        t = ((x0 >>> 8) ^ x1) & 0x00FF00FF00FF00FFL; x1 ^= t; x0 ^= t << 8;
        long x2;
        long x3;
        if (top < 2) {
          x2 = (x0 >>> 16) & m16; x0 &= m16;
          x3 = (x1 >>> 16) & m16; x1 &= m16;
        } else {
          x2 = Endian.getLongLE(tmp, base + 128 + 8 * b);
          x3 = Endian.getLongLE(tmp, base + 192 + 8 * b);
          t = ((x2 >>> 8) ^ x3) & 0x00FF00FF00FF00FFL; x3 ^= t; x2 ^= t << 8;
          t = ((x0 >>> 16) ^ x2) & m16; x2 ^= t; x0 ^= t << 16;
          t = ((x1 >>> 16) ^ x3) & m16; x3 ^= t; x1 ^= t << 16;
        }
        int e = e0 + es * b;
        Endian.putLongLE(dst, e, x0 & m32);
        Endian.putLongLE(dst, e + q, x1 & m32);
        Endian.putLongLE(dst, e + 2 * q, x2 & m32);
        Endian.putLongLE(dst, e + 3 * q, x3 & m32);
        Endian.putLongLE(dst, e + 4 * q, x0 >>> 32);
        Endian.putLongLE(dst, e + 5 * q, x1 >>> 32);
        Endian.putLongLE(dst, e + 6 * q, x2 >>> 32);
        Endian.putLongLE(dst, e + 7 * q, x3 >>> 32);
      }
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
