package io.colfile.kudu.block;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.encoding.Endian;
import io.colfile.core.error.MalformedInputException;
import io.colfile.core.vector.BytesVector;
import io.colfile.kudu.KuduEncoding;
import io.colfile.kudu.PhysicalType;
import io.colfile.testkit.Hex;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * DICT_ENCODING (cfile.md section 6.6): the even/odd example's dictionary and data blocks, the
 * one-way switch to plain mode with Kudu's per-call behaviour, and codeword checks.
 */
class DictBlockTest {
  static final String EVEN_ODD_DICTIONARY =
      "00 00 00 00 | 02 00 00 00 | 13 00 00 00 | 65 76 65 6e 6f 64 64 | 00 0c 10 00 00";
  static final String EVEN_ODD_DATA = "01 00 00 00 | " + BitShuffleBlockTest.EVEN_ODD_CODEWORDS;

  @Test
  void evenOddExample() throws MalformedInputException {
    // The non-NULL values of ["even","odd","even","odd",NULL,"odd","even","odd","even","odd"].
    DictBlockEncoder enc = new DictBlockEncoder(256 << 10);
    BytesVector values = Strings.vector("even", "odd", "even", "odd", "odd", "even", "odd",
        "even", "odd");
    assertThat(enc.addBinary(values, 0, 9)).isEqualTo(9);
    assertThat(Hex.of(enc.finish(0))).isEqualTo(Hex.of(Hex.bytes(EVEN_ODD_DATA)));
    assertThat(Hex.of(enc.dictionaryBlock())).isEqualTo(Hex.of(Hex.bytes(EVEN_ODD_DICTIONARY)));
    assertThat(enc.dictionarySize()).isEqualTo(2);

    byte[] dictBlock = Hex.bytes(EVEN_ODD_DICTIONARY);
    BinaryDictionary dict = BinaryDictionary.decode(dictBlock, 0, dictBlock.length);
    assertThat(dict.size()).isEqualTo(2);
    assertThat(new String(dict.get(1))).isEqualTo("odd");
    byte[] data = Hex.bytes(EVEN_ODD_DATA);
    BlockDecoder dec = BlockCodecs.decoder(KuduEncoding.DICT, PhysicalType.BINARY, data, 0,
        data.length, dict);
    assertThat(dec.count()).isEqualTo(9);
    assertThat(Strings.readAll(dec)).containsExactly("even", "odd", "even", "odd", "odd", "even",
        "odd", "even", "odd");
    dec.seek(5);
    assertThat(Strings.readAll(dec)).containsExactly("even", "odd", "even", "odd");
  }

  @Test
  void switchesToPlainModeForGoodFromTheBlockAfterTheDictionaryFills() throws Exception {
    // Dictionary limit 40: estimate 12, then +1 selector per 4 and +1 offset +5 bytes each:
    // 19, 25, 31, 37, 44 > 40, so the 5th distinct string fills it and still goes in.
    DictBlockEncoder enc = new DictBlockEncoder(40);
    BytesVector first = Strings.vector("aaaaa", "bbbbb", "aaaaa", "ccccc", "ddddd", "eeeee",
        "aaaaa", "eeeee", "fffff", "aaaaa");
    // Once full, strings already in the dictionary are still coded in the same call; the new
    // "fffff" stops it.
    assertThat(enc.addBinary(first, 0, 10)).isEqualTo(8);
    assertThat(enc.isFull()).isTrue();
    assertThat(enc.dictionarySize()).isEqualTo(5);
    byte[] block1 = enc.finish(0);
    assertThat(Endian.getIntLE(block1, 0)).isEqualTo(1);
    assertThat(enc.isPlainMode()).isTrue();

    // From now on every block is plain, dictionary strings included.
    assertThat(enc.addBinary(first, 8, 2)).isEqualTo(2);
    byte[] block2 = enc.finish(8);
    assertThat(Endian.getIntLE(block2, 0)).isEqualTo(2);
    assertThat(enc.dictionarySize()).isEqualTo(5);
    assertThat(enc.addBinary(first, 0, 1)).isEqualTo(1);
    assertThat(Endian.getIntLE(enc.finish(10), 0)).isEqualTo(2);

    byte[] dictBlock = enc.dictionaryBlock();
    BinaryDictionary dict = BinaryDictionary.decode(dictBlock, 0, dictBlock.length);
    assertThat(Strings.readAll(new DictBlockDecoder(block1, 0, block1.length, dict)))
        .containsExactly("aaaaa", "bbbbb", "aaaaa", "ccccc", "ddddd", "eeeee", "aaaaa", "eeeee");
    BlockDecoder plain = new DictBlockDecoder(block2, 0, block2.length, dict);
    assertThat(plain.firstOrdinal()).isEqualTo(8);
    assertThat(Strings.readAll(plain)).containsExactly("fffff", "aaaaa");
  }

  @Test
  void aFullCodewordBlockStillLooksUpTheNextValueAsKuduDoes() throws Exception {
    // Block size 40: ten codewords fill a block. The eleventh value of the call is new, and
    // goes into the dictionary (not the block) before the full block stops the call.
    DictBlockEncoder enc = new DictBlockEncoder(40);
    BytesVector v = Strings.vector("a", "b", "a", "b", "a", "b", "a", "b", "a", "b", "z", "a");
    assertThat(enc.addBinary(v, 0, 12)).isEqualTo(10);
    assertThat(enc.isFull()).isTrue();
    assertThat(enc.dictionarySize()).isEqualTo(3);
    byte[] dictBlock = enc.dictionaryBlock();
    BinaryDictionary dict = BinaryDictionary.decode(dictBlock, 0, dictBlock.length);
    assertThat(new String(dict.get(2))).isEqualTo("z");
    byte[] block = enc.finish(0);
    assertThat(Strings.readAll(new DictBlockDecoder(block, 0, block.length, dict)))
        .containsExactly("a", "b", "a", "b", "a", "b", "a", "b", "a", "b");
    assertThat(enc.isPlainMode()).isFalse();
  }

  @Test
  void codewordsOutsideTheDictionaryAreMalformed() throws MalformedInputException {
    byte[] dictBlock = Hex.bytes(EVEN_ODD_DICTIONARY);
    // A one-string dictionary for the same data: codeword 1 is out of range.
    DictBlockEncoder one = new DictBlockEncoder(1000);
    one.addBinary(Strings.vector("even"), 0, 1);
    byte[] small = one.dictionaryBlock();
    BinaryDictionary dict = BinaryDictionary.decode(small, 0, small.length);
    byte[] data = Hex.bytes(EVEN_ODD_DATA);
    BlockDecoder dec = new DictBlockDecoder(data, 0, data.length, dict);
    BytesVector out = new BytesVector(9);
    assertThatThrownBy(() -> dec.readBinary(out, 0, 9))
        .isInstanceOf(MalformedInputException.class).hasMessageContaining("codeword 1");
    assertThat(dec.position()).isEqualTo(1);
    assertThat(BinaryDictionary.decode(dictBlock, 0, dictBlock.length).size()).isEqualTo(2);
  }

  @Test
  void modeWordMustBeOneOrTwo() throws MalformedInputException {
    byte[] dictBlock = Hex.bytes(EVEN_ODD_DICTIONARY);
    BinaryDictionary dict = BinaryDictionary.decode(dictBlock, 0, dictBlock.length);
    for (int mode : new int[] {0, 3, -1}) {
      byte[] data = Hex.bytes(EVEN_ODD_DATA);
      Endian.putIntLE(data, 0, mode);
      assertThatThrownBy(() -> new DictBlockDecoder(data, 0, data.length, dict))
          .isInstanceOfSatisfying(MalformedInputException.class,
              e -> assertThat(e.offset()).isZero());
    }
    // Errors inside the embedded block are reported from the DICT block's start.
    byte[] data = Hex.bytes(EVEN_ODD_DATA);
    data[4 + 8] = 0;
    assertThatThrownBy(() -> new DictBlockDecoder(data, 0, data.length, dict))
        .isInstanceOfSatisfying(MalformedInputException.class,
            e -> assertThat(e.offset()).isEqualTo(12));
  }

  @Test
  void manyDistinctValuesAcrossBlocks() throws MalformedInputException {
    DictBlockEncoder enc = new DictBlockEncoder(4096);
    List<byte[]> blocks = new ArrayList<>();
    List<String> all = new ArrayList<>();
    int row = 0;
    int blockStart = 0;
    for (int i = 0; i < 20_000; i++) {
      all.add("value-" + (i * 7919 % 1500));
    }
    while (row < all.size()) {
      int n = Math.min(37, all.size() - row);
      int taken = enc.addBinary(Strings.vector(all.subList(row, row + n).toArray(new String[0])),
          0, n);
      row += taken;
      if (enc.isFull() || row == all.size()) {
        blocks.add(enc.finish(blockStart));
        blockStart = row;
      }
    }
    byte[] dictBlock = enc.dictionaryBlock();
    BinaryDictionary dict = BinaryDictionary.decode(dictBlock, 0, dictBlock.length);
    List<String> back = new ArrayList<>();
    boolean sawPlain = false;
    for (byte[] b : blocks) {
      int mode = Endian.getIntLE(b, 0);
      assertThat(mode == 1 && sawPlain).as("no way back to codeword mode").isFalse();
      sawPlain |= mode == 2;
      back.addAll(Strings.readAll(new DictBlockDecoder(b, 0, b.length, dict)));
    }
    assertThat(sawPlain).isTrue();
    assertThat(back).isEqualTo(all);
    // First-seen order.
    assertThat(new String(dict.get(0))).isEqualTo("value-0");
    assertThat(new String(dict.get(1))).isEqualTo("value-" + 7919 % 1500);
  }
}
