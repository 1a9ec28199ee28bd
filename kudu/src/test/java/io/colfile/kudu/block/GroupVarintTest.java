package io.colfile.kudu.block;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.error.MalformedInputException;
import io.colfile.testkit.Hex;
import io.colfile.testkit.TestSeed;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Group varints (cfile.md section 1): selector order, minimal lengths, padding, bounds. */
@ExtendWith(TestSeed.class)
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

  /**
   * {@link GroupVarint#readGroups} (one loop, whole-word loads while 17 bytes remain) against
   * {@link GroupVarint#readGroup} one group at a time: values of every length, the last groups
   * right at the limit, and a sequence cut short failing at the same offset.
   */
  @Test
  void readGroupsMatchesReadingGroupByGroup() throws MalformedInputException {
    for (int c = 0; c < 300; c++) {
      Random r = TestSeed.random("groups", c);
      int n = 1 + r.nextInt(200);
      int[] v = new int[n];
      for (int i = 0; i < n; i++) {
        v[i] = r.nextInt() >>> (8 * r.nextInt(4) + r.nextInt(8));
      }
      int groups = (n + 3) / 4;
      byte[] b = new byte[3 + GroupVarint.sequenceSize(v, n) + r.nextInt(20)];
      int end = GroupVarint.writeSequence(b, 3, v, n);
      int[] bulk = new int[1 + 4 * groups];
      assertThat(GroupVarint.readGroups(b, 3, end, bulk, 1, groups, 0, "test")).isEqualTo(end);
      int[] one = new int[1 + 4 * groups];
      int p = 3;
      for (int g = 0; g < groups; g++) {
        p = GroupVarint.readGroup(b, p, end, one, 1 + 4 * g, 0, "test");
      }
      assertThat(bulk).as("case %d, %s", c, TestSeed.replay()).isEqualTo(one);
      assertThat(java.util.Arrays.copyOfRange(bulk, 1, 1 + n)).isEqualTo(v);
      int cut = end - 1 - r.nextInt(Math.min(4, end - 3));
      long expected = -1;
      try {
        for (int g = 0, q = 3; g < groups; g++) {
          q = GroupVarint.readGroup(b, q, cut, one, 1 + 4 * g, 0, "test");
        }
      } catch (MalformedInputException e) {
        expected = e.offset();
      }
      assertThat(expected).isNotNegative();
      long offset = expected;
      assertThatThrownBy(() -> GroupVarint.readGroups(b, 3, cut, bulk, 1, groups, 0, "test"))
          .isInstanceOfSatisfying(MalformedInputException.class,
              e -> assertThat(e.offset()).isEqualTo(offset));
    }
  }
}

