package io.colfile.spark.read;

import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Literal;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;

/**
 * Decides pushed predicates on the partition columns (the {@code key=value} directories) from a
 * directory's values alone, so that directories where a predicate cannot be TRUE are not listed
 * for reading. Spark still evaluates the predicates on the rows; what this cannot decide keeps
 * the directory.
 */
final class PartitionPruner {
  /** SQL's three truth values, and "cannot tell here". */
  enum Truth { TRUE, FALSE, UNKNOWN, CANNOT }

  private final StructType partitionSchema;
  private final List<Predicate> predicates;

  PartitionPruner(StructType partitionSchema, List<Predicate> predicates) {
    this.partitionSchema = partitionSchema;
    this.predicates = predicates;
  }

  /** Whether the predicates name only partition columns. */
  static boolean onPartitionColumns(Predicate p, StructType partitionSchema) {
    NamedReference[] refs = p.references();
    if (refs.length == 0) {
      return false;
    }
    for (NamedReference r : refs) {
      if (r.fieldNames().length != 1
          || !Arrays.asList(partitionSchema.fieldNames()).contains(r.fieldNames()[0])) {
        return false;
      }
    }
    return true;
  }

  /** Whether the directory with partition values {@code values} may hold matching rows. */
  boolean keep(InternalRow values) {
    for (Predicate p : predicates) {
      Truth t = eval(p, values);
      if (t == Truth.FALSE || t == Truth.UNKNOWN) {
        return false;
      }
    }
    return true;
  }

  Truth eval(Predicate p, InternalRow row) {
    Expression[] c = p.children();
    switch (p.name()) {
      case "AND": {
        Truth a = eval((Predicate) c[0], row);
        Truth b = eval((Predicate) c[1], row);
        if (a == Truth.FALSE || b == Truth.FALSE) {
          return Truth.FALSE;
        }
        if (a == Truth.CANNOT || b == Truth.CANNOT) {
          return Truth.CANNOT;
        }
        return a == Truth.TRUE && b == Truth.TRUE ? Truth.TRUE : Truth.UNKNOWN;
      }
      case "OR": {
        Truth a = eval((Predicate) c[0], row);
        Truth b = eval((Predicate) c[1], row);
        if (a == Truth.TRUE || b == Truth.TRUE) {
          return Truth.TRUE;
        }
        if (a == Truth.CANNOT || b == Truth.CANNOT) {
          return Truth.CANNOT;
        }
        return a == Truth.FALSE && b == Truth.FALSE ? Truth.FALSE : Truth.UNKNOWN;
      }
      case "NOT": {
        Truth a = eval((Predicate) c[0], row);
        return switch (a) {
          case TRUE -> Truth.FALSE;
          case FALSE -> Truth.TRUE;
          default -> a;
        };
      }
      case "IS_NULL": case "IS_NOT_NULL": {
        int i = field(c[0]);
        if (i < 0) {
          return Truth.CANNOT;
        }
        return row.isNullAt(i) == p.name().equals("IS_NULL") ? Truth.TRUE : Truth.FALSE;
      }
      case "IN": {
        Truth out = Truth.FALSE;
        for (int k = 1; k < c.length; k++) {
          Truth t = compare("=", c[0], c[k], row);
          if (t == Truth.TRUE || t == Truth.CANNOT) {
            return t;
          }
          if (t == Truth.UNKNOWN) {
            out = Truth.UNKNOWN;
          }
        }
        return out;
      }
      case "=": case "<>": case "<": case "<=": case ">": case ">=": case "<=>":
        return compare(p.name(), c[0], c[1], row);
      default:
        return Truth.CANNOT;
    }
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private Truth compare(String op, Expression left, Expression right, InternalRow row) {
    boolean flipped = !(left instanceof NamedReference);
    int i = field(flipped ? right : left);
    Expression other = flipped ? left : right;
    if (i < 0 || !(other instanceof Literal<?> lit)) {
      return Truth.CANNOT;
    }
    DataType type = partitionSchema.fields()[i].dataType();
    if (!lit.dataType().equals(type)) {
      return Truth.CANNOT;
    }
    Object v = row.isNullAt(i) ? null : row.get(i, type);
    Object l = lit.value();
    if (op.equals("<=>")) {
      return v == null || l == null ? (v == l ? Truth.TRUE : Truth.FALSE)
          : (v.equals(l) ? Truth.TRUE : Truth.FALSE);
    }
    if (v == null || l == null) {
      return Truth.UNKNOWN;
    }
    if (!(v instanceof Comparable) || v instanceof Float || v instanceof Double) {
      return Truth.CANNOT; // floating point: Spark's NaN ordering is not Java's compareTo's
    }
    int cmp = ((Comparable) v).compareTo(l);
    if (flipped) {
      cmp = -cmp;
    }
    boolean r = switch (op) {
      case "=" -> cmp == 0;
      case "<>" -> cmp != 0;
      case "<" -> cmp < 0;
      case "<=" -> cmp <= 0;
      case ">" -> cmp > 0;
      default -> cmp >= 0;
    };
    return r ? Truth.TRUE : Truth.FALSE;
  }

  private int field(Expression e) {
    if (!(e instanceof NamedReference ref) || ref.fieldNames().length != 1) {
      return -1;
    }
    return Arrays.asList(partitionSchema.fieldNames()).indexOf(ref.fieldNames()[0]);
  }
}
