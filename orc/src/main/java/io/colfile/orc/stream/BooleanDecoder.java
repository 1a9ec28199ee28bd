package io.colfile.orc.stream;

import io.colfile.core.error.CorruptFileException;
import io.colfile.orc.index.BooleanCheckpoint;
import java.util.Objects;

/**
 * Boolean RLE (orc.md section 6.3): bits packed most significant first, then byte-RLE encoded.
 * BOOLEAN DATA streams and PRESENT streams (1 = a value is present). <b>Internal</b>: public only
 * for the column readers. Positions: the byte RLE's, then the bits already used in the current
 * byte (0..8).
 */
public final class BooleanDecoder {
  private static final int SCRATCH_BYTES = 256;

  private final ByteRleDecoder bytes;
  private final byte[] scratch = new byte[SCRATCH_BYTES];
  private int current; // the byte being consumed
  private int bitsLeft; // its unread low bits

  public BooleanDecoder(OrcInputStream in) {
    this.bytes = new ByteRleDecoder(in);
  }

  /** The next bit as 0 or 1. */
  public int next() throws CorruptFileException {
    if (bitsLeft == 0) {
      current = bytes.next() & 0xff;
      bitsLeft = 8;
    }
    return (current >>> --bitsLeft) & 1;
  }

  /** The next {@code n} bits as 0/1 (BOOLEAN columns). */
  public void next(long[] dst, int off, int n) throws CorruptFileException {
    Objects.checkFromIndexSize(off, n, dst.length);
    for (; n > 0 && bitsLeft > 0; n--) {
      dst[off++] = (current >>> --bitsLeft) & 1;
    }
    // Whole bytes in bulk: one byte-RLE call per up to 256 bytes, not one per bit.
    while (n >= 8) {
      int k = Math.min(n >>> 3, SCRATCH_BYTES);
      bytes.next(scratch, 0, k);
      for (int b = 0; b < k; b++) {
        int x = scratch[b];
        for (int shift = 7; shift >= 0; shift--) {
          dst[off++] = (x >>> shift) & 1;
        }
      }
      n -= k << 3;
    }
    for (; n > 0; n--) {
      dst[off++] = next();
    }
  }

  /** Fills the non-null slots of {@code [off, off + n)} with 0/1; null slots get 0. */
  public void next(long[] dst, int off, int n, boolean[] isNull) throws CorruptFileException {
    Objects.checkFromIndexSize(off, n, isNull.length);
    Objects.checkFromIndexSize(off, n, dst.length);
    int present = Nulls.countPresent(isNull, off, n);
    next(dst, off, present);
    if (present != n) {
      Nulls.spread(dst, off, n, present, isNull);
    }
  }

  /**
   * Reads {@code n} bits of a PRESENT stream, setting {@code isNull[off + i]} to true where the
   * bit is 0.
   *
   * @return how many of the {@code n} rows are present (not null)
   */
  public int nextPresent(boolean[] isNull, int off, int n) throws CorruptFileException {
    Objects.checkFromIndexSize(off, n, isNull.length);
    int present = 0;
    for (; n > 0 && bitsLeft > 0; n--) {
      int bit = (current >>> --bitsLeft) & 1;
      isNull[off++] = bit == 0;
      present += bit;
    }
    while (n >= 8) {
      int k = Math.min(n >>> 3, SCRATCH_BYTES);
      bytes.next(scratch, 0, k);
      for (int b = 0; b < k; b++) {
        int x = scratch[b] & 0xff;
        present += Integer.bitCount(x);
        for (int shift = 7; shift >= 0; shift--) {
          isNull[off++] = ((x >>> shift) & 1) == 0;
        }
      }
      n -= k << 3;
    }
    for (; n > 0; n--) {
      int bit = next();
      isNull[off++] = bit == 0;
      present += bit;
    }
    return present;
  }

  /** Reads the next {@code n} bits and returns how many are set (present rows of PRESENT). */
  public long countSet(long n) throws CorruptFileException {
    if (n < 0) {
      throw new IllegalArgumentException("negative count " + n);
    }
    long set = 0;
    for (; n > 0 && bitsLeft > 0; n--) {
      set += (current >>> --bitsLeft) & 1;
    }
    while (n >= 8) {
      int k = (int) Math.min(n >>> 3, SCRATCH_BYTES);
      bytes.next(scratch, 0, k);
      for (int b = 0; b < k; b++) {
        set += Integer.bitCount(scratch[b] & 0xff);
      }
      n -= (long) k << 3;
    }
    for (; n > 0; n--) {
      set += next();
    }
    return set;
  }

  public void skip(long n) throws CorruptFileException {
    if (n < 0) {
      throw new IllegalArgumentException("negative skip " + n);
    }
    int fromCurrent = (int) Math.min(n, bitsLeft);
    bitsLeft -= fromCurrent;
    n -= fromCurrent;
    if (n == 0) {
      return;
    }
    bytes.skip(n >>> 3);
    int rest = (int) (n & 7);
    if (rest > 0) {
      current = bytes.next() & 0xff;
      bitsLeft = 8 - rest;
    }
  }

  /** Seeks the byte RLE beneath, then skips the bits of the byte that precede the position. */
  public void seek(BooleanCheckpoint p) throws CorruptFileException {
    bytes.seek(p.bytes());
    bitsLeft = 0;
    int used = p.bitsToSkip();
    if (used < 0 || used > 8) {
      throw bytes.stream().corrupt("boolean position uses %d bits of a byte", used);
    }
    if (used > 0) {
      current = bytes.next() & 0xff;
      bitsLeft = 8 - used;
    }
  }
}
