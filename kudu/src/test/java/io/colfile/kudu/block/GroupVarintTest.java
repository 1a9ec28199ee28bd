package io.colfile.kudu.block;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.error.MalformedInputException;
import io.colfile.testkit.Hex;
import org.junit.jupiter.api.Test;

/** Group varints (cfile.md section 1): selector order, minimal lengths, padding, bounds. */
class GroupVarintTest {
  @Test
  void selectorBitsSayTheLengthsFirstValueHighest() throws MalformedInputException {
    byte[] b = new byte[17];
    int end = GroupVarint.writeGroup(b, 0, 0, 0x1234, 0x56789A, 0xDEADBEEF);
    assertThat(end).isEqualTo(11);
    assertThat(Hex.of(java.util.Arrays.copyOf(b, end)))
        .isEqualTo("1b 00 34 12 9a 78 56 ef be ad de");
    int[] v = new int[4];
    assertThat(GroupVarint.readGroup(b, 0, end, v, 0, "test")).isEqualTo(end);
    assertThat(v).containsExactly(0, 0x1234, 0x56789A, 0xDEADBEEF);
  }

  @Test
  void sequencesPadTheLastGroupWithZeros() {
    int[] v = {12, 14, 16, 18, 20, 300};
    byte[] b = new byte[GroupVarint.sequenceSize(v, 6)];
    assertThat(GroupVarint.writeSequence(b, 0, v, 6)).isEqualTo(b.length);
    assertThat(Hex.of(b)).isEqualTo("00 0c 0e 10 12 10 14 2c 01 00 00");
    assertThat(GroupVarint.sequenceSize(v, 0)).isZero();
  }

  @Test
  void groupsCutShortAreMalformed() {
    byte[] b = Hex.bytes("1b 00 34 12 9a 78 56 ef be ad de");
    for (int len = 0; len < b.length; len++) {
      int limit = len;
      assertThatThrownBy(() -> GroupVarint.readGroup(b, 0, limit, new int[4], 0, "test"))
          .isInstanceOf(MalformedInputException.class);
    }
  }
}
