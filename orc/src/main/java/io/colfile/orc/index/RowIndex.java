package io.colfile.orc.index;

import java.util.List;

/** A column's row index in one stripe: one entry per row group, in row order. */
public record RowIndex(int column, List<RowGroupEntry> entries) {
  public RowIndex {
    entries = List.copyOf(entries);
  }

  public RowGroupEntry entry(int rowGroup) {
    return entries.get(rowGroup);
  }
}
