package io.colfile.orc.stream;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.error.CorruptFileException;
import io.colfile.testkit.Hex;
import io.colfile.testkit.TestSeed;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

@Timeout(60)
@ExtendWith(TestSeed.class)
class RleV1DecoderTest {

  private static long[] decode(String hex, boolean signed, int n) throws CorruptFileException {
    OrcInputStream in = FramedStream.hex(hex);
    long[] out = new long[n];
    new RleV1Decoder(in, signed).next(out, 0, n);
    assertThat(in.hasMore()).isFalse();
    return out;
  }

  @Test
  void specExamples() throws Exception {
    assertThat(decode("61 00 07", false, 100)).containsOnly(7L).hasSize(100);
    long[] down = decode("61 ff 64", false, 100);
    for (int i = 0; i < 100; i++) {
      assertThat(down[i]).isEqualTo(100 - i);
    }
    assertThat(decode("fb 02 03 06 07 0b", false, 5)).containsExactly(2, 3, 6, 7, 11);
  }

  @Test
  void signedRunsUseZigzagBaseButRawDelta() throws Exception {
    // run of 3: delta -128 (0x80), base -1 (zigzag 01); literals -1, 1 (zigzag 01, 02)
    assertThat(decode("00 80 01 fe 01 02", true, 5)).containsExactly(-1, -129, -257, -1, 1);
  }

  @Test
  void testEncoderReproducesSpecBytes() {
    RleV1Writer w = new RleV1Writer(false);
    w.write(new long[] {2, 3, 6, 7, 11});
    assertThat(w.out.toByteArray()).containsExactly(Hex.bytes("fb 02 03 06 07 0b"));
  }

  static long[] randomValues(Random r, int n, boolean signed) {
    long[] v = new long[n];
    int i = 0;
    while (i < n) {
      int len = Math.min(n - i, 1 + r.nextInt(200));
      long start = signed ? r.nextLong() >> r.nextInt(64) : r.nextLong() >>> r.nextInt(64);
      long delta = r.nextInt(3) == 0 ? r.nextLong() : r.nextInt(256) - 128;
      for (int k = 0; k < len; k++) {
        v[i++] = r.nextInt(8) == 0 ? r.nextLong() : start + k * delta;
      }
    }
    return v;
  }

  @Test
  void roundTripsWithSeeks() throws Exception {
    Random random = TestSeed.random("rleV1RoundTrip", 0);
    for (int round = 0; round < 12; round++) {
      boolean signed = round % 2 == 0;
      RleV1Writer w = new RleV1Writer(signed);
      w.write(randomValues(random, random.nextInt(5000), signed));
      ValueMarks marks = w.marks;
      DecoderChecks.checkAll(w.out.toByteArray(), marks.values(),
          (stream, i, end) -> marks.position(stream, i, end), DecoderChecks.of(signed, false),
          random);
    }
  }

  @Test
  void singleValues() throws Exception {
    RleV1Decoder d = new RleV1Decoder(FramedStream.hex("00 02 0a fe 05 06"), false);
    assertThat(d.next()).isEqualTo(10);
    assertThat(d.next()).isEqualTo(12);
    assertThat(d.next()).isEqualTo(14);
    assertThat(d.next()).isEqualTo(5);
    assertThat(d.next()).isEqualTo(6);
  }
}
