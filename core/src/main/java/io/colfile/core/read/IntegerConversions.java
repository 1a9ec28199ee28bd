package io.colfile.core.read;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.DecimalVector;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.LongVector;
import io.colfile.core.vector.TimestampVector;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;

/**
 * Conversions from BOOLEAN and the integer types (orc-core's {@code AnyIntegerFromAnyInteger},
 * {@code DoubleFromAnyInteger}, {@code DecimalFromAnyInteger}, {@code StringGroupFromAnyInteger},
 * {@code StringGroupFromBoolean} and {@code TimestampFromAnyInteger} readers), and the rules
 * every conversion follows when it stores an integer or a floating-point value.
 */
final class IntegerConversions {
  private static final byte[] TRUE = "TRUE".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] FALSE = "FALSE".getBytes(StandardCharsets.US_ASCII);

  private IntegerConversions() {}

  static ScalarConversion find(Type from, Type to) {
    TypeKind kind = to.kind();
    switch (kind) {
      case BOOLEAN: case BYTE: case SHORT: case INT: case LONG:
        return (src, dst, n) -> {
          LongVector s = (LongVector) src;
          LongVector d = (LongVector) dst;
          ScalarConversions.copyNulls(src, dst, n);
          for (int i = 0; i < n; i++) {
            if (!d.isNull(i)) {
              store(d, i, s.vector[i], kind);
            }
          }
        };
      case FLOAT: case DOUBLE:
        return ScalarConversions.perRow((s, d, i) ->
            store((DoubleVector) d, i, (double) ((LongVector) s).vector[i], kind));
      case DECIMAL:
        return ScalarConversions.perRow((s, d, i) ->
            HiveDecimals.store((DecimalVector) d, i, BigDecimal.valueOf(((LongVector) s).vector[i])));
      case STRING: case VARCHAR: case CHAR: {
        TextTarget text = new TextTarget(to);
        boolean bool = from.kind() == TypeKind.BOOLEAN;
        return ScalarConversions.perRow((s, d, i) -> {
          long v = ((LongVector) s).vector[i];
          text.store((BytesVector) d, i, bool ? (v != 0 ? TRUE : FALSE)
              : Long.toString(v).getBytes(StandardCharsets.US_ASCII));
        });
      }
      case TIMESTAMP: case TIMESTAMP_INSTANT:
        // whole seconds since the epoch: the wall clock of a TIMESTAMP (orc-core's local instant
        // shifted back into UTC comes to the same), the instant of a TIMESTAMP WITH LOCAL TIME
        // ZONE. orc-core multiplies by 1000 without looking: beyond 2^63 ms it wraps around to
        // some other time, where colfile gives NULL.
        return ScalarConversions.perRow((s, d, i) -> {
          long v = ((LongVector) s).vector[i];
          TimestampVector t = (TimestampVector) d;
          if (v > Long.MAX_VALUE / 1000 || v < Long.MIN_VALUE / 1000) {
            t.setNull(i);
          } else {
            t.seconds[i] = v;
            t.nanos[i] = 0;
          }
        });
      default:
        return null; // BINARY, DATE: orc-core has no such conversion
    }
  }

  /**
   * Row {@code row} becomes {@code v} as an integer of {@code kind}: a boolean is whether it is
   * not zero, and a value outside a narrower type's range is NULL (orc-core's {@code
   * downCastAnyInteger}).
   */
  static void store(LongVector to, int row, long v, TypeKind kind) {
    long min;
    long max;
    switch (kind) {
      case BOOLEAN: to.vector[row] = v == 0 ? 0 : 1; return;
      case BYTE: min = Byte.MIN_VALUE; max = Byte.MAX_VALUE; break;
      case SHORT: min = Short.MIN_VALUE; max = Short.MAX_VALUE; break;
      case INT: min = Integer.MIN_VALUE; max = Integer.MAX_VALUE; break;
      default: to.vector[row] = v; return;
    }
    if (v < min || v > max) {
      to.setNull(row);
    } else {
      to.vector[row] = v;
    }
  }

  /**
   * Row {@code row} becomes {@code v}, rounded to float for FLOAT. orc-core leaves the double
   * in a FLOAT column's vector unrounded (only double to float rounds); colfile's FLOAT vectors
   * hold float values, so they hold the float a reader of orc-core's vector gets by casting.
   */
  static void store(DoubleVector to, int row, double v, TypeKind kind) {
    to.vector[row] = kind == TypeKind.FLOAT ? (float) v : v;
  }
}
