package io.colfile.core.text;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * C's {@code printf("%.<p>g")} for doubles, as Apache ORC C++ prints floating-point values
 * ({@code %.7g} for float, {@code %.14g} for double). The value is rounded to {@code p}
 * significant digits from its exact binary value, half to even (what glibc does); the result
 * uses fixed notation when the decimal exponent X satisfies -4 &le; X &lt; p and exponent
 * notation ({@code 1.5e+20}, at least two exponent digits) otherwise, with trailing zeros and a
 * trailing decimal point removed. NaN and infinities print as the JSON-reader-friendly tokens
 * {@code NaN}, {@code Infinity} and {@code -Infinity}.
 */
final class CFormat {
  private static final double[] POW10 = new double[18];

  static {
    double p = 1;
    for (int i = 0; i < POW10.length; i++) {
      POW10[i] = p;
      p *= 10;
    }
  }

  private CFormat() {}

  static String g(double v, int precision) {
    if (Double.isNaN(v)) {
      return "NaN";
    }
    if (Double.isInfinite(v)) {
      return v > 0 ? "Infinity" : "-Infinity";
    }
    if (v == 0) {
      return Double.doubleToRawLongBits(v) < 0 ? "-0" : "0";
    }
    // Whole numbers with at most p digits print as themselves: the common case, kept fast.
    if (v == Math.rint(v) && Math.abs(v) < POW10[precision]) {
      return Long.toString((long) v);
    }
    BigDecimal rounded = new BigDecimal(v).round(new MathContext(precision, RoundingMode.HALF_EVEN));
    int exponent = rounded.precision() - rounded.scale() - 1;
    if (exponent < -4 || exponent >= precision) {
      String digits = rounded.unscaledValue().abs().toString();
      int end = digits.length();
      while (end > 1 && digits.charAt(end - 1) == '0') {
        end--;
      }
      StringBuilder sb = new StringBuilder(24);
      if (rounded.signum() < 0) {
        sb.append('-');
      }
      sb.append(digits.charAt(0));
      if (end > 1) {
        sb.append('.').append(digits, 1, end);
      }
      sb.append('e').append(exponent < 0 ? '-' : '+');
      int abs = Math.abs(exponent);
      if (abs < 10) {
        sb.append('0');
      }
      return sb.append(abs).toString();
    }
    String plain = rounded.setScale(Math.max(0, precision - 1 - exponent), RoundingMode.UNNECESSARY)
        .toPlainString();
    if (plain.indexOf('.') >= 0) {
      int end = plain.length();
      while (plain.charAt(end - 1) == '0') {
        end--;
      }
      if (plain.charAt(end - 1) == '.') {
        end--;
      }
      plain = plain.substring(0, end);
    }
    return plain;
  }
}
