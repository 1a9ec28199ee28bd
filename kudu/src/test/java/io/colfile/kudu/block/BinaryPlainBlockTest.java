package io.colfile.kudu.block;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.error.MalformedInputException;
import io.colfile.core.vector.BytesVector;
import io.colfile.testkit.Hex;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** BINARY PLAIN blocks (cfile.md section 6.5): the spec's block, fullness, offsets checks. */
class BinaryPlainBlockTest {
  static final String V0_TO_V9 = "00 00 00 00 | 0a 00 00 00 | 20 00 00 00"
      + "| 76 30 76 31 76 32 76 33 76 34 76 35 76 36 76 37 76 38 76 39"
      + "| 00 0c 0e 10 12 | 00 14 16 18 1a | 00 1c 1e 00 00";

  static String[] v0ToV9() {
    String[] v = new String[10];
    for (int i = 0; i < 10; i++) {
      v[i] = "v" + i;
    }
    return v;
  }

  @Test
  void realBlockOfSection65() throws MalformedInputException {
    BinaryPlainBlockEncoder enc = new BinaryPlainBlockEncoder(256 << 10);
    assertThat(enc.addBinary(Strings.vector(v0ToV9()), 0, 10)).isEqualTo(10);
    byte[] block = enc.finish(0);
    assertThat(Hex.of(block)).isEqualTo(Hex.of(Hex.bytes(V0_TO_V9)));

    BinaryPlainBlockDecoder dec = new BinaryPlainBlockDecoder(block, 0, block.length);
    assertThat(Strings.readAll(dec)).containsExactly(v0ToV9());
    dec.seek(7);
    assertThat(Strings.readAll(dec)).containsExactly("v7", "v8", "v9");
  }

  @Test
  void emptyBlockHasNoOffsets() throws MalformedInputException {
    BinaryPlainBlockEncoder enc = new BinaryPlainBlockEncoder(100);
    byte[] block = enc.finish(9);
    assertThat(Hex.of(block)).isEqualTo("09 00 00 00 00 00 00 00 0c 00 00 00");
    assertThat(new BinaryPlainBlockDecoder(block, 0, block.length).count()).isZero();
  }

  @Test
  void fullnessFollowsKudusEstimate() {
    // 10-byte values: the estimate is 12, then +1 selector per 4 values, +1 per offset (all
    // below 256), +10 per value: 24, 35, 46, 57, 69, 80, 91, 102 > 100 after the 8th.
    List<byte[]> values = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      values.add(new byte[10]);
    }
    BinaryPlainBlockEncoder enc = new BinaryPlainBlockEncoder(100);
    assertThat(enc.addBinary(Strings.vector(values), 0, 3)).isEqualTo(3);
    assertThat(enc.isFull()).isFalse();
    assertThat(enc.addBinary(Strings.vector(values), 0, 20)).isEqualTo(5);
    assertThat(enc.isFull()).isTrue();
    assertThat(enc.count()).isEqualTo(8);
    // Offsets of two bytes count two: a 300-byte value then a small one.
    BinaryPlainBlockEncoder wide = new BinaryPlainBlockEncoder(320);
    values.set(0, new byte[300]);
    // 12 + 1 + 1 + 300 = 314, then + 2 (offset 312) + 10 = 326 > 320.
    assertThat(wide.addBinary(Strings.vector(values), 0, 20)).isEqualTo(2);
  }

  @Test
  void longValuesNeedWideOffsets() throws MalformedInputException {
    List<byte[]> values = new ArrayList<>();
    values.add("a".getBytes());
    values.add(new byte[70_000]);
    values.add("".getBytes());
    values.add("z".getBytes());
    values.get(1)[69_999] = 7;
    BinaryPlainBlockEncoder enc = new BinaryPlainBlockEncoder(1 << 20);
    enc.addBinary(Strings.vector(values), 0, 4);
    byte[] block = enc.finish(0);
    BinaryPlainBlockDecoder dec = new BinaryPlainBlockDecoder(block, 0, block.length);
    BytesVector out = new BytesVector(4);
    dec.readBinary(out, 0, 4);
    for (int i = 0; i < 4; i++) {
      assertThat(out.get(i)).isEqualTo(values.get(i));
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
    "shorter than the header | 00 00 00 00 0a 00 00 00 20 00 00 | 0",
    "offsets position past the end | 00 00 00 00 00 00 00 00 0d 00 00 00 | 8",
    "offsets position inside header | 00 00 00 00 00 00 00 00 0b 00 00 00 | 8",
    "count absurd | 00 00 00 00 ff ff ff 7f 0c 00 00 00 | 4",
    "more offsets than bytes | 00 00 00 00 05 00 00 00 0c 00 00 00 00 0c 0c 0c 0c | 4",
    "bytes after the offsets | 00 00 00 00 01 00 00 00 0d 00 00 00 61 00 0c 00 00 00 00 | 18",
    "first offset inside the header | 00 00 00 00 01 00 00 00 0d 00 00 00 61 00 0b 00 00 00 | 13",
    "offsets decreasing | 00 00 00 00 02 00 00 00 0e 00 00 00 61 62 00 0d 0c 00 00 | 14",
    "offset past the values | 00 00 00 00 01 00 00 00 0d 00 00 00 61 00 0e 00 00 00 | 13",
    "offset group cut off | 00 00 00 00 01 00 00 00 0d 00 00 00 61 c0 0c 00 00 00 | 13"})
  void malformedBlocks(String what, String hex, long offset) {
    byte[] b = Hex.bytes(hex);
    assertThatThrownBy(() -> new BinaryPlainBlockDecoder(b, 0, b.length)).as(what)
        .isInstanceOfSatisfying(MalformedInputException.class,
            e -> assertThat(e.offset()).as(what).isEqualTo(offset));
  }
}
