package io.colfile.text;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Floating point values as the shortest decimal text that reads back ({@link
 * Double#parseDouble}, {@link Float#parseFloat}) as the very same value: the fewest significant
 * digits that do, and of those the decimal nearest the value. JDK 17's {@code Double.toString}
 * reads back too but sometimes prints more digits than needed (JDK-4511638, fixed in JDK 19),
 * so the digits are found here: for 1, 2, ... digits the value is rounded (exactly, in {@link
 * BigDecimal}) to the nearest decimal, then down and up, until one reads back.
 *
 * <p>The layout is that of C's {@code %g} with those digits: fixed notation when the decimal
 * exponent X is -4 &le; X &lt; 17, else {@code d.ddde+XX} with at least two exponent digits;
 * negative zero is {@code -0}; NaN and the infinities are {@code NaN}, {@code Infinity} and
 * {@code -Infinity} as json-lines.md prints them.
 */
public final class ShortestFloat {
  private static final int FIXED_LIMIT = 17;

  private ShortestFloat() {}

  /** The shortest text of the double {@code v}. */
  public static String toString(double v) {
    if (Double.isNaN(v) || Double.isInfinite(v) || v == 0) {
      return special(v);
    }
    return shortest(new BigDecimal(v), digits(Double.toString(v)), 17,
        s -> Double.parseDouble(s) == v);
  }

  /** The shortest text of the float {@code v}. */
  public static String toString(float v) {
    if (Float.isNaN(v) || Float.isInfinite(v) || v == 0) {
      return special(v);
    }
    return shortest(new BigDecimal(v), digits(Float.toString(v)), 9,
        s -> Float.parseFloat(s) == v);
  }

  /**
   * The shortest decimal of {@code exact} that reads back, starting from {@code guess} digits
   * (the JDK's, which read back: the answer is at most that many). If p digits read back, so do
   * p + 1 (append a zero), so the search walks down from the guess until fewer digits fail.
   */
  private static String shortest(BigDecimal exact, int guess, int max,
      java.util.function.Predicate<String> readsBack) {
    int p = Math.min(Math.max(guess, 1), max);
    BigDecimal best = readingBack(exact, p, readsBack);
    while (best == null && p < max) {
      best = readingBack(exact, ++p, readsBack); // not expected: the JDK's text reads back
    }
    while (p > 1) {
      BigDecimal shorter = readingBack(exact, p - 1, readsBack);
      if (shorter == null) {
        break;
      }
      best = shorter;
      p--;
    }
    return layout(best);
  }

  /** Significant digits of a JDK {@code toString} text ({@code 1.25E-5}, {@code 0.0020}). */
  private static int digits(String s) {
    int n = 0;
    int pendingZeros = 0;
    boolean started = false;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == 'E') {
        break;
      }
      if (c >= '1' && c <= '9') {
        n += pendingZeros + 1;
        pendingZeros = 0;
        started = true;
      } else if (c == '0' && started) {
        pendingZeros++;
      }
    }
    return n;
  }

  private static BigDecimal readingBack(BigDecimal exact, int p,
      java.util.function.Predicate<String> readsBack) {
    for (RoundingMode m : new RoundingMode[] {RoundingMode.HALF_EVEN, RoundingMode.FLOOR,
        RoundingMode.CEILING}) {
      BigDecimal d = exact.round(new MathContext(p, m));
      if (readsBack.test(d.toString())) {
        return d;
      }
    }
    return null;
  }

  private static String special(double v) {
    if (Double.isNaN(v)) {
      return "NaN";
    }
    if (Double.isInfinite(v)) {
      return v > 0 ? "Infinity" : "-Infinity";
    }
    return Double.doubleToRawLongBits(v) < 0 ? "-0" : "0";
  }

  /** {@code d} (nonzero) in %g's layout with exactly its significant digits. */
  private static String layout(BigDecimal d) {
    d = d.stripTrailingZeros();
    String digits = d.unscaledValue().abs().toString();
    int x = digits.length() - d.scale() - 1; // decimal exponent of the first digit
    StringBuilder b = new StringBuilder(digits.length() + 8);
    if (d.signum() < 0) {
      b.append('-');
    }
    if (x >= -4 && x < FIXED_LIMIT) {
      if (x < 0) {
        b.append("0.");
        for (int i = -1; i > x; i--) {
          b.append('0');
        }
        b.append(digits);
      } else if (digits.length() <= x + 1) {
        b.append(digits);
        for (int i = digits.length(); i <= x; i++) {
          b.append('0');
        }
      } else {
        b.append(digits, 0, x + 1).append('.').append(digits, x + 1, digits.length());
      }
      return b.toString();
    }
    b.append(digits.charAt(0));
    if (digits.length() > 1) {
      b.append('.').append(digits, 1, digits.length());
    }
    b.append('e').append(x < 0 ? '-' : '+');
    int ax = Math.abs(x);
    if (ax < 10) {
      b.append('0');
    }
    return b.append(ax).toString();
  }
}
