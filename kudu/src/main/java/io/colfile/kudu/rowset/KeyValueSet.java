package io.colfile.kudu.rowset;

import io.colfile.core.filter.BoundPredicate.Leaf;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * A set of one key column's cells (see {@link KeyColumn}) as sorted, disjoint intervals. The
 * intervals of integer columns are closed and lie within the physical type's range; those of
 * binary columns start at the empty string at the lowest and may have no upper end, and either
 * end may be open ({@code k < 'b'} has no largest value).
 */
final class KeyValueSet {
  /**
   * One interval: {@code lo} (never null), {@code hi} (null: no upper end, binary columns only),
   * and whether each end belongs to it.
   */
  record Interval(Object lo, boolean loIn, Object hi, boolean hiIn) {}

  private final KeyColumn column;
  private final List<Interval> intervals;

  private KeyValueSet(KeyColumn column, List<Interval> intervals) {
    this.column = column;
    this.intervals = List.copyOf(intervals);
  }

  static KeyValueSet none(KeyColumn c) {
    return new KeyValueSet(c, List.of());
  }

  static KeyValueSet all(KeyColumn c) {
    return c.binary ? range(c, new byte[0], true, null, true) : range(c, c.min, true, c.max, true);
  }

  /** The interval between the given ends (null: unbounded), or an empty set. */
  static KeyValueSet range(KeyColumn c, Object lo, boolean loIn, Object hi, boolean hiIn) {
    List<Interval> out = new ArrayList<>();
    add(c, out, lo, loIn, hi, hiIn);
    return new KeyValueSet(c, out);
  }

  /**
   * The cells for which {@code leaf} (a condition on this column, its values of the column's
   * domain) is TRUE. Key cells are never NULL: IS NULL holds for none.
   */
  static KeyValueSet of(KeyColumn c, Leaf leaf) {
    List<Object> v = leaf.values();
    switch (leaf.op()) {
      case ALWAYS: return all(c);
      case NEVER: case IS_NULL: return none(c);
      case EQ: case IN: {
        // every value a point, merged in one sort: a union per value would be quadratic
        List<Interval> points = new ArrayList<>();
        for (Object x : v) {
          Object cell = c.binary ? x : KeyColumn.exact(c.units(x));
          if (cell != null) {
            add(c, points, cell, true, cell, true);
          }
        }
        return merge(c, points);
      }
      default: break;
    }
    if (c.binary) {
      switch (leaf.op()) {
        case LT: return range(c, null, true, v.get(0), false);
        case LE: return range(c, null, true, v.get(0), true);
        case GT: return range(c, v.get(0), false, null, true);
        case GE: return range(c, v.get(0), true, null, true);
        default: return range(c, v.get(0), true, v.get(1), true); // BETWEEN
      }
    }
    BigDecimal u = c.units(v.get(0));
    switch (leaf.op()) {
      case LT: return range(c, null, true, KeyColumn.ceiling(u), false);
      case LE: return range(c, null, true, KeyColumn.floor(u), true);
      case GT: return range(c, KeyColumn.floor(u), false, null, true);
      case GE: return range(c, KeyColumn.ceiling(u), true, null, true);
      default: // BETWEEN
        return range(c, KeyColumn.ceiling(u), true, KeyColumn.floor(c.units(v.get(1))), true);
    }
  }

  /**
   * Adds the interval to {@code out} unless it is empty: integer ends made closed and clamped
   * to the type's range, a missing lower end of a binary column made the empty string.
   */
  private static void add(KeyColumn c, List<Interval> out, Object lo, boolean loIn, Object hi,
      boolean hiIn) {
    if (!c.binary) {
      BigInteger l = lo == null ? c.min : loIn ? (BigInteger) lo : ((BigInteger) lo).add(
          BigInteger.ONE);
      BigInteger h = hi == null ? c.max : hiIn ? (BigInteger) hi : ((BigInteger) hi).subtract(
          BigInteger.ONE);
      l = l.max(c.min);
      h = h.min(c.max);
      if (l.compareTo(h) <= 0) {
        out.add(new Interval(l, true, h, true));
      }
      return;
    }
    if (lo == null) {
      lo = new byte[0];
      loIn = true;
    }
    if (hi != null) {
      int cmp = c.compare(lo, hi);
      if (cmp > 0 || cmp == 0 && !(loIn && hiIn)) {
        return;
      }
    }
    out.add(new Interval(lo, loIn, hi, hiIn));
  }

  List<Interval> intervals() {
    return intervals;
  }

  boolean isEmpty() {
    return intervals.isEmpty();
  }

  boolean isAll() {
    return equals(all(column));
  }

  /** The values, when the set is a list of single values; null otherwise. */
  List<Object> points() {
    List<Object> out = new ArrayList<>();
    for (Interval i : intervals) {
      if (i.hi() == null || !i.loIn() || !i.hiIn() || column.compare(i.lo(), i.hi()) != 0) {
        return null;
      }
      out.add(i.lo());
    }
    return out;
  }

  KeyValueSet union(KeyValueSet o) {
    List<Interval> all = new ArrayList<>(intervals);
    all.addAll(o.intervals);
    return merge(column, all);
  }

  /** The set of the union of {@code all}'s intervals, in any order. */
  private static KeyValueSet merge(KeyColumn column, List<Interval> all) {
    all.sort((a, b) -> {
      int cmp = column.compare(a.lo(), b.lo());
      return cmp != 0 ? cmp : Boolean.compare(b.loIn(), a.loIn());
    });
    KeyValueSet set = new KeyValueSet(column, List.of());
    List<Interval> out = new ArrayList<>();
    for (Interval i : all) {
      Interval prev = out.isEmpty() ? null : out.get(out.size() - 1);
      if (prev != null && (prev.hi() == null || set.touches(prev, i))) {
        out.set(out.size() - 1, new Interval(prev.lo(), prev.loIn(), set.upper(prev, i, true),
            set.upperIn(prev, i, true)));
      } else {
        out.add(i);
      }
    }
    return new KeyValueSet(column, out);
  }

  /** Whether {@code b}, which starts at or after {@code a}, overlaps or adjoins it. */
  private boolean touches(Interval a, Interval b) {
    int cmp = column.compare(b.lo(), a.hi());
    return cmp < 0 || cmp == 0 && (a.hiIn() || b.loIn());
  }

  KeyValueSet intersect(KeyValueSet o) {
    List<Interval> out = new ArrayList<>();
    int i = 0;
    int j = 0;
    while (i < intervals.size() && j < o.intervals.size()) {
      Interval a = intervals.get(i);
      Interval b = o.intervals.get(j);
      int cmp = column.compare(a.lo(), b.lo());
      Object lo = cmp >= 0 ? a.lo() : b.lo();
      boolean loIn = cmp > 0 ? a.loIn() : cmp < 0 ? b.loIn() : a.loIn() && b.loIn();
      add(column, out, lo, loIn, upper(a, b, false), upperIn(a, b, false));
      if (compareUpper(a, b) <= 0) {
        i++;
      } else {
        j++;
      }
    }
    return new KeyValueSet(column, out);
  }

  KeyValueSet complement() {
    List<Interval> out = new ArrayList<>();
    Object lo = column.binary ? new byte[0] : column.min;
    boolean loIn = true;
    for (Interval i : intervals) {
      add(column, out, lo, loIn, i.lo(), !i.loIn());
      if (i.hi() == null) {
        return new KeyValueSet(column, out);
      }
      lo = i.hi();
      loIn = !i.hiIn();
    }
    add(column, out, lo, loIn, column.binary ? null : column.max, true);
    return new KeyValueSet(column, out);
  }

  /** Compares the upper ends of two intervals (no end is above every end). */
  private int compareUpper(Interval a, Interval b) {
    if (a.hi() == null || b.hi() == null) {
      return a.hi() == null ? (b.hi() == null ? 0 : 1) : -1;
    }
    int cmp = column.compare(a.hi(), b.hi());
    return cmp != 0 ? cmp : Boolean.compare(a.hiIn(), b.hiIn());
  }

  /** The higher ({@code max}) or lower upper end of the two. */
  private Object upper(Interval a, Interval b, boolean max) {
    return (compareUpper(a, b) >= 0) == max ? a.hi() : b.hi();
  }

  private boolean upperIn(Interval a, Interval b, boolean max) {
    return (compareUpper(a, b) >= 0) == max ? a.hiIn() : b.hiIn();
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof KeyValueSet s) || s.intervals.size() != intervals.size()) {
      return false;
    }
    for (int i = 0; i < intervals.size(); i++) {
      Interval a = intervals.get(i);
      Interval b = s.intervals.get(i);
      if (column.compare(a.lo(), b.lo()) != 0 || a.loIn() != b.loIn() || compareUpper(a, b) != 0) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int hashCode() {
    return intervals.size();
  }
}
