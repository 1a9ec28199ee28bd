package io.colfile.text;

/**
 * Dates as {@code YYYY-MM-DD} and timestamps as {@code YYYY-MM-DD HH:MM:SS.f}, in the proleptic
 * Gregorian calendar with no time zone arithmetic (the vectors already hold wall-clock values),
 * computed with integer arithmetic so printing allocates nothing.
 *
 * <p>Years print with at least four digits and a leading {@code -} before year 0 (ISO 8601's
 * astronomical numbering). Apache ORC C++ formats through {@code strftime("%Y")}, which glibc
 * does not pad, so it would print year 1 as {@code 1-01-01}; json-lines.md asks for {@code
 * YYYY}, which is also what Java and Python print, so years below 1000 follow the spec.
 */
final class Dates {
  private static final long SECONDS_PER_DAY = 86_400;

  private Dates() {}

  /** Days since 1970-01-01. */
  static void appendDate(ByteSink out, long days) {
    // Howard Hinnant's civil_from_days: eras of 400 years (146097 days) starting on March 1st,
    // so the leap day is the last day of a year and month lengths follow a linear pattern.
    long z = days + 719_468;
    long era = Math.floorDiv(z, 146_097);
    long doe = z - era * 146_097; // [0, 146096]
    long yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365; // [0, 399]
    long doy = doe - (365 * yoe + yoe / 4 - yoe / 100); // [0, 365]
    long mp = (5 * doy + 2) / 153; // [0, 11], March = 0
    int day = (int) (doy - (153 * mp + 2) / 5 + 1);
    int month = (int) (mp < 10 ? mp + 3 : mp - 9);
    long year = yoe + era * 400 + (month <= 2 ? 1 : 0);
    if (year < 0) {
      out.put('-');
      year = -year;
    }
    out.putPadded(year, 4);
    out.put('-');
    out.putTwoDigits(month);
    out.put('-');
    out.putTwoDigits(day);
  }

  /**
   * Seconds since 1970-01-01 00:00:00 of the wall clock (or of UTC) and nanos: the nanos print
   * with trailing zeros removed but at least one digit, keeping their place ({@code .0}, {@code
   * .001}, {@code .000000222}), as Apache ORC C++ prints them.
   */
  static void appendTimestamp(ByteSink out, long seconds, int nanos) {
    appendTimestamp(out, seconds, nanos, false);
  }

  /**
   * {@code micros}: the fraction as exactly six digits (microseconds, Kudu's convention), else
   * the nanoseconds with trailing zeros removed but at least one digit (ORC's).
   */
  static void appendTimestamp(ByteSink out, long seconds, int nanos, boolean micros) {
    appendDate(out, Math.floorDiv(seconds, SECONDS_PER_DAY));
    int secondOfDay = (int) Math.floorMod(seconds, SECONDS_PER_DAY);
    out.put(' ');
    out.putTwoDigits(secondOfDay / 3600);
    out.put(':');
    out.putTwoDigits(secondOfDay / 60 % 60);
    out.put(':');
    out.putTwoDigits(secondOfDay % 60);
    out.put('.');
    if (micros) {
      out.putPadded(nanos / 1000, 6);
      return;
    }
    if (nanos == 0) {
      out.put('0');
      return;
    }
    int width = 9;
    while (nanos % 10 == 0) {
      nanos /= 10;
      width--;
    }
    out.putPadded(nanos, width);
  }
}
