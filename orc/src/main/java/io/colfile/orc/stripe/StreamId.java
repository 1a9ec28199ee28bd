package io.colfile.orc.stripe;

import io.colfile.core.error.FileRegion;

/**
 * A stream of a stripe: its column and kind. Ordered as ORC Java lays streams out (orc.md
 * section 5): the index area before the data area, then by column, then by kind number.
 */
public record StreamId(int column, StreamKind kind) implements Comparable<StreamId> {
  @Override
  public int compareTo(StreamId o) {
    boolean a = kind.isIndex();
    boolean b = o.kind.isIndex();
    if (a != b) {
      return a ? -1 : 1;
    }
    if (column != o.column) {
      return Integer.compare(column, o.column);
    }
    return Integer.compare(kind.wireId, o.kind.wireId);
  }

  /** The stream's structure within {@code stripe}, not yet placed: {@code column 5 / DATA}. */
  public FileRegion within(FileRegion stripe) {
    return stripe.child("column", column).child(kind.toString());
  }

  @Override
  public String toString() {
    return "column " + column + " / " + kind;
  }
}
