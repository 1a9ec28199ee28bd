package io.colfile.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.orc.bloom.OrcBloomFilter;
import io.colfile.orc.bloom.OrcHashes;
import io.colfile.orc.proto.IndexMessages;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;
import java.util.stream.IntStream;
import org.apache.orc.util.BloomFilter;
import org.apache.orc.util.BloomFilterIO;
import org.apache.orc.util.BloomFilterUtf8;
import org.apache.orc.util.Murmur3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * colfile's bloom filters and hashes against orc-core 2.1.1's: {@code BloomFilterUtf8} sized and
 * filled the same way must serialize ({@code BloomFilterIO.serialize}) to the same bytes as
 * {@link IndexMessages#serializeBloomFilter}, answer the same probes, merge the same, and its legacy
 * {@code bitset} form must read back into the same filter.
 */
@ExtendWith(TestSeed.class)
class BloomFilterDifferentialTest {
  private static final double[] FPPS = {0.01, 0.05, 0.001, 0.5, 0.3333};
  private static final long[] LONG_EDGES = {0, -1, 1, Long.MIN_VALUE, Long.MAX_VALUE,
      18_000_000_000L, Integer.MIN_VALUE, Integer.MAX_VALUE};
  private static final double[] DOUBLE_EDGES = {0.0, -0.0, Double.NaN,
      Double.longBitsToDouble(0x7ff0000000000001L), Double.longBitsToDouble(0xfff8000000000000L),
      Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE, Double.MAX_VALUE,
      (double) 0.1f, 0.1};

  static IntStream cases() {
    return IntStream.range(0, TestSeed.exhaustive() ? 300 : 30);
  }

  @ParameterizedTest(name = "case {0}")
  @MethodSource("cases")
  void sameBitsAsOrcCore(int index) {
    Random r = TestSeed.random("bloom", index);
    long n = r.nextInt(10) == 0 ? r.nextInt(3) - 1 : 1 + r.nextInt(r.nextBoolean() ? 100 : 20_000);
    double fpp = r.nextInt(3) == 0 ? 1e-4 + r.nextDouble() * 0.5 : FPPS[r.nextInt(FPPS.length)];
    BloomFilterUtf8 ref = new BloomFilterUtf8(n, fpp);
    OrcBloomFilter ours = new OrcBloomFilter(n, fpp);
    String where = "n=" + n + " fpp=" + fpp + " (" + TestSeed.replay() + ")";
    assertThat(ours.numBits()).as(where).isEqualTo(ref.getBitSize());
    assertThat(ours.numHashFunctions()).as(where).isEqualTo(ref.getNumHashFunctions());

    fill(r, ref, ours, (int) Math.min(Math.max(n, 1) * 2, 5_000));
    assertSameBytes(where, ref, ours);
    for (int i = 0; i < 2_000; i++) {
      long v = r.nextInt(4) == 0 ? LONG_EDGES[r.nextInt(LONG_EDGES.length)] : r.nextLong();
      assertThat(ours.testLong(v)).as(where).isEqualTo(ref.testLong(v));
      double d = Double.longBitsToDouble(r.nextLong());
      assertThat(ours.testDouble(d)).as(where).isEqualTo(ref.testDouble(d));
      byte[] b = RandomText.string(r, 30).getBytes(StandardCharsets.UTF_8);
      assertThat(ours.testBytes(b, 0, b.length)).as(where).isEqualTo(ref.test(b));
    }

    // merge a second row group's filter
    BloomFilterUtf8 ref2 = new BloomFilterUtf8(n, fpp);
    OrcBloomFilter ours2 = new OrcBloomFilter(n, fpp);
    fill(r, ref2, ours2, 50);
    ref.merge(ref2);
    ours.merge(ours2);
    assertSameBytes(where + " merged", ref, ours);

    // the legacy form holds the same words as repeated fixed64
    org.apache.orc.OrcProto.BloomFilter.Builder legacy =
        org.apache.orc.OrcProto.BloomFilter.newBuilder();
    BloomFilterIO.serialize(legacy, new BloomFilter(ref.getBitSet(), ref.getNumHashFunctions()));
    try {
      OrcBloomFilter read = IndexMessages.parseBloomFilter(legacy.build().toByteArray());
      assertThat(IndexMessages.serializeBloomFilter(read)).as(where + " legacy")
          .isEqualTo(IndexMessages.serializeBloomFilter(ours));
    } catch (IOException e) {
      throw new AssertionError(e);
    }

    ref.reset();
    ours.reset();
    assertSameBytes(where + " reset", ref, ours);
  }

  @Test
  void murmur3MatchesOrcCore() {
    Random r = TestSeed.random("murmur3", 0);
    for (int i = 0; i < 20_000; i++) {
      int len = r.nextInt(i < 10_000 ? 40 : 300);
      int off = r.nextInt(9);
      byte[] b = new byte[off + len + r.nextInt(9)];
      r.nextBytes(b);
      assertThat(OrcHashes.murmur3(b, off, len))
          .as("len %d off %d (%s)", len, off, TestSeed.replay())
          .isEqualTo(Murmur3.hash64(b, off, len));
    }
  }

  @Test
  void longHashMatchesOrcCore() throws ReflectiveOperationException {
    Method getLongHash = BloomFilter.class.getDeclaredMethod("getLongHash", long.class);
    getLongHash.setAccessible(true);
    Random r = TestSeed.random("longHash", 0);
    for (long v : LONG_EDGES) {
      assertThat(OrcHashes.longHash(v)).isEqualTo((long) getLongHash.invoke(null, v));
    }
    for (int i = 0; i < 20_000; i++) {
      long v = i % 2 == 0 ? r.nextLong() : r.nextInt(2001) - 1000;
      assertThat(OrcHashes.longHash(v)).as("%d (%s)", v, TestSeed.replay())
          .isEqualTo((long) getLongHash.invoke(null, v));
    }
  }

  /** The same values into both: longs, doubles, UTF-8 strings and byte slices. */
  private static void fill(Random r, BloomFilterUtf8 ref, OrcBloomFilter ours, int count) {
    for (int i = 0; i < count; i++) {
      switch (r.nextInt(4)) {
        case 0: {
          long v = r.nextInt(4) == 0 ? LONG_EDGES[r.nextInt(LONG_EDGES.length)] : r.nextLong();
          ref.addLong(v);
          ours.addLong(v);
          break;
        }
        case 1: {
          double d = r.nextInt(3) == 0 ? DOUBLE_EDGES[r.nextInt(DOUBLE_EDGES.length)]
              : (r.nextBoolean() ? (float) r.nextGaussian() : r.nextGaussian() * 1e6);
          ref.addDouble(d);
          ours.addDouble(d);
          break;
        }
        case 2: {
          String s = RandomText.string(r, 40);
          ref.addString(s);
          byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
          ours.addBytes(utf8, 0, utf8.length);
          break;
        }
        default: {
          int len = r.nextInt(30);
          int off = r.nextInt(5);
          byte[] b = new byte[off + len + 3];
          r.nextBytes(b);
          ref.addBytes(b, off, len);
          ours.addBytes(b, off, len);
        }
      }
    }
  }

  private static void assertSameBytes(String where, BloomFilterUtf8 ref, OrcBloomFilter ours) {
    org.apache.orc.OrcProto.BloomFilter.Builder b =
        org.apache.orc.OrcProto.BloomFilter.newBuilder();
    BloomFilterIO.serialize(b, ref);
    byte[] expected = b.build().toByteArray();
    byte[] actual = IndexMessages.serializeBloomFilter(ours);
    if (!Arrays.equals(expected, actual)) {
      int at = Arrays.mismatch(expected, actual);
      assertThat(HexFormat.of().formatHex(actual, at, Math.min(actual.length, at + 16)))
          .as("%s: first difference at byte %d of %d/%d", where, at, actual.length,
              expected.length)
          .isEqualTo(HexFormat.of().formatHex(expected, at, Math.min(expected.length, at + 16)));
    }
  }
}
