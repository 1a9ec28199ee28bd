package io.colfile.text.convert;

import io.colfile.core.types.DateTimeText;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;
import java.util.Objects;

/**
 * How text timestamps are read: in {@code colfile cat}'s form ({@code YYYY-MM-DD
 * HH:MM:SS[.f]}) or a {@link DateTimeFormatter} pattern, and in which zone.
 *
 * <ul>
 *   <li>{@code timestamp} columns hold a wall-clock time: the date and time written are kept as
 *       they are, whatever the zone (an offset or zone the pattern parses is ignored).
 *   <li>{@code timestamp with local time zone} columns hold an instant: the text is a wall-clock
 *       time in {@link #zone()} (UTC unless given; {@code colfile cat} prints these in UTC), or
 *       in the offset or zone the pattern itself parses. A wall-clock time that occurs twice
 *       (clocks set back) is the earlier instant; one that does not occur (clocks set forward) is
 *       an error.
 * </ul>
 *
 * <p>A pattern must give at least the date; missing hours, minutes or seconds are 0.
 */
public final class TimestampText {
  /** cat's form, in UTC. */
  public static final TimestampText DEFAULT = new TimestampText(null, null, ZoneOffset.UTC);

  private final String pattern;
  private final DateTimeFormatter formatter;
  private final ZoneId zone;

  private TimestampText(String pattern, DateTimeFormatter formatter, ZoneId zone) {
    this.pattern = pattern;
    this.formatter = formatter;
    this.zone = zone;
  }

  /**
   * Timestamps in {@code pattern} (null: cat's form) and {@code zone} (null: UTC).
   *
   * @throws IllegalArgumentException for a pattern {@link DateTimeFormatter} refuses
   */
  public static TimestampText of(String pattern, ZoneId zone) {
    DateTimeFormatter f = null;
    if (pattern != null) {
      try {
        f = DateTimeFormatter.ofPattern(pattern).withResolverStyle(ResolverStyle.STRICT);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("bad pattern '" + pattern + "': " + e.getMessage());
      }
      // STRICT resolving needs an era with 'yyyy'; 'uuuu' (proleptic year) is what is meant
      f = DateTimeFormatter.ofPattern(yearOfEraAsYear(pattern))
          .withResolverStyle(ResolverStyle.STRICT);
    }
    return new TimestampText(pattern, f, zone == null ? ZoneOffset.UTC : zone);
  }

  /** {@code pattern} with the letter y outside quoted text as u. */
  private static String yearOfEraAsYear(String pattern) {
    StringBuilder b = new StringBuilder(pattern.length());
    boolean quoted = false;
    for (int i = 0; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      if (c == '\'') {
        quoted = !quoted;
      }
      b.append(c == 'y' && !quoted ? 'u' : c);
    }
    return b.toString();
  }

  /** The zone of instants written without an offset. */
  public ZoneId zone() {
    return zone;
  }

  /** The pattern, or null for cat's form. */
  public String pattern() {
    return pattern;
  }

  /**
   * Seconds since 1970-01-01 00:00:00 and nanoseconds of {@code text}: of the wall clock for a
   * plain timestamp, of the instant (UTC) when {@code instant}.
   */
  void parse(String text, boolean instant, long[] secondsAndNanos, String path)
      throws ValueError {
    if (formatter == null) {
      try {
        DateTimeText.parseTimestamp(text, secondsAndNanos, false);
      } catch (IllegalArgumentException e) {
        throw new ValueError(path, e.getMessage());
      }
      if (instant && !zone.equals(ZoneOffset.UTC)) {
        LocalDateTime local = LocalDateTime.ofEpochSecond(secondsAndNanos[0],
            (int) secondsAndNanos[1], ZoneOffset.UTC);
        toInstant(local, null, text, secondsAndNanos, path);
      }
      return;
    }
    TemporalAccessor t;
    try {
      t = formatter.parse(text);
    } catch (DateTimeParseException e) {
      throw new ValueError(path, "'" + TextValues.shorten(text) + "' does not match the "
          + "timestamp format '" + pattern + "'");
    }
    LocalDateTime local;
    try {
      local = LocalDateTime.of(java.time.LocalDate.from(t),
          java.time.LocalTime.of(
              field(t, ChronoField.HOUR_OF_DAY), field(t, ChronoField.MINUTE_OF_HOUR),
              field(t, ChronoField.SECOND_OF_MINUTE), field(t, ChronoField.NANO_OF_SECOND)));
    } catch (DateTimeException e) {
      throw new ValueError(path, "'" + TextValues.shorten(text) + "' has no full date in the "
          + "timestamp format '" + pattern + "'");
    }
    if (!instant) {
      secondsAndNanos[0] = local.toEpochSecond(ZoneOffset.UTC);
      secondsAndNanos[1] = local.getNano();
      return;
    }
    ZoneId written = null;
    if (t.isSupported(ChronoField.OFFSET_SECONDS)) {
      written = ZoneOffset.ofTotalSeconds(t.get(ChronoField.OFFSET_SECONDS));
    } else {
      written = t.query(java.time.temporal.TemporalQueries.zone());
    }
    toInstant(local, written, text, secondsAndNanos, path);
  }

  private static int field(TemporalAccessor t, ChronoField f) {
    if (t.isSupported(f)) {
      return t.get(f);
    }
    if (f == ChronoField.HOUR_OF_DAY && t.isSupported(ChronoField.HOUR_OF_AMPM)
        && t.isSupported(ChronoField.AMPM_OF_DAY)) {
      return t.get(ChronoField.AMPM_OF_DAY) * 12 + t.get(ChronoField.HOUR_OF_AMPM);
    }
    return 0;
  }

  private void toInstant(LocalDateTime local, ZoneId written, String text, long[] out,
      String path) throws ValueError {
    ZoneId z = written == null ? zone : written;
    if (!(z instanceof ZoneOffset)
        && z.getRules().getValidOffsets(local).isEmpty()) {
      throw new ValueError(path, "'" + TextValues.shorten(text) + "' does not exist in "
          + z + " (the clocks were set forward)");
    }
    Instant i = ZonedDateTime.ofLocal(local, z, null).toInstant(); // earlier offset in overlaps
    out[0] = i.getEpochSecond();
    out[1] = i.getNano();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TimestampText t && Objects.equals(pattern, t.pattern)
        && zone.equals(t.zone);
  }

  @Override
  public int hashCode() {
    return Objects.hash(pattern, zone);
  }
}
