package io.colfile.kudu.bloom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class BloomFilterSizingTest {
  /** cfile.md 10.2: 4096 bytes at 0.0001f hold 1710 keys with 13 hash functions. */
  @Test
  void tabletDefaults() {
    BloomFilterSizing s = BloomFilterSizing.TABLET;
    assertEquals(4096, s.numBytes());
    assertEquals(32768, s.numBits());
    assertEquals(1710, s.expectedCount());
    assertEquals(13, s.numHashes());
  }

  /** Other sizes, against values worked out by hand from Kudu's formulas (with ln2 = 0.69314). */
  @Test
  void otherSizes() {
    check(BloomFilterSizing.bySizeAndFpRate(1024, 0.01), 855, 6);
    check(BloomFilterSizing.bySizeAndFpRate(100, 0.05), 129, 4);
    check(BloomFilterSizing.bySizeAndFpRate(65536, 1e-6), 18233, 19);
    // A filter sized for many more keys than bits still uses one hash function.
    check(new BloomFilterSizing(1, 1000), 1000, 1);
  }

  private static void check(BloomFilterSizing s, int expected, int hashes) {
    assertEquals(expected, s.expectedCount(), s::toString);
    assertEquals(hashes, s.numHashes(), s::toString);
  }

  @Test
  void badArgumentsRejected() {
    assertThrows(IllegalArgumentException.class, () -> BloomFilterSizing.bySizeAndFpRate(0, 0.1));
    assertThrows(IllegalArgumentException.class, () -> BloomFilterSizing.bySizeAndFpRate(16, 0));
    assertThrows(IllegalArgumentException.class, () -> BloomFilterSizing.bySizeAndFpRate(16, 1));
    assertThrows(IllegalArgumentException.class,
        () -> BloomFilterSizing.bySizeAndFpRate(16, Double.NaN));
    assertThrows(IllegalArgumentException.class, () -> new BloomFilterSizing(16, 0));
    assertThrows(IllegalArgumentException.class,
        () -> new BloomFilterSizing(Integer.MAX_VALUE / 4, 10));
  }
}
