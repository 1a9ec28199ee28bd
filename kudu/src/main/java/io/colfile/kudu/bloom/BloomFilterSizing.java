package io.colfile.kudu.bloom;

/**
 * How big a bloom filter block is and how many keys it takes before the writer starts the next
 * one (cfile.md section 10.2, Kudu's {@code BloomFilterSizing::BySizeAndFPRate}).
 *
 * <p>The arithmetic is Kudu's, operation for operation, so that the number of keys per block
 * and the number of hash functions, both visible in the file, come out the same: Kudu's rounded
 * {@code ln 2 = 0.69314}, {@code expected = ceil(-bits * ln2 * ln2 / ln(fp))} in doubles, and
 * {@code hashes = (int) (bits * ln2 / expected)}, at least 1. Tablets pass the float literal
 * {@code 0.0001f}, which widens to 9.99999974737875e-05, not 1e-4; {@link #TABLET} does the
 * same.
 *
 * @param numBytes the bitmap size in bytes
 * @param expectedCount keys a block holds before it is written out
 */
public record BloomFilterSizing(int numBytes, int expectedCount) {
  /** Kudu's {@code kNaturalLog2}: rounded, and the rounding shows in the results. */
  static final double LN2 = 0.69314;

  /**
   * What tablets use: {@code --tablet_bloom_block_size=4096} and {@code
   * --tablet_bloom_target_fp_rate=0.0001f}, giving 1710 keys per block and 13 hash functions.
   */
  public static final BloomFilterSizing TABLET = bySizeAndFpRate(4096, 0.0001f);

  public BloomFilterSizing {
    if (numBytes <= 0 || numBytes > Integer.MAX_VALUE / 8) {
      throw new IllegalArgumentException("bloom filter of " + numBytes + " bytes");
    }
    if (expectedCount <= 0) {
      throw new IllegalArgumentException("bloom filter for " + expectedCount + " keys");
    }
  }

  /**
   * A bitmap of {@code numBytes} bytes sized for false-positive rate {@code fpRate} (pass a
   * float the way Kudu's flags do, if that is what is being reproduced).
   */
  public static BloomFilterSizing bySizeAndFpRate(int numBytes, double fpRate) {
    if (!(fpRate > 0 && fpRate < 1)) {
      throw new IllegalArgumentException("false-positive rate " + fpRate);
    }
    double bits = (double) numBytes * 8;
    // Kudu: -static_cast<double>(n_bits) * kNaturalLog2 * kNaturalLog2 / log(fp_rate),
    // evaluated left to right like this line.
    double expected = -bits * LN2 * LN2 / Math.log(fpRate);
    return new BloomFilterSizing(numBytes, (int) Math.ceil(expected));
  }

  /** Bits in the bitmap. */
  public int numBits() {
    return numBytes * 8;
  }

  /**
   * Kudu's {@code ComputeOptimalHashCount}: {@code bits * ln2 / expected}, truncated, at least
   * one.
   */
  public int numHashes() {
    int n = (int) ((double) numBits() * LN2 / expectedCount);
    return Math.max(n, 1);
  }
}
