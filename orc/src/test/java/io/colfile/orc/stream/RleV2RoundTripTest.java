package io.colfile.orc.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.error.CorruptFileException;
import io.colfile.testkit.TestSeed;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * RLE v2 over runs written by the test encoder: every sub-encoding, every width code, random
 * sequences of runs, each read forward, by seeking and around nulls in several framings.
 */
@Timeout(120)
@ExtendWith(TestSeed.class)
class RleV2RoundTripTest {
  private static final int[] WIDTHS = RleV2Decoder.WIDTHS;

  private static void check(RleV2Writer w, Random random) throws CorruptFileException {
    ValueMarks marks = w.marks;
    DecoderChecks.checkAll(w.out.toByteArray(), marks.values(),
        (stream, i, end) -> marks.position(stream, i, end), DecoderChecks.of(w.signed, true),
        random);
  }

  /** A value whose encoded form (zigzag when signed) has exactly {@code bits} bits. */
  static long valueOfBits(Random r, int bits, boolean signed) {
    long u = bits == 64 ? r.nextLong() | Long.MIN_VALUE
        : (1L << (bits - 1)) | (r.nextLong() & ((1L << (bits - 1)) - 1));
    return signed ? (u >>> 1) ^ -(u & 1) : u;
  }

  static long[] valuesOfBits(Random r, int n, int bits, boolean signed) {
    long[] v = new long[n];
    for (int i = 0; i < n; i++) {
      v[i] = r.nextInt(4) == 0 ? valueOfBits(r, bits, signed)
          : valueOfBits(r, 1 + r.nextInt(bits), signed);
    }
    return v;
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void directEveryWidthCode(boolean signed) throws Exception {
    Random random = TestSeed.random("directEveryWidthCode" + signed, 0);
    RleV2Writer w = new RleV2Writer(signed);
    for (int code = 0; code < 32; code++) {
      for (int len : new int[] {1, 7, 8, 9, 63, 512, 1 + random.nextInt(512)}) {
        w.direct(valuesOfBits(random, len, WIDTHS[code], signed), code);
      }
    }
    check(w, random);
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void deltaEveryWidthCode(boolean signed) throws Exception {
    Random random = TestSeed.random("deltaEveryWidthCode" + signed, 0);
    RleV2Writer w = new RleV2Writer(signed);
    for (int code = 1; code < 32; code++) {
      int bits = Math.min(WIDTHS[code], 50); // keep sums of deltas inside a long
      for (int len : new int[] {2, 3, 10, 512, 2 + random.nextInt(511)}) {
        w.delta(monotone(random, len, bits, random.nextBoolean(), signed), code);
      }
    }
    check(w, random);
  }

  static long[] monotone(Random r, int len, int bits, boolean down, boolean signed) {
    long[] v = new long[len];
    v[0] = signed ? r.nextLong() >> 4 : r.nextLong() >>> 4;
    if (!signed && down) {
      v[0] |= 1L << 59; // room to go down without going negative
    }
    for (int i = 1; i < len; i++) {
      int magBits = r.nextInt(3) == 0 ? 0 : r.nextInt(bits + 1);
      // 511 steps below 2^50 from a start below 2^59 in magnitude cannot overflow
      long mag = magBits == 0 ? 0 : r.nextLong() >>> (64 - magBits);
      v[i] = down ? v[i - 1] - mag : v[i - 1] + mag;
    }
    if (len > 1 && down && v[1] == v[0]) { // the first delta carries the direction
      v[1] = v[0] - 1;
      for (int i = 2; i < len; i++) {
        v[i] = Math.min(v[i], v[i - 1]);
      }
    }
    return v;
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void fixedDeltaAndShortRepeat(boolean signed) throws Exception {
    Random random = TestSeed.random("fixedDelta" + signed, 0);
    RleV2Writer w = new RleV2Writer(signed);
    for (int i = 0; i < 200; i++) {
      long start = signed ? random.nextLong() : random.nextLong() >>> 1;
      long delta = random.nextInt(3) == 0 ? 0 : random.nextLong() >> random.nextInt(64);
      int len = 1 + random.nextInt(512);
      long[] v = new long[len];
      for (int k = 0; k < len; k++) {
        v[k] = start + k * delta; // wraps exactly as the decoder does
      }
      w.delta(v, 0);
      w.shortRepeat(signed ? random.nextLong() >> random.nextInt(64)
          : random.nextLong() >>> random.nextInt(64), 3 + random.nextInt(8));
    }
    w.shortRepeat(signed ? Long.MIN_VALUE : -1L, 10);
    check(w, random);
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void patchedBaseEveryDataWidth(boolean signed) throws Exception {
    Random random = TestSeed.random("patchedBase" + signed, 0);
    RleV2Writer w = new RleV2Writer(signed);
    for (int code = 0; code < 32; code++) {
      if (WIDTHS[code] > 56) {
        continue; // patches need bits above the data width
      }
      for (int len : new int[] {2, 20, 300, 512, 2 + random.nextInt(511)}) {
        w.patchedBase(patchable(random, len, WIDTHS[code]), code);
      }
    }
    check(w, random);
  }

  /** Values of {@code width} bits above a base, with a few outliers needing patches. */
  static long[] patchable(Random r, int len, int width) {
    long base = r.nextLong() >> (24 + r.nextInt(40));
    long mask = (1L << width) - 1;
    int patchBits = 2 + r.nextInt(Math.min(55, 62 - width) - 1);
    long[] v = new long[len];
    for (int i = 0; i < len; i++) {
      v[i] = base + (r.nextLong() & mask);
    }
    v[r.nextInt(len)] = base; // the minimum, unpatched
    int outliers = 1 + r.nextInt(Math.min(len - 1, 12));
    for (int k = 0; k < outliers; k++) {
      int at = r.nextInt(len);
      if (v[at] != base) {
        long patch = (1L << (patchBits - 1)) | (r.nextLong() & ((1L << (patchBits - 1)) - 1));
        v[at] = base + ((r.nextLong() & mask) | patch << width);
      }
    }
    int last = len - 1; // force a gap over 255 (split entries) when the run is long enough
    if (v[last] != base && len > 300) {
      v[last] = base + ((3L << width) | 1);
    }
    boolean patched = false;
    for (long x : v) {
      patched |= Long.compareUnsigned(x - base, mask) > 0;
    }
    if (!patched) {
      v[v[0] == base ? 1 : 0] = base + (2L << width);
    }
    return v;
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void randomRunSequences(boolean signed) throws Exception {
    Random random = TestSeed.random("randomRuns" + signed, 0);
    for (int round = 0; round < 10; round++) {
      RleV2Writer w = new RleV2Writer(signed);
      int runs = random.nextInt(60);
      for (int i = 0; i < runs; i++) {
        randomRun(w, random);
      }
      check(w, random);
    }
  }

  /**
   * Many short runs back to back, as sorted keys make them: SHORT_REPEAT of every value size and
   * DIRECT runs of 1 to 9 values of every width, with now and then a longer run, so that the
   * decoder's in-window fast path meets every header, the end of batches and the ends of chunks.
   */
  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void shortRunsOfEveryKind(boolean signed) throws Exception {
    Random random = TestSeed.random("shortRuns" + signed, 0);
    for (int round = 0; round < 6; round++) {
      RleV2Writer w = new RleV2Writer(signed);
      for (int i = 0; i < 400; i++) {
        switch (random.nextInt(8)) {
          case 0, 1, 2 -> w.shortRepeat(valueOfBits(random, 1 + random.nextInt(64), signed),
              3 + random.nextInt(8));
          case 3, 4, 5 -> {
            int code = random.nextInt(32);
            w.direct(valuesOfBits(random, 1 + random.nextInt(9), WIDTHS[code], signed), code);
          }
          default -> randomRun(w, random);
        }
      }
      check(w, random);
    }
  }

  /**
   * {@link IntegerDecoder#nextOrAllEqual}, as a decimal column reads its scales: runs of one
   * value (SHORT_REPEAT, fixed-delta DELTA, DIRECT) with others now and then, read in random
   * batches over several framings; true exactly when the batch is all that value, and the
   * values written whenever it says false.
   */
  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void nextOrAllEqualSkipsRunsOfTheValue(boolean signed) throws Exception {
    Random random = TestSeed.random("nextOrAllEqual" + signed, 0);
    for (int round = 0; round < 20; round++) {
      long value = random.nextInt(40);
      RleV2Writer w = new RleV2Writer(signed);
      for (int i = 0, runs = 1 + random.nextInt(40); i < runs; i++) {
        int len = 1 + random.nextInt(random.nextBoolean() ? 10 : 512);
        long[] v = new long[len];
        Arrays.fill(v, value);
        switch (random.nextInt(6)) {
          case 0 -> w.shortRepeat(value, 3 + random.nextInt(8));
          case 1, 2 -> w.delta(v, 0);
          case 3 -> w.direct(v, RleV2Writer.codeFor(RleV2Writer.bitsOf(signed
              ? (value << 1) ^ (value >> 63) : value)) + random.nextInt(3));
          case 4 -> {
            v[random.nextInt(len)] = value + 1 + random.nextInt(3);
            w.direct(v, 10);
          }
          default -> randomRun(w, random);
        }
      }
      long[] expected = w.marks.values();
      byte[] raw = w.out.toByteArray();
      FramedStream stream = round % 2 == 0 ? FramedStream.raw(raw)
          : FramedStream.random(raw, random);
      IntegerDecoder d = IntegerDecoder.create(stream.open(), signed, true);
      long[] buf = new long[600];
      for (int i = 0; i < expected.length; ) {
        int n = Math.min(expected.length - i, 1 + random.nextInt(random.nextBoolean() ? 8 : 520));
        int off = random.nextInt(buf.length - n + 1);
        Arrays.fill(buf, -7);
        boolean all = d.nextOrAllEqual(buf, off, n, value);
        long[] want = Arrays.copyOfRange(expected, i, i + n);
        String where = "round " + round + ", values " + i + "+" + n + ", " + stream + ", "
            + TestSeed.replay();
        assertThat(all).as(where).isEqualTo(Arrays.stream(want).allMatch(x -> x == value));
        if (!all) {
          assertThat(Arrays.copyOfRange(buf, off, off + n)).as(where)
              .containsExactly(want);
        }
        for (int j = 0; j < buf.length; j++) {
          if (j < off || j >= off + n) {
            assertThat(buf[j]).as(where).isEqualTo(-7);
          }
        }
        i += n;
      }
      assertThatThrownBy(() -> d.next()).isInstanceOf(CorruptFileException.class);
    }
  }

  static void randomRun(RleV2Writer w, Random r) {
    boolean signed = w.signed;
    switch (r.nextInt(5)) {
      case 0 -> w.shortRepeat(valueOfBits(r, 1 + r.nextInt(64), signed), 3 + r.nextInt(8));
      case 1 -> {
        int bits = 1 + r.nextInt(64);
        int code = Math.min(31, RleV2Writer.codeFor(bits) + (r.nextBoolean() ? 0 : r.nextInt(4)));
        w.direct(valuesOfBits(r, 1 + r.nextInt(512), bits, signed), code);
      }
      case 2 -> {
        int bits = 1 + r.nextInt(50);
        // code 0 means "fixed delta" in DELTA runs, so packed deltas take at least 2 bits
        int code = Math.min(31, Math.max(1, RleV2Writer.codeFor(bits)) + r.nextInt(3));
        w.delta(monotone(r, 2 + r.nextInt(511), bits, r.nextBoolean(), signed), code);
      }
      case 3 -> {
        long start = r.nextInt(1000);
        long[] v = new long[1 + r.nextInt(512)];
        long d = r.nextInt(21) - 10;
        for (int i = 0; i < v.length; i++) {
          v[i] = start + i * d;
        }
        w.delta(v, 0);
      }
      default -> {
        int width = WIDTHS[r.nextInt(28)]; // up to 56 bits
        w.patchedBase(patchable(r, 2 + r.nextInt(511), width), RleV2Writer.codeFor(width));
      }
    }
  }

  @Test
  void emptyStreamHasNoValues() throws Exception {
    RleV2Decoder d = new RleV2Decoder(FramedStream.raw(new byte[0]).open(), true);
    d.next(new long[0], 0, 0);
    d.skip(0);
    assertThat(FramedStream.raw(new byte[0]).open().hasMore()).isFalse();
  }
}
