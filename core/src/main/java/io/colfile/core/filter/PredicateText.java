package io.colfile.core.filter;

import java.util.List;

/** The text form of predicates: what {@link PredicateParser} reads back to the same tree. */
final class PredicateText {
  private PredicateText() {}

  static String in(Predicate.In in) {
    StringBuilder sb = new StringBuilder();
    sb.append(in.column()).append(in.negated() ? " NOT IN (" : " IN (");
    for (int i = 0; i < in.values().size(); i++) {
      if (i > 0) {
        sb.append(", ");
      }
      sb.append(in.values().get(i));
    }
    return sb.append(')').toString();
  }

  static String join(List<Predicate> terms, String separator, Class<?> parent) {
    StringBuilder sb = new StringBuilder();
    for (Predicate t : terms) {
      if (sb.length() > 0) {
        sb.append(separator);
      }
      sb.append(operand(t, parent));
    }
    return sb.toString();
  }

  /**
   * A term as an operand of {@code parent}, parenthesized where the grammar's precedence (NOT
   * over AND over OR) would otherwise regroup it; a nested AND in an AND is parenthesized too,
   * so the tree comes back unflattened.
   */
  static String operand(Predicate term, Class<?> parent) {
    boolean bare = !(term instanceof Predicate.And || term instanceof Predicate.Or)
        || (parent == Predicate.Or.class && term instanceof Predicate.And);
    return bare ? term.toString() : "(" + term + ")";
  }

  static void collectColumns(Predicate p, List<ColumnPath> out) {
    if (p instanceof Predicate.And a) {
      a.terms().forEach(t -> collectColumns(t, out));
    } else if (p instanceof Predicate.Or o) {
      o.terms().forEach(t -> collectColumns(t, out));
    } else if (p instanceof Predicate.Not n) {
      collectColumns(n.term(), out);
    } else {
      ColumnPath c = column(p);
      if (!out.contains(c)) {
        out.add(c);
      }
    }
  }

  static ColumnPath column(Predicate leaf) {
    if (leaf instanceof Predicate.Compare c) {
      return c.column();
    } else if (leaf instanceof Predicate.In i) {
      return i.column();
    } else if (leaf instanceof Predicate.Between b) {
      return b.column();
    } else if (leaf instanceof Predicate.IsNull n) {
      return n.column();
    }
    throw new IllegalArgumentException("not a leaf: " + leaf);
  }
}
