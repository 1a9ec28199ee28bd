package io.colfile.trevni;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.encoding.Varints;
import io.colfile.testkit.TestSeed;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link ValueBuffer}'s encodings against plain ones: varints (the 8-byte store below 2^56)
 * against {@link Varints#writeVarLong}, lengths of 1, 2 and more bytes before bytes, decimals
 * against {@link BigInteger#toByteArray()}, fixed values little-endian.
 */
@ExtendWith(TestSeed.class)
class ValueBufferTest {
  @Test
  void varintsAreVarintsAtEveryLength() {
    Random r = TestSeed.random("varints", 0);
    long[] edges = {0, 1, 63, 64, 127, 128, 8191, 8192, 16383, 16384, (1L << 49) - 1, 1L << 49,
        (1L << 56) - 1, 1L << 56, (1L << 63) - 1, Long.MIN_VALUE, -1, -64, -65};
    for (int i = 0; i < 200_000; i++) {
      long v = i < edges.length ? edges[i] : r.nextLong() >> r.nextInt(64);
      ValueBuffer b = new ValueBuffer(16);
      b.writeLong(v);
      b.writeInt((int) v);
      byte[] want = new byte[20];
      int n = Varints.writeVarLong(want, 0, (v << 1) ^ (v >> 63));
      int w = (int) v;
      n = Varints.writeVarLong(want, n, ((w << 1) ^ (w >> 31)) & 0xFFFFFFFFL);
      assertThat(b.copy()).as("%d (%s)", v, TestSeed.replay())
          .isEqualTo(Arrays.copyOf(want, n));
    }
  }

  @Test
  void bytesHaveTheirLengthFirst() {
    for (int len : new int[] {0, 1, 63, 64, 65, 8191, 8192, 8193, 20_000}) {
      byte[] value = new byte[len + 3];
      Arrays.fill(value, (byte) 7);
      ValueBuffer b = new ValueBuffer(16);
      b.writeBytes(value, 3, len);
      byte[] want = new byte[len + 10];
      int n = Varints.writeVarLong(want, 0, 2L * len);
      Arrays.fill(want, n, n + len, (byte) 7);
      assertThat(b.copy()).as("length %d", len).isEqualTo(Arrays.copyOf(want, n + len));
    }
  }

  @Test
  void decimalsAreTheirBigEndianTwosComplementBytes() {
    Random r = TestSeed.random("decimals", 0);
    for (int i = 0; i < 100_000; i++) {
      long v = i < 4 ? new long[] {0, -1, Long.MAX_VALUE, Long.MIN_VALUE}[i]
          : r.nextLong() >> r.nextInt(64);
      byte[] big = BigInteger.valueOf(v).toByteArray();
      ValueBuffer b = new ValueBuffer(16);
      b.writeDecimal(v);
      ValueBuffer want = new ValueBuffer(16);
      want.writeBytes(big, 0, big.length);
      assertThat(b.copy()).as("%d (%s)", v, TestSeed.replay()).isEqualTo(want.copy());
      assertThat(ValueBuffer.decimalLength(v)).isEqualTo(big.length);
    }
  }

  @Test
  void fixedValuesAreLittleEndian() {
    ValueBuffer b = new ValueBuffer(16);
    b.writeFixed32(0x01020304);
    b.writeFixed64(0x0A0B0C0D0E0F1011L);
    assertThat(b.copy()).containsExactly(4, 3, 2, 1, 0x11, 0x10, 0x0F, 0x0E, 0x0D, 0x0C, 0x0B,
        0x0A);
  }

  /**
   * The column-at-a-time methods ({@code putLongs} and the others) write what the per-value
   * methods write, value by value while the buffer holds fewer than the limit's bytes (at least
   * one value), and stop at the same value: random values, random bytes already in the buffer,
   * limits below, inside and beyond the values, buffers too small at the start.
   */
  @Test
  void columnAtATimeIsValueByValue() {
    for (int round = 0; round < 3_000; round++) {
      Random r = TestSeed.random("putValues", round);
      int n = 1 + r.nextInt(r.nextBoolean() ? 5 : 300);
      long[] longs = new long[n];
      double[] doubles = new double[n];
      byte[][] data = new byte[n][];
      int[] start = new int[n];
      int[] length = new int[n];
      for (int i = 0; i < n; i++) {
        longs[i] = r.nextLong() >> r.nextInt(64);
        doubles[i] = r.nextGaussian() * 1e9;
        int len = r.nextInt(30) == 0 ? r.nextInt(10_000) : r.nextInt(40);
        start[i] = r.nextInt(4);
        length[i] = len;
        data[i] = new byte[start[i] + len + r.nextInt(3)];
        r.nextBytes(data[i]);
      }
      int from = r.nextInt(n);
      int end = from + r.nextInt(n - from + 1);
      if (end == from) {
        end = from + 1;
      }
      byte[] before = new byte[r.nextInt(4) == 0 ? 0 : r.nextInt(3000)];
      r.nextBytes(before);
      int limit = r.nextInt(4) == 0 ? Integer.MAX_VALUE : r.nextInt(before.length + 4000);
      int capacity = r.nextBoolean() ? 16 : 1 + r.nextInt(70_000);
      for (int kind = 0; kind < 7; kind++) {
        ValueBuffer bulk = new ValueBuffer(capacity);
        ValueBuffer one = new ValueBuffer(capacity);
        bulk.write(before, 0, before.length);
        one.write(before, 0, before.length);
        int j = from;
        do {
          switch (kind) {
            case 0 -> one.writeLong(longs[j]);
            case 1 -> one.writeInt((int) longs[j]);
            case 2 -> one.writeFixed64(longs[j]);
            case 3 -> one.writeFixed32((int) longs[j]);
            case 4 -> one.writeDouble(doubles[j]);
            case 5 -> one.writeFloat((float) doubles[j]);
            default -> one.writeBytes(data[j], start[j], length[j]);
          }
          j++;
        } while (j < end && one.size() < limit);
        int got = switch (kind) {
          case 0 -> bulk.putLongs(longs, from, end, limit);
          case 1 -> bulk.putInts(longs, from, end, limit);
          case 2 -> bulk.putFixed64s(longs, from, end, limit);
          case 3 -> bulk.putFixed32s(longs, from, end, limit);
          case 4 -> bulk.putDoubles(doubles, from, end, limit);
          case 5 -> bulk.putFloats(doubles, from, end, limit);
          default -> bulk.putBytes(data, start, length, from, end, limit);
        };
        String what = TestSeed.replay() + ": round " + round + ", kind " + kind;
        assertThat(got).as(what).isEqualTo(j);
        assertThat(bulk.copy()).as(what).isEqualTo(one.copy());
      }
      // decimals: unscaled values of every length
      ValueBuffer bulk = new ValueBuffer(capacity);
      ValueBuffer one = new ValueBuffer(capacity);
      bulk.write(before, 0, before.length);
      one.write(before, 0, before.length);
      int j = from;
      do {
        one.writeDecimal(longs[j++]);
      } while (j < end && one.size() < limit);
      assertThat(bulk.putDecimals(longs, from, end, limit)).isEqualTo(j);
      assertThat(bulk.copy()).as(TestSeed.replay() + ": round " + round + ", decimals")
          .isEqualTo(one.copy());
    }
  }
}
