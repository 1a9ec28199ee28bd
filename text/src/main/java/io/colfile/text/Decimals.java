package io.colfile.text;

import java.math.BigInteger;

/**
 * Decimals as unquoted numbers with exactly {@code scale} fraction digits ({@code 1.50}, {@code
 * -0.05}, {@code 0.00}, a plain integer at scale 0, never an exponent): Apache ORC C++'s {@code
 * Int128::toDecimalString(scale)}. Values up to 18 digits print without allocating.
 */
final class Decimals {
  private static final long[] POW10 = new long[19];

  static {
    POW10[0] = 1;
    for (int i = 1; i < POW10.length; i++) {
      POW10[i] = POW10[i - 1] * 10;
    }
  }

  private Decimals() {}

  static void append(ByteSink out, long unscaled, int scale) {
    if (scale == 0) {
      out.putLong(unscaled);
      return;
    }
    if (unscaled == Long.MIN_VALUE || scale >= POW10.length) {
      append(out, BigInteger.valueOf(unscaled), scale);
      return;
    }
    if (unscaled < 0) {
      out.put('-');
      unscaled = -unscaled;
    }
    long pow = POW10[scale];
    out.putLong(unscaled / pow);
    out.put('.');
    out.putPadded(unscaled % pow, scale);
  }

  static void append(ByteSink out, BigInteger unscaled, int scale) {
    if (unscaled.bitLength() < 63 && scale < POW10.length) {
      append(out, unscaled.longValue(), scale);
      return;
    }
    String digits = unscaled.abs().toString();
    if (unscaled.signum() < 0) {
      out.put('-');
    }
    if (scale == 0) {
      out.putAscii(digits);
      return;
    }
    int point = digits.length() - scale;
    if (point <= 0) {
      out.put('0');
      out.put('.');
      for (int i = point; i < 0; i++) {
        out.put('0');
      }
      out.putAscii(digits);
    } else {
      out.putAscii(digits.substring(0, point));
      out.put('.');
      out.putAscii(digits.substring(point));
    }
  }
}
