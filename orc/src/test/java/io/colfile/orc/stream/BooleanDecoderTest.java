package io.colfile.orc.stream;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.error.CorruptFileException;
import io.colfile.testkit.TestSeed;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

@Timeout(60)
@ExtendWith(TestSeed.class)
class BooleanDecoderTest {

  @Test
  void specExample() throws Exception {
    // byte RLE [0xff, 0x80]: one literal byte 0x80 = true then seven false
    long[] out = new long[8];
    new BooleanDecoder(FramedStream.hex("ff 80")).next(out, 0, 8);
    assertThat(out).containsExactly(1, 0, 0, 0, 0, 0, 0, 0);
  }

  @Test
  void presentStreamSetsIsNullAndCountsPresent() throws Exception {
    // 0xa5 = 1010 0101, 0xff, run of 3 x 0x00
    boolean[] isNull = new boolean[50];
    BooleanDecoder d = new BooleanDecoder(FramedStream.hex("fe a5 ff 00 00"));
    assertThat(d.nextPresent(isNull, 3, 11)).isEqualTo(4 + 3);
    assertThat(Arrays.copyOfRange(isNull, 3, 14)).containsExactly(
        false, true, false, true, true, false, true, false, false, false, false);
    assertThat(d.nextPresent(isNull, 14, 29)).isEqualTo(5);
  }

  static boolean[] randomBits(Random r, int n) {
    boolean[] v = new boolean[n];
    int mode = r.nextInt(3);
    for (int i = 0; i < n; i++) {
      v[i] = mode == 0 ? r.nextBoolean() : mode == 1 ? r.nextInt(50) != 0 : (i / 100) % 2 == 0;
    }
    return v;
  }

  @Test
  void roundTripsWithSeeks() throws Exception {
    Random random = TestSeed.random("booleanRoundTrip", 0);
    for (int round = 0; round < 10; round++) {
      BooleanWriter w = new BooleanWriter();
      boolean[] bits = randomBits(random, random.nextInt(20000));
      w.write(bits);
      long[] expected = new long[bits.length];
      for (int i = 0; i < bits.length; i++) {
        expected[i] = bits[i] ? 1 : 0;
      }
      // The last byte's padding bits decode as values too; the checks stop at the last real bit
      // except for "past the end", which needs the stream to be exhausted: pad to a byte.
      expected = Arrays.copyOf(expected, (bits.length + 7) / 8 * 8);
      DecoderChecks.checkAll(w.toByteArray(), expected, w::position,
          BooleanDecoderTest::asLongDecoder, random);
    }
  }

  @Test
  void presentMatchesBitsAcrossBatchesAndSkips() throws Exception {
    Random random = TestSeed.random("booleanPresent", 0);
    boolean[] bits = randomBits(random, 10000);
    BooleanWriter w = new BooleanWriter();
    w.write(bits);
    FramedStream stream = FramedStream.random(w.toByteArray(), random);
    BooleanDecoder d = new BooleanDecoder(stream.open());
    boolean[] isNull = new boolean[600];
    int i = 0;
    while (i < bits.length) {
      int n = Math.min(bits.length - i, random.nextInt(520));
      if (random.nextInt(4) == 0) {
        d.skip(n);
      } else {
        int present = d.nextPresent(isNull, 5, n);
        int want = 0;
        for (int k = 0; k < n; k++) {
          assertThat(isNull[5 + k]).as("bit %d, %s, %s", i + k, stream, TestSeed.replay())
              .isEqualTo(!bits[i + k]);
          want += bits[i + k] ? 1 : 0;
        }
        assertThat(present).isEqualTo(want);
      }
      i += n;
    }
  }

  static DecoderChecks.LongDecoder asLongDecoder(OrcInputStream in) {
    BooleanDecoder d = new BooleanDecoder(in);
    return new DecoderChecks.LongDecoder() {
      @Override public void next(long[] dst, int off, int n) throws CorruptFileException {
        d.next(dst, off, n);
      }
      @Override public void next(long[] dst, int off, int n, boolean[] isNull)
          throws CorruptFileException {
        d.next(dst, off, n, isNull);
      }
      @Override public void skip(long n) throws CorruptFileException {
        d.skip(n);
      }
      @Override public void seek(long[] p, boolean compressed)
          throws CorruptFileException {
        d.seek(PositionList.bool(compressed, p));
      }
    };
  }
}
