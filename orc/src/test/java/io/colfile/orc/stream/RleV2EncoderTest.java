package io.colfile.orc.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.codec.CompressionCodec;
import io.colfile.testkit.Hex;
import io.colfile.testkit.TestSeed;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * RLE v2 encoder: every byte vector of orc.md section 6.5 (orc-core 2.1.1's output), aligned and
 * unaligned, then seeded sequences of every shape round-tripped through {@link RleV2Decoder},
 * with positions replayed through its seek, over raw and tiny compressed chunks.
 */
@Timeout(60)
@ExtendWith(TestSeed.class)
class RleV2EncoderTest {

  static String encode(boolean signed, boolean aligned, long... values) {
    OrcOutputStream out = new OrcOutputStream(null, 0);
    RleV2Encoder e = new RleV2Encoder(out, signed, aligned);
    for (long v : values) {
      e.write(v);
    }
    e.flush();
    return Hex.of(out.toByteArray());
  }

  /** Vectors whose bytes are the same with aligned and unaligned bit packing. */
  private static void both(String hex, boolean signed, long... values) {
    assertThat(encode(signed, true, values)).as("aligned").isEqualTo(hex);
    assertThat(encode(signed, false, values)).as("unaligned").isEqualTo(hex);
  }

  @Test
  void shortRepeat() {
    both("0a 27 10", false, 10000, 10000, 10000, 10000, 10000);
  }

  @Test
  void direct() {
    both("5e 03 5c a1 ab 1e de ad be ef", false, 23713, 43806, 57005, 48879);
  }

  @Test
  void directAlignedAndUnalignedWidths() {
    assertThat(encode(false, false, 5, 1, 6, 2, 7, 3)).isEqualTo("44 05 a7 2e c0");
    assertThat(encode(false, true, 5, 1, 6, 2, 7, 3)).isEqualTo("46 05 51 62 73");
  }

  @Test
  void patchedBase() {
    long[] v = new long[20];
    v[0] = 2030;
    v[1] = 2000;
    v[2] = 2020;
    v[3] = 1000000;
    for (int i = 4; i < 20; i++) {
      v[i] = 2040 + 10 * (i - 4);
    }
    both("8e 13 2b 21 07 d0 1e 00 14 70 28 32 3c 46 50 5a 64 6e 78 82 8c 96 a0 aa b4 be fc e8",
        false, v);
  }

  @Test
  void delta() {
    long[] primes = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29};
    assertThat(encode(false, true, primes)).isEqualTo("c6 09 02 02 22 42 42 46");
    assertThat(encode(false, false, primes)).isEqualTo("c4 09 02 02 4a 28 a6");
    both("c0 13 07 00", false, LongStream.generate(() -> 7).limit(20).toArray());
    both("c0 09 02 02", true, LongStream.rangeClosed(1, 10).toArray());
    both("c1 ff 00 02 c0 57 80 04 02", false, LongStream.range(0, 600).toArray());
  }

  @Test
  void verifiedExtraOutputs() {
    // all widths here are aligned ones, so unaligned packing gives the same bytes
    both("00 05 42 02 6c", false, 5, 5, 5, 1, 2, 3);
    both("42 01 60 00 03", false, 1, 2, 3, 3, 3);
    both("c2 03 01 02 b0", false, 1, 2, 4, 7);
    both("7e 03 ff ff ff ff ff ff ff ff ff ff ff ff ff ff ff fe"
        + " 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 02",
        true, Long.MIN_VALUE, Long.MAX_VALUE, 0, 1);
  }

  @Test
  void patchedBaseWithASplitGap() {
    // 300 small values with outliers at 0 and 299: gap 299 = 255 + 44, so PLL = 3
    long[] v = IntSequences.withOutliers(300, 16, 1 << 20, 0, 299);
    String hex = encode(false, true, v);
    assertThat(hex).startsWith("87 2b 10 e3 00");
    assertThat(encode(false, false, v)).isEqualTo(hex);
    OrcOutputStream out = new OrcOutputStream(null, 0);
    RleV2Encoder e = new RleV2Encoder(out, false, true);
    e.write(v, 0, v.length);
    e.flush();
    assertThat(e.runCounts()).containsExactly(0, 0, 1, 0);
  }

  @Test
  void emptyAndSingleValues() {
    assertThat(encode(false, true)).isEmpty();
    assertThat(encode(false, true, 0)).isEqualTo("40 00 00"); // DIRECT, 1 bit, 1 value
    assertThat(encode(true, true, -1)).isEqualTo("40 00 80");
    assertThat(encode(true, true, 3, 3)).isEqualTo("46 01 66"); // two repeats: DIRECT, zigzag 6
  }

  @Test
  void negativeValuesOfUnsignedStreamsAreRejected() {
    RleV2Encoder e = new RleV2Encoder(new OrcOutputStream(null, 0), false, true);
    e.write(1);
    assertThatThrownBy(() -> e.write(-5)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("-5");
    assertThatThrownBy(() -> e.write(new long[] {1, Long.MIN_VALUE}, 0, 2))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(Long.toString(Long.MIN_VALUE));
  }

  @ParameterizedTest(name = "signed={0} aligned={1}")
  @CsvSource({"false,false", "false,true", "true,false", "true,true"})
  void seededSequencesRoundTripAndUseEverySubEncoding(boolean signed, boolean aligned)
      throws Exception {
    Random random = TestSeed.random("rleV2Encoder" + signed + aligned, 0);
    long[] runs = new long[4];
    for (int round = 0; round < 30; round++) {
      long[] values = IntSequences.mixed(random, random.nextInt(4) == 0
          ? random.nextInt(20) : random.nextInt(6000), signed);
      WrittenStream stream = WrittenStream.random(random);
      RleV2Encoder[] encoder = new RleV2Encoder[1];
      IntegerEncoderChecks.roundTrip(values, stream, out -> encoder[0] =
          new RleV2Encoder(out, signed, aligned), signed, true, random, "round " + round);
      long[] counts = encoder[0].runCounts();
      for (int k = 0; k < 4; k++) {
        runs[k] += counts[k];
      }
    }
    assertThat(java.util.Arrays.stream(runs).min().getAsLong())
        .as("fewest runs of a sub-encoding in %s, %s", java.util.Arrays.toString(runs),
            TestSeed.replay()).isPositive();
  }

  @Test
  void patchedBaseOverEveryShapeOfOutlier() throws Exception {
    Random random = TestSeed.random("rleV2Patched", 0);
    for (int round = 0; round < 40; round++) {
      boolean signed = random.nextBoolean();
      long[] values = IntSequences.segment(random, IntSequences.Shape.OUTLIERS,
          4 + random.nextInt(1500), signed);
      WrittenStream stream = WrittenStream.random(random);
      RleV2Encoder[] encoder = new RleV2Encoder[1];
      IntegerEncoderChecks.roundTrip(values, stream, out -> encoder[0] =
          new RleV2Encoder(out, signed, random.nextBoolean()), signed, true, random,
          "outliers " + round);
    }
  }

  @Test
  void recordsStreamPositionThenBufferedValues() throws Exception {
    WrittenStream s = new WrittenStream(CompressionCodec.ZLIB, 1000);
    RleV2Encoder e = new RleV2Encoder(s.out, true, true);
    PositionList p = new PositionList();
    e.checkpoint().appendTo(p, true);
    for (int i = 0; i < 7; i++) {
      e.write(i * i);
    }
    e.checkpoint().appendTo(p, true);
    assertThat(p.toArray()).containsExactly(0, 0, 0, 0, 0, 7);
    assertThat(e.estimateMemory()).isEqualTo(s.out.bufferedSize());
  }
}
