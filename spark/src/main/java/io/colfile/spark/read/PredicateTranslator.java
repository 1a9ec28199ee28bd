package io.colfile.spark.read;

import io.colfile.core.filter.ColumnPath;
import io.colfile.core.filter.ComparisonOp;
import io.colfile.core.filter.Literal;
import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Spark's pushed predicates as colfile's. A predicate is translated only where colfile selects
 * exactly the rows Spark would (so Spark need not evaluate it again): comparisons, IN, IS [NOT]
 * NULL, AND, OR, NOT and {@code <=>} over boolean, integer, decimal, string, varchar, date and
 * timestamp columns (nested struct fields included). Floating-point columns are left to Spark
 * (Spark orders NaN above every number and calls it equal to itself, IEEE comparisons do
 * not), and so are char columns (Spark pads them on read) and binaries. Timestamps compare at
 * Spark's microseconds: a value with nanoseconds beyond them equals the microsecond Spark sees.
 */
final class PredicateTranslator {
  private final Type schema;

  /** {@code schema}: the colfile struct the predicates' columns are resolved in. */
  PredicateTranslator(Type schema) {
    this.schema = schema;
  }

  /** colfile's predicate selecting exactly the rows {@code p} selects, if there is one. */
  Optional<io.colfile.core.filter.Predicate> translate(Predicate p) {
    try {
      return Optional.ofNullable(tr(p));
    } catch (IllegalArgumentException | ArithmeticException e) {
      return Optional.empty(); // a literal colfile cannot hold (NaN, out of range): Spark's
    }
  }

  private io.colfile.core.filter.Predicate tr(Predicate p) {
    Expression[] c = p.children();
    switch (p.name()) {
      case "AND": case "OR": {
        // Spark's chains are binary trees; colfile's AND and OR take any number of terms, so
        // a chain becomes one flat term list (its text then nests no deeper than the query)
        List<Predicate> leaves = new ArrayList<>();
        flatten(p, p.name(), leaves);
        List<io.colfile.core.filter.Predicate> terms = new ArrayList<>();
        for (Predicate leaf : leaves) {
          io.colfile.core.filter.Predicate t = tr(leaf);
          if (t == null) {
            return null;
          }
          terms.add(t);
        }
        return p.name().equals("AND") ? new io.colfile.core.filter.Predicate.And(terms)
            : new io.colfile.core.filter.Predicate.Or(terms);
      }
      case "NOT": {
        io.colfile.core.filter.Predicate a = tr((Predicate) c[0]);
        return a == null ? null : io.colfile.core.filter.Predicate.not(a);
      }
      case "IS_NULL": case "IS_NOT_NULL": {
        Column col = column(c[0]);
        if (col == null) {
          return null;
        }
        return new io.colfile.core.filter.Predicate.IsNull(col.path,
            p.name().equals("IS_NOT_NULL"));
      }
      case "IN": {
        Column col = column(c[0]);
        if (col == null || c.length < 2) {
          return null;
        }
        List<io.colfile.core.filter.Predicate> terms = new ArrayList<>();
        for (int i = 1; i < c.length; i++) {
          Object v = value(c[i], col);
          if (v == null) {
            return null; // NULL in the list, or a literal of another type
          }
          terms.add(compare(col, ComparisonOp.EQ, v));
        }
        if (col.kind != TypeKind.TIMESTAMP && col.kind != TypeKind.TIMESTAMP_INSTANT) {
          List<Literal> values = new ArrayList<>();
          for (io.colfile.core.filter.Predicate t : terms) {
            values.add(((io.colfile.core.filter.Predicate.Compare) t).value());
          }
          return new io.colfile.core.filter.Predicate.In(col.path, values, false);
        }
        return terms.size() == 1 ? terms.get(0)
            : new io.colfile.core.filter.Predicate.Or(terms);
      }
      case "=": case "<>": case "<": case "<=": case ">": case ">=": case "<=>": {
        boolean flipped = !(c[0] instanceof NamedReference);
        Column col = column(flipped ? c[1] : c[0]);
        if (col == null) {
          return null;
        }
        Object v = value(flipped ? c[0] : c[1], col);
        if (v == null) {
          return null;
        }
        ComparisonOp op = switch (p.name()) {
          case "=", "<=>" -> ComparisonOp.EQ;
          case "<>" -> ComparisonOp.NE;
          case "<" -> ComparisonOp.LT;
          case "<=" -> ComparisonOp.LE;
          case ">" -> ComparisonOp.GT;
          default -> ComparisonOp.GE;
        };
        if (flipped) {
          op = op.flip();
        }
        io.colfile.core.filter.Predicate cmp = compare(col, op, v);
        // a <=> v is never unknown: FALSE where a is NULL
        return p.name().equals("<=>")
            ? io.colfile.core.filter.Predicate.and(
                new io.colfile.core.filter.Predicate.IsNull(col.path, true), cmp)
            : cmp;
      }
      default:
        return null;
    }
  }

  private static void flatten(Predicate p, String op, List<Predicate> out) {
    if (p.name().equals(op)) {
      for (Expression e : p.children()) {
        flatten((Predicate) e, op, out);
      }
    } else {
      out.add(p);
    }
  }

  /**
   * {@code col op v}; for timestamps at Spark's precision: Spark sees {@code floor(t)} in
   * microseconds, so {@code = m} is {@code m <= t < m + 1us}, {@code <= m} is {@code t < m +
   * 1us}, {@code > m} is {@code t >= m + 1us}.
   */
  private static io.colfile.core.filter.Predicate compare(Column col, ComparisonOp op,
      Object v) {
    if (!(v instanceof Micros m)) {
      return new io.colfile.core.filter.Predicate.Compare(col.path, op, Literal.of(v));
    }
    Object lo = m.at(0);
    Object hi = m.at(1);
    return switch (op) {
      case EQ -> io.colfile.core.filter.Predicate.and(cmp(col, ComparisonOp.GE, lo),
          cmp(col, ComparisonOp.LT, hi));
      case NE -> io.colfile.core.filter.Predicate.or(cmp(col, ComparisonOp.LT, lo),
          cmp(col, ComparisonOp.GE, hi));
      case LT -> cmp(col, ComparisonOp.LT, lo);
      case LE -> cmp(col, ComparisonOp.LT, hi);
      case GT -> cmp(col, ComparisonOp.GE, hi);
      case GE -> cmp(col, ComparisonOp.GE, lo);
    };
  }

  private static io.colfile.core.filter.Predicate cmp(Column col, ComparisonOp op, Object v) {
    return new io.colfile.core.filter.Predicate.Compare(col.path, op, Literal.of(v));
  }

  /** A timestamp literal in Spark's microseconds, for a wall clock or for an instant. */
  private record Micros(long micros, boolean instant) {
    Object at(long plus) {
      long us = Math.addExact(micros, plus);
      Instant i = Instant.ofEpochSecond(Math.floorDiv(us, 1_000_000L),
          Math.floorMod(us, 1_000_000L) * 1000L);
      return instant ? i : LocalDateTime.ofInstant(i, ZoneOffset.UTC);
    }
  }

  private record Column(ColumnPath path, TypeKind kind) {}

  /** The scalar column {@code e} names, if colfile decides predicates on it exactly. */
  private Column column(Expression e) {
    if (!(e instanceof NamedReference ref)) {
      return null;
    }
    String[] names = ref.fieldNames();
    Type t = schema;
    for (String name : names) {
      if (t.kind() != TypeKind.STRUCT) {
        return null;
      }
      int i = t.fieldNames().indexOf(name);
      if (i < 0) {
        return null;
      }
      t = t.child(i);
    }
    switch (t.kind()) {
      case BOOLEAN: case BYTE: case SHORT: case INT: case LONG: case DECIMAL: case STRING:
      case VARCHAR: case DATE: case TIMESTAMP: case TIMESTAMP_INSTANT:
        return new Column(new ColumnPath(Arrays.asList(names)), t.kind());
      default:
        return null;
    }
  }

  /** The literal {@code e} as colfile takes it for {@code col}; null where it does not fit. */
  private static Object value(Expression e, Column col) {
    if (!(e instanceof org.apache.spark.sql.connector.expressions.Literal<?> lit)) {
      return null;
    }
    Object v = lit.value();
    DataType t = lit.dataType();
    if (v == null) {
      return null;
    }
    boolean numeric = switch (col.kind) {
      case BYTE, SHORT, INT, LONG, DECIMAL -> true;
      default -> false;
    };
    if (t instanceof ByteType || t instanceof ShortType || t instanceof IntegerType
        || t instanceof LongType) {
      return numeric ? ((Number) v).longValue() : null;
    }
    if (t instanceof DecimalType) {
      return numeric ? ((Decimal) v).toJavaBigDecimal() : null;
    }
    if (t instanceof BooleanType) {
      return col.kind == TypeKind.BOOLEAN ? v : null;
    }
    if (t instanceof StringType st) {
      // bytes that are no UTF-8 would not survive as a Java string; a collation other than
      // UTF-8 binary orders and equates otherwise than colfile's bytes
      UTF8String u = (UTF8String) v;
      return (col.kind == TypeKind.STRING || col.kind == TypeKind.VARCHAR)
          && st.isUTF8BinaryCollation() && u.isValid() ? u.toString() : null;
    }
    if (t instanceof DateType) {
      return col.kind == TypeKind.DATE ? LocalDate.ofEpochDay((Integer) v) : null;
    }
    if (t instanceof TimestampType) {
      return col.kind == TypeKind.TIMESTAMP_INSTANT ? new Micros((Long) v, true) : null;
    }
    if (t instanceof TimestampNTZType) {
      return col.kind == TypeKind.TIMESTAMP ? new Micros((Long) v, false) : null;
    }
    return null;
  }

}
