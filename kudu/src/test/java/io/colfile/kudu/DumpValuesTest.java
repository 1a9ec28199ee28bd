package io.colfile.kudu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/** The test helpers that read Kudu's dumps are code too. */
class DumpValuesTest {
  @Test
  void unescape() {
    assertArrayEquals(HexFormat.of().parseHex("f1980a0d09225c27ff31"),
        CEscapes.unquote("\"\\xf1\\x98\\n\\r\\t\\\"\\\\\\'\\xff\\x31\""));
    assertArrayEquals(new byte[] {1, 0, 'a', (byte) 0xc3, (byte) 0xbf, 0x7f},
        CEscapes.unquote("\"\\001\\000a\u00c3\u00bf\\177\""));
    assertEquals(2, KuduDump.literals("\"a\"\"\\000\"").size());
  }

  @Test
  void datesAndTimes() {
    assertEquals(KuduType.MIN_DATE, DumpValues.date("1-01-01"));
    assertEquals(KuduType.MAX_DATE, DumpValues.date("9999-12-31"));
    assertEquals(0, DumpValues.date("1970-01-01"));
    assertEquals(-62135596800000000L, DumpValues.timestamp("1-01-01T00:00:00.000000Z"));
    assertEquals(253402300799999999L, DumpValues.timestamp("9999-12-31T23:59:59.999999Z"));
    assertEquals(-1, DumpValues.timestamp("1969-12-31T23:59:59.999999Z"));
  }

  @Test
  void cells() {
    assertArrayEquals(new byte[] {(byte) 0xfe}, DumpValues.cell(KuduType.INT8, "-2"));
    assertArrayEquals(new byte[] {1, 0, 0, 0}, DumpValues.cell(KuduType.DECIMAL32, "1_D32"));
    assertArrayEquals(HexFormat.of().parseHex("ffffffffffffffffffffffffffffffff"),
        DumpValues.int128Cell(BigInteger.ONE.negate()));
    assertArrayEquals(HexFormat.of().parseHex("0201000000000000000000000000f0ff"),
        DumpValues.int128Cell(BigInteger.ONE.shiftLeft(116).negate().add(BigInteger.valueOf(258))));
    assertEquals(null, DumpValues.cell(KuduType.STRING, "NULL"));
    assertArrayEquals(new byte[] {0, 0, (byte) 0xc0, 0x7f}, DumpValues.cell(KuduType.FLOAT, "nan"));
  }

  /** Kudu's lossy 128-bit printing, and that such text is refused rather than misread. */
  @Test
  void int128Text() {
    BigInteger e30 = BigInteger.TEN.pow(30);
    assertEquals("10000000000301", DumpValues.kuduInt128Text(e30.add(BigInteger.valueOf(301))));
    assertEquals("-297999999999999999999999999999998",
        DumpValues.kuduInt128Text(e30.multiply(BigInteger.valueOf(-298)).add(BigInteger.TWO)));
    assertEquals("18446744073709551615",
        DumpValues.kuduInt128Text(BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE)));
    // 2^64 = 0 * 10^20 + 1844674407370955161 * 10 + 6: a leading "0" part.
    assertEquals("018446744073709551616",
        DumpValues.kuduInt128Text(BigInteger.ONE.shiftLeft(64)));
    assertEquals("0", DumpValues.kuduInt128Text(BigInteger.ZERO));
    assertThrows(IllegalArgumentException.class,
        () -> DumpValues.cell(KuduType.DECIMAL128, "10000000000301_D128"));
    assertThrows(IllegalArgumentException.class, () -> DumpValues.cell(KuduType.INT128, "1"));
  }
}
