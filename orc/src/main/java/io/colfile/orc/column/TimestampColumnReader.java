package io.colfile.orc.column;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.TimestampVector;
import io.colfile.orc.index.ColumnPositions;
import io.colfile.orc.stream.IntegerDecoder;
import io.colfile.orc.stream.Nulls;
import io.colfile.orc.stripe.ColumnEncoding;
import io.colfile.orc.stripe.StreamKind;
import java.io.IOException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.zone.ZoneRules;

/**
 * Timestamps: DATA = signed seconds since 2015-01-01 00:00:00 in the writer's zone, SECONDARY =
 * nanoseconds with their trailing decimal zeros folded into the low 3 bits (specs/orc.md 8.1).
 * TIMESTAMP values become the writer's wall-clock time (seconds counted as if UTC), exactly as
 * Apache ORC C++ prints them; TIMESTAMP WITH LOCAL TIME ZONE values are UTC instants. The
 * writers' rounding quirk for instants just before 1970 is reproduced: a negative second with
 * more than 999,999 nanoseconds steps back one second.
 */
final class TimestampColumnReader extends ColumnReader {
  private static final LocalDateTime ORC_EPOCH = LocalDateTime.of(2015, 1, 1, 0, 0);

  private static final long MIN_SECOND = Instant.MIN.getEpochSecond() + 86_400;
  private static final long MAX_SECOND = Instant.MAX.getEpochSecond() - 86_400;

  private IntegerDecoder seconds;
  private IntegerDecoder nanos;
  private long base;
  private ZoneRules rules;
  private long[] tmp = new long[0];

  TimestampColumnReader(int column, Type type) {
    super(column, type);
  }

  @Override
  public void startStripe(StripeStreams s) throws IOException {
    super.startStripe(s);
    ColumnEncoding encoding = s.encoding(column);
    seconds = IntegerDecoder.create(s.orEmpty(column, StreamKind.DATA), true, encoding.isV2());
    nanos = IntegerDecoder.create(s.orEmpty(column, StreamKind.SECONDARY), false, encoding.isV2());
    ZoneId zone = type.kind() == TypeKind.TIMESTAMP_INSTANT ? ZoneOffset.UTC : s.writerZone();
    base = ORC_EPOCH.atZone(zone).toEpochSecond();
    rules = zone.getRules();
    if (rules.isFixedOffset() && rules.getOffset(Instant.EPOCH).getTotalSeconds() == 0) {
      rules = null;
    }
  }

  @Override
  public void read(ColumnVector cv, int off, int n, boolean[] parentNull) throws IOException {
    TimestampVector v = (TimestampVector) cv;
    int values = readNulls(v, off, n, parentNull);
    if (values == 0) {
      return;
    }
    seconds.next(v.seconds, off, values);
    if (tmp.length < values) {
      tmp = new long[Math.max(values, tmp.length * 2)];
    }
    nanos.next(tmp, 0, values);
    long[] secs = v.seconds;
    int[] ns = v.nanos;
    for (int i = 0; i < values; i++) {
      long encoded = tmp[i];
      int zeros = (int) (encoded & 7);
      long nano = encoded >>> 3;
      if (zeros != 0) {
        for (int z = 0; z <= zeros; z++) {
          nano *= 10;
        }
      }
      if (nano < 0 || nano > 999_999_999) {
        throw nanos.corrupt("timestamp nanoseconds %d (encoded %d) are out of range", nano,
            encoded);
      }
      long t = secs[off + i] + base;
      if (t < 0 && nano > 999_999) {
        t -= 1;
      }
      if (t < MIN_SECOND || t > MAX_SECOND) {
        throw seconds.corrupt("timestamp second %d is out of range", t);
      }
      if (rules != null) {
        t += rules.getOffset(Instant.ofEpochSecond(t)).getTotalSeconds();
      }
      secs[off + i] = t;
      ns[off + i] = (int) nano;
    }
    if (values < n) {
      Nulls.spread(secs, off, n, values, v.isNull);
      Nulls.spread(ns, off, n, values, v.isNull);
    }
  }

  @Override
  void seekValues(ColumnPositions p) throws IOException {
    seconds.seek(p.integer(StreamKind.DATA));
    nanos.seek(p.integer(StreamKind.SECONDARY));
  }

  @Override
  void skipValues(long values) throws IOException {
    seconds.skip(values);
    nanos.skip(values);
  }
}
