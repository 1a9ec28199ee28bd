package io.colfile.core.read;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.DecimalVector;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.LongVector;
import io.colfile.core.vector.TimestampVector;
import java.nio.charset.StandardCharsets;

/**
 * Conversions from FLOAT and DOUBLE (orc-core's {@code AnyIntegerFromDouble}, {@code
 * FloatFromDouble}, {@code DecimalFromDouble}, {@code StringGroupFromDouble} and {@code
 * TimestampFromDouble} readers). A FLOAT column's values are read as their exact doubles first,
 * so a float converts as that double does: 0.1f prints as 0.10000000149011612.
 */
final class FloatingConversions {
  /** -2^63 and 2^63: the doubles just outside a long's range are these (Guava's test). */
  private static final double MIN_LONG = -0x1p63;
  private static final double MAX_LONG_PLUS_ONE = 0x1p63;

  private FloatingConversions() {}

  static ScalarConversion find(Type from, Type to) {
    TypeKind kind = to.kind();
    switch (kind) {
      case BOOLEAN: case BYTE: case SHORT: case INT: case LONG:
        // truncated toward zero, then narrowed as integers are; NaN, infinities and values
        // beyond a long are NULL. (A boolean is the truncation's, so 0.5 is false.)
        return ScalarConversions.perRow((s, d, i) -> {
          double v = ((DoubleVector) s).vector[i];
          if (MIN_LONG - v < 1.0 && v < MAX_LONG_PLUS_ONE) {
            IntegerConversions.store((LongVector) d, i, (long) v, kind);
          } else {
            d.setNull(i);
          }
        });
      case FLOAT: case DOUBLE:
        return ScalarConversions.perRow((s, d, i) ->
            IntegerConversions.store((DoubleVector) d, i, ((DoubleVector) s).vector[i], kind));
      case DECIMAL:
        // through the shortest text that reads back as the double, as Hive does: 0.1 is 0.1,
        // 1.0E-5 keeps its digits, 4.9E-324 (a three-digit exponent) and NaN are NULL
        return ScalarConversions.perRow((s, d, i) -> HiveDecimals.store((DecimalVector) d, i,
            HiveDecimals.parse(Double.toString(((DoubleVector) s).vector[i]))));
      case STRING: case VARCHAR: case CHAR: {
        TextTarget text = new TextTarget(to);
        return ScalarConversions.perRow((s, d, i) -> {
          double v = ((DoubleVector) s).vector[i];
          if (Double.isNaN(v)) {
            d.setNull(i);
          } else {
            text.store((BytesVector) d, i,
                Double.toString(v).getBytes(StandardCharsets.US_ASCII));
          }
        });
      }
      case TIMESTAMP: case TIMESTAMP_INSTANT:
        return ScalarConversions.perRow((s, d, i) ->
            store((TimestampVector) d, i, ((DoubleVector) s).vector[i]));
      default:
        return null; // BINARY, DATE
    }
  }

  /**
   * Seconds since the epoch as a timestamp: rounded to whole milliseconds (half up), NULL
   * where that overflows a long or is NaN, exactly as orc-core computes it.
   */
  private static void store(TimestampVector to, int row, double seconds) {
    double doubleMillis = seconds * 1000;
    long millis = Math.round(doubleMillis);
    if (doubleMillis > Long.MAX_VALUE || doubleMillis < Long.MIN_VALUE
        || ((millis >= 0) != (doubleMillis >= 0))) {
      to.setNull(row);
    } else {
      to.seconds[row] = Math.floorDiv(millis, 1000);
      to.nanos[row] = (int) Math.floorMod(millis, 1000) * 1_000_000;
    }
  }
}
