package io.colfile.kudu.rowset;

import java.util.List;
import java.util.Map;

/**
 * The block files of one DiskRowSet (cfile.md section 12.1), as paths relative to wherever the
 * caller keeps them: a CFile per column id (columns added after the rowset was written have
 * none), the bloom filter, the ad-hoc index of composite keys (null for single-column keys), and
 * the REDO and UNDO delta files (any order: deltas are ordered by their timestamps).
 */
public record RowSetFiles(Map<Integer, String> columns, String bloom, String adhocIndex,
    List<String> redoDeltas, List<String> undoDeltas) {
  public RowSetFiles {
    columns = Map.copyOf(columns);
    redoDeltas = List.copyOf(redoDeltas);
    undoDeltas = List.copyOf(undoDeltas);
  }
}
