package io.colfile.core.text;

/** Unscaled decimal digits printed at a scale: {@code 1.50}, {@code -0.05}, {@code 0.00}, {@code 7}. */
final class Decimals {
  private Decimals() {}

  static void append(ByteSink sink, String unscaled, int scale) {
    boolean negative = unscaled.startsWith("-");
    String digits = negative ? unscaled.substring(1) : unscaled;
    if (negative) {
      sink.put('-');
    }
    if (scale == 0) {
      sink.putAscii(digits);
      return;
    }
    if (digits.length() <= scale) {
      sink.put('0').put('.');
      for (int i = digits.length(); i < scale; i++) {
        sink.put('0');
      }
      sink.putAscii(digits);
      return;
    }
    int point = digits.length() - scale;
    sink.putAscii(digits.substring(0, point)).put('.').putAscii(digits.substring(point));
  }
}
