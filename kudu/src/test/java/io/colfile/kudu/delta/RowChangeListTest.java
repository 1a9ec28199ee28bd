package io.colfile.kudu.delta;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.colfile.core.error.MalformedInputException;
import io.colfile.testkit.TestSeed;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(TestSeed.class)
class RowChangeListTest {
  private static final HexFormat HEX = HexFormat.ofDelimiter(" ");

  /** The [verified] change lists of cfile.md 11.1 and 11.2. */
  @Test
  void specExamples() throws MalformedInputException {
    RowChangeList upd = RowChangeList.update(
        ColumnUpdate.of(1, new byte[] {(byte) 0x92, 0x10, 0, 0}),
        ColumnUpdate.of(2, "upd".getBytes(StandardCharsets.US_ASCII)));
    same(upd, "01 01 05 92 10 00 00 02 04 75 70 64");
    same(RowChangeList.update(ColumnUpdate.of(1, new byte[] {(byte) 0xf7, 0x10, 0, 0})),
        "01 01 05 f7 10 00 00");
    same(RowChangeList.update(ColumnUpdate.setNull(1)), "01 01 00");
    same(RowChangeList.delete(), "02");
    same(RowChangeList.reinsert(List.of()), "03");
    same(RowChangeList.reinsert(
        List.of(ColumnUpdate.of(300, new byte[0]), ColumnUpdate.setNull(7))),
        "03 ac 02 01 07 00");
  }

  private static void same(RowChangeList rcl, String hex) throws MalformedInputException {
    byte[] b = HEX.parseHex(hex);
    assertEquals(hex, HEX.formatHex(rcl.encode()));
    assertEquals(rcl, RowChangeList.decode(b, 0, b.length));
  }

  @Test
  void decoderCursor() throws MalformedInputException {
    byte[] b = HEX.parseHex("aa 01 01 05 92 10 00 00 02 00 bb");
    RowChangeListDecoder d = new RowChangeListDecoder().reset(b, 1, 9);
    assertEquals(ChangeType.UPDATE, d.type());
    assertTrue(d.next());
    assertEquals(1, d.columnId());
    assertFalse(d.isNull());
    assertEquals(4, d.valueOffset());
    assertEquals(4, d.valueLength());
    assertTrue(d.next());
    assertEquals(2, d.columnId());
    assertTrue(d.isNull());
    assertEquals(-1, d.valueLength());
    assertFalse(d.next());
    assertEquals(1, d.start());
  }

  /** Random change lists through the model, the encoder and the decoder, both ways. */
  @Test
  void randomRoundTrips() throws MalformedInputException {
    for (int i = 0; i < 2000; i++) {
      Random r = TestSeed.random("randomRoundTrips", i);
      RowChangeList rcl = random(r);
      byte[] b = rcl.encode();
      assertEquals(rcl, RowChangeList.decode(b, 0, b.length), TestSeed.replay());
      RowChangeListEncoder enc = new RowChangeListEncoder();
      enc.reset(ChangeType.DELETE); // reuse: reset must forget it
      rcl.encodeTo(enc);
      assertArrayEquals(b, Arrays.copyOf(enc.array(), enc.size()));
    }
  }

  static RowChangeList random(Random r) {
    int kind = r.nextInt(5);
    if (kind == 0) {
      return RowChangeList.delete();
    }
    List<ColumnUpdate> ups = new ArrayList<>();
    int n = (kind == 1 ? 0 : 1) + r.nextInt(6);
    for (int c = 0; c < n; c++) {
      int id = r.nextInt(3) == 0 ? r.nextInt(Integer.MAX_VALUE) : r.nextInt(40);
      if (r.nextInt(4) == 0) {
        ups.add(ColumnUpdate.setNull(id));
      } else {
        byte[] v = new byte[r.nextInt(8) == 0 ? 130 + r.nextInt(200) : r.nextInt(17)];
        r.nextBytes(v);
        ups.add(ColumnUpdate.of(id, v));
      }
    }
    return kind == 1 ? RowChangeList.reinsert(ups) : RowChangeList.update(ups);
  }

  /** Over-long LEB128 varints, which Kudu's GetVarint32 reads too, are accepted. */
  @Test
  void overlongVarintsAccepted() throws MalformedInputException {
    byte[] b = HEX.parseHex("01 81 00 82 80 00 07");
    assertEquals(RowChangeList.update(ColumnUpdate.of(1, new byte[] {7})),
        RowChangeList.decode(b, 0, b.length));
  }

  @Test
  void malformedLists() {
    bad("", 0, "no type byte");
    bad("00", 0, "bad RowChangeList type 0");
    bad("04", 0, "bad RowChangeList type 4");
    bad("ff 01 00", 0, "type 255");
    bad("02 00", 1, "DELETE RowChangeList of 2 bytes");
    bad("01", 1, "UPDATE RowChangeList without columns");
    bad("01 01", 2, "varint runs past the end");
    bad("01 81", 1, "varint runs past the end");
    bad("01 01 05 92 10 00", 2, "4 bytes, only 3 left");
    // len + 1 = 2^32 - 1: an absurd length, refused before anything is allocated
    bad("01 01 ff ff ff ff 0f", 2, "4294967294 bytes, only 0 left");
    bad("01 01 ff ff ff ff 1f", 2, "overflows 32 bits");
    bad("01 01 ff ff ff ff ff 01", 2, "longer than 5 bytes");
    bad("01 80 80 80 80 08 00", 1, "column id 2147483648");
  }

  private static void bad(String hex, int offset, String why) {
    byte[] b = HEX.parseHex(hex);
    MalformedInputException e =
        assertThrows(MalformedInputException.class, () -> RowChangeList.decode(b, 0, b.length));
    assertEquals(offset, e.offset(), e.getMessage());
    assertTrue(e.getMessage().contains(why), e.getMessage());
  }

  /** Truncations and random damage: a change list or MalformedInputException, nothing else. */
  @Test
  void damageGivesOnlyMalformedInput() {
    for (int i = 0; i < 3000; i++) {
      Random r = TestSeed.random("damageGivesOnlyMalformedInput", i);
      byte[] good = random(r).encode();
      byte[] b = good.clone();
      for (int k = r.nextInt(3); k >= 0; k--) {
        b[r.nextInt(b.length)] = (byte) r.nextInt(256);
      }
      int len = r.nextBoolean() ? r.nextInt(b.length + 1) : b.length;
      try {
        RowChangeList back = RowChangeList.decode(b, 0, len);
        // Whatever decoded cleanly re-encodes to a list that decodes the same. (Not always to
        // the same bytes: damage can leave an over-long varint, which Kudu also accepts.)
        byte[] again = back.encode();
        assertEquals(back, RowChangeList.decode(again, 0, again.length), TestSeed.replay());
      } catch (MalformedInputException e) {
        assertTrue(e.offset() >= 0 && e.offset() <= len, e.getMessage());
      }
    }
  }

  @Test
  void wrongUseRejected() {
    assertThrows(IllegalArgumentException.class, () -> RowChangeList.update(List.of()));
    assertThrows(IllegalArgumentException.class, () -> ColumnUpdate.setNull(-1));
    RowChangeListEncoder enc = new RowChangeListEncoder();
    assertThrows(IllegalStateException.class, () -> enc.addNull(1));
    assertThrows(IllegalStateException.class, enc::toByteArray);
    enc.reset(ChangeType.DELETE);
    assertThrows(IllegalStateException.class, () -> enc.addNull(1));
    enc.reset(ChangeType.UPDATE);
    assertThrows(IllegalStateException.class, enc::size);
    enc.addValue(3, new byte[] {9}, 0, 1);
    assertArrayEquals(new byte[] {1, 3, 2, 9}, enc.toByteArray());
    assertThrows(IllegalStateException.class, () -> new RowChangeListDecoder().next());
  }
}
