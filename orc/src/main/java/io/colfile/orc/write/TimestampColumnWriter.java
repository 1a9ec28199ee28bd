package io.colfile.orc.write;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.TimestampVector;
import io.colfile.orc.stripe.EncodingEntry;
import io.colfile.orc.stats.TimestampStats;
import io.colfile.orc.stream.IntegerEncoder;
import io.colfile.orc.stripe.StreamKind;
import java.io.IOException;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.zone.ZoneRules;

/**
 * TIMESTAMP and TIMESTAMP WITH LOCAL TIME ZONE: seconds since 2015-01-01 in DATA, encoded nanos
 * in SECONDARY (orc.md section 8.1).
 *
 * <p>A TIMESTAMP value is a wall-clock time; it is stored as the instant it names in the writer
 * zone (a time in a daylight-saving gap moves forward, as {@link ZonedDateTime#of} does).
 * Seconds and statistics follow ORC Java exactly, including its truncation of negative
 * milliseconds toward zero (so instants in (-1 s, 0) read back shifted, in Java and C++ alike).
 */
final class TimestampColumnWriter extends ColumnWriter {
  private final IntegerEncoder seconds;
  private final IntegerEncoder nanos;
  private final boolean instant;
  private final long base;
  private final ZoneId zone;
  private final ZoneRules rules;
  private final int fixedOffset;

  TimestampColumnWriter(int id, Type type, WriterContext ctx) {
    super(id, type, ctx);
    seconds = part(ctx.integerEncoder(id, StreamKind.DATA, true));
    nanos = part(ctx.integerEncoder(id, StreamKind.SECONDARY, false));
    instant = type.kind() == TypeKind.TIMESTAMP_INSTANT;
    zone = instant ? ZoneOffset.UTC : ctx.writerZone();
    rules = zone.getRules();
    fixedOffset = rules.isFixedOffset() ? rules.getOffset(java.time.Instant.EPOCH).getTotalSeconds()
        : Integer.MIN_VALUE;
    base = instant ? 1420070400L : ctx.timestampBase();
  }

  @Override
  void writeValues(ColumnVector v, int offset, int length) throws IOException {
    TimestampVector t = (TimestampVector) v;
    TimestampStats stats = (TimestampStats) groupStats;
    boolean noNulls = v.noNulls;
    for (int i = offset, end = offset + length; i < end; i++) {
      if (noNulls || !v.isNull[i]) {
        int n = t.nanos[i];
        if (n < 0 || n > 999_999_999) {
          throw badValue(i, "nanoseconds " + n + " are outside [0, 999999999]");
        }
        long epochSecond = instant ? t.seconds[i] : toInstant(t.seconds[i], n, i);
        long time = Math.multiplyExact(epochSecond, 1000L) + n / 1_000_000;
        long secs = time / 1000;
        long millis = secs * 1000 + n / 1_000_000;
        if (millis < 0 && n > 999_999) {
          millis -= 1000;
        }
        long statsMillis = instant ? millis : millis + offsetMillis(millis);
        seconds.write(secs - base);
        nanos.write(formatNanos(n));
        stats.update(statsMillis, n);
        if (bloom != null) {
          bloom.addLong(statsMillis);
          if (legacyBloom != null) {
            legacyBloom.addLong(millis); // ORC Java's legacy filter: the instant, not UTC
          }
        }
      }
    }
  }

  private long toInstant(long wallSeconds, int nano, int row) {
    if (fixedOffset != Integer.MIN_VALUE) {
      return wallSeconds - fixedOffset;
    }
    LocalDateTime local;
    try {
      local = LocalDateTime.ofEpochSecond(wallSeconds, nano, ZoneOffset.UTC);
    } catch (java.time.DateTimeException e) {
      throw badValue(row, "seconds " + wallSeconds + " are outside the supported range");
    }
    return ZonedDateTime.of(local, zone).toEpochSecond();
  }

  private long offsetMillis(long millis) {
    if (fixedOffset != Integer.MIN_VALUE) {
      return fixedOffset * 1000L;
    }
    return rules.getOffset(java.time.Instant.ofEpochMilli(millis)).getTotalSeconds() * 1000L;
  }

  /** SECONDARY's form of nanoseconds: trailing decimal zeros counted in the low three bits. */
  static long formatNanos(int nanos) {
    if (nanos == 0) {
      return 0;
    }
    if (nanos % 100 != 0) {
      return (long) nanos << 3;
    }
    int n = nanos / 100;
    int zeros = 1;
    while (zeros < 7 && n % 10 == 0) {
      n /= 10;
      zeros++;
    }
    return (long) n << 3 | zeros;
  }

  @Override
  EncodingEntry encoding() {
    return directEncoding();
  }
}
