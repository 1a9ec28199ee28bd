package io.colfile.kudu.block;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.error.MalformedInputException;
import io.colfile.testkit.Hex;
import io.colfile.testkit.TestSeed;
import java.io.ByteArrayOutputStream;
import java.util.Random;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link RleEncoder} produces Kudu's bytes: every vector of cfile.md section 6.3.3 (made by
 * Kudu's own compiled encoder) and the consequences of its state machine listed there; then, on
 * random sequences, that the stream decodes back and keeps the invariants of Kudu's streams.
 */
@ExtendWith(TestSeed.class)
class RleEncoderTest {
  static Stream<Arguments> specVectors() {
    return Stream.of(
        Arguments.of("100 x true, 100 x false", 1,
            concat(LongStream.generate(() -> 1).limit(100), LongStream.generate(() -> 0)
                .limit(100)), "c8 01 01 c8 01 00"),
        Arguments.of("20 alternating", 1, LongStream.range(0, 20).map(i -> i & 1).toArray(),
            "07 aa aa 0a"),
        Arguments.of("1,1,0,1,1", 1, new long[] {1, 1, 0, 1, 1}, "03 1b"),
        Arguments.of("1 x 10 then 0,1,0", 1,
            concat(LongStream.generate(() -> 1).limit(10), LongStream.of(0, 1, 0)),
            "14 01 03 02"),
        Arguments.of("1,1,1", 1, new long[] {1, 1, 1}, "06 01"),
        Arguments.of("0,0,1", 1, new long[] {0, 0, 1}, "03 04"),
        Arguments.of("INT32 1..5", 32, new long[] {1, 2, 3, 4, 5},
            "03 01 00 00 00 02 00 00 00 03 00 00 00 04 00 00 00 05 00 00 00"),
        Arguments.of("INT32 7 x 10", 32, LongStream.generate(() -> 7).limit(10).toArray(),
            "14 07 00 00 00"),
        Arguments.of("INT32 -1,-1,2", 32, new long[] {-1, -1, 2},
            "03 ff ff ff ff ff ff ff ff 02 00 00 00"),
        Arguments.of("INT32 1..8 then 4 x 9", 32,
            concat(LongStream.rangeClosed(1, 8), LongStream.generate(() -> 4).limit(9)),
            "03" + le32(LongStream.rangeClosed(1, 8)) + "12 04 00 00 00"),
        Arguments.of("INT16 300 x 10", 16, LongStream.generate(() -> 300).limit(10).toArray(),
            "14 2c 01"),
        Arguments.of("INT32 0..599", 32, LongStream.range(0, 600).toArray(),
            "7f" + le32(LongStream.range(0, 504)) + "19" + le32(LongStream.range(504, 600))),
        // Section 6.3.3's consequences: equal values become a repeated run only when eight
        // of them start a group, so 5,5,5 then ten 9s is one literal run of 13 values...
        Arguments.of("5,5,5 then 9 x 10", 8,
            concat(LongStream.of(5, 5, 5), LongStream.generate(() -> 9).limit(10)),
            "05 05 05 05 09 09 09 09 09 09 09 09 09 09"),
        // ...while a group-aligned run of 8 closes the literal run before it.
        Arguments.of("1..8 then 9 x 8", 8,
            concat(LongStream.rangeClosed(1, 8), LongStream.generate(() -> 9).limit(8)),
            "03 01 02 03 04 05 06 07 08 10 09"),
        // Repeat counting restarts after every literal group: eight 7s across a group
        // boundary stay literals.
        Arguments.of("1..4 then 7 x 8", 8,
            concat(LongStream.rangeClosed(1, 4), LongStream.generate(() -> 7).limit(8)),
            "05 01 02 03 04 07 07 07 07 07 07 07 07"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("specVectors")
  void specVector(String name, int bitWidth, long[] values, String expected)
      throws MalformedInputException {
    RleEncoder enc = new RleEncoder(bitWidth);
    for (long v : values) {
      enc.put(v);
    }
    byte[] stream = enc.finish();
    assertThat(Hex.of(stream)).isEqualTo(Hex.of(Hex.bytes(expected)));

    long[] decoded = new long[values.length];
    new RleDecoder(stream, 0, stream.length, bitWidth, bitWidth > 1)
        .read(decoded, 0, values.length);
    long[] expectedValues = values.clone();
    for (int i = 0; i < values.length; i++) {
      expectedValues[i] = bitWidth == 1 ? values[i] : values[i] << (64 - bitWidth)
          >> (64 - bitWidth);
    }
    assertThat(decoded).containsExactly(expectedValues);
  }

  @Test
  void lengthCountsWrittenBytesButNotBufferedValues() {
    RleEncoder enc = new RleEncoder(8);
    for (int i = 1; i <= 7; i++) {
      enc.put(i);
    }
    assertThat(enc.length()).isZero();
    enc.put(8);
    assertThat(enc.length()).isEqualTo(9); // reserved indicator and one group
    for (int i = 0; i < 20; i++) {
      enc.put(0);
    }
    // The literal run was closed by the eight 0s on a group boundary; the run itself waits.
    assertThat(enc.length()).isEqualTo(9);
    enc.put(1);
    assertThat(enc.length()).isEqualTo(9 + 2);
  }

  @Test
  void reusableAfterFinishAndReset() {
    RleEncoder enc = new RleEncoder(16);
    enc.put(3);
    enc.put(-2);
    byte[] first = enc.finish();
    enc.put(3);
    enc.put(-2);
    assertThat(enc.finish()).isEqualTo(first);
    enc.put(99);
    enc.reset();
    enc.put(3);
    enc.put(-2);
    assertThat(enc.finish()).isEqualTo(first);
    assertThat(enc.finish()).isEmpty();
  }

  @Test
  void putTimesWritesWhatSeparatePutsWrite() {
    for (int c = 0; c < 200; c++) {
      Random r = TestSeed.random("putTimes", c);
      int bw = 1 + r.nextInt(64);
      RleEncoder one = new RleEncoder(bw);
      RleEncoder many = new RleEncoder(bw);
      for (int run = 0; run < 30; run++) {
        long v = r.nextInt(3) - 1;
        int times = r.nextInt(4) == 0 ? r.nextInt(40) : r.nextInt(5);
        many.put(v, times);
        for (int i = 0; i < times; i++) {
          one.put(v);
        }
      }
      assertThat(many.finish()).as("case %d, %s", c, TestSeed.replay()).isEqualTo(one.finish());
    }
  }

  @Test
  void runsLongerThanKuduCanCountAreSplit() throws MalformedInputException {
    RleEncoder enc = new RleEncoder(8);
    long n = 3 * RleEncoder.MAX_REPEAT + 5;
    enc.put(7, n);
    byte[] stream = enc.finish();
    // Three full runs (indicator 2^31 - 2, five bytes) and the five left over.
    assertThat(Hex.of(stream)).isEqualTo(Hex.of(Hex.bytes(
        "fe ff ff ff 07 07 fe ff ff ff 07 07 fe ff ff ff 07 07 0a 07")));
    RleDecoder dec = new RleDecoder(stream, 0, stream.length, 8);
    assertThat(dec.skipCountingNonZero(n)).isEqualTo(n);
  }

  @Test
  void randomSequencesDecodeAndKeepKuduInvariants() throws MalformedInputException {
    for (int c = 0; c < 400; c++) {
      Random r = TestSeed.random("rleRandom", c);
      int bw = switch (c % 5) {
        case 0 -> 1;
        case 1 -> 8;
        case 2 -> 32;
        case 3 -> 64;
        default -> 1 + r.nextInt(64);
      };
      long[] values = RleSequences.random(r, bw, r.nextInt(1300));
      RleEncoder enc = new RleEncoder(bw);
      for (long v : values) {
        enc.put(v);
      }
      byte[] stream = enc.finish();
      String what = "case " + c + " bw " + bw + ", " + TestSeed.replay();
      long[] back = new long[values.length];
      new RleDecoder(stream, 0, stream.length, bw).read(back, 0, back.length);
      assertThat(back).as(what).containsExactly(RleSequences.mask(values, bw));
      RleSequences.checkKuduShape(stream, bw, values.length, what);
    }
  }

  private static long[] concat(LongStream a, LongStream b) {
    return LongStream.concat(a, b).toArray();
  }

  private static String le32(LongStream values) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    values.forEach(v -> {
      for (int i = 0; i < 4; i++) {
        out.write((int) (v >>> 8 * i));
      }
    });
    return Hex.of(out.toByteArray());
  }
}
