package io.colfile.core.encoding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.CoreTestSeed;
import io.colfile.core.error.MalformedInputException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The bounded readers of {@link Varints}: 32-bit, 64-bit scalar and 64-bit bulk. */
@ExtendWith(CoreTestSeed.class)
class VarintReadsTest {
  private static byte[] hex(String s) {
    return HexFormat.of().parseHex(s);
  }

  private static void assertMalformed(ThrowingCallable read, long offset, String message) {
    assertThatThrownBy(read).isInstanceOf(MalformedInputException.class)
        .hasMessageContaining(message)
        .extracting(e -> ((MalformedInputException) e).offset()).isEqualTo(offset);
  }

  // ---- 32-bit ----

  @Test
  void readsThirtyTwoBitEdges() throws MalformedInputException {
    long[] values = {0, 1, 127, 128, 16383, 16384, (1L << 28) - 1, 1L << 28, 0xFFFF_FFFFL};
    byte[] buf = new byte[Varints.MAX_VARINT_BYTES + 3];
    for (long v : values) {
      int end = Varints.writeVarLong(buf, 2, v);
      long r = Varints.readVarInt(buf, 2, end, 0, "x");
      assertThat(Varints.packedValue(r) & 0xFFFF_FFFFL).as("%d", v).isEqualTo(v);
      assertThat(Varints.packedPosition(r)).isEqualTo(end);
    }
    // the largest value takes exactly five bytes
    assertThat(Varints.writeVarLong(buf, 0, 0xFFFF_FFFFL)).isEqualTo(Varints.MAX_VARINT_BYTES);
  }

  @Test
  void thirtyTwoBitLimits() {
    // 2^32 needs a fifth byte of 0x10: too wide
    assertMalformed(() -> Varints.readVarInt(hex("8080808010"), 0, 5, 0, "x"), 0,
        "x varint 4294967296 overflows 32 bits");
    // a sixth byte is never allowed, even a zero one
    assertMalformed(() -> Varints.readVarInt(hex("808080808000"), 0, 6, 0, "x"), 0,
        "longer than 5 bytes");
    // every truncation, with the error offset relative to the base
    byte[] full = hex("00ffffffff0f");
    for (int cut = 1; cut < full.length; cut++) {
      int limit = cut;
      assertMalformed(() -> Varints.readVarInt(full, 1, limit, 1, "x"), 0,
          "x varint runs past the end");
    }
    // non-minimal encodings are accepted
    assertThat(Varints.packedValue(
        uncheckedReadVarInt(hex("ff8000")))).isEqualTo(0x7F);
  }

  private static long uncheckedReadVarInt(byte[] b) {
    try {
      return Varints.readVarInt(b, 0, b.length, 0, "x");
    } catch (MalformedInputException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void zigzagOfInts() {
    assertThat(Varints.zigzagDecode(0)).isEqualTo(0);
    assertThat(Varints.zigzagDecode(1)).isEqualTo(-1);
    assertThat(Varints.zigzagDecode(2)).isEqualTo(1);
    assertThat(Varints.zigzagDecode(0xFFFF_FFFE)).isEqualTo(Integer.MAX_VALUE);
    assertThat(Varints.zigzagDecode(0xFFFF_FFFF)).isEqualTo(Integer.MIN_VALUE);
  }

  // ---- 64-bit ----

  @Test
  void tenthByteAboveOneIsCorruptOrDropped() throws MalformedInputException {
    byte[] b = hex("ffffffffffffffff7f"); // 9 bytes: Long.MAX_VALUE
    long[] v = new long[1];
    assertThat(Varints.readVarLong(b, 0, b.length, v, 0, false)).isEqualTo(9);
    assertThat(v[0]).isEqualTo(Long.MAX_VALUE);
    byte[] ten = hex("ffffffffffffffffff7f");
    assertMalformed(() -> Varints.readVarLong(ten, 0, ten.length, v, 0, false), 0,
        "overflows 64 bits");
    assertThat(Varints.readVarLong(ten, 0, ten.length, v, 0, true)).isEqualTo(10);
    assertThat(v[0]).isEqualTo(-1L);
    byte[] eleven = hex("8080808080808080808000");
    assertMalformed(() -> Varints.readVarLong(eleven, 0, eleven.length, v, 0, true), 0,
        "longer than 10 bytes");
  }

  @Test
  void everyTruncationOfALongVarintIsReported() {
    byte[] full = hex("80808080808080808001");
    long[] v = new long[1];
    for (int cut = 0; cut < full.length; cut++) {
      int limit = cut;
      assertMalformed(() -> Varints.readVarLong(full, 0, limit, v, 0, false), 0,
          cut == 0 ? "found the end" : "truncated");
      assertMalformed(() -> Varints.readVarLongs(full, 0, limit, v, 0, 1, false), 0,
          cut == 0 ? "found the end" : "truncated");
    }
  }

  /** The wide loop and the scalar loop agree on every value, and on where each ends. */
  @Test
  void bulkAgreesWithScalarOnRandomData() throws MalformedInputException {
    Random r = CoreTestSeed.random(0);
    int n = 20_000;
    long[] values = new long[n];
    for (int i = 0; i < n; i++) {
      values[i] = switch (r.nextInt(5)) {
        case 0 -> r.nextInt(128);
        case 1 -> r.nextLong() >>> r.nextInt(64);
        case 2 -> -1L;
        case 3 -> 1L << r.nextInt(64);
        default -> r.nextLong();
      };
    }
    byte[] buf = new byte[n * Varints.MAX_VARLONG_BYTES + 1];
    int[] ends = new int[n];
    int p = 1;
    for (int i = 0; i < n; i++) {
      if (r.nextInt(50) == 0) { // now and then a non-minimal zero group, up to 10 bytes
        int size = Varints.varLongSize(values[i]);
        if (size < 9 && values[i] >= 0) {
          int end = Varints.writeVarLong(buf, p, values[i]);
          buf[end - 1] |= (byte) 0x80;
          buf[end] = 0;
          p = end + 1;
          ends[i] = p;
          continue;
        }
      }
      p = Varints.writeVarLong(buf, p, values[i]);
      ends[i] = p;
    }
    long[] scalar = new long[n];
    int q = 1;
    for (int i = 0; i < n; i++) {
      q = Varints.readVarLong(buf, q, p, scalar, i, false);
      assertThat(q).as("end of value %d, %s", i, CoreTestSeed.replay()).isEqualTo(ends[i]);
    }
    assertThat(scalar).as("%s", CoreTestSeed.replay()).containsExactly(values);
    long[] bulk = new long[n + 2];
    assertThat(Varints.readVarLongs(buf, 1, p, bulk, 1, n, false)).isEqualTo(p);
    for (int i = 0; i < n; i++) {
      assertThat(bulk[i + 1]).as("value %d, %s", i, CoreTestSeed.replay()).isEqualTo(values[i]);
    }
    // the fast part stops while 10 bytes remain, having read only whole values
    long packed = Varints.readVarLongsWhileRoom(buf, 1, p, bulk, 0, n, true);
    int count = Varints.packedValue(packed);
    assertThat(count).isPositive().isLessThanOrEqualTo(n);
    assertThat(Varints.packedPosition(packed)).isEqualTo(ends[count - 1])
        .isGreaterThan(p - 2 * Varints.MAX_VARLONG_BYTES);
  }

  /**
   * Short varints in every mix, as decimals and lengths make them: runs of one-byte values
   * (eight at a time), pairs of up to four bytes (squeezed side by side) and longer ones next to
   * them, read in bulk from every offset; nothing outside the asked range is written.
   */
  @Test
  void bulkReadsShortVarintsInEveryMix() throws MalformedInputException {
    Random r = CoreTestSeed.random(7);
    for (int round = 0; round < 200; round++) {
      int n = 1 + r.nextInt(300);
      long[] values = new long[n];
      int maxBytes = 1 + r.nextInt(10);
      for (int i = 0; i < n; i++) {
        int bytes = r.nextInt(4) == 0 ? 1 + r.nextInt(maxBytes) : 1 + r.nextInt(Math.min(4,
            maxBytes));
        int bits = Math.min(64, 7 * bytes);
        values[i] = bits == 64 ? r.nextLong() : r.nextLong() & ((1L << bits) - 1);
      }
      byte[] buf = new byte[n * Varints.MAX_VARLONG_BYTES + 3];
      int start = r.nextInt(3);
      int p = start;
      for (long v : values) {
        p = Varints.writeVarLong(buf, p, v);
      }
      long[] bulk = new long[n + 2];
      bulk[0] = 42;
      bulk[n + 1] = 43;
      assertThat(Varints.readVarLongs(buf, start, p, bulk, 1, n, false))
          .as("%s", CoreTestSeed.replay()).isEqualTo(p);
      assertThat(Arrays.copyOfRange(bulk, 1, n + 1)).as("round %d, %s", round,
          CoreTestSeed.replay()).containsExactly(values);
      assertThat(bulk[0]).isEqualTo(42);
      assertThat(bulk[n + 1]).isEqualTo(43);
    }
  }

  @Test
  void bulkReportsWhereABadVarintStarts() {
    byte[] buf = hex("01" + "0203" + "ffffffffffffffffff7f" + "00000000000000000000");
    long[] v = new long[4];
    assertMalformed(() -> Varints.readVarLongs(buf, 0, buf.length, v, 0, 4, false), 3,
        "overflows 64 bits");
    byte[] tooLong = hex("05" + "ffffffffffffffffffff01" + "00000000000000000000");
    assertMalformed(() -> Varints.readVarLongs(tooLong, 0, tooLong.length, v, 0, 2, true), 1,
        "longer than 10 bytes");
  }

  @Test
  void zigzagsArraysInPlace() {
    long[] v = {0, 1, 2, 3, -1, -2, 99};
    Varints.zigzagDecode(v, 1, 5);
    assertThat(v).containsExactly(0, -1, 1, -2, Long.MIN_VALUE, Long.MAX_VALUE, 99);
  }
}
