package io.colfile.testkit;

import io.colfile.core.filter.ComparisonOp;
import io.colfile.core.filter.Literal;
import io.colfile.core.filter.Predicate;
import io.colfile.core.types.Type;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;

/**
 * Evaluates a predicate on one row of plain values ({@link Rows}), written apart from the
 * readers' filter code so that tests can hold one against the other. The semantics, stated
 * once here: SQL's three-valued logic (a comparison with NULL is unknown, NOT unknown is
 * unknown); numbers compare by exact value ({@code 2 = 2.0}, a double by its exact binary
 * value); NaN is neither equal to, below nor above anything ({@code !=} holds); strings and
 * binary compare as unsigned bytes; dates and timestamps by time, a string literal read as a
 * date ({@code 2024-01-31}) or a timestamp ({@code 2024-01-31 12:00:00.5}, the wall clock, or
 * UTC for timestamps with local time zone); decimals may be given as strings too.
 */
public final class ReferenceEvaluator {
  private ReferenceEvaluator() {}

  /** TRUE, FALSE, or null for unknown. */
  public static Boolean evaluate(Predicate p, Type schema, Object row) {
    if (p instanceof Predicate.And a) {
      boolean unknown = false;
      for (Predicate t : a.terms()) {
        Boolean b = evaluate(t, schema, row);
        if (b == null) {
          unknown = true;
        } else if (!b) {
          return false;
        }
      }
      return unknown ? null : true;
    }
    if (p instanceof Predicate.Or o) {
      boolean unknown = false;
      for (Predicate t : o.terms()) {
        Boolean b = evaluate(t, schema, row);
        if (b == null) {
          unknown = true;
        } else if (b) {
          return true;
        }
      }
      return unknown ? null : false;
    }
    if (p instanceof Predicate.Not n) {
      Boolean b = evaluate(n.term(), schema, row);
      return b == null ? null : !b;
    }
    if (p instanceof Predicate.IsNull n) {
      Object v = Rows.at(schema, row, n.column().names());
      return n.negated() == (v != null);
    }
    if (p instanceof Predicate.Compare c) {
      Object v = Rows.at(schema, row, c.column().names());
      if (v == null) {
        return null;
      }
      Type t = Rows.typeAt(schema, c.column().names());
      Integer cmp = compare(v, t, c.value());
      if (c.op() == ComparisonOp.NE) {
        return cmp == null || cmp != 0;
      }
      if (cmp == null) {
        return false; // NaN
      }
      switch (c.op()) {
        case EQ: return cmp == 0;
        case LT: return cmp < 0;
        case LE: return cmp <= 0;
        case GT: return cmp > 0;
        default: return cmp >= 0;
      }
    }
    if (p instanceof Predicate.In in) {
      Object v = Rows.at(schema, row, in.column().names());
      if (v == null) {
        return null;
      }
      Type t = Rows.typeAt(schema, in.column().names());
      boolean found = false;
      for (Literal l : in.values()) {
        Integer cmp = compare(v, t, l);
        found |= cmp != null && cmp == 0;
      }
      return found != in.negated();
    }
    Predicate.Between b = (Predicate.Between) p;
    Object v = Rows.at(schema, row, b.column().names());
    if (v == null) {
      return null;
    }
    Type t = Rows.typeAt(schema, b.column().names());
    Integer lo = compare(v, t, b.low());
    Integer hi = compare(v, t, b.high());
    boolean between = lo != null && hi != null && lo >= 0 && hi <= 0;
    return between != b.negated();
  }

  /** The sign of value minus literal, or null when they do not compare (NaN). */
  static Integer compare(Object v, Type t, Literal l) {
    Object lit = l.value();
    switch (t.kind()) {
      case BOOLEAN:
        return Boolean.compare((Boolean) v, (Boolean) lit);
      case BYTE: case SHORT: case INT: case LONG:
        return BigDecimal.valueOf((Long) v).compareTo((BigDecimal) lit);
      case FLOAT: case DOUBLE: {
        double d = (Double) v;
        if (Double.isNaN(d)) {
          return null;
        }
        if (Double.isInfinite(d)) {
          return d > 0 ? 1 : -1;
        }
        return new BigDecimal(d).compareTo((BigDecimal) lit);
      }
      case DECIMAL:
        return ((BigDecimal) v).compareTo(lit instanceof String s ? new BigDecimal(s.trim())
            : (BigDecimal) lit);
      case STRING: case VARCHAR: case CHAR: case BINARY: {
        byte[] a = bytes((ByteBuffer) v);
        byte[] b = lit instanceof String s ? s.getBytes(StandardCharsets.UTF_8) : (byte[]) lit;
        return Integer.signum(compareUnsigned(a, b));
      }
      case DATE: {
        long day = lit instanceof LocalDate d ? d.toEpochDay()
            : LocalDate.parse((String) lit).toEpochDay();
        return Long.compare((Long) v, day);
      }
      case TIMESTAMP: case TIMESTAMP_INSTANT:
        return Integer.signum(((Instant) v).compareTo(instant(lit)));
      default:
        throw new IllegalArgumentException("no comparison for " + t);
    }
  }

  private static Instant instant(Object lit) {
    if (lit instanceof Instant i) {
      return i;
    }
    if (lit instanceof LocalDateTime t) {
      return t.toInstant(ZoneOffset.UTC);
    }
    if (lit instanceof LocalDate d) {
      return d.atStartOfDay().toInstant(ZoneOffset.UTC);
    }
    String s = (String) lit;
    if (s.length() == 10) {
      return LocalDate.parse(s).atStartOfDay().toInstant(ZoneOffset.UTC);
    }
    return LocalDateTime.parse(s.replace(' ', 'T')).toInstant(ZoneOffset.UTC);
  }

  private static byte[] bytes(ByteBuffer b) {
    byte[] out = new byte[b.remaining()];
    b.duplicate().get(out);
    return out;
  }

  private static int compareUnsigned(byte[] a, byte[] b) {
    int n = Math.min(a.length, b.length);
    for (int i = 0; i < n; i++) {
      int x = a[i] & 0xff;
      int y = b[i] & 0xff;
      if (x != y) {
        return x - y;
      }
    }
    return a.length - b.length;
  }

  /** The rows of {@code rows} where {@code p} is TRUE, in order. */
  public static List<Object> filter(Predicate p, Type schema, List<Object> rows) {
    return rows.stream().filter(r -> Boolean.TRUE.equals(evaluate(p, schema, r))).toList();
  }
}
