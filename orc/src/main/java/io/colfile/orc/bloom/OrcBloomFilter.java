package io.colfile.orc.bloom;

import io.colfile.core.encoding.Endian;
import java.util.Arrays;

/**
 * One row group's bloom filter (orc.md section 10).
 *
 * <pre>
 * sizing   n = max(1, expected entries), p = false-positive probability in (0, 1)
 *          bits = floor(-n ln p / (ln 2)^2);  m = bits + (64 - bits % 64)
 *          k = max(1, round(m/n ln 2))
 * probes   h = 64-bit hash; h1 = (int) h, h2 = (int) (h >>> 32)
 *          for i in 1..k: c = h1 + i*h2 (int32 wrap); if c &lt; 0 then c = ~c; set bit c % m
 * storage  bit j is bit (j &amp; 63) of word j >>> 6
 *          BLOOM_FILTER_UTF8: utf8bitset = the words, little-endian
 *          BLOOM_FILTER (legacy): bitset = the words as repeated fixed64
 * </pre>
 *
 * A multiple of 64 still gets another 64 bits, as in the Java and C++ writers; with n = 10000,
 * p = 0.01 gives m = 95872, k = 7 and p = 0.05 gives m = 62400, k = 4.
 *
 * <p>Integers, dates and similar go through {@link #addLong}; doubles (floats widened first)
 * through {@link #addDouble}, which hashes {@link Double#doubleToLongBits} so every NaN is one
 * value; strings, binaries and decimal text through {@link #addBytes}.
 */
public final class OrcBloomFilter {
  /**
   * More probes than any sizing can produce (p = Double.MIN_VALUE with n = 1 gives about 1100);
   * a filter read from a file claiming more is refused rather than probed for that long.
   */
  public static final int MAX_HASH_FUNCTIONS = 4096;
  /** The most 64-bit words a filter may have: m must stay a positive int. */
  static final int MAX_WORDS = Integer.MAX_VALUE / 64;


  private final long[] words;
  private final int numBits;
  private final int numHashFunctions;

  /** A filter sized for {@code expectedEntries} values at false-positive rate {@code fpp}. */
  public OrcBloomFilter(long expectedEntries, double fpp) {
    if (!(fpp > 0.0 && fpp < 1.0)) {
      throw new IllegalArgumentException(
          "bloom filter false positive probability must be in (0, 1): " + fpp);
    }
    long n = Math.max(expectedEntries, 1);
    // The same expression, evaluated in the same order, as the Java writer: the product is
    // rounded once per operation, so reordering it could move the floor across an integer.
    double bits = -n * Math.log(fpp) / (Math.log(2) * Math.log(2));
    if (bits >= (double) MAX_WORDS * 64 - 64) {
      throw new IllegalArgumentException(String.format(
          "a bloom filter for %d entries at fpp %s would need %.0f bits", n, fpp, bits));
    }
    int nb = (int) bits;
    this.numBits = nb + (64 - nb % 64);
    this.numHashFunctions = Math.max(1, (int) Math.round((double) numBits / n * Math.log(2)));
    this.words = new long[numBits >>> 6];
  }

  private OrcBloomFilter(long[] words, int numHashFunctions) {
    this.words = words;
    this.numBits = words.length * 64;
    this.numHashFunctions = numHashFunctions;
  }

  public void addLong(long v) {
    addHash(OrcHashes.longHash(v));
  }

  public void addDouble(double v) {
    addHash(OrcHashes.longHash(Double.doubleToLongBits(v)));
  }

  public void addBytes(byte[] b, int off, int len) {
    addHash(OrcHashes.murmur3(b, off, len));
  }

  public boolean testLong(long v) {
    return testHash(OrcHashes.longHash(v));
  }

  public boolean testDouble(double v) {
    return testHash(OrcHashes.longHash(Double.doubleToLongBits(v)));
  }

  public boolean testBytes(byte[] b, int off, int len) {
    return testHash(OrcHashes.murmur3(b, off, len));
  }

  private void addHash(long h) {
    int h1 = (int) h;
    int h2 = (int) (h >>> 32);
    for (int i = 1; i <= numHashFunctions; i++) {
      int c = h1 + i * h2;
      int pos = (c < 0 ? ~c : c) % numBits;
      words[pos >>> 6] |= 1L << pos;
    }
  }

  private boolean testHash(long h) {
    int h1 = (int) h;
    int h2 = (int) (h >>> 32);
    for (int i = 1; i <= numHashFunctions; i++) {
      int c = h1 + i * h2;
      int pos = (c < 0 ? ~c : c) % numBits;
      if ((words[pos >>> 6] & (1L << pos)) == 0) {
        return false;
      }
    }
    return true;
  }

  /** ORs {@code other} into this filter; both must have the same m and k. */
  public void merge(OrcBloomFilter other) {
    if (other.numBits != numBits || other.numHashFunctions != numHashFunctions) {
      throw new IllegalArgumentException(String.format(
          "cannot merge bloom filters of m=%d k=%d and m=%d k=%d",
          numBits, numHashFunctions, other.numBits, other.numHashFunctions));
    }
    long[] o = other.words;
    for (int i = 0; i < words.length; i++) {
      words[i] |= o[i];
    }
  }

  /** Clears every bit, keeping the size, for the next row group. */
  public void reset() {
    Arrays.fill(words, 0L);
  }

  /** m, a multiple of 64. */
  public int numBits() {
    return numBits;
  }

  /** k. */
  public int numHashFunctions() {
    return numHashFunctions;
  }

  /** An independent copy, e.g. to keep a row group's filter while this one is reset. */
  public OrcBloomFilter copy() {
    return new OrcBloomFilter(words.clone(), numHashFunctions);
  }

  /** The words as BLOOM_FILTER_UTF8's {@code utf8bitset} stores them: little-endian. */
  public byte[] bitsetBytes() {
    byte[] bytes = new byte[words.length * 8];
    for (int i = 0; i < words.length; i++) {
      Endian.putLongLE(bytes, i * 8, words[i]);
    }
    return bytes;
  }

  /** The words as the legacy BLOOM_FILTER's repeated {@code bitset} stores them. */
  public long[] words() {
    return words.clone();
  }

  /**
   * A filter read from a file: {@code k} probes over {@code bytes}, a little-endian {@code
   * utf8bitset}. The bytes come from an already parsed message, so what is checked is that they
   * make a usable filter.
   *
   * @throws IllegalArgumentException if the filter has no bits, a byte length that is not a
   *     multiple of 8, more words than an int bit index can address, or k outside
   *     [1, {@value #MAX_HASH_FUNCTIONS}]
   */
  public static OrcBloomFilter fromBitsetBytes(byte[] bytes, int k) {
    checkHashFunctions(k);
    if (bytes.length == 0 || bytes.length % 8 != 0) {
      throw new IllegalArgumentException("bloom filter utf8bitset has " + bytes.length
          + " bytes; expected a positive multiple of 8");
    }
    checkWords(bytes.length / 8);
    long[] words = new long[bytes.length / 8];
    for (int i = 0; i < words.length; i++) {
      words[i] = Endian.getLongLE(bytes, i * 8);
    }
    return new OrcBloomFilter(words, k);
  }

  /** A filter read from a legacy BLOOM_FILTER's words; checked as {@link #fromBitsetBytes}. */
  public static OrcBloomFilter fromWords(long[] words, int k) {
    checkHashFunctions(k);
    if (words.length == 0) {
      throw new IllegalArgumentException("bloom filter has neither utf8bitset nor bitset words");
    }
    checkWords(words.length);
    return new OrcBloomFilter(words.clone(), k);
  }

  private static void checkHashFunctions(int k) {
    if (k < 1 || k > MAX_HASH_FUNCTIONS) {
      throw new IllegalArgumentException("bloom filter has " + Integer.toUnsignedString(k)
          + " hash functions; expected 1 to " + MAX_HASH_FUNCTIONS);
    }
  }

  static void checkWords(int count) {
    if (count > MAX_WORDS) {
      throw new IllegalArgumentException("bloom filter has " + count
          + " words; at most " + MAX_WORDS + " fit an int bit index");
    }
  }

  @Override
  public String toString() {
    return "m: " + numBits + " k: " + numHashFunctions;
  }
}
