package io.colfile.orc.stats;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * What Hive's decimal (hive-storage-api {@code HiveDecimal}, which Java ORC's statistics use)
 * does to a value, stated as rules over {@link BigDecimal}:
 *
 * <ul>
 *   <li>a value holds at most 38 digits: integer digits + scale &lt;= 38, after trailing
 *       fractional zeros are stripped (so 1.50 is 1.5, scale 1);
 *   <li>a result with more digits keeps its integer digits and rounds the fraction HALF_UP to
 *       fit (away from zero: -0.5 becomes -1); more than 38 integer digits, before or after that
 *       rounding, is an overflow and the value is gone;
 *   <li>text is plain: no exponent, no trailing fractional zeros, "0" for zero.
 * </ul>
 */
final class HiveDecimalRules {
  static final int MAX_DIGITS = 38;

  private static final long[] POW10 = new long[19];

  static {
    POW10[0] = 1;
    for (int i = 1; i < POW10.length; i++) {
      POW10[i] = POW10[i - 1] * 10;
    }
  }

  private HiveDecimalRules() {}

  /** 10^n for n in [0, 18]. */
  static long pow10(int n) {
    return POW10[n];
  }

  /**
   * {@code x} as Hive holds it: trailing zeros stripped, the fraction rounded to fit 38 digits,
   * or null when the integer part alone has more than 38 digits.
   */
  static BigDecimal normalize(BigDecimal x) {
    if (x.signum() == 0) {
      return BigDecimal.ZERO;
    }
    x = strip(x);
    int intDigits = integerDigits(x);
    if (intDigits > MAX_DIGITS) {
      return null;
    }
    if (intDigits + x.scale() > MAX_DIGITS) {
      x = strip(x.setScale(MAX_DIGITS - intDigits, RoundingMode.HALF_UP));
      if (x.signum() == 0) {
        return BigDecimal.ZERO;
      }
      if (integerDigits(x) > MAX_DIGITS) {
        return null;
      }
    }
    return x;
  }

  private static BigDecimal strip(BigDecimal x) {
    x = x.stripTrailingZeros();
    return x.scale() < 0 ? x.setScale(0) : x;
  }

  /** Digits before the point, for a value with scale >= 0 (0 for |x| < 1). */
  private static int integerDigits(BigDecimal x) {
    return Math.max(x.precision() - x.scale(), 0);
  }

  /**
   * Compares a * 10^-as with b * 10^-bs (both scales in [0, 38]) without allocating: the
   * operand with the smaller scale is scaled up; if that overflows a long, its magnitude exceeds
   * the other's and the common sign decides.
   */
  static int compare(long a, int as, long b, int bs) {
    if (as == bs) {
      return Long.compare(a, b);
    }
    int sa = Long.signum(a);
    int sb = Long.signum(b);
    if (sa != sb) {
      return Integer.compare(sa, sb);
    }
    if (sa == 0) {
      return 0;
    }
    if (as < bs) {
      long x = scaleUp(a, bs - as);
      return x == OVERFLOW ? sa : Long.compare(x, b);
    }
    long y = scaleUp(b, as - bs);
    return y == OVERFLOW ? -sb : Long.compare(a, y);
  }

  /** Marks an overflowed {@link #scaleUp}; never a real result (it has no 10^d factor). */
  static final long OVERFLOW = Long.MIN_VALUE;

  /** v * 10^d for d >= 1, or {@link #OVERFLOW} when it does not fit a long. */
  static long scaleUp(long v, int d) {
    if (d >= POW10.length) {
      return v == 0 ? 0 : OVERFLOW;
    }
    long p = POW10[d];
    long lo = v * p;
    long hi = Math.multiplyHigh(v, p);
    return hi != (lo >> 63) || lo == OVERFLOW ? OVERFLOW : lo;
  }

  /** Hive's text of unscaled * 10^-scale: "1.2", "0", "-5.5", never an exponent. */
  static String text(long unscaled, int scale) {
    if (scale < 0 || unscaled == Long.MIN_VALUE) {
      return text(new BigDecimal(BigInteger.valueOf(unscaled), scale));
    }
    while (scale > 0 && unscaled % 10 == 0) {
      unscaled /= 10;
      scale--;
    }
    if (scale == 0) {
      return Long.toString(unscaled);
    }
    StringBuilder sb = new StringBuilder(24 + scale);
    if (unscaled < 0) {
      sb.append('-');
      unscaled = -unscaled;
    }
    String digits = Long.toString(unscaled);
    int point = digits.length() - scale;
    if (point <= 0) {
      sb.append("0.");
      for (int i = point; i < 0; i++) {
        sb.append('0');
      }
      sb.append(digits);
    } else {
      sb.append(digits, 0, point).append('.').append(digits, point, digits.length());
    }
    return sb.toString();
  }

  /** Hive's text of {@code x}. */
  static String text(BigDecimal x) {
    return x.signum() == 0 ? "0" : x.stripTrailingZeros().toPlainString();
  }
}
