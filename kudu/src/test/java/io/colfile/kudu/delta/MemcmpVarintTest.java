package io.colfile.kudu.delta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.colfile.core.error.MalformedInputException;
import io.colfile.testkit.TestSeed;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(TestSeed.class)
class MemcmpVarintTest {
  private static final HexFormat HEX = HexFormat.ofDelimiter(" ");

  /** Both sides of every length boundary of cfile.md section 1. */
  @Test
  void boundaries() throws MalformedInputException {
    check(0, "00");
    check(240, "f0");
    check(241, "f1 01");
    check(496, "f2 00");
    check(2287, "f8 ff");
    check(2288, "f9 00 00");
    check(67823, "f9 ff ff");
    check(67824, "fa 01 08 f0");
    check((1L << 24) - 1, "fa ff ff ff");
    check(1L << 24, "fb 01 00 00 00");
    check((1L << 32) - 1, "fb ff ff ff ff");
    check(1L << 32, "fc 01 00 00 00 00");
    check((1L << 40) - 1, "fc ff ff ff ff ff");
    check(1L << 40, "fd 01 00 00 00 00 00");
    check((1L << 48) - 1, "fd ff ff ff ff ff ff");
    check(1L << 48, "fe 01 00 00 00 00 00 00");
    check((1L << 56) - 1, "fe ff ff ff ff ff ff ff");
    check(1L << 56, "ff 01 00 00 00 00 00 00 00");
    check(Long.MAX_VALUE, "ff 7f ff ff ff ff ff ff ff");
    check(Long.MIN_VALUE, "ff 80 00 00 00 00 00 00 00");
    check(-1L, "ff ff ff ff ff ff ff ff ff"); // 2^64 - 1
    // The timestamp of the REDO example in cfile.md 11.1.
    check(0x660d74f64765f000L, "ff 66 0d 74 f6 47 65 f0 00");
  }

  private static void check(long v, String hex) throws MalformedInputException {
    byte[] expected = HEX.parseHex(hex);
    assertEquals(expected.length, MemcmpVarint.length(v), hex);
    byte[] out = new byte[MemcmpVarint.MAX_LENGTH + 2];
    int end = MemcmpVarint.write(out, 1, v);
    assertEquals(hex, HEX.formatHex(out, 1, end));
    assertEquals(expected.length, MemcmpVarint.lengthOf(out[1]));
    assertEquals(v, MemcmpVarint.read(out, 1, end));
    for (int cut = 1; cut < expected.length; cut++) {
      int limit = cut;
      MalformedInputException e = assertThrows(MalformedInputException.class,
          () -> MemcmpVarint.read(expected, 0, limit));
      assertEquals(0, e.offset());
    }
  }

  /** Random values, biased to the boundaries: round trip, and memcmp order = unsigned order. */
  @Test
  void roundTripAndOrder() throws MalformedInputException {
    Random r = TestSeed.random("roundTripAndOrder", 0);
    long[] edges = {0, 240, 241, 2287, 2288, 67823, 67824, 1L << 24, 1L << 32, 1L << 40,
        1L << 48, 1L << 56, Long.MIN_VALUE, -1};
    long[] values = new long[2000];
    byte[][] enc = new byte[values.length][];
    for (int i = 0; i < values.length; i++) {
      long v = switch (r.nextInt(3)) {
        case 0 -> edges[r.nextInt(edges.length)] + r.nextInt(5) - 2;
        case 1 -> r.nextLong() >>> r.nextInt(64);
        default -> r.nextLong();
      };
      values[i] = v;
      enc[i] = new byte[MemcmpVarint.length(v)];
      assertEquals(enc[i].length, MemcmpVarint.write(enc[i], 0, v));
      assertEquals(v, MemcmpVarint.read(enc[i], 0, enc[i].length), TestSeed.replay());
    }
    for (int i = 0; i < 20_000; i++) {
      int a = r.nextInt(values.length);
      int b = r.nextInt(values.length);
      assertEquals(Integer.signum(Long.compareUnsigned(values[a], values[b])),
          Integer.signum(Arrays.compareUnsigned(enc[a], enc[b])),
          () -> Long.toUnsignedString(values[a]) + " vs " + Long.toUnsignedString(values[b])
              + "; " + TestSeed.replay());
    }
  }

  /** Longer forms than needed decode as Kudu's decoder reads them. */
  @Test
  void nonShortestFormsDecodeAsKuduReadsThem() throws MalformedInputException {
    assertEquals(5, MemcmpVarint.read(HEX.parseHex("fa 00 00 05"), 0, 4));
    assertEquals(7, MemcmpVarint.read(HEX.parseHex("ff 00 00 00 00 00 00 00 07"), 0, 9));
    assertEquals(2288, MemcmpVarint.read(HEX.parseHex("f9 00 00"), 0, 3));
  }

  /** Any bytes: a value, or MalformedInputException at the start when too few are left. */
  @Test
  void randomBytes() {
    Random r = TestSeed.random("randomBytes", 0);
    byte[] b = new byte[12];
    for (int i = 0; i < 20_000; i++) {
      r.nextBytes(b);
      int limit = r.nextInt(b.length + 1);
      int off = r.nextInt(limit + 1);
      try {
        MemcmpVarint.read(b, off, limit);
        assertTrue(MemcmpVarint.lengthOf(b[off]) <= limit - off);
      } catch (MalformedInputException e) {
        assertEquals(off, e.offset());
      }
    }
  }

  @Test
  void nothingToRead() {
    assertThrows(MalformedInputException.class, () -> MemcmpVarint.read(new byte[2], 2, 2));
    assertThrows(IndexOutOfBoundsException.class, () -> MemcmpVarint.read(new byte[2], 1, 3));
    assertThrows(IndexOutOfBoundsException.class,
        () -> MemcmpVarint.write(new byte[4], 0, 1L << 32));
  }
}
