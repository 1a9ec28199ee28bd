package io.colfile.core.filter;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A condition on a row's scalar columns, with SQL's three-valued logic: a comparison with NULL
 * is unknown, NOT unknown is unknown, unknown AND false is false, unknown OR true is true, and a
 * row is selected only where the whole predicate is TRUE. Build one from text ({@link #parse})
 * or with the factories:
 *
 * <pre>
 * Predicate p = Predicate.and(
 *     Predicate.compare("price", ComparisonOp.GE, 10),
 *     Predicate.in("customer.country", "NL", "BE"),
 *     Predicate.not(Predicate.isNull("shipped")));
 * </pre>
 *
 * A predicate names columns by path and holds literals as written; it is checked against a
 * schema only when it is bound ({@link BoundPredicate#bind}), for instance by a reader given
 * {@code ReadOptions.withFilter}. Its text form ({@link #toString()}) parses back to it.
 */
public sealed interface Predicate
    permits Predicate.Compare, Predicate.In, Predicate.Between, Predicate.IsNull,
        Predicate.And, Predicate.Or, Predicate.Not {

  /**
   * Parses the text form (grammar in {@code PredicateParser}; keywords in any case):
   * {@code price >= 10 AND (country IN ('NL', 'BE') OR `order date` < '2024-01-31')}.
   *
   * @throws PredicateSyntaxException pointing at the offending character
   */
  static Predicate parse(String text) {
    return PredicateParser.parse(text);
  }

  /** {@code column op value}; {@code column} is a path in the text form ({@code a.b}). */
  static Predicate compare(String column, ComparisonOp op, Object value) {
    return new Compare(ColumnPath.parse(column), op, Literal.of(value));
  }

  static Predicate equal(String column, Object value) {
    return compare(column, ComparisonOp.EQ, value);
  }

  /** {@code column IN (values...)}. */
  static Predicate in(String column, Object... values) {
    List<Literal> literals = new ArrayList<>();
    for (Object v : values) {
      literals.add(Literal.of(v));
    }
    return new In(ColumnPath.parse(column), literals, false);
  }

  /** {@code column BETWEEN low AND high} (both ends included). */
  static Predicate between(String column, Object low, Object high) {
    return new Between(ColumnPath.parse(column), Literal.of(low), Literal.of(high), false);
  }

  static Predicate isNull(String column) {
    return new IsNull(ColumnPath.parse(column), false);
  }

  static Predicate isNotNull(String column) {
    return new IsNull(ColumnPath.parse(column), true);
  }

  static Predicate and(Predicate... terms) {
    return new And(List.of(terms));
  }

  static Predicate or(Predicate... terms) {
    return new Or(List.of(terms));
  }

  static Predicate not(Predicate term) {
    return new Not(term);
  }

  /** Every column path the predicate names, in the order they first appear. */
  default List<ColumnPath> columns() {
    List<ColumnPath> out = new ArrayList<>();
    PredicateText.collectColumns(this, out);
    return out;
  }

  /** {@code column op value}. */
  record Compare(ColumnPath column, ComparisonOp op, Literal value) implements Predicate {
    public Compare {
      Objects.requireNonNull(column);
      Objects.requireNonNull(op);
      Objects.requireNonNull(value);
    }

    @Override
    public String toString() {
      return column + " " + op.symbol() + " " + value;
    }
  }

  /** {@code column [NOT] IN (values...)}. */
  record In(ColumnPath column, List<Literal> values, boolean negated) implements Predicate {
    public In {
      Objects.requireNonNull(column);
      values = List.copyOf(values);
      if (values.isEmpty()) {
        throw new IllegalArgumentException("IN needs at least one value");
      }
    }

    @Override
    public String toString() {
      return PredicateText.in(this);
    }
  }

  /** {@code column [NOT] BETWEEN low AND high}, both ends included. */
  record Between(ColumnPath column, Literal low, Literal high, boolean negated)
      implements Predicate {
    public Between {
      Objects.requireNonNull(column);
      Objects.requireNonNull(low);
      Objects.requireNonNull(high);
    }

    @Override
    public String toString() {
      return column + (negated ? " NOT" : "") + " BETWEEN " + low + " AND " + high;
    }
  }

  /** {@code column IS [NOT] NULL}. */
  record IsNull(ColumnPath column, boolean negated) implements Predicate {
    public IsNull {
      Objects.requireNonNull(column);
    }

    @Override
    public String toString() {
      return column + (negated ? " IS NOT NULL" : " IS NULL");
    }
  }

  /** True when every term is true. */
  record And(List<Predicate> terms) implements Predicate {
    public And {
      terms = List.copyOf(terms);
      if (terms.isEmpty()) {
        throw new IllegalArgumentException("AND needs at least one term");
      }
    }

    @Override
    public String toString() {
      return PredicateText.join(terms, " AND ", And.class);
    }
  }

  /** True when some term is true. */
  record Or(List<Predicate> terms) implements Predicate {
    public Or {
      terms = List.copyOf(terms);
      if (terms.isEmpty()) {
        throw new IllegalArgumentException("OR needs at least one term");
      }
    }

    @Override
    public String toString() {
      return PredicateText.join(terms, " OR ", Or.class);
    }
  }

  /** True when the term is false; unknown when it is unknown. */
  record Not(Predicate term) implements Predicate {
    public Not {
      Objects.requireNonNull(term);
    }

    @Override
    public String toString() {
      return "NOT " + PredicateText.operand(term, Not.class);
    }
  }
}
