package io.colfile.core.filter;

import io.colfile.core.filter.BoundPredicate.Leaf;
import io.colfile.core.filter.BoundPredicate.Op;
import io.colfile.core.types.DateTimeText;
import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/** Binds predicates to a schema (see {@link BoundPredicate#bind}). */
final class Binder {
  private static final BigDecimal LONG_MIN = BigDecimal.valueOf(Long.MIN_VALUE);
  private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);

  private final Type schema;

  Binder(Type schema) {
    this.schema = schema;
  }

  BoundPredicate bind(Predicate p) {
    if (p instanceof Predicate.And a) {
      List<BoundPredicate> terms = new ArrayList<>();
      a.terms().forEach(t -> terms.add(bind(t)));
      return new BoundPredicate.And(terms);
    }
    if (p instanceof Predicate.Or o) {
      List<BoundPredicate> terms = new ArrayList<>();
      o.terms().forEach(t -> terms.add(bind(t)));
      return new BoundPredicate.Or(terms);
    }
    if (p instanceof Predicate.Not n) {
      return new BoundPredicate.Not(bind(n.term()));
    }
    Column c = resolve(PredicateText.column(p));
    if (p instanceof Predicate.IsNull n) {
      Leaf leaf = c.leaf(Op.IS_NULL, List.of(), p);
      return n.negated() ? new BoundPredicate.Not(leaf) : leaf;
    }
    if (p instanceof Predicate.Compare cmp) {
      Object v = value(c, cmp.value(), p);
      if (cmp.op() == ComparisonOp.NE) {
        return new BoundPredicate.Not(compare(c, ComparisonOp.EQ, v, p));
      }
      return compare(c, cmp.op(), v, p);
    }
    if (p instanceof Predicate.Between b) {
      BoundPredicate between = between(c, value(c, b.low(), p), value(c, b.high(), p), p);
      return b.negated() ? new BoundPredicate.Not(between) : between;
    }
    Predicate.In in = (Predicate.In) p;
    TreeSet<Object> set = new TreeSet<>(c.domain.comparator());
    for (Literal l : in.values()) {
      BoundPredicate eq = compare(c, ComparisonOp.EQ, value(c, l, p), p);
      if (eq instanceof Leaf leaf && leaf.op() == Op.EQ) {
        set.add(leaf.value());
      } // NEVER: a value no row can equal (2.5 for an integer column)
    }
    Leaf leaf = set.isEmpty() ? c.leaf(Op.NEVER, List.of(), p)
        : set.size() == 1 ? c.leaf(Op.EQ, List.of(set.first()), p)
        : c.leaf(Op.IN, new ArrayList<>(set), p);
    return in.negated() ? new BoundPredicate.Not(leaf) : leaf;
  }

  /** A resolved column: its path, id and type. */
  private record Column(ColumnPath path, int id, Type type, Domain domain) {
    Leaf leaf(Op op, List<Object> values, Predicate source) {
      return new Leaf(path, id, type, op, values, source);
    }
  }

  private Column resolve(ColumnPath path) {
    if (schema.kind() != TypeKind.STRUCT) {
      throw new IllegalArgumentException("no column " + path + ": the rows are " + schema
          + ", not a struct of named columns");
    }
    Type t = schema;
    int id = 0;
    for (int level = 0; level < path.names().size(); level++) {
      String name = path.names().get(level);
      if (t.kind() != TypeKind.STRUCT) {
        throw new IllegalArgumentException("no column " + path + ": "
            + new ColumnPath(path.names().subList(0, level)) + " is " + t + ", not a struct");
      }
      int i = t.fieldIndex(name);
      if (i < 0) {
        String where = level == 0 ? "the columns are " : new ColumnPath(
            path.names().subList(0, level)) + " has fields ";
        throw new IllegalArgumentException("no column " + path + "; " + where
            + String.join(", ", t.fieldNames()));
      }
      id++;
      for (int k = 0; k < i; k++) {
        id += t.child(k).columnCount();
      }
      t = t.child(i);
    }
    Domain domain = Domain.of(t);
    if (domain == null) {
      throw new IllegalArgumentException("column " + path + " is " + t
          + ": predicates apply to scalar columns only");
    }
    return new Column(path, id, t, domain);
  }

  /** The literal as a value of the column's domain, or an error naming both. */
  private static Object value(Column c, Literal l, Predicate source) {
    TypeKind kind = c.type.kind();
    Object v = l.rawValue();
    switch (l.kind()) {
      case NUMBER:
        switch (c.domain) {
          case LONG: case DOUBLE: case DECIMAL:
            if (kind != TypeKind.BOOLEAN && kind != TypeKind.DATE) {
              return v; // a BigDecimal; compare() makes it exact for the column
            }
            break;
          default:
            break;
        }
        break;
      case BOOLEAN:
        if (kind == TypeKind.BOOLEAN) {
          return (Boolean) v ? 1L : 0L;
        }
        break;
      case STRING: {
        String s = (String) v;
        switch (kind) {
          case STRING: case VARCHAR: case CHAR: case BINARY:
            return s.getBytes(StandardCharsets.UTF_8);
          case DATE:
            return parse(c, l, () -> DateTimeText.parseDate(s));
          case TIMESTAMP: case TIMESTAMP_INSTANT:
            return parse(c, l, () -> {
              long[] sn = new long[2];
              DateTimeText.parseTimestamp(s, sn, true);
              return Instant.ofEpochSecond(sn[0], sn[1]);
            });
          case DECIMAL:
            return parse(c, l, () -> {
              try {
                if (s.trim().length() > 1000) {
                  throw new NumberFormatException();
                }
                return new BigDecimal(s.trim());
              } catch (NumberFormatException | ArithmeticException e) {
                throw new IllegalArgumentException("'" + DateTimeText.shorten(s)
                    + "' is not a decimal");
              }
            });
          default:
            break;
        }
        break;
      }
      case BYTES:
        if (c.domain == Domain.BYTES) {
          return v;
        }
        break;
      case DATE:
        if (kind == TypeKind.DATE) {
          return ((LocalDate) v).toEpochDay();
        }
        if (c.domain == Domain.TIMESTAMP) {
          return Instant.ofEpochSecond(((LocalDate) v).toEpochDay() * 86_400);
        }
        break;
      case TIMESTAMP:
        if (c.domain == Domain.TIMESTAMP) {
          // the wall clock read as UTC: how timestamp vectors hold both kinds' seconds
          return ((LocalDateTime) v).toInstant(ZoneOffset.UTC);
        }
        break;
      case INSTANT:
        if (kind == TypeKind.TIMESTAMP_INSTANT) {
          return v;
        }
        break;
      default:
        break;
    }
    throw new IllegalArgumentException("cannot compare " + c.path + " (" + c.type + ") with "
        + describe(l) + " in " + source);
  }

  private interface Parse {
    Object get();
  }

  private static Object parse(Column c, Literal l, Parse parse) {
    try {
      return parse.get();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("column " + c.path + " is " + c.type + ", and "
          + e.getMessage(), e);
    }
  }

  private static String describe(Literal l) {
    switch (l.kind()) {
      case NUMBER: return "the number " + l;
      case STRING: return "the string " + l;
      case BOOLEAN: return "the boolean " + l;
      case BYTES: return "bytes";
      case DATE: return "the date " + l;
      case TIMESTAMP: return "the timestamp " + l;
      default: return "the instant " + l;
    }
  }

  /** {@code column op v}, exact for the column's type. */
  private static Leaf compare(Column c, ComparisonOp op, Object v, Predicate source) {
    if (!(v instanceof BigDecimal) || c.domain == Domain.DECIMAL) {
      return c.leaf(Op.valueOf(op.name()), List.of(v), source);
    }
    Exact e = c.domain == Domain.LONG ? exactLong((BigDecimal) v, op)
        : exactDouble((BigDecimal) v, op);
    return c.leaf(e.op, e.value == null ? List.of() : List.of(e.value), source);
  }

  private static BoundPredicate between(Column c, Object low, Object high, Predicate source) {
    if (!(low instanceof BigDecimal) || c.domain == Domain.DECIMAL) {
      return c.leaf(Op.BETWEEN, List.of(low, high), source);
    }
    Leaf lo = compare(c, ComparisonOp.GE, low, source);
    Leaf hi = compare(c, ComparisonOp.LE, high, source);
    if (lo.op() == Op.NEVER || hi.op() == Op.NEVER) {
      return c.leaf(Op.NEVER, List.of(), source);
    }
    if (lo.op() == Op.ALWAYS) {
      return hi.op() == Op.ALWAYS ? c.leaf(Op.ALWAYS, List.of(), source) : hi;
    }
    if (hi.op() == Op.ALWAYS) {
      return lo;
    }
    return c.leaf(Op.BETWEEN, List.of(lo.value(), hi.value()), source);
  }

  /** An exact comparison: an operator and a value of the domain (null for ALWAYS/NEVER). */
  private record Exact(Op op, Object value) {}

  /**
   * {@code x op v} for an integer x, as a comparison with a long: a fraction moves to the
   * integers around it ({@code x < 2.5} is {@code x <= 2}), a value beyond the longs makes the
   * comparison hold for every x or for none.
   */
  private static Exact exactLong(BigDecimal v, ComparisonOp op) {
    if (v.compareTo(LONG_MAX) > 0) {
      return op == ComparisonOp.LT || op == ComparisonOp.LE ? new Exact(Op.ALWAYS, null)
          : new Exact(Op.NEVER, null);
    }
    if (v.compareTo(LONG_MIN) < 0) {
      return op == ComparisonOp.GT || op == ComparisonOp.GE ? new Exact(Op.ALWAYS, null)
          : new Exact(Op.NEVER, null);
    }
    BigDecimal floor = floor(v);
    if (floor.compareTo(v) == 0) {
      return new Exact(Op.valueOf(op.name()), floor.longValueExact());
    }
    switch (op) {
      case EQ: return new Exact(Op.NEVER, null);
      case LT: case LE: return new Exact(Op.LE, floor.longValueExact());
      default: return new Exact(Op.GE, floor.longValueExact() + 1);
    }
  }

  /**
   * The largest integer at most {@code v} (scale 0). A value smaller than 1 in size is settled
   * without {@code setScale}, which divides by 10^scale: {@code 1e-100000000} costs nothing.
   * Callers keep {@code v} within a bounded range, so that the result has few digits.
   */
  static BigDecimal floor(BigDecimal v) {
    if (v.signum() != 0 && v.precision() <= v.scale()) {
      return v.signum() > 0 ? BigDecimal.ZERO : BigDecimal.ONE.negate();
    }
    return v.setScale(0, RoundingMode.FLOOR);
  }

  /**
   * {@code x op v} for a double x, as a comparison with a double: a value between two doubles
   * moves to the one on the right side ({@code x < 0.1} is {@code x <= } the largest double
   * below a tenth), so the comparison is that of the exact values.
   */
  private static Exact exactDouble(BigDecimal v, ComparisonOp op) {
    double d = v.doubleValue();
    if (!Double.isInfinite(d) && new BigDecimal(d).compareTo(v) == 0) {
      return new Exact(Op.valueOf(op.name()), d == 0 ? 0.0 : d);
    }
    double below;
    double above;
    if (Double.isInfinite(d)) {
      below = d > 0 ? Double.MAX_VALUE : Double.NEGATIVE_INFINITY;
      above = d > 0 ? Double.POSITIVE_INFINITY : -Double.MAX_VALUE;
    } else if (new BigDecimal(d).compareTo(v) < 0) {
      below = d;
      above = Math.nextUp(d);
    } else {
      below = Math.nextDown(d);
      above = d;
    }
    switch (op) {
      case EQ: return new Exact(Op.NEVER, null);
      case LT: case LE: return new Exact(Op.LE, below);
      default: return new Exact(Op.GE, above);
    }
  }
}
