package io.colfile.orc.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.error.CorruptFileException;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The contract every ORC integer, byte and boolean stream codec meets (orc.md sections 6.2 to
 * 6.5), run once per codec by a small subclass, as {@code AbstractCodecTest} does for the
 * compression codecs: what the encoder writes decodes to the values written, through every
 * framing, in batches of any size with skips, around nulls and from every position the encoder
 * recorded (replayed in reverse order, as the row index would), for seeded values of the codec's
 * own distribution, for the extremes of its value range, for empty streams, single values and
 * single runs of every boundary length; reading past the end and reading any truncation of a
 * stream fail with {@link CorruptFileException} and nothing else.
 */
@Timeout(120)
@ExtendWith(TestSeed.class)
abstract class AbstractStreamCodecTest {
  /** Run lengths around the codecs' group limits (3, 8, 10, 128, 130, 512). */
  private static final int[] RUN_LENGTHS = {
    1, 2, 3, 4, 7, 8, 9, 10, 11, 127, 128, 129, 130, 131, 132, 255, 256, 257, 511, 512, 513,
    1000, 1024, 1025, 4100};

  /** An encoder under test, its values widened to long. */
  interface Encoder extends StreamWriter {
    void write(long value) throws IOException;

    /** The codec's bulk write, where it has one. */
    default void write(long[] values, int off, int n) throws IOException {
      for (int i = off; i < off + n; i++) {
        write(values[i]);
      }
    }
  }

  /** A decoder under test, its values widened to long. */
  interface Decoder {
    void next(long[] dst, int off, int n) throws CorruptFileException;

    void next(long[] dst, int off, int n, boolean[] isNull) throws CorruptFileException;

    void skip(long n) throws CorruptFileException;

    /** Seeks to the position {@code numbers} encode, as the row index stores them. */
    void seek(long[] numbers, boolean compressed) throws CorruptFileException;
  }

  abstract Encoder encoder(OrcOutputStream out);

  abstract Decoder decoder(OrcInputStream in);

  /** The smallest value the codec holds. */
  abstract long min();

  /** The largest value the codec holds. */
  abstract long max();

  /** One seeded sequence of the values this codec's columns typically hold. */
  abstract long[] seededValues(Random random);

  /**
   * Whether a reader can tell that the stream has no value {@code n} (counting from 0): true
   * but for boolean streams, whose last byte is padded with zero bits.
   */
  boolean endIsExact(int n) {
    return true;
  }

  /** A name for the seeds and messages: the subclass, with its enclosing class if nested. */
  private String name() {
    String n = getClass().getName();
    return n.substring(n.lastIndexOf('.') + 1);
  }

  @Test
  void emptyStreamHasNoBytesAndNoValues() throws Exception {
    WrittenStream s = new WrittenStream(CompressionCodec.NONE, 0);
    Encoder e = encoder(s.out);
    assertThat(PositionList.of(e.checkpoint(), false).toArray()).containsOnly(0);
    e.flush();
    assertThat(s.out.toByteArray()).isEmpty();
    Decoder d = decoder(s.open());
    d.skip(0);
    d.next(new long[1], 0, 0);
    assertThatThrownBy(() -> d.next(new long[1], 0, 1)).isInstanceOf(CorruptFileException.class);
  }

  @Test
  void singleValuesAtTheBoundaries() throws Exception {
    Random random = TestSeed.random(name() + " single", 0);
    for (long v : boundaries()) {
      roundTrip(new long[] {v}, WrittenStream.random(random), random, "single " + v);
    }
  }

  @Test
  void singleRunsOfEveryBoundaryLength() throws Exception {
    Random random = TestSeed.random(name() + " runs", 0);
    long[] values = boundaries();
    for (int length : RUN_LENGTHS) {
      long v = values[random.nextInt(values.length)];
      long[] run = new long[length];
      Arrays.fill(run, v);
      roundTrip(run, WrittenStream.random(random), random, length + " x " + v);
    }
  }

  @Test
  void sequencesAtTheEdgesOfTheRange() throws Exception {
    Random random = TestSeed.random(name() + " edges", 0);
    List<long[]> cases = new ArrayList<>();
    long[] alternating = new long[300];
    for (int i = 0; i < alternating.length; i++) {
      alternating[i] = i % 2 == 0 ? min() : max();
    }
    cases.add(alternating);
    cases.add(steps(max(), -1, 200));
    cases.add(steps(min(), 1, 200));
    long span = max() - min(); // negative if it overflows: the whole long range
    long back = span < 0 || span > 199 ? 199 : span;
    cases.add(steps(max() - back, 1, 200)); // up to max
    cases.add(steps(min() + back, -1, 200)); // down to min
    cases.add(boundaries());
    for (int round = 0; round < 20; round++) {
      cases.add(extremes(random, 1 + random.nextInt(random.nextBoolean() ? 20 : 3000)));
    }
    for (long[] values : cases) {
      roundTrip(values, WrittenStream.random(random), random, "edges " + Arrays.toString(
          Arrays.copyOf(values, Math.min(values.length, 6))) + "...");
    }
  }

  @Test
  void seededValuesRoundTrip() throws Exception {
    Random random = TestSeed.random(name() + " seeded", 0);
    for (int round = 0; round < 30; round++) {
      roundTrip(seededValues(random), WrittenStream.random(random), random, "round " + round);
    }
  }

  @Test
  void everyTruncationIsCorrupt() throws Exception {
    Random random = TestSeed.random(name() + " truncated", 0);
    for (int round = 0; round < 6; round++) {
      long[] values =
          round % 2 == 0 ? seededValues(random) : extremes(random, 1 + random.nextInt(500));
      if (values.length == 0) {
        continue;
      }
      WrittenStream s = new WrittenStream(CompressionCodec.NONE, 0);
      Encoder e = encoder(s.out);
      e.write(values, 0, values.length);
      e.flush();
      byte[] full = s.out.toByteArray();
      TreeSet<Integer> cuts = new TreeSet<>();
      for (int c = 0; c < Math.min(full.length, 40); c++) {
        cuts.add(c);
        cuts.add(full.length - 1 - c);
      }
      for (int k = 0; k < 60 && full.length > 0; k++) {
        cuts.add(random.nextInt(full.length));
      }
      for (int cut : cuts) {
        Decoder d = decoder(FramedStream.raw(Arrays.copyOf(full, cut)).open());
        long[] buf = new long[values.length];
        assertThatThrownBy(() -> d.next(buf, 0, values.length))
            .as("%d values from %d of %d bytes, %s", values.length, cut, full.length,
                TestSeed.replay())
            .isInstanceOf(CorruptFileException.class);
      }
    }
  }

  /**
   * Writes {@code values} (one at a time and in bulk, recording a position now and then), then
   * reads them forward in batches with skips, from every recorded position in reverse order, and
   * around nulls.
   */
  final void roundTrip(long[] values, WrittenStream s, Random random, String what)
      throws IOException, CorruptFileException {
    Encoder e = encoder(s.out);
    List<Integer> marked = new ArrayList<>();
    List<PositionList> positions = new ArrayList<>();
    int every = 1 + random.nextInt(40);
    int i = 0;
    while (i < values.length) {
      if (random.nextInt(every) == 0) {
        marked.add(i);
        positions.add(PositionList.of(e.checkpoint(), s.out.isCompressed()));
      }
      if (random.nextInt(4) == 0) {
        int n = Math.min(values.length - i, 1 + random.nextInt(100));
        e.write(values, i, n);
        i += n;
      } else {
        e.write(values[i++]);
      }
    }
    e.flush();
    String at = name() + " " + what + ", " + values.length + " values in " + s + ", "
        + TestSeed.replay();

    Decoder d = decoder(s.open());
    long[] buf = new long[1100];
    i = 0;
    while (i < values.length) {
      int n = Math.min(values.length - i, batch(random));
      if (random.nextInt(5) == 0) {
        d.skip(n);
      } else {
        int off = random.nextInt(3);
        d.next(buf, off, n);
        assertThat(Arrays.copyOfRange(buf, off, off + n)).as("values %d.. of %s", i, at)
            .containsExactly(Arrays.copyOfRange(values, i, i + n));
      }
      i += n;
    }
    if (endIsExact(values.length)) {
      assertThatThrownBy(() -> d.next(buf, 0, 1)).as("past the end of %s", at)
          .isInstanceOf(CorruptFileException.class);
    }

    for (int k = marked.size() - 1; k >= 0; k--) {
      int from = marked.get(k);
      d.seek(positions.get(k).toArray(), s.out.isCompressed());
      int n = Math.min(20, values.length - from);
      long[] got = new long[n];
      d.next(got, 0, n);
      assertThat(got).as("after seeking to value %d via %s, %s", from, positions.get(k), at)
          .containsExactly(Arrays.copyOfRange(values, from, from + n));
    }

    readAroundNulls(decoder(s.open()), values, random, at);
  }

  private static void readAroundNulls(Decoder d, long[] values, Random random, String at)
      throws CorruptFileException {
    int nullPercent = random.nextInt(100);
    int batch = 1 + random.nextInt(1024);
    long[] buf = new long[batch];
    boolean[] isNull = new boolean[batch];
    int i = 0;
    while (i < values.length) {
      int present = 0;
      for (int k = 0; k < batch; k++) {
        isNull[k] = present == values.length - i || random.nextInt(100) < nullPercent;
        present += isNull[k] ? 0 : 1;
      }
      if (present == 0) {
        isNull[random.nextInt(batch)] = false;
      }
      Arrays.fill(buf, 0x5555L);
      d.next(buf, 0, batch, isNull);
      for (int k = 0; k < batch; k++) {
        long want = isNull[k] ? 0 : values[i++];
        assertThat(buf[k]).as("slot %d (null=%s) near value %d, %s", k, isNull[k], i, at)
            .isEqualTo(want);
      }
    }
  }

  private static int batch(Random random) {
    return switch (random.nextInt(4)) {
      case 0 -> 1 + random.nextInt(3);
      case 1 -> 1 + random.nextInt(100);
      case 2 -> 511 + random.nextInt(3);
      default -> 1 + random.nextInt(1024);
    };
  }

  /**
   * The range's edges and the powers of two inside it, with their neighbours: where widths,
   * zigzag and sign extension change.
   */
  final long[] boundaries() {
    TreeSet<Long> out = new TreeSet<>(List.of(min(), max(), min() + 1, max() - 1));
    for (int bit = 0; bit < 64; bit++) {
      long p = 1L << bit;
      for (long v : new long[] {p - 1, p, p + 1, -p, -p - 1, -p + 1}) {
        if (v >= min() && v <= max()) {
          out.add(v);
        }
      }
    }
    return out.stream().mapToLong(Long::longValue).toArray();
  }

  /** {@code n} values drawn from the boundaries and from anywhere in the range, in runs. */
  final long[] extremes(Random random, int n) {
    long[] edges = boundaries();
    long[] out = new long[n];
    for (int i = 0; i < n; ) {
      long v = random.nextBoolean() ? edges[random.nextInt(edges.length)] : anyValue(random);
      int times = random.nextInt(3) == 0 ? 1 + random.nextInt(200) : 1;
      for (int k = 0; k < times && i < n; k++) {
        out[i++] = v;
      }
    }
    return out;
  }

  /** A value of a random bit width, folded into the range. */
  final long anyValue(Random random) {
    int bits = 1 + random.nextInt(64);
    long v = random.nextLong() >> (64 - bits);
    if (v < min() || v > max()) {
      v = min() + Long.remainderUnsigned(v, max() - min() + 1);
    }
    return v;
  }

  /** {@code n} values from {@code start} by {@code step}, stopping at the range's edge. */
  private long[] steps(long start, long step, int n) {
    long[] out = new long[n];
    long v = start;
    for (int i = 0; i < n; i++) {
      out[i] = v;
      if (step > 0 ? v < max() : v > min()) {
        v += step;
      }
    }
    return out;
  }
}
