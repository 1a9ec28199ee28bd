package io.colfile.kudu.block;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.error.MalformedInputException;
import io.colfile.testkit.Hex;
import io.colfile.testkit.TestSeed;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** PLAIN BOOL bitmap blocks (cfile.md section 6.2): the spec's block, fullness, reads, checks. */
@ExtendWith(TestSeed.class)
class BitmapBlockTest {
  @Test
  void realBlockOfSection62() throws MalformedInputException {
    byte[] cells = {0, 1, 0, 0, 1, 0, 0, 1, 0, 0};
    BitmapBlockEncoder enc = new BitmapBlockEncoder(256 << 10);
    assertThat(enc.addCells(cells, 0, 10)).isEqualTo(10);
    byte[] block = enc.finish(0);
    assertThat(Hex.of(block)).isEqualTo("0a 00 00 00 00 00 00 00 92 00");

    BitmapBlockDecoder dec = new BitmapBlockDecoder(block, 0, block.length);
    byte[] back = new byte[10];
    dec.readCells(back, 0, 10);
    assertThat(back).isEqualTo(cells);
  }

  @Test
  void fullOnceTheBlockExceedsItsSize() {
    BitmapBlockEncoder enc = new BitmapBlockEncoder(10);
    byte[] ones = new byte[100];
    java.util.Arrays.fill(ones, (byte) 1);
    // 8 + ceil(16 / 8) = 10 still fits; the 17th value makes 11 bytes.
    assertThat(enc.addCells(ones, 0, 5)).isEqualTo(5);
    assertThat(enc.addCells(ones, 0, 100)).isEqualTo(12);
    assertThat(enc.isFull()).isTrue();
    byte[] block = enc.finish(5);
    assertThat(Hex.of(block)).isEqualTo("11 00 00 00 05 00 00 00 ff ff 01");
    // The encoder is clean afterwards: no bits of the last block leak into the next.
    enc.addCells(new byte[3], 0, 3);
    assertThat(Hex.of(enc.finish(0))).isEqualTo("03 00 00 00 00 00 00 00 00");
  }

  @Test
  void readsFromAnyPosition() throws MalformedInputException {
    for (int c = 0; c < 50; c++) {
      Random r = TestSeed.random("bitmapReads", c);
      int n = r.nextInt(300);
      byte[] cells = new byte[n];
      for (int i = 0; i < n; i++) {
        cells[i] = (byte) (r.nextInt(3) == 0 ? 1 : 0);
      }
      BitmapBlockEncoder enc = new BitmapBlockEncoder(1 << 20);
      enc.addCells(cells, 0, n);
      byte[] block = enc.finish(0);
      BitmapBlockDecoder dec = new BitmapBlockDecoder(block, 0, block.length);
      for (int k = 0; k < 10; k++) {
        int at = r.nextInt(n + 1);
        int len = r.nextInt(n - at + 1);
        dec.seek(at);
        byte[] got = new byte[len + 2];
        dec.readCells(got, 1, len);
        for (int i = 0; i < len; i++) {
          assertThat(got[1 + i]).as("value %d, %s", at + i, TestSeed.replay())
              .isEqualTo(cells[at + i]);
        }
        assertThat(got[0]).isZero();
        assertThat(got[len + 1]).isZero();
      }
    }
  }

  @Test
  void lengthMustMatchTheCount() {
    for (String hex : new String[] {"0a 00 00 00 00 00 00 00 92",
        "0a 00 00 00 00 00 00 00 92 00 00", "ff ff ff ff 00 00 00 00 00", "0a 00 00"}) {
      byte[] b = Hex.bytes(hex);
      assertThatThrownBy(() -> new BitmapBlockDecoder(b, 0, b.length)).as(hex)
          .isInstanceOf(MalformedInputException.class);
    }
  }
}
