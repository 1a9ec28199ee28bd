package io.colfile.core.read;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.DecimalVector;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.LongVector;
import io.colfile.core.vector.TimestampVector;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;

/**
 * Conversions from TIMESTAMP and TIMESTAMP WITH LOCAL TIME ZONE (orc-core's {@code
 * *FromTimestamp} readers). orc-core works on an instant: a TIMESTAMP's wall clock in the
 * reader's zone (a wall clock the zone skips moves forward, one it repeats takes the earlier
 * offset, as java.time resolves them), a TIMESTAMP WITH LOCAL TIME ZONE's own. Numbers are that
 * instant's seconds since the epoch; text and TIMESTAMP are its wall clock in the reader's zone
 * (text with the zone's id for TIMESTAMP WITH LOCAL TIME ZONE); DATE is its date in the reader's
 * zone for a TIMESTAMP but in UTC for a TIMESTAMP WITH LOCAL TIME ZONE, as orc-core has it.
 */
final class TimestampConversions {
  private static final long NANOS_PER_MILLI = 1_000_000;

  private TimestampConversions() {}

  static ScalarConversion find(Type from, Type to, ZoneId readerZone) {
    TypeKind kind = to.kind();
    boolean wallClock = from.kind() == TypeKind.TIMESTAMP;
    // orc-core names UTC "UTC" (ZoneId.of), never "Z"
    ZoneId zone = readerZone.equals(ZoneOffset.UTC) ? ZoneId.of("UTC") : readerZone;
    Instants instants = (v, i) -> wallClock ? instantOf(v, i, zone)
        : Instant.ofEpochSecond(v.seconds[i], v.nanos[i]);
    switch (kind) {
      case BOOLEAN: case BYTE: case SHORT: case INT: case LONG:
        return perRow(instants, (t, d, i) ->
            IntegerConversions.store((LongVector) d, i, t.getEpochSecond(), kind));
      case FLOAT: case DOUBLE:
        return perRow(instants, (t, d, i) -> {
          double v = t.getEpochSecond();
          if (t.getNano() != 0) {
            v += t.getNano() / 1_000_000_000.0;
          }
          IntegerConversions.store((DoubleVector) d, i, v, kind);
        });
      case DECIMAL:
        return perRow(instants, (t, d, i) ->
            HiveDecimals.store((DecimalVector) d, i, HiveDecimals.normalize(decimal(t))));
      case STRING: case VARCHAR: case CHAR: {
        TextTarget text = new TextTarget(to);
        if (wallClock) {
          // the wall clock itself: orc-core's round trip through the reader's zone gives it
          // back, except for wall clocks the zone skips, which it would move
          return perRow((v, i) -> Instant.ofEpochSecond(v.seconds[i], v.nanos[i]), (t, d, i) ->
              text.store((BytesVector) d, i, DateTimeFormats.timestamp(
                  LocalDateTime.ofInstant(t, ZoneOffset.UTC)).getBytes(StandardCharsets.UTF_8)));
        }
        return perRow(instants, (t, d, i) -> text.store((BytesVector) d, i,
            DateTimeFormats.instant(t, zone).getBytes(StandardCharsets.UTF_8)));
      }
      case TIMESTAMP: // from TIMESTAMP WITH LOCAL TIME ZONE: the wall clock in the reader's zone
        return perRow(instants, (t, d, i) -> {
          TimestampVector v = (TimestampVector) d;
          v.seconds[i] = LocalDateTime.ofInstant(t, zone).toEpochSecond(ZoneOffset.UTC);
          v.nanos[i] = t.getNano();
        });
      case TIMESTAMP_INSTANT: // from TIMESTAMP: the instant
        return perRow(instants, (t, d, i) -> store((TimestampVector) d, i, t));
      case DATE: {
        ZoneId dateZone = wallClock ? zone : ZoneOffset.UTC;
        return perRow(instants, (t, d, i) -> {
          // orc-core divides the milliseconds by 1000 toward zero: an instant before 1970 with
          // a fraction of a second of at least 1 ms counts as one second later (23:59:59.5 the
          // day before 1970 is the next day)
          if (t.getEpochSecond() < 0 && t.getNano() >= NANOS_PER_MILLI) {
            t = t.plusSeconds(1);
          }
          ((LongVector) d).vector[i] = t.atZone(dateZone).toLocalDate().toEpochDay();
        });
      }
      default:
        return null; // BINARY
    }
  }

  /**
   * The instant as a decimal of seconds, with orc-core's sign slip kept: an instant strictly
   * between -1 s and 0 comes out positive (-0.5 s is 0.5).
   */
  private static BigDecimal decimal(Instant t) {
    long seconds = t.getEpochSecond();
    long nanos = t.getNano();
    if (seconds < 0 && nanos > 0) {
      seconds += 1;
      nanos = 1_000_000_000 - nanos;
    }
    BigDecimal s = BigDecimal.valueOf(seconds);
    BigDecimal n = BigDecimal.valueOf(nanos).movePointLeft(9);
    return seconds >= 0 ? s.add(n) : s.subtract(n);
  }

  /**
   * Row {@code row} becomes {@code t}, or NULL when there is none or orc-core could not hold it
   * (beyond a long of milliseconds).
   */
  static void store(TimestampVector to, int row, Instant t) {
    if (t == null) {
      to.setNull(row);
      return;
    }
    try {
      t.toEpochMilli();
    } catch (ArithmeticException e) {
      to.setNull(row);
      return;
    }
    to.seconds[row] = t.getEpochSecond();
    to.nanos[row] = t.getNano();
  }

  private static Instant instantOf(TimestampVector v, int row, ZoneId zone) {
    LocalDateTime wall = LocalDateTime.ofEpochSecond(v.seconds[row], v.nanos[row],
        ZoneOffset.UTC);
    return ZonedDateTime.of(wall, zone).toInstant();
  }

  /** The instant of a source row (throws DateTimeException beyond java.time's years). */
  @FunctionalInterface
  private interface Instants {
    Instant of(TimestampVector v, int row);
  }

  @FunctionalInterface
  private interface InstantConversion {
    void convert(Instant t, ColumnVector to, int row);
  }

  private static ScalarConversion perRow(Instants instants, InstantConversion c) {
    return ScalarConversions.perRow((s, d, i) -> {
      try {
        c.convert(instants.of((TimestampVector) s, i), d, i);
      } catch (DateTimeException | ArithmeticException e) {
        d.setNull(i); // a wall clock or instant beyond java.time's years: no such time
      }
    });
  }
}
