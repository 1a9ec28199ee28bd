package io.colfile.kudu.delta;

import java.util.Comparator;

/**
 * Which way a DeltaFile's mutations go (cfile.md section 11.3), and so the order of its cells:
 * by row ordinal, then by timestamp ascending for REDO (mutations since the base data was
 * written, applied oldest first) or descending for UNDO (inverse mutations, the one closest to
 * the base data first). Timestamps compare unsigned, as Kudu's uint64 does.
 */
public enum DeltaType {
  REDO,
  UNDO;

  /** Kudu's {@code DeltaKey::CompareTo<REDO or UNDO>}: negative, zero or positive. */
  public int compare(DeltaKey a, DeltaKey b) {
    int byRow = Long.compare(a.rowOrdinal(), b.rowOrdinal());
    if (byRow != 0) {
      return byRow;
    }
    int byTime = Long.compareUnsigned(a.timestamp(), b.timestamp());
    return this == REDO ? byTime : -byTime;
  }

  /** {@link #compare} as a Comparator. */
  public Comparator<DeltaKey> comparator() {
    return this::compare;
  }
}
