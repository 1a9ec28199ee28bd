package io.colfile.kudu.tablet;

import io.colfile.kudu.rowset.RowSetFiles;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One DiskRowSet of a tablet superblock ({@code RowSetDataPB}): the block ids of its column
 * CFiles by column id, its bloom filter and ad-hoc index (null when absent) and its REDO and
 * UNDO delta files in the order the superblock lists them.
 *
 * @param lastDurableDmsId the id of the last DeltaMemStore flushed into this rowset's deltas
 * @param liveRowCount the live rows Kudu counted, or -1 when the superblock has none
 */
public record RowSetMeta(long id, long lastDurableDmsId, Map<Integer, Long> columnBlocks,
    Long bloomBlock, Long adhocIndexBlock, List<Long> redoBlocks, List<Long> undoBlocks,
    long liveRowCount) {
  public RowSetMeta {
    columnBlocks = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(columnBlocks));
    redoBlocks = List.copyOf(redoBlocks);
    undoBlocks = List.copyOf(undoBlocks);
  }

  /** Every block the rowset names. */
  public List<Long> blocks() {
    List<Long> out = new ArrayList<>(columnBlocks.values());
    if (bloomBlock != null) {
      out.add(bloomBlock);
    }
    if (adhocIndexBlock != null) {
      out.add(adhocIndexBlock);
    }
    out.addAll(redoBlocks);
    out.addAll(undoBlocks);
    return out;
  }

  /** The rowset's files for a {@link io.colfile.kudu.rowset.RowSetReader}, named by block id. */
  public RowSetFiles files() {
    Map<Integer, String> cols = new LinkedHashMap<>();
    columnBlocks.forEach((c, b) -> cols.put(c, name(b)));
    return new RowSetFiles(cols, bloomBlock == null ? null : name(bloomBlock),
        adhocIndexBlock == null ? null : name(adhocIndexBlock), names(redoBlocks),
        names(undoBlocks));
  }

  private static List<String> names(List<Long> ids) {
    return ids.stream().map(RowSetMeta::name).toList();
  }

  static String name(long blockId) {
    return Long.toUnsignedString(blockId);
  }
}
