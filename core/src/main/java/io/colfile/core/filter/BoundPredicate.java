package io.colfile.core.filter;

import io.colfile.core.types.Type;
import java.util.List;
import java.util.Objects;

/**
 * A {@link Predicate} checked against a schema: every column resolved to its id (pre-order, the
 * root 0, as {@link Type#flatten()} numbers them) and type, every literal turned into a value
 * of the column's {@link Domain}, and comparisons rewritten so that only exact ones remain:
 * {@code int_col < 2.5} becomes {@code int_col <= 2}, {@code int_col = 2.5} becomes
 * {@link Op#NEVER}, {@code x != v} becomes {@code NOT x = v}, {@code NOT BETWEEN} and {@code
 * NOT IN} become NOT of the plain forms. Formats evaluate it against their statistics ({@link
 * Pruner}); {@link RowFilter} evaluates it row by row.
 */
public sealed interface BoundPredicate
    permits BoundPredicate.And, BoundPredicate.Or, BoundPredicate.Not, BoundPredicate.Leaf,
        BoundPredicate.Opaque {

  /**
   * Binds {@code predicate} to the columns of {@code schema}, a struct.
   *
   * @throws IllegalArgumentException naming the problem: an unknown column, a column that is
   *     not a scalar (a list, map, union or struct), a literal that does not fit the column's
   *     type ({@code name > 5} on a string column), an unreadable date or timestamp literal
   */
  static BoundPredicate bind(Predicate predicate, Type schema) {
    return new Binder(schema).bind(predicate);
  }

  /** The operators of leaves. */
  enum Op {
    /** The value is NULL. */
    IS_NULL,
    EQ, LT, LE, GT, GE,
    /** Equal to one of {@link Leaf#values()} (sorted, without duplicates). */
    IN,
    /** Between {@code values[0]} and {@code values[1]}, both included. */
    BETWEEN,
    /** TRUE for every non-null value (e.g. {@code int_col < 1e30}); NULL stays unknown. */
    ALWAYS,
    /** FALSE for every non-null value (e.g. {@code int_col = 2.5}); NULL stays unknown. */
    NEVER
  }

  /** True when every term is. */
  record And(List<BoundPredicate> terms) implements BoundPredicate {
    public And {
      terms = List.copyOf(terms);
    }
  }

  /** True when some term is. */
  record Or(List<BoundPredicate> terms) implements BoundPredicate {
    public Or {
      terms = List.copyOf(terms);
    }
  }

  record Not(BoundPredicate term) implements BoundPredicate {
    public Not {
      Objects.requireNonNull(term);
    }
  }

  /**
   * One condition on one column.
   *
   * @param path the column's path from the root
   * @param column the column's id in the schema bound to
   * @param type the column's type
   * @param values the literals, of {@code Domain.of(type)}: none for IS_NULL, ALWAYS and NEVER,
   *     one for comparisons, two for BETWEEN, one or more for IN
   * @param source the predicate this leaf came from, for explanations
   */
  record Leaf(ColumnPath path, int column, Type type, Op op, List<Object> values,
      Predicate source) implements BoundPredicate {
    public Leaf {
      values = List.copyOf(values);
    }

    /** The domain of the column's values. */
    public Domain domain() {
      return Domain.of(type);
    }

    /** The single literal of a comparison. */
    public Object value() {
      return values.get(0);
    }

    @Override
    public String toString() {
      StringBuilder sb = new StringBuilder(path.toString());
      switch (op) {
        case IS_NULL: return sb.append(" IS NULL").toString();
        case ALWAYS: return source + " (true for every value)";
        case NEVER: return source + " (false for every value)";
        case IN: {
          sb.append(" IN (");
          for (int i = 0; i < values.size(); i++) {
            sb.append(i > 0 ? ", " : "").append(Domain.format(values.get(i), type));
          }
          return sb.append(')').toString();
        }
        case BETWEEN:
          return sb.append(" BETWEEN ").append(Domain.format(values.get(0), type))
              .append(" AND ").append(Domain.format(values.get(1), type)).toString();
        default: {
          String symbol = ComparisonOp.valueOf(op.name()).symbol();
          return sb.append(' ').append(symbol).append(' ')
              .append(Domain.format(values.get(0), type)).toString();
        }
      }
    }
  }

  /**
   * A condition the file's own structures cannot decide (a column read through a type
   * conversion): only the rows, after conversion, decide it. {@link Pruner} takes it as
   * possibly anything.
   */
  record Opaque(String description) implements BoundPredicate {}
}
