package io.colfile.kudu.block;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.encoding.Endian;
import io.colfile.core.error.MalformedInputException;
import io.colfile.testkit.Hex;
import io.colfile.testkit.TestSeed;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link RleDecoder}: the stream forms Kudu writes (partial last literal runs, multi-byte repeat
 * counts), sign extension, skipping with and without counting, and every kind of malformed
 * stream rejected with {@link MalformedInputException} at the right offset.
 */
@ExtendWith(TestSeed.class)
class RleDecoderTest {
  @Test
  void partialLastLiteralRunReadsOnlyWhatIsThere() throws MalformedInputException {
    // Five INT32 literals under an indicator of one group: 20 bytes of values, not 32.
    byte[] s = Hex.bytes("03 01 00 00 00 02 00 00 00 03 00 00 00 04 00 00 00 05 00 00 00");
    RleDecoder d = new RleDecoder(s, 0, s.length, 32);
    long[] v = new long[5];
    d.read(v, 0, 5);
    assertThat(v).containsExactly(1, 2, 3, 4, 5);
    assertThatThrownBy(d::next).isInstanceOf(MalformedInputException.class)
        .hasMessageContaining("fewer values");
  }

  @Test
  void partialBitmapGroupPaddingBitsAreZeros() throws MalformedInputException {
    byte[] s = Hex.bytes("03 1b");
    RleDecoder d = new RleDecoder(s, 0, s.length, 1);
    long[] v = new long[8];
    d.read(v, 0, 8);
    assertThat(v).containsExactly(1, 1, 0, 1, 1, 0, 0, 0);
    assertThatThrownBy(d::next).isInstanceOf(MalformedInputException.class)
        .satisfies(e -> assertThat(((MalformedInputException) e).offset()).isEqualTo(2));
  }

  @Test
  void repeatCountsOfSeveralVarintBytes() throws MalformedInputException {
    // 100 (c8 01), then 20000 (c0 b8 02), then 2^30 - 1 (fe ff ff ff 07) repeats.
    byte[] s = Hex.bytes("c8 01 01 | c0 b8 02 00 | fe ff ff ff 07 01");
    RleDecoder d = new RleDecoder(s, 0, s.length, 1);
    assertThat(d.skipCountingNonZero(100)).isEqualTo(100);
    assertThat(d.skipCountingNonZero(20000)).isZero();
    assertThat(d.skipCountingNonZero((1L << 30) - 1)).isEqualTo((1L << 30) - 1);
    assertThat(d.position()).isEqualTo(100 + 20000 + (1L << 30) - 1);
  }

  @ParameterizedTest
  @CsvSource({
    "8,  03 ff 80 7f,         -1, -128, 127",
    "16, 03 ff ff 00 80 ff 7f, -1, -32768, 32767",
    "12, 03 ff 0f 80 00 00,   -1, -2048, 0",
    "32, 06 ff ff ff ff,      -1, -1, -1"})
  void signExtensionFromTheBitWidth(int bw, String hex, long a, long b, long c)
      throws MalformedInputException {
    byte[] s = Hex.bytes(hex);
    long[] signed = new long[3];
    new RleDecoder(s, 0, s.length, bw, true).read(signed, 0, 3);
    assertThat(signed).containsExactly(a, b, c);
    long[] unsigned = new long[3];
    new RleDecoder(s, 0, s.length, bw).read(unsigned, 0, 3);
    long mask = (1L << bw) - 1;
    assertThat(unsigned).containsExactly(a & mask, b & mask, c & mask);
    byte[] cells = new byte[24];
    new RleDecoder(s, 0, s.length, bw, true).readCells(cells, 0, 3, 8);
    assertThat(new long[] {Endian.getLongLE(cells, 0), Endian.getLongLE(cells, 8),
        Endian.getLongLE(cells, 16)}).containsExactly(a, b, c);
  }

  @Test
  void sixtyFourBitValuesSpanNineBytesWhenUnaligned() throws MalformedInputException {
    RleEncoder enc = new RleEncoder(64);
    long[] v = {Long.MIN_VALUE, -1, 0x0123456789ABCDEFL, Long.MAX_VALUE, 1};
    for (long x : v) {
      enc.put(x);
    }
    byte[] s = enc.finish();
    long[] back = new long[v.length];
    new RleDecoder(s, 0, s.length, 64, true).read(back, 0, v.length);
    assertThat(back).containsExactly(v);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "empty stream,                         '',                  1, 0",
    "indicator longer than 5 bytes,        ff ff ff ff ff 01,   1, 0",
    "indicator past int32,                 fe ff ff ff 0f 01,   1, 0",
    "indicator cut off,                    03 01 02 03 04 05 06 07 08 80, 8, 9",
    "repeated run of zero,                 00 01,               1, 0",
    "literal run of zero groups,           01 ff,               1, 0",
    "repeated value cut off,               10 01 00,            32, 0",
    "repeated value wider than bit width,  10 02,               1, 0",
    "repeated value wider than 12 bits,    10 00 10,            12, 0",
    "literal values past the end,          05 01 02 03,         8, 0",
    "second run missing,                   10 01,               1, 2"})
  void malformedStreams(String what, String hex, int bw, long offset) {
    byte[] s = Hex.bytes(hex);
    RleDecoder d = new RleDecoder(s, 0, s.length, bw);
    assertThatThrownBy(() -> d.skip(9)).as(what)
        .isInstanceOfSatisfying(MalformedInputException.class,
            e -> assertThat(e.offset()).as(what).isEqualTo(offset));
    RleDecoder again = new RleDecoder(s, 0, s.length, bw);
    assertThatThrownBy(() -> again.read(new long[9], 0, 9)).as(what)
        .isInstanceOf(MalformedInputException.class);
  }

  @Test
  void offsetsAreRelativeToTheStreamStart() {
    byte[] s = Hex.bytes("aa bb cc 10 01 00 00");
    RleDecoder d = new RleDecoder(s, 3, 4, 1);
    assertThatThrownBy(() -> d.skip(9)).isInstanceOfSatisfying(MalformedInputException.class,
        e -> assertThat(e.offset()).isEqualTo(2));
  }

  @Test
  void cellReadsMatchValueReads() throws MalformedInputException {
    for (int c = 0; c < 100; c++) {
      Random r = TestSeed.random("rleCells", c);
      int width = new int[] {1, 2, 4, 8}[c % 4];
      int bw = c % 8 == 0 ? 1 : 8 * width;
      long[] values = RleSequences.mask(RleSequences.random(r, bw, r.nextInt(1500)), bw);
      RleEncoder enc = new RleEncoder(bw);
      for (long v : values) {
        enc.put(v);
      }
      byte[] s = enc.finish();
      RleDecoder d = new RleDecoder(s, 0, s.length, bw);
      byte[] cells = new byte[values.length * width + 1];
      for (int at = 0; at < values.length; ) {
        int k = 1 + r.nextInt(Math.min(values.length - at, 90));
        d.readCells(cells, 1 + at * width, k, width);
        at += k;
      }
      for (int i = 0; i < values.length; i++) {
        assertThat(Bytes.getCell(cells, 1 + i * width, width, false))
            .as("value %d of case %d, %s", i, c, TestSeed.replay())
            .isEqualTo(width == 8 ? values[i] : values[i] & ((1L << 8 * width) - 1));
      }
      assertThat(cells[0]).isZero();
    }
  }

  /**
   * Runs are filled a word at a time and may write past their own cells, but never past the
   * cells a call was asked for: after each call the bytes behind its region are untouched, for
   * every cell width, bit widths that take the word fill, the copy and the bit-by-bit paths, and
   * runs (of up to 900 values, several-byte indicators) that cross the calls' boundaries.
   */
  @Test
  void cellReadsWriteNothingPastTheirCells() throws MalformedInputException {
    for (int c = 0; c < 200; c++) {
      Random r = TestSeed.random("rleRegion", c);
      int width = new int[] {1, 2, 4, 8}[c % 4];
      int bw = switch (c / 4 % 3) {
        case 0 -> 8 * width;
        case 1 -> width == 1 ? 1 : 8 * width - 3;
        default -> 1 + r.nextInt(8 * width);
      };
      long[] values = RleSequences.mask(RleSequences.random(r, bw, 1 + r.nextInt(3000)), bw);
      RleEncoder enc = new RleEncoder(bw);
      for (long v : values) {
        enc.put(v);
      }
      byte[] s = enc.finish();
      RleDecoder d = new RleDecoder(s, 0, s.length, bw);
      byte[] cells = new byte[3 + values.length * width + 16];
      java.util.Arrays.fill(cells, (byte) 0x5A);
      String what = "case " + c + " (width " + width + ", bit width " + bw + "), "
          + TestSeed.replay();
      for (int at = 0; at < values.length; ) {
        int k = 1 + r.nextInt(Math.min(values.length - at, r.nextBoolean() ? 9 : 120));
        d.readCells(cells, 3 + at * width, k, width);
        at += k;
        int end = 3 + at * width;
        // A word fill reaches at most seven bytes past a run: look at the next sixteen.
        for (int b = end; b < end + 16; b++) {
          if (cells[b] != 0x5A) {
            assertThat(cells[b]).as("byte %d after reading %d values, %s", b, at, what)
                .isEqualTo((byte) 0x5A);
          }
        }
      }
      for (int i = 0; i < values.length; i++) {
        assertThat(Bytes.getCell(cells, 3 + i * width, width, false))
            .as("value %d, %s", i, what).isEqualTo(values[i]);
      }
      assertThat(java.util.Arrays.copyOfRange(cells, 0, 3)).containsOnly((byte) 0x5A);
    }
  }

  @Test
  void skippingMatchesReadingAndCountsNonZeroValues() throws MalformedInputException {
    for (int c = 0; c < 300; c++) {
      Random r = TestSeed.random("rleSkip", c);
      int bw = c % 3 == 0 ? 1 : 1 + r.nextInt(64);
      long[] values = RleSequences.mask(RleSequences.random(r, bw, 1 + r.nextInt(2000)), bw);
      RleEncoder enc = new RleEncoder(bw);
      for (long v : values) {
        enc.put(v);
      }
      byte[] s = enc.finish();
      RleDecoder d = new RleDecoder(s, 0, s.length, bw);
      int at = 0;
      String what = "case " + c + ", " + TestSeed.replay();
      while (at < values.length) {
        int k = 1 + r.nextInt(Math.min(values.length - at, 150));
        if (r.nextBoolean()) {
          long nonZero = 0;
          for (int i = at; i < at + k; i++) {
            nonZero += values[i] != 0 ? 1 : 0;
          }
          assertThat(d.skipCountingNonZero(k)).as(what).isEqualTo(nonZero);
        } else if (r.nextBoolean()) {
          d.skip(k);
        } else {
          long[] got = new long[k];
          d.read(got, 0, k);
          for (int i = 0; i < k; i++) {
            assertThat(got[i]).as("value %d, %s", at + i, what).isEqualTo(values[at + i]);
          }
        }
        at += k;
        assertThat(d.position()).isEqualTo(at);
      }
      d.rewind();
      assertThat(d.next()).as(what).isEqualTo(values[0]);
    }
  }
}
