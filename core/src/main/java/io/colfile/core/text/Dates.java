package io.colfile.core.text;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/** Dates and timestamps in the printed forms {@code YYYY-MM-DD} and {@code YYYY-MM-DD HH:MM:SS.f}. */
final class Dates {
  private Dates() {}

  /** Days since 1970-01-01, proleptic Gregorian. */
  static void appendDate(ByteSink sink, long days) {
    LocalDate d = LocalDate.ofEpochDay(days);
    appendYmd(sink, d.getYear(), d.getMonthValue(), d.getDayOfMonth());
  }

  /**
   * Seconds since 1970-01-01 00:00:00 (as if UTC) and nanos: the nanos print with trailing zeros
   * removed, keeping at least one digit ({@code .0}, {@code .001}, {@code .000000222}).
   */
  static void appendTimestamp(ByteSink sink, long seconds, int nanos) {
    LocalDateTime t = LocalDateTime.ofEpochSecond(seconds, 0, ZoneOffset.UTC);
    appendYmd(sink, t.getYear(), t.getMonthValue(), t.getDayOfMonth());
    sink.put(' ');
    two(sink, t.getHour());
    sink.put(':');
    two(sink, t.getMinute());
    sink.put(':');
    two(sink, t.getSecond());
    sink.put('.');
    if (nanos == 0) {
      sink.put('0');
      return;
    }
    int digits = 9;
    int n = nanos;
    while (n % 10 == 0) {
      n /= 10;
      digits--;
    }
    String s = Integer.toString(n);
    for (int i = s.length(); i < digits; i++) {
      sink.put('0');
    }
    sink.putAscii(s);
  }

  private static void appendYmd(ByteSink sink, int year, int month, int day) {
    if (year < 0) {
      sink.put('-');
      year = -year;
    }
    String y = Integer.toString(year);
    for (int i = y.length(); i < 4; i++) {
      sink.put('0');
    }
    sink.putAscii(y).put('-');
    two(sink, month);
    sink.put('-');
    two(sink, day);
  }

  private static void two(ByteSink sink, int v) {
    sink.put((char) ('0' + v / 10)).put((char) ('0' + v % 10));
  }
}
