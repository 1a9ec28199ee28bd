package io.colfile.kudu.delta;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
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
class DeltaKeyTest {
  private static final HexFormat HEX = HexFormat.ofDelimiter(" ");

  /** The [verified] REDO cell of cfile.md 11.1: row 2 at ts 0x660d74f64765f000. */
  @Test
  void specExample() throws MalformedInputException {
    byte[] cell = HEX.parseHex("02 ff 66 0d 74 f6 47 65 f0 00 01 01 05 92 10 00 00 02 04 75 70 64");
    assertEquals(10, DeltaKey.lengthAt(cell, 0, cell.length));
    DeltaKey k = DeltaKey.decode(cell, 0, 10);
    assertEquals(new DeltaKey(2, 0x660d74f64765f000L), k);
    assertEquals(0x660d74f64765fL, k.physicalMicros());
    assertEquals(0, k.logical());
    assertArrayEquals(Arrays.copyOf(cell, 10), k.encode());
    assertEquals(10, k.encodedLength());
  }

  @Test
  void hybridTime() {
    long ts = DeltaKey.hybridTime(1_600_000_000_123_456L, 0xABC);
    DeltaKey k = new DeltaKey(0, ts);
    assertEquals(1_600_000_000_123_456L, k.physicalMicros());
    assertEquals(0xABC, k.logical());
    assertEquals(ts, (1_600_000_000_123_456L << 12) | 0xABC);
    assertThrows(IllegalArgumentException.class, () -> DeltaKey.hybridTime(1L << 52, 0));
    assertThrows(IllegalArgumentException.class, () -> DeltaKey.hybridTime(0, 4096));
    assertThrows(IllegalArgumentException.class, () -> new DeltaKey(-1, 0));
    assertThrows(IllegalArgumentException.class, () -> new DeltaKey(1L << 32, 0));
  }

  @Test
  void orders() {
    DeltaKey a = new DeltaKey(1, 10);
    DeltaKey b = new DeltaKey(1, 20);
    DeltaKey c = new DeltaKey(2, 5);
    DeltaKey big = new DeltaKey(1, -1L); // 2^64 - 1: timestamps compare unsigned
    assertTrue(DeltaType.REDO.compare(a, b) < 0);
    assertTrue(DeltaType.UNDO.compare(a, b) > 0);
    assertTrue(DeltaType.REDO.compare(b, c) < 0);
    assertTrue(DeltaType.UNDO.compare(b, c) < 0);
    assertTrue(DeltaType.REDO.compare(b, big) < 0);
    assertTrue(DeltaType.UNDO.compare(b, big) > 0);
    assertEquals(0, DeltaType.UNDO.compare(a, new DeltaKey(1, 10)));
    assertTrue(DeltaType.UNDO.comparator().compare(big, a) < 0);
  }

  /** Encoded keys sort (unsigned memcmp) in REDO order; decode gives each key back. */
  @Test
  void encodedOrderIsRedoOrder() throws MalformedInputException {
    Random r = TestSeed.random("encodedOrderIsRedoOrder", 0);
    DeltaKey[] keys = new DeltaKey[500];
    byte[][] enc = new byte[keys.length][];
    for (int i = 0; i < keys.length; i++) {
      long row = r.nextBoolean() ? r.nextInt(3000) : r.nextLong() >>> 32;
      long ts = r.nextInt(4) == 0 ? r.nextInt(70_000) : r.nextLong();
      keys[i] = new DeltaKey(row, ts);
      enc[i] = keys[i].encode();
      assertEquals(keys[i], DeltaKey.decode(enc[i], 0, enc[i].length), TestSeed.replay());
    }
    for (int i = 0; i < keys.length; i++) {
      for (int j = 0; j < keys.length; j += 7) {
        assertEquals(Integer.signum(DeltaType.REDO.compare(keys[i], keys[j])),
            Integer.signum(Arrays.compareUnsigned(enc[i], enc[j])), TestSeed.replay());
      }
    }
  }

  @Test
  void malformedKeys() {
    bad("", 0, "no bytes left");
    bad("05", 0, "truncated");
    bad("f1", 0, "truncated");
    bad("02 ff 66 0d", 1, "timestamp of 9 bytes, only 3 left");
    // row ordinal 2^32: fits a memcmp-varint, not Kudu's 32-bit rowid
    bad("fc 01 00 00 00 00 05", 0, "exceeds Kudu's 32 bits");
  }

  private static void bad(String hex, int offset, String why) {
    byte[] b = HEX.parseHex(hex);
    MalformedInputException e =
        assertThrows(MalformedInputException.class, () -> DeltaKey.decode(b, 0, b.length));
    assertEquals(offset, e.offset(), e.getMessage());
    assertTrue(e.getMessage().contains(why), e.getMessage());
  }
}
