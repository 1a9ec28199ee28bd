package io.colfile.kudu.block;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.encoding.Endian;
import io.colfile.core.error.MalformedInputException;
import io.colfile.core.vector.BytesVector;
import io.colfile.testkit.Hex;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * PREFIX_ENCODING blocks (cfile.md section 6.7): the spec's block, restart points, fullness,
 * seeking, and the bounds on what a damaged block can make the decoder do.
 */
class PrefixBlockTest {
  static final String PREFIX_0_TO_9 = "00 0a 00 10 00 | 00 08 70 72 65 66 69 78 5f 30"
      + "| 07 01 31 | 07 01 32 | 07 01 33 | 07 01 34 | 07 01 35 | 07 01 36 | 07 01 37"
      + "| 07 01 38 | 07 01 39 | 00 00 00 00";

  @Test
  void realBlockOfSection67() throws MalformedInputException {
    String[] v = new String[10];
    for (int i = 0; i < 10; i++) {
      v[i] = "prefix_" + i;
    }
    PrefixBlockEncoder enc = new PrefixBlockEncoder(256 << 10);
    assertThat(enc.addBinary(Strings.vector(v), 0, 10)).isEqualTo(10);
    byte[] block = enc.finish(0);
    assertThat(Hex.of(block)).isEqualTo(Hex.of(Hex.bytes(PREFIX_0_TO_9)));

    PrefixBlockDecoder dec = new PrefixBlockDecoder(block, 0, block.length);
    assertThat(Strings.readAll(dec)).containsExactly(v);
    dec.seek(9);
    assertThat(Strings.readAll(dec)).containsExactly("prefix_9");
  }

  @Test
  void everySixteenthEntryIsARestartListedFromTheBlockStart() throws MalformedInputException {
    List<String> v = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      v.add("key" + i / 3);
    }
    PrefixBlockEncoder enc = new PrefixBlockEncoder(1 << 20);
    enc.addBinary(Strings.vector(v.toArray(new String[0])), 0, 40);
    byte[] block = enc.finish(1000);
    // Header (40, 1000, 16, 0): selector 0x10 (the second value takes two bytes).
    assertThat(Hex.of(Arrays.copyOf(block, 6))).isEqualTo("10 28 e8 03 10 00");
    int n = block.length;
    assertThat(Endian.getIntLE(block, n - 4)).isEqualTo(2);
    for (int k = 1; k <= 2; k++) {
      int at = Endian.getIntLE(block, n - 12 + 4 * (k - 1));
      // A restart entry shares nothing: shared 0, then the whole value.
      String expected = v.get(16 * k);
      assertThat(block[at]).isZero();
      assertThat(block[at + 1]).isEqualTo((byte) expected.length());
      assertThat(new String(block, at + 2, expected.length())).isEqualTo(expected);
    }
    PrefixBlockDecoder dec = new PrefixBlockDecoder(block, 0, block.length);
    assertThat(dec.firstOrdinal()).isEqualTo(1000);
    for (int at : new int[] {39, 0, 16, 15, 17, 32, 31, 40, 5, 33, 33}) {
      dec.seek(at);
      assertThat(Strings.readAll(dec)).isEqualTo(v.subList(at, 40));
    }
  }

  @Test
  void fullOnceTheEntriesExceedTheBlockSizeCheckedBeforeEachValue() {
    PrefixBlockEncoder enc = new PrefixBlockEncoder(20);
    BytesVector v = Strings.vector("abcdefgh", "abcdefgz", "xyz", "xyw", "q");
    // Entries: 2 + 8 = 10, then 2 + 1 = 13, then 2 + 3 = 18, then 2 + 1 = 21 > 20.
    assertThat(enc.addBinary(v, 0, 5)).isEqualTo(4);
    assertThat(enc.isFull()).isTrue();
  }

  @Test
  void emptyBlock() throws MalformedInputException {
    byte[] block = new PrefixBlockEncoder(100).finish(3);
    assertThat(Hex.of(block)).isEqualTo("00 00 03 10 00 00 00 00 00");
    assertThat(new PrefixBlockDecoder(block, 0, block.length).count()).isZero();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "header cut off,                     40 0a 00,                                   0",
    "no restart count,                   00 01 00 10 00 00 00 00,                    5",
    "restart count too big,              00 01 00 10 00 00 01 61 05 00 00 00,        8",
    "count beyond the entries,           00 09 00 10 00 00 01 61 00 00 00 00,        0",
    "restart interval zero,              00 02 00 00 00 00 01 61 00 01 62 00 00 00 00, 0",
    "restarts the count does not need,   00 01 00 10 00 00 01 61 05 00 00 00 01 00 00 00, 12",
    "first value shares a prefix,        00 01 00 10 00 01 01 61 00 00 00 00,        5",
    "prefix longer than previous value,  00 02 00 10 00 00 01 61 02 01 62 00 00 00 00, 8",
    "suffix past the entries,            00 01 00 10 00 00 05 61 00 00 00 00,        5",
    "bytes after the last entry,         00 01 00 10 00 00 01 61 62 00 00 00 00,     8",
    "restart pointing elsewhere, 00 02 00 01 00 00 01 61 00 01 62 07 00 00 00 01 00 00 00, 11",
    "restart entry sharing a prefix,     00 02 00 01 00 00 01 61 01 00 08 00 00 00 01 00 00 00, 8",
    "length varint too long,             00 01 00 10 00 80 80 80 80 80 01 00 00 00 00, 5"})
  void malformedBlocks(String what, String hex, long offset) {
    byte[] b = Hex.bytes(hex);
    assertThatThrownBy(() -> new PrefixBlockDecoder(b, 0, b.length)).as(what)
        .isInstanceOfSatisfying(MalformedInputException.class,
            e -> assertThat(e.offset()).as(what).isEqualTo(offset));
  }

  /**
   * A small block whose entries all repeat a long first value would decode to ~100 MB: refused
   * up front, not materialized.
   */
  @Test
  @Timeout(10)
  void sharedPrefixBombsAreRefused() {
    int n = 100_000;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] header = new byte[17];
    // Restart interval 2^32 - 1, so the restart array stays empty.
    int h = GroupVarint.writeGroup(header, 0, n + 1, 0, -1, 0);
    out.write(header, 0, h);
    out.write(0);
    out.write(new byte[] {(byte) 0xe8, 0x07}, 0, 2); // non_shared 1000
    out.write(new byte[1000], 0, 1000);
    for (int i = 0; i < n; i++) {
      out.write(new byte[] {(byte) 0xe8, 0x07, 0}, 0, 3); // shared 1000, non_shared 0
    }
    out.write(new byte[4], 0, 4);
    byte[] block = out.toByteArray();
    assertThat(PrefixBlockDecoder.maxOutput(block.length)).isEqualTo(64L << 20);
    assertThatThrownBy(() -> new PrefixBlockDecoder(block, 0, block.length))
        .isInstanceOf(MalformedInputException.class).hasMessageContaining("add up to");
  }

  @Test
  void rowsStayValidAcrossReads() throws MalformedInputException {
    List<String> v = new ArrayList<>();
    for (int i = 0; i < 5000; i++) {
      v.add("shared-prefix-" + "x".repeat(i % 50) + i);
    }
    PrefixBlockEncoder enc = new PrefixBlockEncoder(1 << 22);
    enc.addBinary(Strings.vector(v.toArray(new String[0])), 0, v.size());
    byte[] block = enc.finish(0);
    PrefixBlockDecoder dec = new PrefixBlockDecoder(block, 0, block.length);
    BytesVector out = new BytesVector(v.size());
    for (int at = 0; at < v.size(); at += 7) {
      dec.readBinary(out, at, Math.min(7, v.size() - at));
    }
    out.validate(v.size());
    for (int i = 0; i < v.size(); i++) {
      assertThat(out.getString(i)).isEqualTo(v.get(i));
    }
  }
}
