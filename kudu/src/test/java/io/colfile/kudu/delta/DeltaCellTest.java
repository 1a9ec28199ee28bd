package io.colfile.kudu.delta;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.colfile.core.error.MalformedInputException;
import io.colfile.testkit.TestSeed;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(TestSeed.class)
class DeltaCellTest {
  /** The [verified] REDO cell of cfile.md 11.1, whole. */
  @Test
  void specExample() throws MalformedInputException {
    byte[] b = HexFormat.of().parseHex("02ff660d74f64765f000010105921000000204757064");
    DeltaCell c = DeltaCell.decode(b, 0, b.length);
    assertEquals(new DeltaKey(2, 0x660d74f64765f000L), c.key());
    assertEquals(ChangeType.UPDATE, c.changes().type());
    assertEquals(2, c.changes().updates().size());
    assertArrayEquals(b, c.encode());
  }

  /**
   * Random cells round-trip; every truncation of one and random damage to it decode to a cell
   * or give MalformedInputException at an offset inside the input, never anything else.
   */
  @Test
  void roundTripTruncationAndDamage() throws MalformedInputException {
    for (int i = 0; i < 1500; i++) {
      Random r = TestSeed.random("roundTripTruncationAndDamage", i);
      long ts = r.nextBoolean() ? DeltaKey.hybridTime(1_700_000_000_000_000L + r.nextInt(1 << 30),
          r.nextInt(4096)) : r.nextLong();
      DeltaCell cell = new DeltaCell(new DeltaKey(r.nextLong() >>> 32, ts),
          RowChangeListTest.random(r));
      byte[] b = cell.encode();
      assertEquals(cell, DeltaCell.decode(b, 0, b.length), TestSeed.replay());
      for (int len = 0; len < b.length; len++) {
        tryDecode(b, len);
      }
      for (int k = 0; k < 10; k++) {
        byte[] d = b.clone();
        d[r.nextInt(d.length)] = (byte) r.nextInt(256);
        tryDecode(d, d.length);
      }
    }
  }

  private static void tryDecode(byte[] b, int len) {
    try {
      DeltaCell.decode(b, 0, len);
    } catch (MalformedInputException e) {
      assertTrue(e.offset() >= 0 && e.offset() <= len, e.getMessage());
    }
  }
}
