package io.colfile.trevni;

import io.colfile.core.error.CorruptFileException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Seeks a column that has a parent to a row. Such a column has one entry per element of its
 * parent (trevni.md section 7), not one per row, and its blocks, though they end on row
 * boundaries, end on different rows than its parent's. So to skip from the start of its block
 * (row {@code s}) to the target row, the number of its entries in rows {@code [s, target)} is
 * counted by reading its ancestors' lengths over those rows, with cursors of their own.
 *
 * <p>Each ancestor is itself positioned the same way, at the start of its child's block: for the
 * chain {@code A0 (root), ..., Ak (the parent)}, {@code A(i-1)} starts at the first row of
 * {@code Ai}'s block holding the row {@code Ai} must reach. Built from the root down, without
 * recursion, so a file of thousands of nested columns cannot exhaust the stack. Apache Avro
 * 1.12's {@code seek(row)} skips one value per row here, which is wrong (section 13, item 8).
 */
final class RowSeek {
  /** Element counts beyond this are damage: no block holds so many entries of a child. */
  private static final long MAX_ELEMENTS = 1L << 56;

  private RowSeek() {}

  /** Positions {@code cursor}, of a column with a parent, before row {@code target}. */
  static void seekChild(TrevniFile file, ColumnCursor cursor, long target)
      throws IOException {
    List<Integer> chain = new ArrayList<>();
    for (int p = file.parentIndex(cursor.columnIndex()); p >= 0; p = file.parentIndex(p)) {
      chain.add(0, p);
    }
    // rows[i]: where ancestor i must stand; the cursor itself starts at its block's first row
    long start = cursor.seekBlockOf(target);
    long[] rows = new long[chain.size()];
    List<ColumnCursor> scouts = new ArrayList<>();
    long need = start;
    for (int i = chain.size() - 1; i >= 0; i--) {
      ColumnCursor scout = file.cursor(chain.get(i));
      rows[i] = need;
      need = i == 0 ? need : scout.seekBlockOf(need);
      scouts.add(0, scout);
    }
    scouts.get(0).seekRow(rows[0]);
    for (int i = 1; i < scouts.size(); i++) {
      ColumnCursor scout = scouts.get(i);
      advance(file, scouts.subList(0, i), scout, rows[i]);
    }
    advance(file, scouts, cursor, target);
  }

  /**
   * Moves {@code column} (at the start of its block) and its ancestors {@code chain} (at that
   * same row) forward together to row {@code target}, skipping the column's entries.
   */
  private static void advance(TrevniFile file, List<ColumnCursor> chain,
      ColumnCursor column, long target) throws IOException {
    while (column.row() < target) {
      long entries = 1;
      for (ColumnCursor c : chain) {
        c.startRow();
        entries = check(file, c, c.skipEntries(entries));
      }
      column.startRow();
      column.skipEntries(entries);
    }
  }

  private static long check(TrevniFile file, ColumnCursor c, long elements)
      throws CorruptFileException {
    if (elements < 0 || elements > MAX_ELEMENTS) {
      throw file.columnRegion(file.columnIndex(c.column().name())).corrupt(
          "row %d claims %s elements, more than any file holds", c.row() - 1,
          Long.toUnsignedString(elements));
    }
    return elements;
  }
}
