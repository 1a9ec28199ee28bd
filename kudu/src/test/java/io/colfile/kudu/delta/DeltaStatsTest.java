package io.colfile.kudu.delta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.colfile.core.error.MalformedInputException;
import io.colfile.testkit.TestSeed;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(TestSeed.class)
class DeltaStatsTest {
  private static final HexFormat HEX = HexFormat.ofDelimiter(" ");
  /** The [verified] example of cfile.md 11.4. */
  private static final String SPEC = "08 01 19 00 f0 65 47 f6 74 0d 66 21 00 60 08 52 f6 74 0d 66"
      + " 2a 04 08 02 10 01 2a 04 08 01 10 03 30 00";
  private static final long MIN = 0x660d74f64765f000L;
  private static final long MAX = 0x660d74f652086000L;

  @Test
  void specExampleParses() throws MalformedInputException {
    byte[] b = HEX.parseHex(SPEC);
    DeltaStats s = DeltaStats.parse(b, 0, b.length);
    assertEquals(1, s.deleteCount());
    assertEquals(0, s.reinsertCount());
    assertEquals(MIN, s.minTimestamp());
    assertEquals(MAX, s.maxTimestamp());
    assertEquals(Map.of(2, 1L, 1, 3L), s.updateCounts());
    assertEquals(List.of(2, 1), List.copyOf(s.updateCounts().keySet()), "the file's order");
    assertEquals(SPEC, HEX.formatHex(s.toBytes()));
  }

  /**
   * Built from deltas the way Kudu counts them, the stats serialize to Kudu's bytes: column 1
   * updated first, so the unordered_map lists column 2 first.
   */
  @Test
  void builtFromDeltasGivesKudusBytes() throws MalformedInputException {
    DeltaStats s = new DeltaStats();
    s.add(MIN, RowChangeList.update(ColumnUpdate.of(1, new byte[4])));
    s.add(MIN + 4096,
        RowChangeList.update(ColumnUpdate.setNull(1), ColumnUpdate.of(2, new byte[1])));
    byte[] rcl = RowChangeList.update(ColumnUpdate.of(1, new byte[4])).encode();
    s.add(MAX - 1, rcl, 0, rcl.length);
    s.add(new DeltaCell(new DeltaKey(9, MAX), RowChangeList.delete()));
    assertEquals(SPEC, HEX.formatHex(s.toBytes()));
    byte[] b = HEX.parseHex(SPEC);
    assertEquals(DeltaStats.parse(b, 0, b.length), s);
  }

  @Test
  void reinsertsCountTheirColumnsAndRepeatsCountTwice() {
    DeltaStats s = new DeltaStats();
    s.add(5, RowChangeList.reinsert(List.of(ColumnUpdate.setNull(4), ColumnUpdate.setNull(4))));
    s.add(3, RowChangeList.reinsert(List.of()));
    assertEquals(2, s.reinsertCount());
    assertEquals(2, s.updateCount(4));
    assertEquals(0, s.updateCount(5));
    assertEquals(3, s.minTimestamp());
    assertEquals(5, s.maxTimestamp());
  }

  @Test
  void emptyStatsAreKudusInitialValues() throws MalformedInputException {
    DeltaStats s = new DeltaStats();
    assertEquals(-1L, s.minTimestamp());
    assertEquals(0, s.maxTimestamp());
    byte[] b = s.toBytes();
    assertEquals("08 00 19 ff ff ff ff ff ff ff ff 21 00 00 00 00 00 00 00 00 30 00",
        HEX.formatHex(b));
    assertEquals(s, DeltaStats.parse(b, 0, b.length));
  }

  /** Timestamps at and above 2^63 compare unsigned. */
  @Test
  void unsignedTimestamps() {
    DeltaStats s = new DeltaStats();
    s.add(Long.MIN_VALUE, RowChangeList.delete());
    s.add(7, RowChangeList.delete());
    assertEquals(7, s.minTimestamp());
    assertEquals(Long.MIN_VALUE, s.maxTimestamp());
  }

  /**
   * Column order of libstdc++'s unordered_map, for inputs whose order was captured from a
   * GCC 12 build of {@code for (id : ids) map[id] += 1; for (e : map) print(e.first)}.
   */
  @Test
  void columnOrderFollowsLibstdcxx() {
    order(ids(5, 100, 18, 5, 31, 44, 7, 13, 26, 0, 300),
        ids(300, 0, 26, 13, 7, 100, 44, 31, 18, 5));
    order(ids(1, 14, 2), ids(2, 14, 1));
    List<Integer> up30 = new ArrayList<>();
    for (int i = 1; i <= 30; i++) {
      up30.add(i);
    }
    order(up30, ids(30, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 14, 15, 16, 17, 18, 19, 20, 21,
        22, 23, 24, 25, 26, 27, 28, 29));
    List<Integer> down40 = new ArrayList<>();
    for (int i = 40; i >= 0; i--) {
      down40.add(i);
    }
    order(down40, ids(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37,
        38, 39, 40, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12));
  }

  private static List<Integer> ids(Integer... ids) {
    return List.of(ids);
  }

  private static void order(List<Integer> updated, List<Integer> expected) {
    DeltaStats s = new DeltaStats();
    for (int id : updated) {
      s.add(1, RowChangeList.update(ColumnUpdate.setNull(id)));
    }
    assertEquals(expected, List.copyOf(s.updateCounts().keySet()));
  }

  @Test
  void equalityIgnoresColumnOrder() throws MalformedInputException {
    byte[] a = HEX.parseHex("08 00 19 01 00 00 00 00 00 00 00 21 02 00 00 00 00 00 00 00"
        + " 2a 04 08 01 10 01 2a 04 08 02 10 05 30 00");
    byte[] b = HEX.parseHex("08 00 19 01 00 00 00 00 00 00 00 21 02 00 00 00 00 00 00 00"
        + " 2a 04 08 02 10 05 2a 04 08 01 10 01 30 00");
    assertEquals(DeltaStats.parse(a, 0, a.length), DeltaStats.parse(b, 0, b.length));
    byte[] c = HEX.parseHex("08 00 19 01 00 00 00 00 00 00 00 21 02 00 00 00 00 00 00 00"
        + " 2a 04 08 02 10 04 2a 04 08 01 10 01 30 00");
    assertNotEquals(DeltaStats.parse(a, 0, a.length), DeltaStats.parse(c, 0, c.length));
  }

  @Test
  void malformedStats() {
    bad("", "delete_count"); // required fields missing
    bad("08 01 19 00 00 00 00 00 00 00 00", "max_timestamp");
    bad("08 01 19 00 00", "truncated");
    bad("08 ff ff ff ff ff ff ff ff ff 01 19 00 00 00 00 00 00 00 00 21 00 00 00 00 00 00 00 00",
        "negative count");
    bad("08 00 19 00 00 00 00 00 00 00 00 21 00 00 00 00 00 00 00 00 2a 02 10 01", "col_id");
  }

  private static void bad(String hex, String why) {
    byte[] b = HEX.parseHex(hex);
    MalformedInputException e =
        assertThrows(MalformedInputException.class, () -> DeltaStats.parse(b, 0, b.length));
    assertTrue(e.getMessage().contains(why), e.getMessage());
  }

  /** A malformed change list is refused and leaves the stats as they were. */
  @Test
  void malformedChangeListChangesNothing() throws MalformedInputException {
    DeltaStats s = new DeltaStats();
    s.add(5, RowChangeList.update(ColumnUpdate.setNull(1)));
    byte[] before = s.toBytes();
    byte[] bad = HEX.parseHex("01 02 00 03 09 01");
    assertThrows(MalformedInputException.class, () -> s.add(1, bad, 0, bad.length));
    assertEquals(HEX.formatHex(before), HEX.formatHex(s.toBytes()));
  }

  @Test
  void randomDamageGivesOnlyMalformedInput() {
    DeltaStats s = new DeltaStats();
    s.add(MIN, RowChangeList.update(ColumnUpdate.setNull(3), ColumnUpdate.setNull(300)));
    s.add(MAX, RowChangeList.delete());
    byte[] good = s.toBytes();
    for (int i = 0; i < 3000; i++) {
      Random r = TestSeed.random("randomDamageGivesOnlyMalformedInput", i);
      byte[] b = good.clone();
      for (int k = r.nextInt(3); k >= 0; k--) {
        b[r.nextInt(b.length)] = (byte) r.nextInt(256);
      }
      int len = r.nextBoolean() ? r.nextInt(b.length + 1) : b.length;
      try {
        DeltaStats.parse(b, 0, len);
      } catch (MalformedInputException e) {
        assertTrue(e.offset() >= 0 && e.offset() <= len, e.getMessage());
      }
    }
  }
}
