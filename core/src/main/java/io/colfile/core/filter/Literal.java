package io.colfile.core.filter;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Objects;

/**
 * A constant in a predicate, as written: its meaning is settled when the predicate meets a
 * column ({@link BoundPredicate#bind}). A number compares with any numeric column by its exact
 * value; a string is a string, or the text of a date, timestamp or decimal for such columns.
 */
public final class Literal {
  /** What was written. */
  public enum Kind {
    /** An exact number ({@link #value()} is a {@link BigDecimal}). */
    NUMBER,
    /** Text ({@link String}). */
    STRING,
    /** {@code true} or {@code false} ({@link Boolean}). */
    BOOLEAN,
    /** Raw bytes ({@code byte[]}), for binary and string columns. */
    BYTES,
    /** A calendar date ({@link LocalDate}). */
    DATE,
    /** A wall-clock date and time ({@link LocalDateTime}). */
    TIMESTAMP,
    /** An instant ({@link Instant}), for timestamps with local time zone. */
    INSTANT
  }

  private final Kind kind;
  private final Object value;

  private Literal(Kind kind, Object value) {
    this.kind = kind;
    this.value = value;
  }

  /**
   * The literal of a Java value: any {@link Number} but NaN and the infinities (taken by its
   * exact value: {@code 0.1} is the double nearest to a tenth), {@link String}, {@link Boolean},
   * {@code byte[]}, {@link LocalDate}, {@link LocalDateTime}, {@link Instant}, or a Literal.
   */
  public static Literal of(Object value) {
    Objects.requireNonNull(value, "a literal cannot be null: use IS NULL");
    if (value instanceof Literal) {
      return (Literal) value;
    }
    if (value instanceof BigDecimal) {
      return new Literal(Kind.NUMBER, value);
    }
    if (value instanceof Long || value instanceof Integer || value instanceof Short
        || value instanceof Byte) {
      return new Literal(Kind.NUMBER, BigDecimal.valueOf(((Number) value).longValue()));
    }
    if (value instanceof BigInteger) {
      return new Literal(Kind.NUMBER, new BigDecimal((BigInteger) value));
    }
    if (value instanceof Double || value instanceof Float) {
      double d = ((Number) value).doubleValue();
      if (Double.isNaN(d) || Double.isInfinite(d)) {
        throw new IllegalArgumentException(d + " cannot be a literal");
      }
      return new Literal(Kind.NUMBER, new BigDecimal(d));
    }
    if (value instanceof String) {
      return new Literal(Kind.STRING, value);
    }
    if (value instanceof Boolean) {
      return new Literal(Kind.BOOLEAN, value);
    }
    if (value instanceof byte[]) {
      return new Literal(Kind.BYTES, ((byte[]) value).clone());
    }
    if (value instanceof LocalDate) {
      return new Literal(Kind.DATE, value);
    }
    if (value instanceof LocalDateTime) {
      return new Literal(Kind.TIMESTAMP, value);
    }
    if (value instanceof Instant) {
      return new Literal(Kind.INSTANT, value);
    }
    throw new IllegalArgumentException("a " + value.getClass().getSimpleName()
        + " cannot be a literal");
  }

  public Kind kind() {
    return kind;
  }

  /** The value: the Java type its {@link #kind()} names (a copy for bytes). */
  public Object value() {
    return kind == Kind.BYTES ? ((byte[]) value).clone() : value;
  }

  Object rawValue() {
    return value;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Literal)) {
      return false;
    }
    Literal l = (Literal) o;
    if (kind != l.kind) {
      return false;
    }
    switch (kind) {
      case BYTES: return Arrays.equals((byte[]) value, (byte[]) l.value);
      case NUMBER: return ((BigDecimal) value).compareTo((BigDecimal) l.value) == 0;
      default: return value.equals(l.value);
    }
  }

  @Override
  public int hashCode() {
    switch (kind) {
      case BYTES: return Arrays.hashCode((byte[]) value);
      case NUMBER: return Double.hashCode(((BigDecimal) value).doubleValue());
      default: return value.hashCode();
    }
  }

  /** The literal in the predicate grammar: {@code 12.5}, {@code 'it''s'}, {@code true}. */
  @Override
  public String toString() {
    switch (kind) {
      case NUMBER: return number((BigDecimal) value);
      case BOOLEAN: return value.toString();
      case BYTES: return quote(new String((byte[]) value, StandardCharsets.UTF_8));
      case TIMESTAMP: return quote(format((LocalDateTime) value));
      case INSTANT: return quote(format(LocalDateTime.ofEpochSecond(
          ((Instant) value).getEpochSecond(), ((Instant) value).getNano(), ZoneOffset.UTC)));
      default: return quote(value.toString());
    }
  }

  /**
   * A number as the grammar reads it: plain ({@code 12.5}) unless that would be long, as for the
   * exact value of a tiny double or {@code 1e1000000000}, whose digits are never written out.
   */
  static String number(BigDecimal v) {
    long scale = v.scale();
    if (scale < -20 || scale > 40 || v.precision() > 60) {
      return v.toString(); // scientific notation, as long as the digits alone
    }
    return v.toPlainString();
  }

  /** {@code 2024-01-31 12:00:00.5}: the form {@code colfile cat} prints and literals take. */
  static String format(LocalDateTime t) {
    String s = String.format("%04d-%02d-%02d %02d:%02d:%02d", t.getYear(), t.getMonthValue(),
        t.getDayOfMonth(), t.getHour(), t.getMinute(), t.getSecond());
    if (t.getNano() != 0) {
      String f = String.format("%09d", t.getNano());
      int end = f.length();
      while (f.charAt(end - 1) == '0') {
        end--;
      }
      s += "." + f.substring(0, end);
    }
    return s;
  }

  static String quote(String s) {
    return "'" + s.replace("'", "''") + "'";
  }
}
