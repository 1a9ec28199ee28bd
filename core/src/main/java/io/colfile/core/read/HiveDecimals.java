package io.colfile.core.read;

import io.colfile.core.vector.DecimalVector;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * Decimals as Apache ORC's conversions treat them, through hive-storage-api's {@code
 * HiveDecimal}: a value holds at most 38 digits with trailing fractional zeros dropped, text is
 * parsed by {@code HiveDecimal.create(String)}'s own grammar and printed plain, and a value
 * stored into a decimal(p, s) column is rounded half up to s digits and becomes NULL when it
 * then has more than p digits.
 */
final class HiveDecimals {
  static final int MAX_DIGITS = 38;
  private static final BigInteger[] POW10 = new BigInteger[MAX_DIGITS + 1];

  static {
    for (int i = 0; i <= MAX_DIGITS; i++) {
      POW10[i] = BigInteger.TEN.pow(i);
    }
  }

  private HiveDecimals() {}

  /**
   * Row {@code row} of {@code to} becomes {@code v} rounded half up to the column's scale, or
   * NULL when that has more digits than the column's precision (or {@code v} is null).
   */
  static void store(DecimalVector to, int row, BigDecimal v) {
    if (v == null) {
      to.setNull(row);
      return;
    }
    int precision = to.precision == 0 ? MAX_DIGITS : to.precision;
    BigInteger unscaled = v.setScale(to.scale, RoundingMode.HALF_UP).unscaledValue();
    if (unscaled.abs().compareTo(POW10[precision]) >= 0) {
      to.setNull(row);
    } else if (to.isWide) {
      to.wide[row] = unscaled;
    } else {
      to.unscaled[row] = unscaled.longValueExact();
    }
  }

  /**
   * {@code v} as {@code HiveDecimal.create(BigDecimal)} holds it: trailing zeros stripped, the
   * fraction rounded half up to fit 38 digits; null when the integer part alone is longer.
   */
  static BigDecimal normalize(BigDecimal v) {
    v = strip(v);
    int integerDigits = Math.max(v.precision() - v.scale(), 0);
    if (integerDigits > MAX_DIGITS) {
      return null;
    }
    if (integerDigits + v.scale() > MAX_DIGITS) {
      v = strip(v.setScale(MAX_DIGITS - integerDigits, RoundingMode.HALF_UP));
      if (v.precision() - v.scale() > MAX_DIGITS) {
        return null;
      }
    }
    return v;
  }

  /** The text of {@code HiveDecimal.toString()}: plain, no trailing fractional zeros. */
  static String text(BigDecimal v) {
    return strip(v).toPlainString();
  }

  private static BigDecimal strip(BigDecimal v) {
    if (v.signum() == 0) {
      return BigDecimal.ZERO;
    }
    v = v.stripTrailingZeros();
    return v.scale() < 0 ? v.setScale(0) : v;
  }

  /**
   * {@code HiveDecimal.create(String)}: {@code [blanks][+|-][digits][.digits][(e|E)[+|-]
   * digits][blanks]} with at least one digit before the exponent, blanks being spaces only. The
   * digits before the exponent are read first, their fraction rounded half up to fit 38 digits
   * (a zero that rounds up becomes ±1e-38, and then the exponent is ignored, as Hive does); the
   * exponent has at most two digits after its leading zeros and moves the point, rounding half
   * up to 38 fractional digits, or to zero when 38 more would be needed. Null when the text is
   * not a number or the value has more than 38 integer digits.
   */
  static BigDecimal parse(String s) {
    int end = s.length();
    int i = 0;
    while (i < end && s.charAt(i) == ' ') {
      i++;
    }
    if (i == end) {
      return null;
    }
    boolean negative = s.charAt(i) == '-';
    if (negative || s.charAt(i) == '+') {
      if (++i == end) {
        return null;
      }
    }
    int intStart = i;
    while (i < end && isDigit(s.charAt(i))) {
      i++;
    }
    boolean haveInteger = i > intStart;
    String integer = s.substring(intStart, i);
    boolean sawDot = i < end && s.charAt(i) == '.';
    if (sawDot) {
      i++;
    }
    int fracStart = i;
    if (!haveInteger && (!sawDot || i == end || !isDigit(s.charAt(i)))) {
      return null; // "", ".", "-.", ".e5", "e5"
    }
    while (i < end && isDigit(s.charAt(i))) {
      i++;
    }
    String fraction = s.substring(fracStart, i);
    if (!haveInteger && i < end && fraction.length() <= MAX_DIGITS) {
      return null; // Hive's "naked dot" check: ".5" is a number, ".5 " and ".5e1" are not
    }
    BigDecimal mantissa = mantissa(integer, fraction, negative);
    if (mantissa == null) {
      return null;
    }
    int exponent = 0;
    boolean zeroDigits = withoutLeadingZeros(integer).isEmpty()
        && isZero(fraction.substring(0, Math.min(fraction.length(), MAX_DIGITS)));
    if (i < end && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
      if (++i == end) {
        return null;
      }
      boolean negativeExponent = s.charAt(i) == '-';
      if (negativeExponent || s.charAt(i) == '+') {
        if (++i == end) {
          return null;
        }
      }
      int significant = 0;
      while (i < end && isDigit(s.charAt(i))) {
        if (significant == 2) {
          return null; // a power of ten far beyond 38 digits
        }
        int d = s.charAt(i++) - '0';
        if (d != 0 || exponent != 0) {
          exponent = exponent * 10 + d;
          significant++;
        }
      }
      exponent = negativeExponent ? -exponent : exponent;
    }
    while (i < end && s.charAt(i) == ' ') {
      i++;
    }
    if (i != end) {
      return null;
    }
    if (zeroDigits || exponent == 0) {
      return mantissa;
    }
    return scaleByPowerOfTen(mantissa, exponent);
  }

  /** The digits before the exponent, the fraction rounded half up to fit 38 digits. */
  private static BigDecimal mantissa(String integer, String fraction, boolean negative) {
    String significant = withoutLeadingZeros(integer);
    if (significant.length() > MAX_DIGITS) {
      return null;
    }
    int kept = Math.min(fraction.length(), MAX_DIGITS - significant.length());
    BigDecimal v = new BigDecimal(new BigInteger((significant.isEmpty() ? "0" : significant)
        + fraction.substring(0, kept)), kept);
    if (kept < fraction.length() && fraction.charAt(kept) >= '5') {
      v = v.add(BigDecimal.ONE.movePointLeft(kept));
      if (v.precision() - v.scale() > MAX_DIGITS) {
        return null;
      }
    }
    v = strip(v);
    return negative ? v.negate() : v;
  }

  private static String withoutLeadingZeros(String digits) {
    int i = 0;
    while (i < digits.length() && digits.charAt(i) == '0') {
      i++;
    }
    return digits.substring(i);
  }

  private static BigDecimal scaleByPowerOfTen(BigDecimal v, int power) {
    if (power > 0) {
      BigDecimal r = strip(v.movePointRight(power));
      return r.precision() - r.scale() > MAX_DIGITS ? null : r;
    }
    int scale = v.scale() - power;
    if (scale <= MAX_DIGITS) {
      return strip(v.movePointLeft(-power));
    }
    if (scale - MAX_DIGITS >= MAX_DIGITS) {
      return BigDecimal.ZERO; // Hive gives up rounding here: zero even where half up is not
    }
    return strip(v.movePointLeft(-power).setScale(MAX_DIGITS, RoundingMode.HALF_UP));
  }

  private static boolean isZero(String digits) {
    return withoutLeadingZeros(digits).isEmpty();
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }
}
