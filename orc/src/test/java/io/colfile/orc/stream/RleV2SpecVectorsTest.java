package io.colfile.orc.stream;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.error.CorruptFileException;
import io.colfile.testkit.Hex;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** Every RLE v2 byte vector of orc.md section 6.5 and the seed spec. */
class RleV2SpecVectorsTest {

  private static long[] decode(String hex, boolean signed, int n) throws CorruptFileException {
    OrcInputStream in = FramedStream.hex(hex);
    long[] out = new long[n];
    new RleV2Decoder(in, signed).next(out, 0, n);
    assertThat(in.hasMore()).as("bytes left after %d values", n).isFalse();
    return out;
  }

  @Test
  void shortRepeat() throws Exception {
    assertThat(decode("0a 27 10", false, 5)).containsOnly(10000L).hasSize(5);
  }

  @Test
  void direct() throws Exception {
    assertThat(decode("5e 03 5c a1 ab 1e de ad be ef", false, 4))
        .containsExactly(23713, 43806, 57005, 48879);
  }

  @Test
  void directUnalignedAndAlignedWidths() throws Exception {
    assertThat(decode("44 05 a7 2e c0", false, 6)).containsExactly(5, 1, 6, 2, 7, 3);
    assertThat(decode("46 05 51 62 73", false, 6)).containsExactly(5, 1, 6, 2, 7, 3);
  }

  @Test
  void patchedBase() throws Exception {
    long[] expected = new long[20];
    expected[0] = 2030;
    expected[1] = 2000;
    expected[2] = 2020;
    expected[3] = 1000000;
    for (int i = 4; i < 20; i++) {
      expected[i] = 2040 + 10 * (i - 4);
    }
    assertThat(decode("8e 13 2b 21 07 d0 1e 00 14 70 28 32 3c 46 50 5a 64 6e 78 82 8c 96 a0 aa"
        + " b4 be fc e8", false, 20)).containsExactly(expected);
  }

  @Test
  void delta() throws Exception {
    long[] primes = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29};
    assertThat(decode("c6 09 02 02 22 42 42 46", false, 10)).containsExactly(primes);
    assertThat(decode("c4 09 02 02 4a 28 a6", false, 10)).containsExactly(primes);
    assertThat(decode("c0 13 07 00", false, 20)).containsOnly(7L).hasSize(20);
    assertThat(decode("c0 09 02 02", true, 10)).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
    assertThat(decode("c2 03 01 02 b0", false, 4)).containsExactly(1, 2, 4, 7);
    assertThat(decode("c1 ff 00 02 c0 57 80 04 02", false, 600))
        .containsExactly(LongStream.range(0, 600).toArray());
  }

  @Test
  void mixedRuns() throws Exception {
    assertThat(decode("00 05 42 02 6c", false, 6)).containsExactly(5, 5, 5, 1, 2, 3);
    assertThat(decode("42 01 60 00 03", false, 5)).containsExactly(1, 2, 3, 3, 3);
  }

  @Test
  void longExtremesDirect() throws Exception {
    String hex = "7e 03 ff ff ff ff ff ff ff ff ff ff ff ff ff ff ff fe"
        + " 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 02";
    assertThat(decode(hex, true, 4)).containsExactly(Long.MIN_VALUE, Long.MAX_VALUE, 0, 1);
  }

  @Test
  void singleValuesAndSkipAcrossRuns() throws Exception {
    RleV2Decoder d = new RleV2Decoder(FramedStream.hex("00 05 42 02 6c 0a 27 10"), false);
    assertThat(d.next()).isEqualTo(5);
    d.skip(3);
    assertThat(d.next()).isEqualTo(2);
    d.skip(2);
    long[] rest = new long[4];
    d.next(rest, 0, 4);
    assertThat(rest).containsOnly(10000L);
  }

  /** The test encoder must itself follow the spec, or the round trips prove little. */
  @Test
  void testEncoderReproducesSpecBytes() {
    RleV2Writer w = new RleV2Writer(false);
    long[] patched = new long[20];
    patched[0] = 2030;
    patched[1] = 2000;
    patched[2] = 2020;
    patched[3] = 1000000;
    for (int i = 4; i < 20; i++) {
      patched[i] = 2040 + 10 * (i - 4);
    }
    w.patchedBase(patched, 7);
    assertThat(w.out.toByteArray()).containsExactly(Hex.bytes("8e 13 2b 21 07 d0 1e 00 14 70 28"
        + " 32 3c 46 50 5a 64 6e 78 82 8c 96 a0 aa b4 be fc e8"));

    w = new RleV2Writer(false);
    w.direct(new long[] {23713, 43806, 57005, 48879}, 15);
    w.delta(new long[] {2, 3, 5, 7, 11, 13, 17, 19, 23, 29}, 3);
    w.delta(new long[] {2, 3, 5, 7, 11, 13, 17, 19, 23, 29}, 2);
    w.shortRepeat(10000, 5);
    assertThat(w.out.toByteArray()).containsExactly(Hex.bytes("5e 03 5c a1 ab 1e de ad be ef"
        + " c6 09 02 02 22 42 42 46 c4 09 02 02 4a 28 a6 0a 27 10"));
  }
}
