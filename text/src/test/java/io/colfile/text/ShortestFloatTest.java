package io.colfile.text;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.testkit.TestSeed;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(TestSeed.class)
class ShortestFloatTest {
  @Test
  void knownValues() {
    assertThat(ShortestFloat.toString(0.1)).isEqualTo("0.1");
    assertThat(ShortestFloat.toString(0.1f)).isEqualTo("0.1");
    assertThat(ShortestFloat.toString((double) 0.1f)).isEqualTo("0.10000000149011612");
    assertThat(ShortestFloat.toString(-0.0)).isEqualTo("-0");
    assertThat(ShortestFloat.toString(0.0f)).isEqualTo("0");
    assertThat(ShortestFloat.toString(100.0)).isEqualTo("100");
    assertThat(ShortestFloat.toString(1e16)).isEqualTo("10000000000000000");
    assertThat(ShortestFloat.toString(1e17)).isEqualTo("1e+17");
    assertThat(ShortestFloat.toString(1e23)).isEqualTo("1e+23");
    assertThat(ShortestFloat.toString(0.002)).isEqualTo("0.002"); // JDK 17: 0.0020
    assertThat(ShortestFloat.toString(1e-5)).isEqualTo("1e-05");
    assertThat(ShortestFloat.toString(Double.MIN_VALUE)).isEqualTo("5e-324");
    assertThat(ShortestFloat.toString(Double.MAX_VALUE)).isEqualTo("1.7976931348623157e+308");
    assertThat(ShortestFloat.toString(Float.MIN_VALUE)).isEqualTo("1e-45");
    assertThat(ShortestFloat.toString(Float.MAX_VALUE)).isEqualTo("3.4028235e+38");
    assertThat(ShortestFloat.toString(Double.NaN)).isEqualTo("NaN");
    assertThat(ShortestFloat.toString(Float.NEGATIVE_INFINITY)).isEqualTo("-Infinity");
    assertThat(ShortestFloat.toString(-123.456)).isEqualTo("-123.456");
  }

  /** Every class of bit pattern reads back bit for bit, in no more digits than the JDK uses. */
  @Test
  void randomBitPatternsReadBackAndAreNoLongerThanTheJdks() {
    Random r = TestSeed.random("shortest", 0);
    for (int i = 0; i < 10000; i++) {
      long bits = r.nextLong();
      switch (i % 4) {
        case 1: bits &= 0x800FFFFFFFFFFFFFL; break; // subnormal
        case 2: bits |= 0x7FE0000000000000L; break; // huge exponents
        default: break;
      }
      double d = Double.longBitsToDouble(bits);
      if (Double.isNaN(d)) {
        continue;
      }
      String s = ShortestFloat.toString(d);
      assertThat(Double.doubleToRawLongBits(Double.parseDouble(s)))
          .as("%s (%s) %s", Double.toString(d), s, TestSeed.replay()).isEqualTo(bits);
      assertThat(digits(s)).as("%s vs %s %s", s, Double.toString(d), TestSeed.replay())
          .isLessThanOrEqualTo(digits(Double.toString(d)));
      int fbits = r.nextInt();
      if (i % 4 == 1) {
        fbits &= 0x807FFFFF;
      }
      float f = Float.intBitsToFloat(fbits);
      if (Float.isNaN(f)) {
        continue;
      }
      String fs = ShortestFloat.toString(f);
      assertThat(Float.floatToRawIntBits(Float.parseFloat(fs)))
          .as("%s (%s) %s", Float.toString(f), fs, TestSeed.replay()).isEqualTo(fbits);
      assertThat(digits(fs)).isLessThanOrEqualTo(digits(Float.toString(f)));
    }
  }

  /** Significant digits of a decimal text. */
  private static int digits(String s) {
    String m = s.replaceFirst("[eE].*", "").replace("-", "").replace(".", "");
    m = m.replaceFirst("^0+", "");
    m = m.replaceFirst("0+$", "");
    return Math.max(1, m.length());
  }
}
