package io.colfile.interop;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * C's {@code printf("%.<p>g")} for doubles, exactly as glibc prints it, which is what the
 * {@code colfile cat} form uses for float ({@code %.7g}) and double ({@code %.14g}).
 *
 * <p>Exact because it works on the double's exact binary value ({@code new BigDecimal(double)})
 * and rounds it once to p significant digits half-to-even, as glibc does in the default rounding
 * mode; Java's own {@code %g} rounds half-up and never switches to fixed notation the C way.
 * Then C's rule: with X the exponent after rounding, use fixed notation with p-1-X decimals when
 * -4 <= X < p, else d.ddde+XX; without '#', trailing zeros and a bare point are removed.
 * NaN and infinities print as {@code NaN}, {@code Infinity}, {@code -Infinity} (json-lines.md).
 *
 * <p>Deliberately not {@code io.colfile.text.CFormat}, the printer's fast integer-arithmetic
 * version: the expected text of the ORC examples is made by this slow, obviously exact one, so
 * that the printer is checked against an independent implementation (both are checked against
 * glibc's own output).
 */
final class CFormat {
  private CFormat() {}

  /** {@code %.7g} of a float widened to double, as the C++ printer does it. */
  static String float7(float v) {
    return g(v, 7);
  }

  /** {@code %.14g}. */
  static String double14(double v) {
    return g(v, 14);
  }

  static String g(double v, int precision) {
    if (Double.isNaN(v)) {
      return "NaN";
    }
    if (Double.isInfinite(v)) {
      return v > 0 ? "Infinity" : "-Infinity";
    }
    if (v == 0) {
      return (Double.doubleToRawLongBits(v) < 0) ? "-0" : "0";
    }
    BigDecimal rounded = new BigDecimal(v).round(new MathContext(precision, RoundingMode.HALF_EVEN));
    int exponent = rounded.precision() - rounded.scale() - 1;
    if (exponent >= -4 && exponent < precision) {
      String fixed = rounded.setScale(Math.max(precision - 1 - exponent, 0)).toPlainString();
      return stripZeros(fixed);
    }
    String digits = rounded.unscaledValue().abs().toString();
    String mantissa = stripZeros(digits.charAt(0) + "." + digits.substring(1));
    String sign = rounded.signum() < 0 ? "-" : "";
    int e = Math.abs(exponent);
    return sign + mantissa + "e" + (exponent < 0 ? "-" : "+") + (e < 10 ? "0" : "") + e;
  }

  /** Drops trailing zeros after a decimal point, then the point itself if nothing follows. */
  private static String stripZeros(String s) {
    if (s.indexOf('.') < 0) {
      return s;
    }
    int end = s.length();
    while (s.charAt(end - 1) == '0') {
      end--;
    }
    if (s.charAt(end - 1) == '.') {
      end--;
    }
    return s.substring(0, end);
  }
}
