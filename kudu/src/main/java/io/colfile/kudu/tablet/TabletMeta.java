package io.colfile.kudu.tablet;

import io.colfile.kudu.rowset.KuduSchema;
import java.util.List;

/**
 * A tablet superblock ({@code tablet-meta/<tablet id>}, a {@code TabletSuperBlockPB}): which
 * table the tablet belongs to, the table's schema as this tablet knows it, its partition, the
 * state of its data and its flushed DiskRowSets.
 *
 * @param lastDurableMrsId the id of the last MemRowSet flushed into a DiskRowSet; rows of later
 *     MemRowSets are only in the write-ahead log
 * @param orphanedBlocks blocks Kudu no longer needs but has not deleted yet
 */
public record TabletMeta(String tabletId, String tableId, String tableName, int schemaVersion,
    KuduSchema schema, TabletPartition partition, TabletDataState dataState,
    long lastDurableMrsId, List<RowSetMeta> rowsets, List<Long> orphanedBlocks) {
  public TabletMeta {
    rowsets = List.copyOf(rowsets);
    orphanedBlocks = List.copyOf(orphanedBlocks);
  }
}
