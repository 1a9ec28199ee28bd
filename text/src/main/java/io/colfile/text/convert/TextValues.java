package io.colfile.text.convert;

import io.colfile.core.types.DateTimeText;
import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * Scalar values from text, in the forms {@code colfile cat} prints them (json-lines.md) and a
 * few common alternatives: integers, floating point numbers (with {@code NaN} and {@code
 * [-]Infinity}), decimals, booleans, dates {@code YYYY-MM-DD} and timestamps {@code YYYY-MM-DD
 * HH:MM:SS[.fffffffff]} (a {@code T} may separate date and time).
 */
final class TextValues {
  private TextValues() {}

  static long integer(String text, Type type, String path) throws ValueError {
    long v;
    try {
      v = Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw new ValueError(path, "'" + shorten(text) + "' is not a " + type);
    }
    long min;
    long max;
    switch (type.kind()) {
      case BYTE: min = Byte.MIN_VALUE; max = Byte.MAX_VALUE; break;
      case SHORT: min = Short.MIN_VALUE; max = Short.MAX_VALUE; break;
      case INT: min = Integer.MIN_VALUE; max = Integer.MAX_VALUE; break;
      default: return v;
    }
    if (v < min || v > max) {
      throw new ValueError(path, v + " does not fit " + type);
    }
    return v;
  }

  static double floating(String text, Type type, String path) throws ValueError {
    switch (text) {
      case "NaN": return Double.NaN;
      case "Infinity": case "inf": return Double.POSITIVE_INFINITY;
      case "-Infinity": case "-inf": return Double.NEGATIVE_INFINITY;
      default:
        break;
    }
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (!(c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E')) {
        throw new ValueError(path, "'" + shorten(text) + "' is not a " + type);
      }
    }
    try {
      // a float straight from the text: through double it could be rounded twice
      return type.kind() == TypeKind.FLOAT ? Float.parseFloat(text) : Double.parseDouble(text);
    } catch (NumberFormatException e) {
      throw new ValueError(path, "'" + shorten(text) + "' is not a " + type);
    }
  }

  static boolean bool(String text, String path) throws ValueError {
    if (text.equalsIgnoreCase("true")) {
      return true;
    }
    if (text.equalsIgnoreCase("false")) {
      return false;
    }
    throw new ValueError(path, "'" + shorten(text) + "' is not a boolean");
  }

  /**
   * The unscaled value at the column's scale: rounded half up when it has more fractional
   * digits (as Hive's decimals round), refused when it has more digits than the precision.
   */
  static BigInteger decimal(String text, Type type, int scale, String path) throws ValueError {
    BigDecimal d;
    try {
      if (text.length() > 400) {
        throw new NumberFormatException();
      }
      d = new BigDecimal(text);
    } catch (NumberFormatException e) {
      throw new ValueError(path, "'" + shorten(text) + "' is not a " + type);
    }
    if (Math.abs((long) d.scale()) > 1000) {
      throw new ValueError(path, "'" + shorten(text) + "' does not fit " + type);
    }
    BigInteger u = d.setScale(scale, RoundingMode.HALF_UP).unscaledValue();
    int precision = type.precision() == 0 ? 38 : type.precision();
    if (u.abs().compareTo(BigInteger.TEN.pow(precision)) >= 0) {
      throw new ValueError(path, text + " has more digits than " + type + " holds");
    }
    return u;
  }

  /** Days since 1970-01-01 of {@code [-]Y...-MM-DD}. */
  static long date(String text, String path) throws ValueError {
    try {
      return DateTimeText.parseDate(text);
    } catch (IllegalArgumentException e) {
      throw new ValueError(path, e.getMessage());
    }
  }

  /**
   * Seconds since 1970-01-01 00:00:00 of the wall clock written, and the nanoseconds, of
   * {@code YYYY-MM-DD HH:MM:SS[.f]}.
   */
  static void timestamp(String s, long[] secondsAndNanos, String path) throws ValueError {
    try {
      DateTimeText.parseTimestamp(s, secondsAndNanos, false);
    } catch (IllegalArgumentException e) {
      throw new ValueError(path, e.getMessage());
    }
  }

  static String shorten(String s) {
    return DateTimeText.shorten(s);
  }
}
