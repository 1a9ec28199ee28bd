package io.colfile.kudu.block;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.encoding.Endian;
import io.colfile.testkit.Hex;
import io.colfile.testkit.TestSeed;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The word-wise transposition of {@link BitShuffle} against a bit-at-a-time transcription of
 * cfile.md section 6.4.2's definition, for every element size and sub-block sizes around the
 * 64-element stride of its fast path.
 */
@ExtendWith(TestSeed.class)
class BitShuffleTest {
  /** Row 8j + b, byte i / 8, bit i % 8 holds bit b of byte j of element i: the definition. */
  static byte[] naiveShuffle(byte[] elems, int n, int es) {
    byte[] rows = new byte[n * es];
    int m = n / 8;
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < es; j++) {
        for (int b = 0; b < 8; b++) {
          int bit = elems[i * es + j] >> b & 1;
          rows[(8 * j + b) * m + i / 8] |= (byte) (bit << (i % 8));
        }
      }
    }
    return rows;
  }

  @Test
  void subBlockSizes() {
    assertThat(BitShuffle.subBlockElements(1)).isEqualTo(8192);
    assertThat(BitShuffle.subBlockElements(2)).isEqualTo(4096);
    assertThat(BitShuffle.subBlockElements(4)).isEqualTo(2048);
    assertThat(BitShuffle.subBlockElements(8)).isEqualTo(1024);
    assertThat(BitShuffle.subBlockElements(16)).isEqualTo(512);
  }

  @Test
  void transpose8MovesBit8rPlusCTo8cPlusR() {
    for (int r = 0; r < 8; r++) {
      for (int c = 0; c < 8; c++) {
        assertThat(BitShuffle.transpose8(1L << (8 * r + c))).isEqualTo(1L << (8 * c + r));
      }
    }
  }

  @Test
  void workedExampleOfSection642() {
    byte[] elems = new byte[32];
    for (int i = 0; i < 8; i++) {
      Endian.putIntLE(elems, 4 * i, i + 1);
    }
    byte[] rows = new byte[32];
    BitShuffle.shuffle(elems, 0, rows, 0, 8, 4);
    assertThat(Hex.of(rows)).isEqualTo(Hex.of(Hex.bytes("55 66 78 80" + " 00".repeat(28))));
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 4, 8, 16})
  void matchesTheDefinitionBothWays(int es) {
    for (int n : new int[] {8, 16, 56, 64, 72, 120, 128, 136, 504, 512, 520, 2048, 8192}) {
      if (n * es > 8192) {
        continue;
      }
      Random r = TestSeed.random("shuffle" + es, n);
      byte[] elems = new byte[n * es + 6];
      r.nextBytes(elems);
      byte[] expected = naiveShuffle(java.util.Arrays.copyOfRange(elems, 3, 3 + n * es), n, es);
      byte[] rows = new byte[n * es + 10];
      BitShuffle.shuffle(elems, 3, rows, 5, n, es);
      assertThat(java.util.Arrays.copyOfRange(rows, 5, 5 + n * es))
          .as("n %d es %d, %s", n, es, TestSeed.replay()).isEqualTo(expected);
      assertThat(java.util.Arrays.copyOfRange(rows, 0, 5)).containsOnly(0);
      assertThat(java.util.Arrays.copyOfRange(rows, 5 + n * es, rows.length)).containsOnly(0);

      byte[] back = new byte[n * es + 4];
      BitShuffle.unshuffle(rows, 5, back, 2, n, es, new byte[n * es]);
      assertThat(java.util.Arrays.copyOfRange(back, 2, 2 + n * es))
          .as("n %d es %d, %s", n, es, TestSeed.replay())
          .isEqualTo(java.util.Arrays.copyOfRange(elems, 3, 3 + n * es));
      assertThat(back[0]).isZero();
      assertThat(back[back.length - 1]).isZero();
    }
  }

  /**
   * Small numbers leave whole byte planes zero, which the unshuffle skips (and for 8-byte
   * elements below 2^16 or 2^32 swaps fewer words): every significant width from none to all
   * bytes, the width changing between 64-element groups or fixed for the sub-block, with sizes
   * around the 64-element stride.
   */
  @ParameterizedTest
  @ValueSource(ints = {2, 4, 8, 16})
  void smallNumbersWithZeroPlanesRoundTrip(int es) {
    for (int n : new int[] {64, 72, 128, 192, 200, 512, 1024}) {
      if (n * es > 8192) {
        continue;
      }
      for (int width = -1; width <= es; width++) {
        Random r = TestSeed.random("small" + es + "/" + n, width);
        byte[] elems = new byte[n * es];
        for (int i = 0; i < n; i++) {
          // width -1: a width per 64-element group; otherwise that many low bytes, the top one
          // sometimes zero too
          int w = width >= 0 ? width : new Random(es * 1000L + i / 64).nextInt(es + 1);
          for (int j = 0; j < w; j++) {
            elems[i * es + j] = (byte) r.nextInt(j == w - 1 ? 3 : 256);
          }
        }
        byte[] rows = naiveShuffle(elems, n, es);
        byte[] back = new byte[n * es];
        BitShuffle.unshuffle(rows, 0, back, 0, n, es, new byte[n * es]);
        assertThat(back).as("n %d es %d width %d, %s", n, es, width, TestSeed.replay())
            .isEqualTo(elems);
      }
    }
  }
}
