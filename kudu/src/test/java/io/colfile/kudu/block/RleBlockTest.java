package io.colfile.kudu.block;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.encoding.Endian;
import io.colfile.core.error.MalformedInputException;
import io.colfile.kudu.PhysicalType;
import io.colfile.testkit.Hex;
import io.colfile.testkit.TestSeed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * RLE blocks and null bitmaps against the bytes of cfile.md sections 5, 6.3 and 15.1, Kudu's
 * fullness rule, and the decoder's up-front check of the stream against the count.
 */
@ExtendWith(TestSeed.class)
class RleBlockTest {
  @Test
  void int32OneToFive() throws MalformedInputException {
    byte[] cells = new byte[20];
    for (int i = 0; i < 5; i++) {
      Endian.putIntLE(cells, 4 * i, i + 1);
    }
    RleBlockEncoder enc = new RleBlockEncoder(PhysicalType.INT32, 256 << 10);
    assertThat(enc.addCells(cells, 0, 5)).isEqualTo(5);
    byte[] block = enc.finish(0);
    assertThat(Hex.of(block)).isEqualTo(Hex.of(Hex.bytes("05 00 00 00 00 00 00 00 03"
        + "01 00 00 00 02 00 00 00 03 00 00 00 04 00 00 00 05 00 00 00")));

    RleBlockDecoder dec = new RleBlockDecoder(PhysicalType.INT32, block, 0, block.length);
    byte[] back = new byte[20];
    dec.readCells(back, 0, 5);
    assertThat(back).isEqualTo(cells);
  }

  @Test
  void boolRealBlockOfSection15() throws MalformedInputException {
    byte[] cells = {1, 1, 1, 1, 1, 0, 0, 0, 0, 0};
    RleBlockEncoder enc = new RleBlockEncoder(PhysicalType.BOOL, 256 << 10);
    enc.addCells(cells, 0, 10);
    byte[] block = enc.finish(0);
    assertThat(Hex.of(block)).isEqualTo("0a 00 00 00 00 00 00 00 05 1f 00");

    RleBlockDecoder dec = new RleBlockDecoder(PhysicalType.BOOL, block, 0, block.length);
    assertThat(dec.count()).isEqualTo(10);
    assertThat(dec.firstOrdinal()).isZero();
    byte[] back = new byte[10];
    dec.readCells(back, 0, 10);
    assertThat(back).isEqualTo(cells);
  }

  @Test
  void nullBitmapsOfSections5And6() {
    // 1 = non-NULL. [NULL,-150,-50,NULL,150,250,NULL,450,550,NULL] and the even/odd example.
    assertThat(Hex.of(bitmap(0, 1, 1, 0, 1, 1, 0, 1, 1, 0))).isEqualTo("05 b6 01");
    assertThat(Hex.of(bitmap(1, 1, 1, 1, 0, 1, 1, 1, 1, 1))).isEqualTo("05 ef 03");
  }

  private static byte[] bitmap(int... rows) {
    RleEncoder enc = new RleEncoder(1);
    for (int r : rows) {
      enc.put(r);
    }
    return enc.finish();
  }

  @Test
  void fullOnceHeaderAndWrittenBytesExceedTheBlockSize() {
    // INT8, all distinct: each group of 8 writes 8 bytes (plus the indicator for the first).
    RleBlockEncoder enc = new RleBlockEncoder(PhysicalType.INT8, 30);
    byte[] cells = new byte[100];
    for (int i = 0; i < 100; i++) {
      cells[i] = (byte) i;
    }
    // After 16 values: 8 + 1 + 16 = 25 bytes; after 24: 33 > 30, so the 24th makes it full.
    assertThat(enc.addCells(cells, 0, 100)).isEqualTo(24);
    assertThat(enc.isFull()).isTrue();
    assertThat(enc.count()).isEqualTo(24);
    byte[] block = enc.finish(7);
    assertThat(enc.count()).isZero();
    assertThat(enc.isFull()).isFalse();
    assertThat(Endian.getIntLE(block, 4)).isEqualTo(7);
  }

  @Test
  void seeksForwardAndBackward() throws MalformedInputException {
    RleBlockEncoder enc = new RleBlockEncoder(PhysicalType.INT16, 1 << 20);
    byte[] cells = new byte[2 * 1000];
    for (int i = 0; i < 1000; i++) {
      Endian.putShortLE(cells, 2 * i, (short) (i < 500 ? i / 40 : -i));
    }
    enc.addCells(cells, 0, 1000);
    byte[] block = enc.finish(123);
    RleBlockDecoder dec = new RleBlockDecoder(PhysicalType.INT16, block, 0, block.length);
    for (int at : new int[] {999, 0, 500, 499, 37, 1000, 1, 640}) {
      dec.seek(at);
      int n = Math.min(25, 1000 - at);
      byte[] got = new byte[2 * n];
      dec.readCells(got, 0, n);
      for (int i = 0; i < n; i++) {
        assertThat(Endian.getShortLE(got, 2 * i)).as("value %d", at + i)
            .isEqualTo(Endian.getShortLE(cells, 2 * (at + i)));
      }
      assertThat(dec.position()).isEqualTo(at + n);
    }
  }

  @Test
  void countBeyondTheStreamFailsAtConstruction() {
    byte[] block = Hex.bytes("11 00 00 00 00 00 00 00 05 1f 00"); // 17 values claimed
    assertThatThrownBy(() -> new RleBlockDecoder(PhysicalType.BOOL, block, 0, block.length))
        .isInstanceOfSatisfying(MalformedInputException.class,
            e -> assertThat(e.offset()).isEqualTo(11));
    byte[] absurd = Hex.bytes("ff ff ff ff 00 00 00 00 05 1f 00");
    assertThatThrownBy(() -> new RleBlockDecoder(PhysicalType.BOOL, absurd, 0, absurd.length))
        .isInstanceOfSatisfying(MalformedInputException.class,
            e -> assertThat(e.offset()).isZero());
    byte[] shortHeader = Hex.bytes("0a 00 00 00 00 00 00");
    assertThatThrownBy(() -> new RleBlockDecoder(PhysicalType.BOOL, shortHeader, 0, 7))
        .isInstanceOf(MalformedInputException.class);
  }
}
