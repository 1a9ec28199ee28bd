package io.colfile.kudu.bloom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.colfile.core.error.MalformedInputException;
import io.colfile.testkit.TestSeed;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(TestSeed.class)
class BloomFilterTest {
  /**
   * The bits one key sets, worked out from section 10.3 for INT32 key 1 ({@code 80 00 00 01},
   * hash d7e089a4c738ad33 from the 10.4 table): x starts at c738ad33 and steps by d7e089a4 mod
   * 2^32; each bit is x mod 32768.
   */
  @Test
  void oneKeySetsTheProbedBits() {
    BloomFilter f = new BloomFilter(BloomFilterSizing.TABLET);
    f.add(new byte[] {(byte) 0x80, 0, 0, 1});
    BitSet expected = new BitSet();
    long x = 0xc738ad33L;
    for (int i = 0; i < 13; i++) {
      expected.set((int) (x % 32768));
      x = (x + 0xd7e089a4L) % (1L << 32);
    }
    assertEquals(expected, BitSet.valueOf(f.bitmap()));
    assertEquals(1, f.count());
  }

  /** A bitmap whose bit count is no power of two probes with a true modulo. */
  @Test
  void oddSizedBitmapUsesModulo() {
    BloomFilter f = new BloomFilter(new BloomFilterSizing(100, 129));
    assertEquals(4, f.numHashes());
    byte[] key = {1, 2, 3, 4, 5};
    long h = KuduCityHash64.hash64(key);
    f.add(key);
    BitSet expected = new BitSet();
    long x = h & 0xFFFFFFFFL;
    for (int i = 0; i < 4; i++) {
      expected.set((int) (x % 800));
      x = (x + (h >>> 32)) & 0xFFFFFFFFL;
    }
    assertEquals(expected, BitSet.valueOf(f.bitmap()));
  }

  /**
   * No false negatives, for a full block of random keys; and false positives near the rate the
   * filter is sized for (1e-4): a broken probe (too few bits, all bits set) fails one or other.
   */
  @Test
  void addedKeysAreFoundOthersMostlyNot() {
    Random r = TestSeed.random("addedKeysAreFoundOthersMostlyNot", 0);
    BloomFilter f = new BloomFilter(BloomFilterSizing.TABLET);
    Set<String> added = new HashSet<>();
    byte[][] keys = new byte[1710][];
    for (int i = 0; i < keys.length; i++) {
      assertFalse(f.isFull());
      keys[i] = new byte[1 + r.nextInt(40)];
      r.nextBytes(keys[i]);
      added.add(Arrays.toString(keys[i]));
      f.add(keys[i]);
    }
    assertTrue(f.isFull());
    for (byte[] k : keys) {
      assertTrue(f.mayContain(k), TestSeed.replay());
    }
    int falsePositives = 0;
    int probes = 0;
    while (probes < 100_000) {
      byte[] k = new byte[1 + r.nextInt(40)];
      r.nextBytes(k);
      if (!added.contains(Arrays.toString(k))) {
        probes++;
        falsePositives += f.mayContain(k) ? 1 : 0;
      }
    }
    // Expect about 10; a filter with a tenth of its bits missing or doubled would be far off.
    assertTrue(falsePositives < 60, falsePositives + " false positives; " + TestSeed.replay());
    int bits = BitSet.valueOf(f.bitmap()).cardinality();
    // 1710 keys x 13 probes into 32768 bits fill about 1 - e^(-0.678) = 49%.
    assertTrue(bits > 15000 && bits < 17200, bits + " bits set; " + TestSeed.replay());
  }

  @Test
  void windowsAndHashesAgree() {
    BloomFilter a = new BloomFilter(BloomFilterSizing.TABLET);
    byte[] big = {9, 9, 'k', 'e', 'y', 9};
    a.add(big, 2, 3);
    assertTrue(a.mayContain(new byte[] {'k', 'e', 'y'}));
    assertTrue(a.mayContainHash(BloomFilter.hash(big, 2, 3)));
    assertFalse(a.mayContain(big));
    BloomFilter b = new BloomFilter(BloomFilterSizing.TABLET);
    b.addHash(KuduCityHash64.hash64(new byte[] {'k', 'e', 'y'}));
    assertArrayEquals(a.bitmap(), b.bitmap());
  }

  @Test
  void clearEmptiesTheFilter() {
    BloomFilter f = new BloomFilter(BloomFilterSizing.TABLET);
    f.add(new byte[] {1});
    f.add(new byte[] {2});
    assertEquals(2, f.count());
    f.clear();
    assertEquals(0, f.count());
    assertArrayEquals(new byte[4096], f.bitmap());
    assertFalse(f.mayContain(new byte[] {1}));
  }

  /** The block layout of 10.1: hdr_len 2, header 08 0d, then the bitmap; and back. */
  @Test
  void blockRoundTrip() throws MalformedInputException {
    BloomFilter f = new BloomFilter(BloomFilterSizing.TABLET);
    f.add(new byte[] {(byte) 0x80, 0, 0, 1});
    byte[] block = f.toBlock();
    assertEquals(4102, block.length);
    assertEquals(block.length, f.blockLength());
    assertArrayEquals(new byte[] {2, 0, 0, 0, 8, 13}, Arrays.copyOf(block, 6));
    assertArrayEquals(f.bitmap(), Arrays.copyOfRange(block, 6, block.length));

    byte[] padded = new byte[block.length + 7];
    System.arraycopy(block, 0, padded, 3, block.length);
    BloomFilter g = BloomFilter.fromBlock(padded, 3, block.length);
    assertEquals(13, g.numHashes());
    assertEquals(4096, g.numBytes());
    assertEquals(0, g.count());
    assertFalse(g.isFull());
    assertArrayEquals(f.bitmap(), g.bitmap());
    assertTrue(g.mayContain(new byte[] {(byte) 0x80, 0, 0, 1}));
    assertArrayEquals(block, g.toBlock());
  }

  @Test
  void malformedBlocksRejected() {
    bad(new byte[] {2, 0, 0}, "no room");
    bad(new byte[] {5, 0, 0, 0, 8, 13, 0}, "header length 5");
    bad(new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 8, 13}, "4294967295");
    bad(new byte[] {0, 0, 0, 0, 0}, "BloomBlockHeaderPB"); // required field missing
    bad(new byte[] {2, 0, 0, 0, 8, 0, 0}, "0 hash functions");
    bad(new byte[] {6, 0, 0, 0, 8, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 7, 0},
        "2147483647 hash functions");
    byte[] minusOne = new byte[4 + 11 + 1];
    minusOne[0] = 11;
    minusOne[4] = 8;
    Arrays.fill(minusOne, 5, 14, (byte) 0xff);
    minusOne[14] = 1;
    bad(minusOne, "-1 hash functions");
    bad(new byte[] {3, 0, 0, 0, 8, (byte) 0x81, 0x10, 0}, "2049 hash functions");
    bad(new byte[] {2, 0, 0, 0, 8, 13}, "bitmap of 0 bytes");
    bad(new byte[] {2, 0, 0, 0, 8, (byte) 0x80, 0}, "BloomBlockHeaderPB"); // truncated varint
  }

  private static void bad(byte[] block, String why) {
    MalformedInputException e = assertThrows(MalformedInputException.class,
        () -> BloomFilter.fromBlock(block, 0, block.length));
    assertTrue(e.getMessage().contains(why), e.getMessage());
  }

  /** Random damage to a block's header gives a filter or MalformedInputException, nothing else. */
  @Test
  void damagedHeadersNeverThrowAnythingElse() {
    Random r = TestSeed.random("damagedHeadersNeverThrowAnythingElse", 0);
    BloomFilter f = new BloomFilter(new BloomFilterSizing(64, 30));
    f.add(new byte[] {1, 2, 3});
    byte[] good = f.toBlock();
    for (int i = 0; i < 20_000; i++) {
      byte[] b = good.clone();
      int flips = 1 + r.nextInt(3);
      for (int j = 0; j < flips; j++) {
        b[r.nextInt(Math.min(b.length, 12))] = (byte) r.nextInt(256);
      }
      int len = r.nextInt(8) == 0 ? r.nextInt(b.length + 1) : b.length;
      try {
        BloomFilter g = BloomFilter.fromBlock(b, 0, len);
        assertTrue(g.numHashes() >= 1 && g.numHashes() <= BloomFilter.MAX_HASHES);
        g.mayContain(new byte[] {1, 2, 3});
      } catch (MalformedInputException expected) {
        assertTrue(expected.offset() >= 0 && expected.offset() <= len, TestSeed.replay());
      }
    }
  }
}
