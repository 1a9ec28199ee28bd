package io.colfile.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

class ByteSinkTest {
  @Test
  void integersAtDigitAndWordBoundaries() {
    long[] edges = {0, 1, 9, 10, 99, 100, 101, 999, 1000, Integer.MAX_VALUE - 1L,
        Integer.MAX_VALUE, Integer.MAX_VALUE + 1L, 4_294_967_296L, 999_999_999_999_999_999L,
        1_000_000_000_000_000_000L, Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 1, -1, -10,
        -100};
    for (long v : edges) {
      assertThat(DatesTest.print(s -> s.putLong(v))).isEqualTo(Long.toString(v));
    }
    Random random = new Random(3);
    for (int i = 0; i < 10_000; i++) {
      long v = random.nextLong() >> random.nextInt(64);
      assertThat(DatesTest.print(s -> s.putLong(v))).isEqualTo(Long.toString(v));
    }
  }

  @Test
  void paddedDigits() {
    assertThat(DatesTest.print(s -> s.putPadded(0, 1))).isEqualTo("0");
    assertThat(DatesTest.print(s -> s.putPadded(0, 3))).isEqualTo("000");
    assertThat(DatesTest.print(s -> s.putPadded(7, 4))).isEqualTo("0007");
    assertThat(DatesTest.print(s -> s.putPadded(12345, 2))).isEqualTo("12345");
    assertThat(DatesTest.print(s -> s.putPadded(1, 18))).isEqualTo("000000000000000001");
    assertThat(DatesTest.print(s -> s.putPadded(Long.MAX_VALUE, 20)))
        .isEqualTo("0" + Long.MAX_VALUE);
  }

  /** A sink smaller than one value grows for it, and small writes drain when it is full. */
  @Test
  void valuesLargerThanTheBuffer() {
    byte[] big = new byte[100];
    java.util.Arrays.fill(big, (byte) 'a');
    String s = DatesTest.print(sink -> {
      for (int i = 0; i < 5; i++) {
        sink.putLong(123456789);
        sink.put(big);
        sink.putQuoted(big, 0, 50);
      }
    });
    String one = "123456789" + "a".repeat(100) + "\"" + "a".repeat(50) + "\"";
    assertThat(s).isEqualTo(one.repeat(5));
  }
}
