package io.colfile.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class HexTest {
  @Test
  void readsEveryDumpStyleTheTestsWrite() {
    assertThat(Hex.bytes("")).isEmpty();
    assertThat(Hex.bytes("5e 03 5C a1")).containsExactly(0x5e, 0x03, 0x5c, 0xa1);
    assertThat(Hex.bytes("5e035ca1")).containsExactly(0x5e, 0x03, 0x5c, 0xa1);
    assertThat(Hex.bytes(" 01 | 02\n\t03 |")).containsExactly(1, 2, 3);
    assertThat(Hex.bytes("04 \"id\" 00")).containsExactly(4, 'i', 'd', 0);
  }

  @Test
  void refusesWhatWouldSilentlyReadAsOtherBytes() {
    assertThatThrownBy(() -> Hex.bytes("5 03")).hasMessageContaining("lone");
    assertThatThrownBy(() -> Hex.bytes("5e0")).hasMessageContaining("odd");
    assertThatThrownBy(() -> Hex.bytes("5g")).hasMessageContaining("not hex");
    assertThatThrownBy(() -> Hex.bytes("\"ab")).hasMessageContaining("quote");
  }

  @Test
  void printsSpacedCompactAndAroundAnOffset() {
    byte[] b = {0x5e, 0x03, (byte) 0xff};
    assertThat(Hex.of(b)).isEqualTo("5e 03 ff");
    assertThat(Hex.of(b, 1, 3)).isEqualTo("03 ff");
    assertThat(Hex.compact(b)).isEqualTo("5e03ff");
    assertThat(Hex.around(b, 1)).isEqualTo("5e [03] ff ");
    assertThat(Hex.bytes(Hex.of(b))).containsExactly(b);
  }
}
