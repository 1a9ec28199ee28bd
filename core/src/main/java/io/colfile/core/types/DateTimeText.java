package io.colfile.core.types;

import java.time.DateTimeException;
import java.time.LocalDate;

/**
 * Dates and timestamps read from the text {@code colfile cat} prints (json-lines.md): {@code
 * [-]YYYY-MM-DD} and {@code [-]YYYY-MM-DD HH:MM:SS[.fffffffff]} (a {@code T} may stand for the
 * space). The parsers of JSON lines, CSV and predicate literals share them.
 */
public final class DateTimeText {
  private DateTimeText() {}

  /**
   * Days since 1970-01-01 of {@code [-]Y...-MM-DD}.
   *
   * @throws IllegalArgumentException naming the expected form
   */
  public static long parseDate(String text) {
    int[] pos = {0};
    long days = datePart(text, pos);
    if (pos[0] != text.length()) {
      throw new IllegalArgumentException(bad(text, "a date (YYYY-MM-DD)"));
    }
    return days;
  }

  /**
   * Seconds since 1970-01-01 00:00:00 of the wall clock written, and the nanoseconds, of
   * {@code YYYY-MM-DD HH:MM:SS[.f]}, into {@code secondsAndNanos[0]} and {@code [1]}. With
   * {@code dateAlone}, a date without a time means its midnight.
   *
   * @throws IllegalArgumentException naming the expected form
   */
  public static void parseTimestamp(String s, long[] secondsAndNanos, boolean dateAlone) {
    int[] pos = {0};
    String bad = bad(s, "a timestamp (YYYY-MM-DD HH:MM:SS.fffffffff)");
    long days;
    try {
      days = datePart(s, pos);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(bad);
    }
    int i = pos[0];
    if (dateAlone && i == s.length()) {
      secondsAndNanos[0] = days * 86_400;
      secondsAndNanos[1] = 0;
      return;
    }
    if (i + 9 > s.length() || (s.charAt(i) != ' ' && s.charAt(i) != 'T')
        || s.charAt(i + 3) != ':' || s.charAt(i + 6) != ':') {
      throw new IllegalArgumentException(bad);
    }
    int h = twoDigits(s, i + 1, bad);
    int m = twoDigits(s, i + 4, bad);
    int sec = twoDigits(s, i + 7, bad);
    if (h > 23 || m > 59 || sec > 59) {
      throw new IllegalArgumentException(bad);
    }
    i += 9;
    int nanos = 0;
    if (i < s.length()) {
      if (s.charAt(i) != '.' || i + 1 == s.length() || s.length() - i - 1 > 9) {
        throw new IllegalArgumentException(bad);
      }
      int digits = 0;
      for (int k = i + 1; k < s.length(); k++) {
        char c = s.charAt(k);
        if (c < '0' || c > '9') {
          throw new IllegalArgumentException(bad);
        }
        nanos = nanos * 10 + (c - '0');
        digits++;
      }
      for (; digits < 9; digits++) {
        nanos *= 10;
      }
    }
    secondsAndNanos[0] = days * 86_400 + h * 3600L + m * 60L + sec;
    secondsAndNanos[1] = nanos;
  }

  private static int twoDigits(String s, int at, String bad) {
    char a = s.charAt(at);
    char b = s.charAt(at + 1);
    if (a < '0' || a > '9' || b < '0' || b > '9') {
      throw new IllegalArgumentException(bad);
    }
    return (a - '0') * 10 + (b - '0');
  }

  private static long datePart(String s, int[] pos) {
    int i = 0;
    boolean negative = s.startsWith("-");
    if (negative) {
      i++;
    }
    int yearStart = i;
    while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
      i++;
    }
    String bad = bad(s, "a date (YYYY-MM-DD)");
    if (i - yearStart < 1 || i - yearStart > 9 || i + 6 > s.length() || s.charAt(i) != '-'
        || s.charAt(i + 3) != '-') {
      throw new IllegalArgumentException(bad);
    }
    try {
      int year = Integer.parseInt(s.substring(yearStart, i));
      int month = twoDigits(s, i + 1, bad);
      int day = twoDigits(s, i + 4, bad);
      pos[0] = i + 6;
      return LocalDate.of(negative ? -year : year, month, day).toEpochDay();
    } catch (NumberFormatException | DateTimeException e) {
      throw new IllegalArgumentException(bad);
    }
  }

  private static String bad(String text, String what) {
    return "'" + shorten(text) + "' is not " + what;
  }

  /** {@code s}, cut to 60 characters for messages. */
  public static String shorten(String s) {
    return s.length() > 60 ? s.substring(0, 60) + "..." : s;
  }
}
