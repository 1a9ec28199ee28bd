package io.colfile.kudu.rowset;

import io.colfile.core.filter.BoundPredicate;
import io.colfile.core.filter.BoundPredicate.Leaf;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What a filter requires of a row's primary key: a union of boxes, each a {@link KeyValueSet}
 * per key column, holding the key of every row the filter can select. Any row for which the
 * filter is TRUE has its key in some box; the converse need not hold (the rows read are
 * filtered exactly afterwards), so whatever is unsure widens the boxes, never narrows them.
 *
 * <p>The walk keeps, for every node of the predicate, boxes around the keys where it can be TRUE
 * and boxes around those where it can be FALSE, so that NOT swaps them: {@code NOT (id < 5)}
 * is TRUE where {@code id < 5} is FALSE. A condition on a key column is TRUE or FALSE exactly on
 * its values and their complement (keys are never NULL, so never unknown); conditions on other
 * columns, and those the file's structures cannot decide ({@link BoundPredicate.Opaque}), can be
 * either anywhere. AND intersects TRUE boxes and unites FALSE ones; OR the other way round.
 */
final class KeyConditions {
  /** More boxes than this are merged into their hull (one box of each column's union). */
  static final int MAX_BOXES = 64;

  private final List<KeyColumn> keys;

  /** The boxes where a node can be TRUE and where it can be FALSE. */
  private record Truth(List<KeyValueSet[]> t, List<KeyValueSet[]> f) {}

  KeyConditions(List<KeyColumn> keys) {
    this.keys = keys;
  }

  /** Boxes holding the key of every row for which {@code filter} is TRUE (none: no row). */
  List<KeyValueSet[]> boxes(BoundPredicate filter) {
    return walk(filter).t();
  }

  private Truth walk(BoundPredicate p) {
    if (p instanceof BoundPredicate.And a) {
      List<KeyValueSet[]> t = List.<KeyValueSet[]>of(all());
      List<KeyValueSet[]> f = List.of();
      for (BoundPredicate term : a.terms()) {
        Truth x = walk(term);
        t = and(t, x.t());
        f = or(f, x.f());
      }
      return new Truth(t, f);
    }
    if (p instanceof BoundPredicate.Or o) {
      List<KeyValueSet[]> t = List.of();
      List<KeyValueSet[]> f = List.<KeyValueSet[]>of(all());
      for (BoundPredicate term : o.terms()) {
        Truth x = walk(term);
        t = or(t, x.t());
        f = and(f, x.f());
      }
      return new Truth(t, f);
    }
    if (p instanceof BoundPredicate.Not n) {
      Truth x = walk(n.term());
      return new Truth(x.f(), x.t());
    }
    KeyColumn c = p instanceof Leaf leaf ? keyColumn(leaf) : null;
    if (c == null) {
      return new Truth(List.<KeyValueSet[]>of(all()), List.<KeyValueSet[]>of(all()));
    }
    KeyValueSet values = KeyValueSet.of(c, (Leaf) p);
    return new Truth(box(c, values), box(c, values.complement()));
  }

  /** The key column the leaf is on, or null when it is on another column. */
  private KeyColumn keyColumn(Leaf leaf) {
    if (leaf.path().names().size() != 1) {
      return null;
    }
    for (KeyColumn c : keys) {
      // a leaf of another type would carry literals of another domain: it decides nothing
      if (c.column.name().equals(leaf.path().names().get(0)) && c.type().equals(leaf.type())) {
        return c;
      }
    }
    return null;
  }

  private KeyValueSet[] all() {
    KeyValueSet[] b = new KeyValueSet[keys.size()];
    for (int i = 0; i < b.length; i++) {
      b[i] = KeyValueSet.all(keys.get(i));
    }
    return b;
  }

  private List<KeyValueSet[]> box(KeyColumn c, KeyValueSet values) {
    if (values.isEmpty()) {
      return List.of();
    }
    KeyValueSet[] b = all();
    b[c.position] = values;
    return List.<KeyValueSet[]>of(b);
  }

  private List<KeyValueSet[]> and(List<KeyValueSet[]> a, List<KeyValueSet[]> b) {
    List<KeyValueSet[]> out = new ArrayList<>();
    for (KeyValueSet[] x : a) {
      for (KeyValueSet[] y : b) {
        KeyValueSet[] z = new KeyValueSet[keys.size()];
        boolean empty = false;
        for (int i = 0; i < z.length && !empty; i++) {
          z[i] = x[i].intersect(y[i]);
          empty = z[i].isEmpty();
        }
        if (!empty) {
          out.add(z);
        }
      }
    }
    return capped(out);
  }

  private List<KeyValueSet[]> or(List<KeyValueSet[]> a, List<KeyValueSet[]> b) {
    List<KeyValueSet[]> out = new ArrayList<>(a);
    out.addAll(b);
    for (KeyValueSet[] x : out) {
      if (Arrays.stream(x).allMatch(KeyValueSet::isAll)) {
        return List.<KeyValueSet[]>of(x);
      }
    }
    return capped(out);
  }

  /** The boxes, or their hull when there are too many. */
  private List<KeyValueSet[]> capped(List<KeyValueSet[]> boxes) {
    if (boxes.size() <= MAX_BOXES) {
      return boxes;
    }
    KeyValueSet[] hull = boxes.get(0).clone();
    for (KeyValueSet[] b : boxes) {
      for (int i = 0; i < hull.length; i++) {
        hull[i] = hull[i].union(b[i]);
      }
    }
    return List.<KeyValueSet[]>of(hull);
  }
}
