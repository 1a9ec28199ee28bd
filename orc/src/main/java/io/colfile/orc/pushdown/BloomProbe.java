package io.colfile.orc.pushdown;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.orc.index.ColumnBloomFilter;
import io.colfile.orc.stripe.StreamKind;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneId;

/**
 * Asks a row group's bloom filter whether it may hold a value of a bound predicate ({@link
 * io.colfile.core.filter.Domain}), hashing it as the writer hashed the values colfile reads
 * back; where the value read may differ from the value hashed, the answer is "may hold":
 *
 * <ul>
 *   <li>doubles: 0.0 and -0.0 are equal values with different hashes, so both are probed;
 *   <li>strings in a legacy BLOOM_FILTER were hashed as Java strings: bytes that are not UTF-8
 *       came out as U+FFFD, so only UTF-8 literals are probed there;
 *   <li>decimals of Hive 0.11 (precision 0) are read at scale 6 but were hashed as written;
 *   <li>TIMESTAMP filters hash the writer's wall clock (BLOOM_FILTER_UTF8), which is what colfile
 *       reads only in a stripe that names its writer zone; legacy filters hashed the instant,
 *       which only TIMESTAMP WITH LOCAL TIME ZONE values are; near 1970 values of writers
 *       other than ORC Java may read one second later than hashed (see {@link ColumnRanges}).
 * </ul>
 */
final class BloomProbe {
  private BloomProbe() {}

  static boolean mightContain(ColumnBloomFilter f, Type type, Object value, ZoneId writerZone,
      WriterFixes fixes) {
    switch (type.kind()) {
      case BYTE: case SHORT: case INT: case LONG:
        return f.mightContainLong((Long) value);
      case DATE:
        return f.mightContainDate((Long) value);
      case FLOAT: case DOUBLE: {
        double d = (Double) value;
        return d == 0 ? f.mightContainDouble(0.0) || f.mightContainDouble(-0.0)
            : f.mightContainDouble(d);
      }
      case DECIMAL:
        return type.precision() == 0 || f.mightContainDecimal((BigDecimal) value);
      case STRING: case CHAR: case VARCHAR: case BINARY: {
        byte[] b = (byte[]) value;
        if (f.kind() == StreamKind.BLOOM_FILTER && type.kind() != TypeKind.BINARY && !isUtf8(b)) {
          return true;
        }
        return f.mightContainBytes(b, 0, b.length);
      }
      case TIMESTAMP: case TIMESTAMP_INSTANT: {
        Instant t = (Instant) value;
        boolean wall = type.kind() == TypeKind.TIMESTAMP;
        if (wall && (writerZone == null || f.kind() != StreamKind.BLOOM_FILTER_UTF8
            || ColumnRanges.mayDisagreeOnZone(writerZone, t))) {
          return true;
        }
        Instant low = Instant.EPOCH.minus(ColumnRanges.EPOCH_WINDOW);
        Instant high = Instant.EPOCH.plus(ColumnRanges.EPOCH_WINDOW);
        if (fixes.timestampsMaySkewNear1970() && !t.isBefore(low) && !t.isAfter(high)) {
          return true;
        }
        try {
          return f.mightContainTimestamp(t.toEpochMilli());
        } catch (ArithmeticException beyondMillis) {
          return true;
        }
      }
      default:
        return true; // booleans and compound columns: trust gives no filters anyway
    }
  }

  private static boolean isUtf8(byte[] b) {
    try {
      StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(b));
      return true;
    } catch (CharacterCodingException e) {
      return false;
    }
  }
}
