package io.colfile.core.filter;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Comparator;

/**
 * How values of a scalar column compare, and the Java type that carries them in bound
 * predicates ({@link BoundPredicate.Leaf#values()}) and in statistics ({@link ColumnRange}):
 *
 * <table>
 * <tr><td>{@link #LONG}</td><td>{@link Long}</td><td>booleans (0, 1), integers, dates (days
 * since 1970-01-01)</td></tr>
 * <tr><td>{@link #DOUBLE}</td><td>{@link Double}</td><td>float and double, compared by value
 * ({@code -0.0 = 0.0}); NaN is never a bound or a literal</td></tr>
 * <tr><td>{@link #DECIMAL}</td><td>{@link BigDecimal}</td><td>exact values, any scale</td></tr>
 * <tr><td>{@link #BYTES}</td><td>{@code byte[]}</td><td>strings (UTF-8), char (with its
 * padding), varchar, binary: unsigned bytes, shorter first on a tie</td></tr>
 * <tr><td>{@link #TIMESTAMP}</td><td>{@link Instant}</td><td>seconds and nanoseconds as the
 * vectors hold them: the wall clock read as UTC for {@code timestamp}, the instant for {@code
 * timestamp with local time zone}</td></tr>
 * </table>
 */
public enum Domain {
  LONG, DOUBLE, DECIMAL, BYTES, TIMESTAMP;

  /** The domain of a scalar type, or null for compound types. */
  public static Domain of(Type type) {
    return of(type.kind());
  }

  public static Domain of(TypeKind kind) {
    switch (kind) {
      case BOOLEAN: case BYTE: case SHORT: case INT: case LONG: case DATE: return LONG;
      case FLOAT: case DOUBLE: return DOUBLE;
      case DECIMAL: return DECIMAL;
      case STRING: case VARCHAR: case CHAR: case BINARY: return BYTES;
      case TIMESTAMP: case TIMESTAMP_INSTANT: return TIMESTAMP;
      default: return null;
    }
  }

  /** Compares two values of this domain. */
  public int compare(Object a, Object b) {
    switch (this) {
      case LONG: return Long.compare((Long) a, (Long) b);
      case DOUBLE: {
        double x = (Double) a;
        double y = (Double) b;
        return x < y ? -1 : x > y ? 1 : 0; // -0.0 equals 0.0; NaN never reaches here
      }
      case DECIMAL: return ((BigDecimal) a).compareTo((BigDecimal) b);
      case BYTES: return Arrays.compareUnsigned((byte[]) a, (byte[]) b);
      default: return ((Instant) a).compareTo((Instant) b);
    }
  }

  /** A comparator of this domain's values. */
  public Comparator<Object> comparator() {
    return this::compare;
  }

  /** Whether {@code value} is of this domain's Java type. */
  public boolean accepts(Object value) {
    switch (this) {
      case LONG: return value instanceof Long;
      case DOUBLE: return value instanceof Double && !((Double) value).isNaN();
      case DECIMAL: return value instanceof BigDecimal;
      case BYTES: return value instanceof byte[];
      default: return value instanceof Instant;
    }
  }

  /** A value of a column of {@code type} as a literal of the predicate text. */
  public static String format(Object value, Type type) {
    if (value == null) {
      return "NULL";
    }
    switch (type.kind()) {
      case BOOLEAN: return (Long) value != 0 ? "true" : "false";
      case DATE: return Literal.quote(LocalDate.ofEpochDay((Long) value).toString());
      case TIMESTAMP: case TIMESTAMP_INSTANT: {
        Instant i = (Instant) value;
        return Literal.quote(Literal.format(
            LocalDateTime.ofEpochSecond(i.getEpochSecond(), i.getNano(), ZoneOffset.UTC)));
      }
      case DECIMAL: return Literal.number((BigDecimal) value);
      case FLOAT: case DOUBLE: {
        double d = (Double) value;
        return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d)
            : Double.toString(d);
      }
      case STRING: case VARCHAR: case CHAR: case BINARY:
        return Literal.quote(new String((byte[]) value, StandardCharsets.UTF_8));
      default: return value.toString();
    }
  }
}
