package io.colfile.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

class DecimalsTest {
  @Test
  void keepsExactlyTheScaleDigits() {
    assertThat(print(150, 2)).isEqualTo("1.50");
    assertThat(print(-5, 2)).isEqualTo("-0.05");
    assertThat(print(0, 2)).isEqualTo("0.00");
    assertThat(print(0, 6)).isEqualTo("0.000000");
    assertThat(print(7, 0)).isEqualTo("7");
    assertThat(print(-7, 0)).isEqualTo("-7");
    assertThat(print(-100050000, 5)).isEqualTo("-1000.50000");
    assertThat(print(12345678654745L, 6)).isEqualTo("12345678.654745");
    assertThat(print(999_999_999_999_999_999L, 18)).isEqualTo("0.999999999999999999");
    assertThat(print(-1, 18)).isEqualTo("-0.000000000000000001");
    assertThat(print(Long.MIN_VALUE, 3)).isEqualTo("-9223372036854775.808");
    assertThat(print(Long.MAX_VALUE, 0)).isEqualTo("9223372036854775807");
  }

  @Test
  void wideValues() {
    BigInteger big = new BigInteger("12345678901234567890123456789012345678");
    assertThat(print(big, 10)).isEqualTo("1234567890123456789012345678.9012345678");
    assertThat(print(big.negate(), 38)).isEqualTo("-0.12345678901234567890123456789012345678");
    assertThat(print(BigInteger.valueOf(-3), 20)).isEqualTo("-0.00000000000000000003");
    assertThat(print(BigInteger.ZERO, 38)).isEqualTo("0." + "0".repeat(38));
    assertThat(print(big, 0)).isEqualTo(big.toString());
    assertThat(print(BigInteger.valueOf(-1234567), 6)).isEqualTo("-1.234567");
  }

  /** Both paths agree with BigDecimal.toPlainString, which spells the same form. */
  @Test
  void agreesWithBigDecimal() {
    Random random = new Random(7);
    for (int i = 0; i < 20_000; i++) {
      int scale = random.nextInt(39);
      BigInteger u = new BigInteger(1 + random.nextInt(126), random);
      if (random.nextBoolean()) {
        u = u.negate();
      }
      assertThat(print(u, scale)).isEqualTo(new BigDecimal(u, scale).toPlainString());
      long l = random.nextLong() >> random.nextInt(64);
      int s = random.nextInt(19);
      assertThat(print(l, s)).isEqualTo(BigDecimal.valueOf(l, s).toPlainString());
    }
  }

  static String print(long unscaled, int scale) {
    return DatesTest.print(sink -> Decimals.append(sink, unscaled, scale));
  }

  static String print(BigInteger unscaled, int scale) {
    return DatesTest.print(sink -> Decimals.append(sink, unscaled, scale));
  }
}
