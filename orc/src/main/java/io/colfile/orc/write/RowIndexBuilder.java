package io.colfile.orc.write;

import io.colfile.orc.proto.IndexMessages;
import io.colfile.orc.stats.ColumnStatistics;
import java.util.ArrayList;
import java.util.List;

/**
 * The row index of one column in the stripe being written: one entry per row group, each the
 * positions where the group starts in the column's streams plus the group's statistics.
 * Positions of the open group accumulate in {@link #current()}; dictionary-encoded strings add
 * theirs to finished entries when the stripe is flushed ({@link #entryPositions(int)}).
 */
final class RowIndexBuilder {
  private final List<LongList> positions = new ArrayList<>();
  private final List<ColumnStatistics> statistics = new ArrayList<>();
  private LongList current = new LongList();

  LongList current() {
    return current;
  }

  /** Closes the open group with its statistics; a new open group starts empty. */
  void finishEntry(ColumnStatistics stats) {
    positions.add(current);
    statistics.add(stats);
    current = new LongList();
  }

  int entryCount() {
    return positions.size();
  }

  LongList entryPositions(int entry) {
    return positions.get(entry);
  }

  /** The stripe's ROW_INDEX stream, leaving out the first {@code skip} positions of entries. */
  byte[] build(int skip) {
    List<long[]> numbers = new ArrayList<>(positions.size());
    for (LongList p : positions) {
      numbers.add(p.toArray(skip));
    }
    return IndexMessages.serializeRowIndex(numbers, statistics);
  }

  void clear() {
    positions.clear();
    statistics.clear();
    current.clear();
  }
}
