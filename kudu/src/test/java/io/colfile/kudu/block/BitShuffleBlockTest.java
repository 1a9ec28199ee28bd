package io.colfile.kudu.block;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.encoding.Endian;
import io.colfile.core.error.MalformedInputException;
import io.colfile.kudu.PhysicalType;
import io.colfile.testkit.Hex;
import io.colfile.testkit.TestSeed;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * BIT_SHUFFLE blocks against the bytes of cfile.md sections 5, 6.4 and 6.6 (blocks written by
 * bitshuffle 0.3.5 with LZ4 1.9.3, i.e. by Kudu), UINT32 narrowing, fullness, and the header
 * checks of section 6.4.1.
 */
@ExtendWith(TestSeed.class)
class BitShuffleBlockTest {
  /** INT32 1..8: the header, then section 6.4.2's stream made by LZ4 1.9.3. */
  static final String ONE_TO_EIGHT = "00 00 00 00 08 00 00 00 27 00 00 00 08 00 00 00 04 00 00 00"
      + "| 00 00 00 0f | 5f 55 66 78 80 00 01 00 03 50 00 00 00 00 00";
  /** Section 6.4's real block: INT32 key column 0..9. */
  static final String ZERO_TO_NINE = "00 00 00 00 | 0a 00 00 00 | 2b 00 00 00 | 10 00 00 00"
      + "| 04 00 00 00 | 00 00 00 13 | 9f aa 02 cc 00 f0 00 00 03 00 01 00 1f 50 00 00 00 00 00";
  /** Section 6.6's codeword block (after the mode word): 0,1,0,1,1,0,1,0,1 at elem_size 1. */
  static final String EVEN_ODD_CODEWORDS = "00 00 00 00 09 00 00 00 24 00 00 00 10 00 00 00"
      + "01 00 00 00 | 00 00 00 0c 34 5a 01 00 01 00 50 00 00 00 00 00";

  static byte[] int32s(int... values) {
    byte[] cells = new byte[4 * values.length];
    for (int i = 0; i < values.length; i++) {
      Endian.putIntLE(cells, 4 * i, values[i]);
    }
    return cells;
  }

  static byte[] encode(PhysicalType type, byte[] cells, long ordinal) {
    BitShuffleBlockEncoder enc = new BitShuffleBlockEncoder(type, 256 << 10);
    int n = cells.length / type.width();
    assertThat(enc.addCells(cells, 0, n)).isEqualTo(n);
    return enc.finish(ordinal);
  }

  static byte[] decode(PhysicalType type, byte[] block) throws MalformedInputException {
    BitShuffleBlockDecoder dec = new BitShuffleBlockDecoder(type, block, 0, block.length);
    byte[] cells = new byte[dec.count() * type.width()];
    dec.readCells(cells, 0, dec.count());
    return cells;
  }

  @Test
  void kuduBlocksDecode() throws MalformedInputException {
    assertThat(decode(PhysicalType.INT32, Hex.bytes(ONE_TO_EIGHT)))
        .isEqualTo(int32s(1, 2, 3, 4, 5, 6, 7, 8));
    assertThat(decode(PhysicalType.INT32, Hex.bytes(ZERO_TO_NINE)))
        .isEqualTo(int32s(0, 1, 2, 3, 4, 5, 6, 7, 8, 9));
    assertThat(decode(PhysicalType.UINT32, Hex.bytes(EVEN_ODD_CODEWORDS)))
        .isEqualTo(int32s(0, 1, 0, 1, 1, 0, 1, 0, 1));
  }

  /**
   * The encoder's blocks are Kudu's (its LZ4 is LZ4 1.9.3's; BlockReencodeGoldenTest checks every
   * BIT_SHUFFLE block of the Kudu corpus).
   */
  @Test
  void encoderWritesKuduBytesForTheSpecExamples() {
    assertThat(Hex.of(encode(PhysicalType.INT32, int32s(1, 2, 3, 4, 5, 6, 7, 8), 0)))
        .isEqualTo(Hex.of(Hex.bytes(ONE_TO_EIGHT)));
    assertThat(Hex.of(encode(PhysicalType.INT32, int32s(0, 1, 2, 3, 4, 5, 6, 7, 8, 9), 0)))
        .isEqualTo(Hex.of(Hex.bytes(ZERO_TO_NINE)));
    assertThat(Hex.of(encode(PhysicalType.UINT32, int32s(0, 1, 0, 1, 1, 0, 1, 0, 1), 0)))
        .isEqualTo(Hex.of(Hex.bytes(EVEN_ODD_CODEWORDS)));
    // Section 6.4.2: codewords 0,1,2 narrowed to one byte; the same stream as UINT8 cells.
    String stream = "00 00 00 09 80 02 04 00 00 00 00 00 00";
    assertThat(Hex.of(encode(PhysicalType.UINT32, int32s(0, 1, 2), 0))).isEqualTo(Hex.of(
        Hex.bytes("00 00 00 00 03 00 00 00 21 00 00 00 08 00 00 00 01 00 00 00" + stream)));
    assertThat(Hex.of(encode(PhysicalType.UINT8, new byte[] {0, 1, 2}, 0))).isEqualTo(Hex.of(
        Hex.bytes("00 00 00 00 03 00 00 00 21 00 00 00 08 00 00 00 01 00 00 00" + stream)));
  }

  @Test
  void innerBlockOfTheNullableExample() throws MalformedInputException {
    byte[] cells = int32s(-150, -50, 150, 250, 450, 550);
    byte[] block = encode(PhysicalType.INT32, cells, 0);
    // The spec shows the header, the sub-block length and the first LZ4 bytes (20 in all).
    assertThat(Hex.of(java.util.Arrays.copyOf(block, 27))).isEqualTo(Hex.of(Hex.bytes(
        "00 00 00 00 06 00 00 00 2c 00 00 00 08 00 00 00 04 00 00 00 00 00 00 14 bc 00 3f")));
    assertThat(block).hasSize(44);
    assertThat(decode(PhysicalType.INT32, block)).isEqualTo(cells);
  }

  @Test
  void emptyBlockIsTheHeaderAlone() throws MalformedInputException {
    byte[] block = encode(PhysicalType.DOUBLE, new byte[0], 42);
    assertThat(Hex.of(block))
        .isEqualTo("2a 00 00 00 00 00 00 00 14 00 00 00 00 00 00 00 08 00 00 00");
    assertThat(decode(PhysicalType.DOUBLE, block)).isEmpty();
  }

  @ParameterizedTest
  @CsvSource({"0, 1", "255, 1", "256, 2", "65535, 2", "65536, 4", "-1, 4"})
  void uint32BlocksNarrowToTheLargestValue(int max, int elemSize) throws MalformedInputException {
    int[] v = new int[300];
    Random r = TestSeed.random("narrow", max);
    for (int i = 0; i < v.length; i++) {
      v[i] = max == 0 ? 0 : (int) (Integer.toUnsignedLong(max) * r.nextInt(1000) / 1000);
    }
    v[123] = max;
    byte[] block = encode(PhysicalType.UINT32, int32s(v), 0);
    assertThat(Endian.getIntLE(block, 16)).isEqualTo(elemSize);
    assertThat(decode(PhysicalType.UINT32, block)).isEqualTo(int32s(v));
    BitShuffleBlockDecoder dec = new BitShuffleBlockDecoder(PhysicalType.UINT32, block, 0,
        block.length);
    int[] ints = new int[v.length];
    dec.seek(1);
    dec.readUint32(ints, 1, v.length - 1);
    ints[0] = v[0];
    assertThat(ints).containsExactly(v);
  }

  @Test
  void fullAtBlockSizeOverWidthValues() {
    BitShuffleBlockEncoder enc = new BitShuffleBlockEncoder(PhysicalType.INT64, 1000);
    byte[] cells = new byte[8 * 200];
    assertThat(enc.addCells(cells, 0, 100)).isEqualTo(100);
    assertThat(enc.isFull()).isFalse();
    assertThat(enc.addCells(cells, 0, 100)).isEqualTo(25);
    assertThat(enc.isFull()).isTrue();
    assertThat(enc.addCells(cells, 0, 100)).isZero();
    enc.finish(0);
    // A block size below one value still takes one value per block.
    BitShuffleBlockEncoder tiny = new BitShuffleBlockEncoder(PhysicalType.INT128, 10);
    assertThat(tiny.addCells(new byte[32], 0, 2)).isEqualTo(1);
    assertThat(tiny.isFull()).isTrue();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "shorter than the header,     4, 12, 0",
    "size field wrong,           8, 2a, 8",
    "padded count wrong,        12, 18, 12",
    "element size not 1..16,    16, 03, 16",
    "element size of INT64,     16, 08, 16",
    "count absurd,               7, 80, 4"})
  void headerChecks(String what, int at, String value, long offset) {
    byte[] block = Hex.bytes(ZERO_TO_NINE);
    byte[] bad = at == 4 ? java.util.Arrays.copyOf(block, 12) : block.clone();
    if (at != 4) {
      bad[at] = (byte) Integer.parseInt(value, 16);
    }
    assertThatThrownBy(() -> new BitShuffleBlockDecoder(PhysicalType.INT32, bad, 0, bad.length))
        .as(what).isInstanceOfSatisfying(MalformedInputException.class,
            e -> assertThat(e.offset()).as(what).isEqualTo(offset));
  }

  @Test
  void onlyUint32BlocksMayNarrow() throws MalformedInputException {
    byte[] narrowed = Hex.bytes(EVEN_ODD_CODEWORDS);
    assertThatThrownBy(() -> new BitShuffleBlockDecoder(PhysicalType.INT32, narrowed, 0,
        narrowed.length)).isInstanceOf(MalformedInputException.class);
    byte[] wide = Hex.bytes(ZERO_TO_NINE);
    assertThat(decode(PhysicalType.UINT32, wide)).isEqualTo(int32s(0, 1, 2, 3, 4, 5, 6, 7, 8, 9));
    byte[] int64 = encode(PhysicalType.INT64, new byte[8 * 3], 0);
    assertThatThrownBy(() -> new BitShuffleBlockDecoder(PhysicalType.UINT32, int64, 0,
        int64.length)).isInstanceOf(MalformedInputException.class);
  }

  @Test
  void subBlocksMustTileTheBlock() {
    byte[] block = Hex.bytes(ZERO_TO_NINE);
    byte[] longer = java.util.Arrays.copyOf(block, block.length + 1);
    Endian.putIntLE(longer, 8, longer.length);
    assertThatThrownBy(() -> new BitShuffleBlockDecoder(PhysicalType.INT32, longer, 0,
        longer.length)).isInstanceOfSatisfying(MalformedInputException.class,
            e -> assertThat(e.offset()).isEqualTo(43));
    byte[] lying = block.clone();
    lying[23] = 0x14; // lz4_len one past the end
    assertThatThrownBy(() -> new BitShuffleBlockDecoder(PhysicalType.INT32, lying, 0,
        lying.length)).isInstanceOfSatisfying(MalformedInputException.class,
            e -> assertThat(e.offset()).isEqualTo(20));
  }
}
