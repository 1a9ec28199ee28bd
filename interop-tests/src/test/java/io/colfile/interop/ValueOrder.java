package io.colfile.interop;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.Comparator;
import org.apache.orc.TypeDescription;

/** Orderings and ranges of primitive values, for sorted and progressive sequences. */
final class ValueOrder {
  private ValueOrder() {}

  /** The natural order of a primitive type's values in the {@link Values} model. */
  static Comparator<Object> of(TypeDescription type) {
    switch (type.getCategory()) {
      case BOOLEAN: return Comparator.comparing(v -> (Boolean) v);
      case BYTE: case SHORT: case INT: case LONG: return Comparator.comparing(v -> (Long) v);
      case FLOAT: return Comparator.comparing(v -> (Float) v);
      case DOUBLE: return Comparator.comparing(v -> (Double) v);
      case STRING: case VARCHAR: case CHAR: return Comparator.comparing(v -> (String) v);
      case BINARY: return (a, b) -> Arrays.compareUnsigned((byte[]) a, (byte[]) b);
      case DECIMAL: return Comparator.comparing(v -> (BigDecimal) v);
      case DATE: return Comparator.comparing(v -> (LocalDate) v);
      case TIMESTAMP: return Comparator.comparing(v -> (LocalDateTime) v);
      case TIMESTAMP_INSTANT: return Comparator.comparing(v -> (Instant) v);
      default: throw new IllegalArgumentException("no order for " + type);
    }
  }

  /** [min, max] of an integer-like type (dates as day numbers), or null for other types. */
  static long[] integralRange(TypeDescription type) {
    switch (type.getCategory()) {
      case BYTE: return new long[] {Byte.MIN_VALUE, Byte.MAX_VALUE};
      case SHORT: return new long[] {Short.MIN_VALUE, Short.MAX_VALUE};
      case INT: return new long[] {Integer.MIN_VALUE, Integer.MAX_VALUE};
      case LONG: return new long[] {Long.MIN_VALUE, Long.MAX_VALUE};
      case DATE: return new long[] {PrimitiveValues.MIN_DAY, PrimitiveValues.MAX_DAY};
      default: return null;
    }
  }
}
