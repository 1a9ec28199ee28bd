package io.colfile.orc;

import java.util.BitSet;

/**
 * Row groups of one stripe to read (counted from 0; a stripe of a file without row index is a
 * single row group). Immutable.
 */
public final class RowGroupSet {
  private static final RowGroupSet ALL = new RowGroupSet(null);
  private static final RowGroupSet NONE = new RowGroupSet(new BitSet());

  /** The chosen groups; null for all. */
  private final BitSet groups;

  private RowGroupSet(BitSet groups) {
    this.groups = groups;
  }

  /** Every row group. */
  public static RowGroupSet all() {
    return ALL;
  }

  /** No row group: the stripe is skipped. */
  public static RowGroupSet none() {
    return NONE;
  }

  /** The groups {@code g} where {@code selected[g]}; groups past the array are not read. */
  public static RowGroupSet of(boolean[] selected) {
    BitSet b = new BitSet(selected.length);
    for (int g = 0; g < selected.length; g++) {
      if (selected[g]) {
        b.set(g);
      }
    }
    return new RowGroupSet(b);
  }

  /** The groups of the half-open ranges {@code [from, to)}, given as pairs. */
  public static RowGroupSet ranges(int... fromTo) {
    if (fromTo.length % 2 != 0) {
      throw new IllegalArgumentException("ranges come in (from, to) pairs");
    }
    BitSet b = new BitSet();
    for (int i = 0; i < fromTo.length; i += 2) {
      if (fromTo[i] < 0 || fromTo[i] > fromTo[i + 1]) {
        throw new IllegalArgumentException(
            "bad row group range [" + fromTo[i] + ", " + fromTo[i + 1] + ")");
      }
      b.set(fromTo[i], fromTo[i + 1]);
    }
    return new RowGroupSet(b);
  }

  /** The groups both sets choose. */
  public RowGroupSet and(RowGroupSet other) {
    if (groups == null) {
      return other;
    }
    if (other.groups == null) {
      return this;
    }
    BitSet b = (BitSet) groups.clone();
    b.and(other.groups);
    return new RowGroupSet(b);
  }

  public boolean contains(int group) {
    return groups == null || groups.get(group);
  }

  /** The first chosen group at or after {@code from} and before {@code count}, or -1. */
  public int next(int from, int count) {
    if (from >= count) {
      return -1;
    }
    if (groups == null) {
      return from;
    }
    int g = groups.nextSetBit(from);
    return g >= 0 && g < count ? g : -1;
  }

  /** The end of the run of chosen groups starting at chosen group {@code from}. */
  int runEnd(int from, int count) {
    if (groups == null) {
      return count;
    }
    int end = groups.nextClearBit(from);
    return Math.min(end, count);
  }

  /** How many of the first {@code count} groups are chosen. */
  public int count(int count) {
    return groups == null ? count : groups.get(0, count).cardinality();
  }

  @Override
  public String toString() {
    return groups == null ? "all" : groups.toString();
  }
}
