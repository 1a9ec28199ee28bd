package io.colfile.core.read;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.DecimalVector;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.LongVector;
import io.colfile.core.vector.TimestampVector;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Instant;

/**
 * Conversions from DECIMAL (orc-core's {@code AnyIntegerFromDecimal}, {@code DoubleFromDecimal},
 * {@code DecimalFromDecimal}, {@code StringGroupFromDecimal} and {@code TimestampFromDecimal}
 * readers), which work on Hive's decimal of each value.
 */
final class DecimalConversions {
  private static final BigInteger NANOS_PER_SECOND = BigInteger.valueOf(1_000_000_000);

  private DecimalConversions() {}

  static ScalarConversion find(Type to) {
    TypeKind kind = to.kind();
    switch (kind) {
      case BOOLEAN:
        // not zero is true, so 0.5 is true (a double 0.5 is false: it is truncated first)
        return ScalarConversions.perRow((s, d, i) ->
            ((LongVector) d).vector[i] = ((DecimalVector) s).unscaledBig(i).signum() == 0 ? 0 : 1);
      case BYTE: case SHORT: case INT: case LONG:
        // the integer part, NULL when it does not fit (Hive's isByte() .. isLong())
        return ScalarConversions.perRow((s, d, i) -> {
          BigInteger v = ((DecimalVector) s).get(i).toBigInteger();
          if (v.bitLength() > 63) {
            d.setNull(i);
          } else {
            IntegerConversions.store((LongVector) d, i, v.longValue(), kind);
          }
        });
      case FLOAT: case DOUBLE:
        return ScalarConversions.perRow((s, d, i) ->
            IntegerConversions.store((DoubleVector) d, i, ((DecimalVector) s).get(i).doubleValue(),
                kind));
      case DECIMAL:
        return ScalarConversions.perRow((s, d, i) ->
            HiveDecimals.store((DecimalVector) d, i, ((DecimalVector) s).get(i)));
      case STRING: case VARCHAR: case CHAR: {
        TextTarget text = new TextTarget(to);
        return ScalarConversions.perRow((s, d, i) -> text.store((BytesVector) d, i,
            HiveDecimals.text(((DecimalVector) s).get(i)).getBytes(StandardCharsets.US_ASCII)));
      }
      case TIMESTAMP: case TIMESTAMP_INSTANT:
        return ScalarConversions.perRow((s, d, i) ->
            store((TimestampVector) d, i, ((DecimalVector) s).get(i)));
      default:
        return null; // BINARY, DATE
    }
  }

  /**
   * Seconds since the epoch as a timestamp, nanoseconds truncated. NULL outside the instants
   * orc-core can hold (a long of milliseconds): orc-core itself gives NULL beyond {@link
   * Instant}'s range, fails with an ArithmeticException between that and a long's milliseconds,
   * and takes the low 64 bits of an integer part beyond a long.
   */
  private static void store(TimestampVector to, int row, BigDecimal v) {
    BigInteger[] parts = v.movePointRight(9).toBigInteger().divideAndRemainder(NANOS_PER_SECOND);
    if (parts[0].bitLength() > 63) {
      to.setNull(row);
      return;
    }
    try {
      Instant t = Instant.ofEpochSecond(parts[0].longValueExact(), parts[1].longValue());
      t.toEpochMilli(); // what orc-core's vector holds; it must fit
      to.seconds[row] = t.getEpochSecond();
      to.nanos[row] = t.getNano();
    } catch (ArithmeticException | DateTimeException e) {
      to.setNull(row);
    }
  }
}
