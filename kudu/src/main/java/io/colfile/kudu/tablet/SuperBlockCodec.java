package io.colfile.kudu.tablet;

import com.google.protobuf.InvalidProtocolBufferException;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.FileRegion;
import io.colfile.kudu.KuduCompression;
import io.colfile.kudu.KuduEncoding;
import io.colfile.kudu.KuduType;
import io.colfile.kudu.proto.KuduTabletProto;
import io.colfile.kudu.rowset.KuduColumn;
import io.colfile.kudu.rowset.KuduSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The protobuf boundary of tablet superblocks: the only code that turns a {@code
 * TabletSuperBlockPB} into a {@link TabletMeta}, its {@code SchemaPB} into a {@link KuduSchema}
 * (column ids, names, types with precision/scale/length, nullability, key, read defaults,
 * storage settings). Every problem names the superblock through the region given.
 */
final class SuperBlockCodec {
  static final String TYPE = "kudu.tablet.TabletSuperBlockPB";

  private SuperBlockCodec() {}

  static TabletMeta parse(byte[] body, FileRegion region) throws CorruptFileException {
    KuduTabletProto.TabletSuperBlockPB pb;
    try {
      pb = KuduTabletProto.TabletSuperBlockPB.parseFrom(body);
    } catch (InvalidProtocolBufferException e) {
      throw region.corrupt(e, -1, "not a TabletSuperBlockPB: %s", e.getMessage());
    }
    if (!pb.hasTableId() || !pb.hasTabletId() || !pb.hasTableName() || !pb.hasSchema()
        || !pb.hasLastDurableMrsId()) {
      throw region.corrupt("%s", "a superblock needs table_id, tablet_id, table_name, schema"
          + " and last_durable_mrs_id");
    }
    TabletDataState state = TabletDataState.ofWireId(pb.getTabletDataState());
    if (state == null) {
      throw region.corrupt("%s", "tablet data state " + pb.getTabletDataState());
    }
    KuduSchema schema = schema(pb.getSchema(), region.part("schema"));
    List<RowSetMeta> rowsets = new ArrayList<>();
    for (KuduTabletProto.RowSetDataPB rs : pb.getRowsetsList()) {
      rowsets.add(rowset(rs, region.part("rowset", rs.getId())));
    }
    List<Long> orphaned = new ArrayList<>();
    pb.getOrphanedBlocksList().forEach(b -> orphaned.add(b.getId()));
    KuduTabletProto.PartitionPB p = pb.getPartition();
    TabletPartition partition = new TabletPartition(p.getHashBucketsList(),
        p.getPartitionKeyStart().toByteArray(), p.getPartitionKeyEnd().toByteArray());
    return new TabletMeta(pb.getTabletId().toStringUtf8(), pb.getTableId().toStringUtf8(),
        pb.getTableName(), pb.getSchemaVersion(), schema, partition, state,
        pb.getLastDurableMrsId(), rowsets, orphaned);
  }

  private static RowSetMeta rowset(KuduTabletProto.RowSetDataPB rs, FileRegion region)
      throws CorruptFileException {
    if (!rs.hasId()) {
      throw region.corrupt("%s", "a rowset needs an id");
    }
    Map<Integer, Long> columns = new LinkedHashMap<>();
    for (KuduTabletProto.ColumnDataPB c : rs.getColumnsList()) {
      if (!c.hasColumnId() || !c.hasBlock() || !c.getBlock().hasId()) {
        throw region.corrupt("%s", "a column's data needs a column id and a block id");
      }
      if (columns.put(c.getColumnId(), c.getBlock().getId()) != null) {
        throw region.corrupt("%s", "column id " + c.getColumnId() + " has two blocks");
      }
    }
    List<Long> redo = new ArrayList<>();
    rs.getRedoDeltasList().forEach(d -> redo.add(d.getBlock().getId()));
    List<Long> undo = new ArrayList<>();
    rs.getUndoDeltasList().forEach(d -> undo.add(d.getBlock().getId()));
    return new RowSetMeta(rs.getId(), rs.getLastDurableDmsId(), columns,
        rs.hasBloomBlock() ? rs.getBloomBlock().getId() : null,
        rs.hasAdhocIndexBlock() ? rs.getAdhocIndexBlock().getId() : null, redo, undo,
        rs.hasLiveRowCount() ? rs.getLiveRowCount() : -1);
  }

  /** The table schema: columns in the superblock's order, the key columns (first) in order. */
  static KuduSchema schema(KuduTabletProto.SchemaPB pb, FileRegion region)
      throws CorruptFileException {
    return schema(pb, region, true);
  }

  /**
   * A client's schema as a write-ahead log entry carries it (Kudu's SchemaPB bytes): clients
   * send no column ids, so columns without one take their position.
   */
  static KuduSchema clientSchema(byte[] bytes, FileRegion region) throws CorruptFileException {
    KuduTabletProto.SchemaPB pb;
    try {
      pb = KuduTabletProto.SchemaPB.parseFrom(bytes);
    } catch (com.google.protobuf.InvalidProtocolBufferException e) {
      throw region.corrupt(e, -1, "%s", "the schema is no SchemaPB: " + e.getMessage());
    }
    return schema(pb, region, false);
  }

  private static KuduSchema schema(KuduTabletProto.SchemaPB pb, FileRegion region,
      boolean idsRequired) throws CorruptFileException {
    List<KuduColumn> columns = new ArrayList<>();
    List<String> key = new ArrayList<>();
    for (KuduTabletProto.ColumnSchemaPB c : pb.getColumnsList()) {
      FileRegion at = region.part("column " + c.getName());
      if ((idsRequired && !c.hasId()) || !c.hasName() || !c.hasType()) {
        throw at.corrupt("%s", "a column needs " + (idsRequired ? "an id, " : "")
            + "a name and a type");
      }
      KuduType type = KuduType.ofWireId(c.getType());
      if (type == null) {
        throw at.corrupt("%s", "data type " + c.getType() + ", which colfile does not read");
      }
      KuduEncoding encoding = c.hasEncoding() ? KuduEncoding.ofWireId(c.getEncoding())
          : KuduEncoding.AUTO;
      KuduCompression compression = c.hasCompression()
          ? KuduCompression.ofWireId(c.getCompression()) : KuduCompression.DEFAULT;
      KuduTabletProto.ColumnTypeAttributesPB attrs = c.getTypeAttributes();
      try {
        columns.add(new KuduColumn(c.getName(), c.hasId() ? c.getId() : columns.size(), type,
            c.getIsNullable(),
            c.getIsKey(), attrs.getPrecision(), attrs.getScale(), attrs.getLength(), encoding,
            compression, Math.max(0, c.getCfileBlockSize()),
            c.hasReadDefaultValue() ? c.getReadDefaultValue().toByteArray() : null));
      } catch (IllegalArgumentException e) {
        throw at.corrupt(e, -1, "%s", e.getMessage());
      }
      if (c.getIsKey()) {
        key.add(c.getName());
      }
    }
    try {
      return new KuduSchema(columns, key);
    } catch (IllegalArgumentException e) {
      throw region.corrupt(e, -1, "%s", e.getMessage());
    }
  }
}
