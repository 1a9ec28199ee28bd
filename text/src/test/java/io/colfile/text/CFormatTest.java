package io.colfile.text;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.testkit.TestSeed;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(TestSeed.class)
class CFormatTest {
  /** printf-g.tsv holds glibc's own output for about 400 doubles and floats (see its header). */
  @Test
  void matchesGlibcPrintf() throws IOException {
    int checked = 0;
    try (BufferedReader in = new BufferedReader(new InputStreamReader(Objects.requireNonNull(
        getClass().getResourceAsStream("printf-g.tsv")), StandardCharsets.UTF_8))) {
      String line;
      while ((line = in.readLine()) != null) {
        if (line.startsWith("#")) {
          continue;
        }
        String[] f = line.split("\t");
        double d = Double.longBitsToDouble(Long.parseUnsignedLong(f[0], 16));
        float fl = Float.intBitsToFloat(Integer.parseUnsignedInt(f[2], 16));
        assertThat(CFormat.g(d, 14)).as("%%.14g of %s", d).isEqualTo(f[1]);
        assertThat(CFormat.g(fl, 7)).as("%%.7g of %s", fl).isEqualTo(f[3]);
        checked++;
      }
    }
    assertThat(checked).isGreaterThan(300);
  }

  @Test
  void specialValues() {
    assertThat(CFormat.g(Double.NaN, 14)).isEqualTo("NaN");
    assertThat(CFormat.g(-Double.NaN, 14)).isEqualTo("NaN");
    assertThat(CFormat.g(Double.POSITIVE_INFINITY, 14)).isEqualTo("Infinity");
    assertThat(CFormat.g(Double.NEGATIVE_INFINITY, 7)).isEqualTo("-Infinity");
    assertThat(CFormat.g(-0.0, 14)).isEqualTo("-0");
    assertThat(CFormat.g(0.0, 7)).isEqualTo("0");
  }

  /** Values from the ORC expected files and C's rules, checked with printf on this machine. */
  @Test
  void namedCases() {
    assertThat(CFormat.g(0.77624090391187, 14)).isEqualTo("0.77624090391187");
    assertThat(CFormat.g(-15, 14)).isEqualTo("-15");
    assertThat(CFormat.g(1e-5, 14)).isEqualTo("1e-05");
    assertThat(CFormat.g(Float.MAX_VALUE, 7)).isEqualTo("3.402823e+38");
    assertThat(CFormat.g(1e20, 14)).isEqualTo("1e+20");
    assertThat(CFormat.g(123456789012345.0, 14)).isEqualTo("1.2345678901234e+14"); // tie: even
    assertThat(CFormat.g(123456789012355.0, 14)).isEqualTo("1.2345678901236e+14"); // tie: up
    assertThat(CFormat.g(1e-300, 14)).isEqualTo("1e-300");
    assertThat(CFormat.g(1.5e300, 14)).isEqualTo("1.5e+300");
    // The switch between fixed and exponent notation: -4 <= X < p.
    assertThat(CFormat.g(0.0001, 14)).isEqualTo("0.0001");
    assertThat(CFormat.g(0.00009, 14)).isEqualTo("9e-05");
    assertThat(CFormat.g(99999999999999.0, 14)).isEqualTo("99999999999999");
    assertThat(CFormat.g(99999999999999.5, 14)).isEqualTo("1e+14"); // rounding carries over
    assertThat(CFormat.g(1234567.5f, 7)).isEqualTo("1234568");
    assertThat(CFormat.g(1234568.5f, 7)).isEqualTo("1234568");
    assertThat(CFormat.g(12345678f, 7)).isEqualTo("1.234568e+07");
    assertThat(CFormat.g(0.1f, 7)).isEqualTo("0.1");
    assertThat(CFormat.g(0.1f, 14)).isEqualTo("0.10000000149012");
    assertThat(CFormat.g(Double.MIN_VALUE, 14)).isEqualTo("4.9406564584125e-324");
    assertThat(CFormat.g(Float.MIN_VALUE, 7)).isEqualTo("1.401298e-45");
    assertThat(CFormat.g(Long.MAX_VALUE, 14)).isEqualTo("9.2233720368548e+18");
    assertThat(CFormat.g(-1.0 / 3, 14)).isEqualTo("-0.33333333333333");
  }

  /**
   * The integer fast paths against a plain BigDecimal rendition of C's rules, over seeded random
   * values of every shape (uniform bits, decades near 1, short decimals, whole numbers, dyadic
   * fractions full of ties). Set -Dtests.seed to reproduce a failure.
   */
  @Test
  void fastPathsAgreeWithBigDecimal() {
    Random random = TestSeed.random("cformat", 0);
    for (int i = 0; i < 50_000; i++) {
      double v;
      switch (i % 5) {
        case 0: v = Double.longBitsToDouble(random.nextLong()); break;
        case 1: v = random.nextDouble() * Math.pow(10, random.nextInt(61) - 30); break;
        case 2: v = (random.nextInt(2_000_001) - 1_000_000) / 100.0; break;
        case 3: v = random.nextLong() >> random.nextInt(64); break;
        default: v = Math.scalb((double) (random.nextLong() >>> (11 + random.nextInt(40))),
            -random.nextInt(60));
      }
      if (!Double.isFinite(v)) {
        continue;
      }
      for (int p : new int[] {7, 14}) {
        double x = p == 7 ? (float) v : v;
        if (Double.isInfinite(x)) {
          continue;
        }
        assertThat(CFormat.g(x, p)).as("%s: %%.%dg of %s", TestSeed.replay(), p, x)
            .isEqualTo(reference(x, p));
      }
    }
  }

  /** C's %.<p>g spelled out with BigDecimal: slow, obviously right. */
  static String reference(double v, int p) {
    if (v == 0) {
      return Double.doubleToRawLongBits(v) < 0 ? "-0" : "0";
    }
    BigDecimal r = new BigDecimal(v).round(new MathContext(p, RoundingMode.HALF_EVEN));
    int x = r.precision() - r.scale() - 1;
    if (x < -4 || x >= p) {
      String digits = r.unscaledValue().abs().toString().replaceAll("0+$", "");
      String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
      return (r.signum() < 0 ? "-" : "") + mantissa + "e" + (x < 0 ? "-" : "+")
          + (Math.abs(x) < 10 ? "0" : "") + Math.abs(x);
    }
    String plain = r.setScale(Math.max(0, p - 1 - x), RoundingMode.UNNECESSARY).toPlainString();
    return plain.contains(".") ? plain.replaceAll("0+$", "").replaceAll("\\.$", "") : plain;
  }
}
