package io.colfile.kudu.index;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.error.MalformedInputException;
import io.colfile.testkit.Hex;
import org.junit.jupiter.api.Test;

/**
 * Index blocks whose entries hold varints past 2^63 (found by fuzz's KuduIndexBlockFuzzTest):
 * refused as malformed, not an IllegalArgumentException from copying a negative length.
 */
class IndexBlockTest {
  /** One LEAF entry at 0, its offsets, the trailer {num_entries: 1, type: LEAF} and its length. */
  private static byte[] block(String entry) {
    return Hex.bytes(entry + " 00000000 | 0801 1000 | 04000000");
  }

  @Test
  void aKeyLengthPastTwoToTheSixtyThirdIsRefused() {
    byte[] b = block("ffffffffffffffffff01 00 00");
    assertThatThrownBy(() -> IndexBlock.parse(b, 0, b.length))
        .isInstanceOf(MalformedInputException.class)
        .hasMessageContaining("index entry 0 has a key of -1 bytes");
  }

  @Test
  void aBlockSizePastTwoToTheSixtyThirdIsRefused() {
    byte[] b = block("00 00 ffffffffffffffffff01");
    assertThatThrownBy(() -> IndexBlock.parse(b, 0, b.length))
        .isInstanceOf(MalformedInputException.class)
        .hasMessageContaining("index entry 0 points at offset 0 with size -1");
  }
}
