package io.colfile.kudu.key;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.colfile.kudu.KuduType;
import io.colfile.kudu.PhysicalType;
import io.colfile.testkit.Hex;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class KeyEncoderTest {

  /** The [verified] examples of cfile.md 9.2, key (STRING k1, INT32 k2). */
  @Test
  void specCompositeExamples() {
    KeyEncoder enc = KeyEncoder.of(KuduType.STRING, KuduType.INT32);
    assertEquals("61 00 00 7f ff ff ff", hex(enc, "a", -1));
    assertEquals("61 00 01 62 00 00 80 00 00 00", hex(enc, "a\0b", 0));
    assertEquals("62 62 00 00 80 00 00 03", hex(enc, "bb", 3));
  }

  private static String hex(KeyEncoder enc, String s, int i) {
    KeyBuffer buf = new KeyBuffer();
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    enc.appendBinary(buf, 0, b, 0, b.length);
    enc.appendLong(buf, 1, i);
    return Hex.of(buf.toByteArray());
  }

  /** Section 9.1, one value of every key type. */
  @Test
  void singleValues() {
    assertEquals("80 00 00 01", single(KuduType.INT32, 1));
    assertEquals("7f ff ff ff", single(KuduType.INT32, -1));
    assertEquals("80 00 00 00", single(KuduType.INT32, 0)); // the min_key of 15.1
    assertEquals("00", single(KuduType.INT8, -128));
    assertEquals("ff", single(KuduType.INT8, 127));
    assertEquals("7e", single(KuduType.INT8, -2));
    assertEquals("80 01", single(KuduType.INT16, 1));
    assertEquals("00 00", single(KuduType.INT16, Short.MIN_VALUE));
    assertEquals("00 00 00 00 00 00 00 00", single(KuduType.INT64, Long.MIN_VALUE));
    assertEquals("ff ff ff ff ff ff ff ff", single(KuduType.INT64, Long.MAX_VALUE));
    assertEquals("80 00 00 00 00 00 01 00", single(KuduType.UNIXTIME_MICROS, 256));
    assertEquals("7f f5 06 c6", single(KuduType.DATE, KuduType.MIN_DATE));
    assertEquals("80 2c c0 a0", single(KuduType.DATE, KuduType.MAX_DATE));
    assertEquals("7f ff ff fe", single(KuduType.DECIMAL32, -2));
    assertEquals("80 00 00 00 00 00 00 05", single(KuduType.DECIMAL64, 5));
    // Unsigned types: plain big-endian, no flip.
    assertEquals("ff", single(KuduType.UINT8, 255));
    assertEquals("00 01", single(KuduType.UINT16, 1));
    assertEquals("ff ff ff ff", single(KuduType.UINT32, -1));
    assertEquals("80 00 00 00 00 00 00 00", single(KuduType.UINT64, Long.MIN_VALUE));
  }

  private static String single(KuduType t, long v) {
    KeyBuffer a = new KeyBuffer();
    KeyEncoder.of(t).appendLong(a, 0, v);
    // The same value as a little-endian cell must encode the same way.
    byte[] cell = new byte[t.physical().width() + 3];
    io.colfile.kudu.block.Bytes.putCell(cell, 3, t.physical().width(), v);
    KeyBuffer b = new KeyBuffer();
    KeyEncoder.of(t).appendCell(b, 0, cell, 3);
    assertArrayEquals(a.toByteArray(), b.toByteArray(), t + " " + v);
    return Hex.of(a.toByteArray());
  }

  @Test
  void int128() {
    KeyEncoder enc = KeyEncoder.of(KuduType.DECIMAL128);
    KeyBuffer buf = new KeyBuffer();
    enc.appendInt128(buf, 0, -1, -1); // -1
    assertEquals("7f ff ff ff ff ff ff ff ff ff ff ff ff ff ff ff",
        Hex.of(buf.toByteArray()));
    buf.reset();
    enc.appendInt128(buf, 0, 0, 1);
    assertEquals("80 00 00 00 00 00 00 00 00 00 00 00 00 00 00 01",
        Hex.of(buf.toByteArray()));
    // As a cell: low 8 bytes first, little-endian.
    byte[] cell = Hex.bytes("02 01 00 00 00 00 00 00 04 03 00 00 00 00 00 80");
    buf.reset();
    enc.appendCell(buf, 0, cell, 0);
    assertEquals("00 00 00 00 00 00 03 04 00 00 00 00 00 00 01 02",
        Hex.of(buf.toByteArray()));
  }

  @Test
  void binaryEscaping() {
    assertEquals("", bin(new byte[0], true));
    assertEquals("00 00", bin(new byte[0], false));
    assertEquals("00", bin(new byte[] {0}, true));
    assertEquals("00 01 00 00", bin(new byte[] {0}, false));
    assertEquals("00 01 00 01 00 00", bin(new byte[] {0, 0}, false));
    assertEquals("01 00 01 02 00 00", bin(new byte[] {1, 0, 2}, false));
    assertEquals("ff 00 00", bin(new byte[] {-1}, false));
  }

  private static String bin(byte[] v, boolean last) {
    KeyBuffer buf = new KeyBuffer(1);
    buf.put((byte) 0x55); // something before, to see the append lands after it
    KeyEncoder.encodeBinary(v, 0, v.length, last, buf);
    byte[] out = buf.toByteArray();
    assertEquals(0x55, out[0]);
    return Hex.of(out, 1, out.length);
  }

  /** A buffer grows as needed and reset keeps working. */
  @Test
  void bufferGrowsAndResets() {
    KeyBuffer buf = new KeyBuffer(16);
    byte[] big = new byte[1000];
    KeyEncoder.encodeBinary(big, 0, big.length, false, buf);
    assertEquals(2002, buf.size());
    buf.reset();
    assertEquals(0, buf.size());
    KeyEncoder.encodeLong(PhysicalType.INT32, 1, buf);
    assertArrayEquals(new byte[] {(byte) 0x80, 0, 0, 1}, buf.toByteArray());
  }

  @Test
  void wrongUseRejected() {
    assertThrows(IllegalArgumentException.class, () -> KeyEncoder.of(KuduType.BOOL));
    assertThrows(IllegalArgumentException.class, () -> KeyEncoder.of(KuduType.DOUBLE));
    assertThrows(IllegalArgumentException.class, () -> KeyEncoder.of());
    KeyEncoder enc = KeyEncoder.of(KuduType.STRING, KuduType.INT32, KuduType.INT128);
    KeyBuffer buf = new KeyBuffer();
    assertThrows(IllegalArgumentException.class, () -> enc.appendLong(buf, 0, 1));
    assertThrows(IllegalArgumentException.class, () -> enc.appendBinary(buf, 1, new byte[1], 0, 1));
    assertThrows(IllegalArgumentException.class, () -> enc.appendLong(buf, 2, 1));
    assertThrows(IllegalArgumentException.class, () -> enc.appendInt128(buf, 1, 0, 1));
    assertThrows(IllegalArgumentException.class, () -> enc.appendCell(buf, 0, new byte[8], 0));
    assertThrows(IndexOutOfBoundsException.class,
        () -> enc.appendBinary(buf, 0, new byte[2], 1, 2));
    assertThrows(IllegalArgumentException.class,
        () -> KeyEncoder.encodeLong(PhysicalType.FLOAT, 1, buf));
  }
}
