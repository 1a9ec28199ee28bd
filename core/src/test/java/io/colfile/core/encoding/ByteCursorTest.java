package io.colfile.core.encoding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.error.MalformedInputException;
import java.util.HexFormat;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

class ByteCursorTest {
  private static byte[] hex(String s) {
    return HexFormat.of().parseHex(s);
  }

  @Test
  void rejectsEveryTruncationOfAVarint() throws MalformedInputException {
    byte[] full = hex("80808080808080808001"); // Long.MIN_VALUE, 10 bytes
    for (int cut = 0; cut < full.length; cut++) {
      // The array goes on; only the limit says where the data ends.
      ByteCursor cursor = new ByteCursor(full, 0, cut);
      assertMalformed(cursor::readVarLong, 0, cut == 0 ? "found the end" : "truncated");
      assertThat(cursor.position()).as("position kept").isZero();
    }
    assertThat(new ByteCursor(full).readVarLong()).isEqualTo(Long.MIN_VALUE);
  }

  @Test
  void rejectsVarintsBeyondSixtyFourBits() {
    // 10th byte may only hold the top bit.
    for (String tenBytes : new String[] {"ffffffffffffffffff02", "ffffffffffffffffff7f"}) {
      assertMalformed(() -> new ByteCursor(hex(tenBytes)).readVarLong(), 0, "overflows");
    }
    // Ten bytes that all say "more follows".
    assertMalformed(
        () -> new ByteCursor(hex("8080808080808080808000")).readVarLong(), 0, "longer than 10");
    // The offset names where the varint started.
    assertMalformed(
        () -> {
          ByteCursor c = new ByteCursor(hex("05ffffffffffffffffffff01"));
          c.readVarLong();
          c.readVarLong();
        },
        1,
        "longer than 10");
  }

  @Test
  void acceptsNonMinimalEncodings() throws MalformedInputException {
    ByteCursor cursor = new ByteCursor(hex("8000" + "ff8080808080808080" + "00"));
    assertThat(cursor.readVarLong()).isZero();
    assertThat(cursor.readVarLong()).isEqualTo(0x7F);
    assertThat(cursor.hasRemaining()).isFalse();
  }

  @Test
  void readsLittleEndianFixedWidths() throws MalformedInputException {
    ByteCursor cursor = new ByteCursor(hex("aa" + "78563412" + "efcdab8967452301" + "ff"), 1, 12);
    assertThat(cursor.readIntLE()).isEqualTo(0x12345678);
    assertThat(cursor.readLongLE()).isEqualTo(0x0123456789ABCDEFL);
    assertThat(cursor.position()).isEqualTo(13);
    assertMalformed(cursor::readUnsignedByte, 13, "end");
  }

  @Test
  void rejectsShortFixedWidths() throws MalformedInputException {
    ByteCursor cursor = new ByteCursor(new byte[16], 2, 7);
    assertMalformed(cursor::readLongLE, 2, "expected 8 bytes, 7 left");
    assertThat(cursor.readIntLE()).isZero();
    assertMalformed(cursor::readIntLE, 6, "expected 4 bytes, 3 left");
    assertThat(cursor.remaining()).isEqualTo(3);
  }

  @Test
  void skipsWithinTheLimit() throws MalformedInputException {
    ByteCursor cursor = new ByteCursor(new byte[10], 0, 5);
    cursor.skip(4);
    assertMalformed(() -> cursor.skip(2), 4, "cannot skip 2");
    assertMalformed(() -> cursor.skip(-1), 4, "cannot skip -1");
    assertThat(cursor.readUnsignedByte()).isZero();
  }

  @Test
  void positionStaysInsideTheArray() {
    ByteCursor cursor = new ByteCursor(new byte[10], 2, 5);
    cursor.position(7);
    assertThat(cursor.remaining()).isZero();
    assertThatThrownBy(() -> cursor.position(8)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> new ByteCursor(new byte[10], 6, 5))
        .isInstanceOf(IndexOutOfBoundsException.class);
  }

  private static void assertMalformed(ThrowingCallable read, long offset, String message) {
    assertThatThrownBy(read)
        .isInstanceOf(MalformedInputException.class)
        .hasMessageContaining(message)
        .satisfies(e -> assertThat(((MalformedInputException) e).offset()).isEqualTo(offset));
  }
}
