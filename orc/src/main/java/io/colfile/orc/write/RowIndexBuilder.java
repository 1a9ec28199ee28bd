package io.colfile.orc.write;

import io.colfile.orc.index.Checkpoint;
import io.colfile.orc.proto.IndexMessages;
import io.colfile.orc.stats.ColumnStatistics;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;

/**
 * The row index of one column in the stripe being written: one entry per row group, each the
 * checkpoints where the group starts in the column's streams (PRESENT first, then the others in
 * the order orc.md section 7 gives) plus the group's statistics. Checkpoints of the open group
 * accumulate in {@link #current()}; dictionary-encoded strings add theirs to finished entries
 * when the stripe is flushed ({@link #entry(int)}).
 */
final class RowIndexBuilder {
  private final List<List<Checkpoint>> entries = new ArrayList<>();
  private final List<ColumnStatistics> statistics = new ArrayList<>();
  private List<Checkpoint> current = new ArrayList<>();

  List<Checkpoint> current() {
    return current;
  }

  /** Closes the open group with its statistics; a new open group starts empty. */
  void finishEntry(ColumnStatistics stats) {
    entries.add(current);
    statistics.add(stats);
    current = new ArrayList<>();
  }

  int entryCount() {
    return entries.size();
  }

  List<Checkpoint> entry(int entry) {
    return entries.get(entry);
  }

  /**
   * The stripe's ROW_INDEX stream. When the stripe has no PRESENT stream for the column its
   * checkpoint (always the first) is left out, as readers then expect none.
   */
  byte[] build(boolean withoutPresent, boolean compressed) {
    List<long[]> numbers = new ArrayList<>(entries.size());
    for (List<Checkpoint> entry : entries) {
      LongStream.Builder out = LongStream.builder();
      for (int i = withoutPresent ? 1 : 0; i < entry.size(); i++) {
        entry.get(i).appendTo(out, compressed);
      }
      numbers.add(out.build().toArray());
    }
    return IndexMessages.serializeRowIndex(numbers, statistics);
  }

  void clear() {
    entries.clear();
    statistics.clear();
    current.clear();
  }
}
