package io.colfile.orc.stream;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.testkit.TestSeed;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Every RLE v2 width, every count up to 70 and a full run, and every width up to 56 (the
 * generated eight-value steps and the tail after them) at random counts, against the test
 * packer.
 */
@ExtendWith(TestSeed.class)
class BitUnpackerTest {

  @Test
  void unpacksWhatThePackerPacked() {
    Random random = TestSeed.random("bitUnpacker", 0);
    for (int width : RleV2Decoder.WIDTHS) {
      for (int n = 0; n <= 72; n++) {
        check(random, width, n == 72 ? 512 : n);
      }
    }
  }

  private static void check(Random random, int width, int n) {
    long[] values = new long[n];
    for (int i = 0; i < n; i++) {
      long v = random.nextLong();
      values[i] = width == 64 ? v : v & ((1L << width) - 1);
      if (random.nextInt(8) == 0) { // all ones at this width
        values[i] = width == 64 ? -1 : (1L << width) - 1;
      }
    }
    ByteWriter w = new ByteWriter();
    int junk = random.nextInt(3);
    for (int i = 0; i < junk; i++) {
      w.write(0xa5);
    }
    w.pack(values, 0, n, width);
    assertThat(w.size() - junk).isEqualTo(BitUnpacker.blockBytes(n, width));
    byte[] src = w.toByteArray(); // exactly the block: any overread would throw
    long[] out = new long[n + 2];
    Arrays.fill(out, 77);
    BitUnpacker.unpack(src, junk, out, 1, n, width);
    assertThat(Arrays.copyOfRange(out, 1, n + 1)).as("width %d, n %d, %s", width, n,
        TestSeed.replay()).containsExactly(values);
    assertThat(out[0]).isEqualTo(77);
    assertThat(out[n + 1]).isEqualTo(77);
  }

  @Test
  void everyWidthAtRandomCountsAcrossTheEightValueSteps() {
    Random random = TestSeed.random("bitUnpackerWide", 0);
    for (int width = 1; width <= 64; width++) {
      if (width > 56 && width < 64) {
        continue; // no RLE v2 width: unpack refuses them
      }
      for (int round = 0; round < 40; round++) {
        // small counts end inside the first steps; large ones leave tails of every length
        int n = round < 16 ? round : 16 + random.nextInt(512 - 15);
        check(random, width, n);
      }
    }
  }

  @Test
  void closestFixedBitsMatchesTheSpecTable() {
    int[][] table = {{0, 1}, {1, 1}, {24, 24}, {25, 26}, {26, 26}, {27, 28}, {29, 30}, {31, 32},
        {32, 32}, {33, 40}, {40, 40}, {41, 48}, {49, 56}, {57, 64}, {64, 64}};
    for (int[] row : table) {
      assertThat(RleV2Decoder.closestFixedBits(row[0])).as("%d bits", row[0]).isEqualTo(row[1]);
    }
  }
}
