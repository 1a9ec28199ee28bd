package io.colfile.core.read;

import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.LongVector;
import io.colfile.core.vector.TimestampVector;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;

/**
 * Conversions from DATE (orc-core's {@code StringGroupFromDate} and {@code TimestampFromDate}
 * readers): to text as {@code YYYY-MM-DD}, and to the date's midnight: a TIMESTAMP's wall clock,
 * or, for a TIMESTAMP WITH LOCAL TIME ZONE, midnight UTC (not the reader's zone: orc-core treats
 * the day as UTC there).
 */
final class DateConversions {
  private static final long SECONDS_PER_DAY = 86_400;
  /** Days whose midnight in milliseconds fits a long, as orc-core computes it. */
  private static final long MAX_DAYS = Long.MAX_VALUE / (SECONDS_PER_DAY * 1000);

  private DateConversions() {}

  static ScalarConversion find(Type to) {
    switch (to.kind()) {
      case STRING: case VARCHAR: case CHAR: {
        TextTarget text = new TextTarget(to);
        return ScalarConversions.perRow((s, d, i) -> {
          try {
            text.store((BytesVector) d, i, DateTimeFormats.date(((LongVector) s).vector[i])
                .getBytes(StandardCharsets.US_ASCII));
          } catch (DateTimeException e) {
            d.setNull(i); // beyond java.time's years: no such date
          }
        });
      }
      case TIMESTAMP: case TIMESTAMP_INSTANT:
        return ScalarConversions.perRow((s, d, i) -> {
          long days = ((LongVector) s).vector[i];
          if (Math.abs(days) > MAX_DAYS) {
            d.setNull(i);
          } else {
            ((TimestampVector) d).seconds[i] = days * SECONDS_PER_DAY;
            ((TimestampVector) d).nanos[i] = 0;
          }
        });
      default:
        return null; // numbers, BINARY: orc-core has no such conversion
    }
  }
}
