package io.colfile.core.filter;

import io.colfile.core.filter.BoundPredicate.Leaf;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Decides from a unit's statistics whether any of its rows can satisfy a predicate, so that a
 * reader may skip the unit. Each leaf yields the truth values its rows could take (TRUE, FALSE,
 * UNKNOWN) given the unit's range, null counts, NaN and bloom filter; AND, OR and NOT combine
 * those sets by SQL's three-valued logic. A unit is skipped only when TRUE is impossible, so a
 * unit holding a matching row is never skipped, whatever the statistics leave out — as long as
 * the {@link ColumnRange}s hold (formats leave out what they cannot vouch for).
 */
public final class Pruner {
  static final int T = 1;
  static final int F = 2;
  static final int U = 4;
  static final int ANY = T | F | U;

  private Pruner() {}

  /** Whether the unit may hold matching rows, and if not, why. */
  public record Verdict(boolean mayMatch, String reason) {
    static final Verdict MAY_MATCH = new Verdict(true, "");
  }

  /** Evaluates {@code predicate} against one unit's statistics. */
  public static Verdict evaluate(BoundPredicate predicate, UnitStatistics stats) {
    if ((truth(predicate, stats) & T) != 0) {
      return Verdict.MAY_MATCH;
    }
    Set<String> evidence = new LinkedHashSet<>();
    explain(predicate, stats, evidence);
    return new Verdict(false, String.join("; ", evidence));
  }

  /** The set of truth values the predicate can take on the unit's rows (bits T, F, U). */
  static int truth(BoundPredicate p, UnitStatistics s) {
    if (p instanceof BoundPredicate.And a) {
      int m = T;
      for (BoundPredicate t : a.terms()) {
        m = and(m, truth(t, s));
      }
      return m;
    }
    if (p instanceof BoundPredicate.Or o) {
      int m = F;
      for (BoundPredicate t : o.terms()) {
        m = or(m, truth(t, s));
      }
      return m;
    }
    if (p instanceof BoundPredicate.Not n) {
      return not(truth(n.term(), s));
    }
    if (p instanceof BoundPredicate.Opaque) {
      return ANY;
    }
    return leaf((Leaf) p, s);
  }

  static int and(int a, int b) {
    if (a == 0 || b == 0) {
      return 0; // a unit without rows
    }
    int m = 0;
    if ((a & F) != 0 || (b & F) != 0) {
      m |= F;
    }
    if ((a & T) != 0 && (b & T) != 0) {
      m |= T;
    }
    if ((a & U) != 0 && (b & (U | T)) != 0 || (a & T) != 0 && (b & U) != 0) {
      m |= U;
    }
    return m;
  }

  static int or(int a, int b) {
    if (a == 0 || b == 0) {
      return 0;
    }
    int m = 0;
    if ((a & T) != 0 || (b & T) != 0) {
      m |= T;
    }
    if ((a & F) != 0 && (b & F) != 0) {
      m |= F;
    }
    if ((a & U) != 0 && (b & (U | F)) != 0 || (a & F) != 0 && (b & U) != 0) {
      m |= U;
    }
    return m;
  }

  static int not(int a) {
    return (a & U) | ((a & T) != 0 ? F : 0) | ((a & F) != 0 ? T : 0);
  }

  private static int leaf(Leaf leaf, UnitStatistics s) {
    ColumnRange r = s.range(leaf.column());
    if (r == null) {
      r = ColumnRange.UNKNOWN;
    }
    boolean someNull = r.hasNull();
    boolean someValue = r.valueCount() != 0;
    if (leaf.op() == BoundPredicate.Op.IS_NULL) {
      return (someNull ? T : 0) | (someValue ? F : 0);
    }
    int m = someNull ? U : 0;
    if (!someValue) {
      return m;
    }
    return m | values(leaf, r, s);
  }

  /** The truth values the leaf can take on the unit's non-null values. */
  private static int values(Leaf leaf, ColumnRange r, UnitStatistics s) {
    switch (leaf.op()) {
      case ALWAYS: return T;
      case NEVER: return F;
      default: break;
    }
    Domain d = leaf.domain();
    boolean nan = d == Domain.DOUBLE && r.mayHaveNaN();
    int m = nan ? F : 0; // NaN compares false with everything
    Object min = usable(d, r.min());
    Object max = usable(d, r.max());
    List<Object> v = leaf.values();
    switch (leaf.op()) {
      case EQ: case IN: {
        boolean any = false;
        for (Object x : v) {
          if ((min == null || d.compare(min, x) <= 0) && (max == null || d.compare(x, max) <= 0)
              && s.mightContain(leaf.column(), x)) {
            any = true;
            break;
          }
        }
        boolean allOne = min != null && max != null && d.compare(min, max) == 0
            && contains(d, v, min);
        return m | (any ? T : 0) | (allOne ? 0 : F);
      }
      case LT: return m | tf(min == null || d.compare(min, v.get(0)) < 0,
          max == null || d.compare(max, v.get(0)) >= 0);
      case LE: return m | tf(min == null || d.compare(min, v.get(0)) <= 0,
          max == null || d.compare(max, v.get(0)) > 0);
      case GT: return m | tf(max == null || d.compare(max, v.get(0)) > 0,
          min == null || d.compare(min, v.get(0)) <= 0);
      case GE: return m | tf(max == null || d.compare(max, v.get(0)) >= 0,
          min == null || d.compare(min, v.get(0)) < 0);
      case BETWEEN: {
        Object lo = v.get(0);
        Object hi = v.get(1);
        boolean t = d.compare(lo, hi) <= 0 && (max == null || d.compare(max, lo) >= 0)
            && (min == null || d.compare(min, hi) <= 0);
        boolean f = min == null || max == null || d.compare(min, lo) < 0
            || d.compare(max, hi) > 0 || d.compare(lo, hi) > 0;
        return m | tf(t, f);
      }
      default:
        throw new IllegalStateException("unexpected " + leaf.op());
    }
  }

  private static int tf(boolean t, boolean f) {
    return (t ? T : 0) | (f ? F : 0);
  }

  /** A bound of the right type, or null: a format's stray NaN or wrong type decides nothing. */
  private static Object usable(Domain d, Object bound) {
    return bound != null && d.accepts(bound) ? bound : null;
  }

  private static boolean contains(Domain d, List<Object> values, Object x) {
    for (Object v : values) {
      if (d.compare(v, x) == 0) {
        return true;
      }
    }
    return false;
  }

  /** Describes the statistics behind the leaves that rule the unit out. */
  private static void explain(BoundPredicate p, UnitStatistics s, Set<String> out) {
    if (p instanceof BoundPredicate.And a) {
      for (BoundPredicate t : a.terms()) {
        if ((truth(t, s) & T) == 0) {
          explain(t, s, out);
          return;
        }
      }
      out.add("the terms of " + a + " exclude each other");
    } else if (p instanceof BoundPredicate.Or o) {
      o.terms().forEach(t -> explain(t, s, out));
    } else if (p instanceof BoundPredicate.Not n) {
      List<Leaf> leaves = new ArrayList<>();
      leaves(n.term(), leaves);
      for (Leaf l : leaves) {
        out.add("NOT " + l + ": " + evidence(l, s));
      }
    } else if (p instanceof Leaf l) {
      out.add(l + ": " + evidence(l, s));
    }
  }

  private static void leaves(BoundPredicate p, List<Leaf> out) {
    if (p instanceof BoundPredicate.And a) {
      a.terms().forEach(t -> leaves(t, out));
    } else if (p instanceof BoundPredicate.Or o) {
      o.terms().forEach(t -> leaves(t, out));
    } else if (p instanceof BoundPredicate.Not n) {
      leaves(n.term(), out);
    } else if (p instanceof Leaf l) {
      out.add(l);
    }
  }

  private static String evidence(Leaf leaf, UnitStatistics s) {
    ColumnRange r = s.range(leaf.column());
    if (r == null) {
      return "no statistics";
    }
    StringBuilder sb = new StringBuilder();
    if (r.valueCount() == 0) {
      sb.append(r.hasNull() ? "only nulls" : "no rows");
      return sb.toString();
    }
    Domain d = leaf.domain();
    Object min = usable(d, r.min());
    Object max = usable(d, r.max());
    if (min != null || max != null) {
      sb.append("values in [").append(min == null ? "?" : Domain.format(min, leaf.type()))
          .append(", ").append(max == null ? "?" : Domain.format(max, leaf.type())).append(']');
    }
    if (leaf.op() == BoundPredicate.Op.IS_NULL) {
      sb.append(sb.length() > 0 ? ", " : "").append(r.hasNull() ? "has nulls" : "no nulls");
    }
    if (leaf.op() == BoundPredicate.Op.EQ || leaf.op() == BoundPredicate.Op.IN) {
      for (Object v : leaf.values()) {
        if (!s.mightContain(leaf.column(), v)) {
          sb.append(sb.length() > 0 ? ", " : "").append("bloom filter excludes ")
              .append(Domain.format(v, leaf.type()));
        }
      }
    }
    return sb.length() == 0 ? "statistics" : sb.toString();
  }
}
