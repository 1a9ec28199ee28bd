package io.colfile.core.read;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.chrono.IsoChronology;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.SignStyle;
import java.time.temporal.ChronoField;

/**
 * The text forms of dates and timestamps in orc-core's conversions, built as orc-core builds
 * them (java.time formatters, so their parsing rules are java.time's: a year of 4 to 10 digits
 * with a sign only beyond 4, DATE strict, TIMESTAMP's seconds and fraction optional and its
 * fields resolved leniently). colfile uses the proleptic Gregorian calendar throughout, as
 * orc-core does with {@code orc.proleptic.gregorian}; orc-core's default hybrid calendar would
 * print and parse dates before 1582-10-15 as Julian dates.
 *
 * <pre>
 * DATE      2019-07-09
 * TIMESTAMP 2019-07-09 13:11:00, 2019-07-09 13:11:00.5   (parsed: also 2019-07-09 13:11)
 * TIMESTAMP WITH LOCAL TIME ZONE 2019-07-09 13:11:00 America/Los_Angeles
 * </pre>
 */
final class DateTimeFormats {
  private static final DateTimeFormatter DATE = DateTimeFormatter.ISO_LOCAL_DATE
      .withChronology(IsoChronology.INSTANCE).withZone(ZoneOffset.UTC);
  private static final DateTimeFormatter TIMESTAMP = new DateTimeFormatterBuilder()
      .appendValue(ChronoField.YEAR, 4, 10, SignStyle.EXCEEDS_PAD)
      .appendLiteral('-')
      .appendValue(ChronoField.MONTH_OF_YEAR, 2)
      .appendLiteral('-')
      .appendValue(ChronoField.DAY_OF_MONTH, 2)
      .appendLiteral(' ')
      .appendValue(ChronoField.HOUR_OF_DAY, 2)
      .appendLiteral(':')
      .appendValue(ChronoField.MINUTE_OF_HOUR, 2)
      .optionalStart()
      .appendLiteral(':')
      .appendValue(ChronoField.SECOND_OF_MINUTE, 2)
      .optionalStart()
      .appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true)
      .toFormatter()
      .withChronology(IsoChronology.INSTANCE);
  private static final DateTimeFormatter INSTANT = new DateTimeFormatterBuilder()
      .append(TIMESTAMP)
      .appendPattern(" VV")
      .toFormatter()
      .withChronology(IsoChronology.INSTANCE);
  private static final DateTimeFormatter WALL_CLOCK = TIMESTAMP.withZone(ZoneOffset.UTC);

  private DateTimeFormats() {}

  /** {@code 2019-07-09}; throws DateTimeException beyond LocalDate's years. */
  static String date(long days) {
    return DATE.format(LocalDate.ofEpochDay(days));
  }

  /** Days since 1970-01-01 of a date, or null when the text is none. */
  static Long parseDate(String s) {
    try {
      return LocalDate.from(DATE.parse(s)).toEpochDay();
    } catch (DateTimeException e) {
      return null;
    }
  }

  /** The wall clock, e.g. {@code 2019-07-09 13:11:00.5}. */
  static String timestamp(LocalDateTime wallClock) {
    return TIMESTAMP.format(wallClock);
  }

  /** The instant as a wall clock in {@code zone}, followed by the zone's id. */
  static String instant(Instant t, ZoneId zone) {
    return INSTANT.format(t.atZone(zone));
  }

  /** A wall clock as if it were UTC, or null when the text is none. */
  static Instant parseTimestamp(String s) {
    try {
      return Instant.from(WALL_CLOCK.parse(s));
    } catch (DateTimeException e) {
      return null;
    }
  }

  /** The instant of a wall clock followed by a zone id, or null when the text is none. */
  static Instant parseInstant(String s) {
    try {
      return Instant.from(INSTANT.parse(s));
    } catch (DateTimeException e) {
      return null;
    }
  }
}
