package io.colfile.orc.stream;

import io.colfile.core.error.CorruptFileException;
import java.math.BigInteger;

/**
 * Zigzag varints longer than 64 bits, as decimal DATA streams hold them (orc.md sections 6.1 and
 * 8.3). Values of up to 63 bits, nearly all decimals, take a long-only path.
 */
final class BigVarints {
  /**
   * A 128-bit zigzag value needs 19 bytes, but Hive 0.11 wrote unbounded decimals that readers
   * must null out rather than fail on (C++ does), so allow 37 bytes (259 bits, magnitudes below
   * 2^258) and leave the range check to the column reader; the cap only stops runaway
   * continuation bytes.
   */
  static final int MAX_BYTES = 37;
  /** Groups of 7 bits that fit in a non-negative long. */
  private static final int GROUPS_PER_WORD = 9;

  private BigVarints() {}

  static BigInteger readSigned(OrcInputStream in) throws CorruptFileException {
    int[] groups = null;
    long low = 0;
    int n = 0;
    while (true) {
      int b = in.readByte("a decimal varint");
      if (n < GROUPS_PER_WORD) {
        low |= (long) (b & 0x7f) << (7 * n);
      } else {
        if (groups == null) {
          groups = new int[MAX_BYTES];
        }
        groups[n] = b & 0x7f;
      }
      n++;
      if (b < 0x80) {
        break;
      }
      if (n == MAX_BYTES) {
        throw in.corrupt("decimal varint longer than %d bytes", n);
      }
    }
    if (groups == null) { // at most 63 bits: zigzag-decode in a long
      return BigInteger.valueOf((low >>> 1) ^ -(low & 1));
    }
    // Assemble 63-bit words from the most significant end down.
    BigInteger u = BigInteger.ZERO;
    for (int start = (n - 1) / GROUPS_PER_WORD * GROUPS_PER_WORD; start > 0;
        start -= GROUPS_PER_WORD) {
      long word = 0;
      for (int i = Math.min(n, start + GROUPS_PER_WORD) - 1; i >= start; i--) {
        word = word << 7 | groups[i];
      }
      u = u.shiftLeft(63).or(BigInteger.valueOf(word));
    }
    u = u.shiftLeft(63).or(BigInteger.valueOf(low));
    // zigzag: even u -> u / 2, odd u -> -(u / 2) - 1 == ~(u >> 1)
    BigInteger half = u.shiftRight(1);
    return u.testBit(0) ? half.not() : half;
  }
}
