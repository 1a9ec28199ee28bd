package io.colfile.kudu.tablet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.error.CorruptFileException;
import io.colfile.kudu.KuduCompression;
import io.colfile.kudu.KuduEncoding;
import io.colfile.kudu.KuduType;
import io.colfile.kudu.fs.Containers;
import io.colfile.kudu.proto.KuduTabletProto;
import io.colfile.kudu.proto.KuduTabletProto.ColumnSchemaPB;
import io.colfile.kudu.rowset.KuduColumn;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tablet superblocks made by hand, read through {@link KuduServerDir}: the schema maps to
 * colfile's Kudu columns (ids, types with precision, scale and length, key, nullability, read
 * defaults, storage settings), rowsets keep their block ids by column id, tombstoned tablets are
 * skipped and say why, and a superblock that is not one is damage naming its file.
 */
class SuperBlockTest {
  @TempDir Path wal;

  private static ColumnSchemaPB.Builder column(int id, String name, KuduType type) {
    return ColumnSchemaPB.newBuilder().setId(id).setName(name).setType(type.wireId());
  }

  private static KuduTabletProto.BlockIdPB block(long id) {
    return KuduTabletProto.BlockIdPB.newBuilder().setId(id).build();
  }

  private static byte[] superblock(String tablet, int state) {
    KuduTabletProto.SchemaPB schema = KuduTabletProto.SchemaPB.newBuilder()
        .addColumns(column(10, "k", KuduType.INT32).setIsKey(true))
        .addColumns(column(11, "s", KuduType.STRING).setIsKey(true))
        .addColumns(column(12, "d", KuduType.DECIMAL64).setIsNullable(true)
            .setTypeAttributes(KuduTabletProto.ColumnTypeAttributesPB.newBuilder()
                .setPrecision(12).setScale(3)))
        .addColumns(column(13, "v", KuduType.VARCHAR).setIsNullable(true)
            .setTypeAttributes(KuduTabletProto.ColumnTypeAttributesPB.newBuilder().setLength(7))
            .setEncoding(KuduEncoding.DICT.wireId()).setCompression(KuduCompression.LZ4.wireId()))
        .addColumns(column(15, "added", KuduType.INT64)
            .setReadDefaultValue(ByteString.copyFrom(new byte[] {5, 0, 0, 0, 0, 0, 0, 0})))
        .build();
    KuduTabletProto.RowSetDataPB rowset = KuduTabletProto.RowSetDataPB.newBuilder().setId(3)
        .setLastDurableDmsId(2)
        .addColumns(KuduTabletProto.ColumnDataPB.newBuilder().setColumnId(10).setBlock(block(100)))
        .addColumns(KuduTabletProto.ColumnDataPB.newBuilder().setColumnId(11).setBlock(block(101)))
        .addRedoDeltas(KuduTabletProto.DeltaDataPB.newBuilder().setBlock(block(200)))
        .addUndoDeltas(KuduTabletProto.DeltaDataPB.newBuilder().setBlock(block(300)))
        .setBloomBlock(block(400)).setAdhocIndexBlock(block(401)).build();
    return KuduTabletProto.TabletSuperBlockPB.newBuilder()
        .setTableId(ByteString.copyFromUtf8("t-id")).setTabletId(ByteString.copyFromUtf8(tablet))
        .setTableName("orders").setSchemaVersion(4).setSchema(schema).setLastDurableMrsId(7)
        .setTabletDataState(state).addRowsets(rowset)
        .setPartition(KuduTabletProto.PartitionPB.newBuilder().addHashBuckets(1)
            .setPartitionKeyStart(ByteString.copyFrom(new byte[] {0, 0, 0, 1})))
        .build().toByteArray();
  }

  private void write(String tablet, byte[] superblock) throws IOException {
    Files.createDirectories(wal.resolve("tablet-meta"));
    Files.write(wal.resolve("tablet-meta").resolve(tablet), Containers.container(2,
        "kudu.tablet.TabletSuperBlockPB", List.of(superblock)));
  }

  private void formatFs() throws IOException {
    Files.write(wal.resolve("instance"), Containers.container(2, "kudu.InstanceMetadataPB",
        List.of(new byte[0])));
    Path data = Files.createDirectories(wal.resolve("data"));
    Files.write(data.resolve("block_manager_instance"),
        Containers.dirInstance("u0", List.of("u0"), "log"));
  }

  @Test
  void readsTabletsAndTheirSchemas() throws IOException {
    formatFs();
    write("aaaa", superblock("aaaa", 1));
    write("bbbb", superblock("bbbb", 3));
    KuduServerDir dir = KuduServerDir.open(wal, List.of());
    assertThat(dir.tables()).singleElement().satisfies(t -> {
      assertThat(t.name()).isEqualTo("orders");
      assertThat(t.id()).isEqualTo("t-id");
      assertThat(t.tablets()).extracting(TabletMeta::tabletId).containsExactly("aaaa");
    });
    assertThat(dir.skipped()).containsExactly(new KuduServerDir.Skipped("bbbb",
        "its data is TOMBSTONED (table orders)"));
    assertThatThrownBy(() -> dir.tablet("bbbb")).hasMessageContaining("TOMBSTONED");

    TabletMeta t = dir.tablet("aaaa");
    assertThat(t.schemaVersion()).isEqualTo(4);
    assertThat(t.lastDurableMrsId()).isEqualTo(7);
    assertThat(t.partition().hashBuckets()).containsExactly(1);
    assertThat(t.partition().partitionKeyStart()).containsExactly(0, 0, 0, 1);
    assertThat(t.schema().keyColumns()).containsExactly("k", "s");
    KuduColumn d = t.schema().column("d");
    assertThat(d.id()).isEqualTo(12);
    assertThat(d.type()).isEqualTo(KuduType.DECIMAL64);
    assertThat(d.logicalType().toString()).isEqualTo("decimal(12,3)");
    assertThat(d.nullable()).isTrue();
    KuduColumn v = t.schema().column("v");
    assertThat(v.logicalType().toString()).isEqualTo("varchar(7)");
    assertThat(v.encoding()).isEqualTo(KuduEncoding.DICT);
    assertThat(v.compression()).isEqualTo(KuduCompression.LZ4);
    assertThat(t.schema().column("added").readDefault()).containsExactly(5, 0, 0, 0, 0, 0, 0, 0);
    assertThat(t.schema().column("k").nullable()).isFalse();

    RowSetMeta rs = t.rowsets().get(0);
    assertThat(rs.id()).isEqualTo(3);
    assertThat(rs.lastDurableDmsId()).isEqualTo(2);
    assertThat(rs.columnBlocks()).containsExactly(java.util.Map.entry(10, 100L),
        java.util.Map.entry(11, 101L));
    assertThat(rs.redoBlocks()).containsExactly(200L);
    assertThat(rs.undoBlocks()).containsExactly(300L);
    assertThat(rs.bloomBlock()).isEqualTo(400L);
    assertThat(rs.adhocIndexBlock()).isEqualTo(401L);
    assertThat(rs.liveRowCount()).isEqualTo(-1);
    assertThat(rs.files().columns()).containsEntry(10, "100");
    // the blocks are not in the store: opening the tablet says which one is missing
    assertThatThrownBy(() -> dir.openTablet("aaaa")).isInstanceOf(
        java.nio.file.NoSuchFileException.class).hasMessageContaining("block 100");
  }

  @Test
  void aTabletWithoutRowsetsHasNoRows() throws IOException {
    formatFs();
    byte[] sb = KuduTabletProto.TabletSuperBlockPB.parseFrom(superblock("cccc", 1)).toBuilder()
        .clearRowsets().build().toByteArray();
    write("cccc", sb);
    KuduServerDir dir = KuduServerDir.open(wal, List.of());
    try (TabletReader r = dir.openTablet("cccc");
        BatchReader rows = r.read(ReadOptions.columns("k", "v"))) {
      assertThat(r.numberOfRows()).isZero();
      assertThat(rows.schema().children()).hasSize(2);
      assertThat(rows.next(rows.newBatch())).isFalse();
    }
  }

  @Test
  void damagedSuperblocksNameTheirFile() throws IOException {
    formatFs();
    byte[] noSchema = KuduTabletProto.TabletSuperBlockPB.parseFrom(superblock("dddd", 1))
        .toBuilder().clearSchema().build().toByteArray();
    write("dddd", noSchema);
    assertThatThrownBy(() -> KuduServerDir.open(wal, List.of()))
        .isInstanceOf(CorruptFileException.class)
        .hasMessageContaining(wal.resolve("tablet-meta/dddd").toString())
        .hasMessageContaining("schema");
    write("dddd", superblock("eeee", 1));
    assertThatThrownBy(() -> KuduServerDir.open(wal, List.of()))
        .isInstanceOf(CorruptFileException.class).hasMessageContaining("tablet eeee");
    byte[] flipped = Containers.container(2, "kudu.tablet.TabletSuperBlockPB",
        List.of(superblock("dddd", 1)));
    flipped[flipped.length - 10] ^= 4;
    Files.write(wal.resolve("tablet-meta/dddd"), flipped);
    assertThatThrownBy(() -> KuduServerDir.open(wal, List.of()))
        .isInstanceOf(CorruptFileException.class).hasMessageContaining("checksum");
  }

  @Test
  void separateDataDirectoriesAndMetadataInTheFirstOfThem() throws IOException {
    Files.write(wal.resolve("instance"), Containers.container(2, "kudu.InstanceMetadataPB",
        List.of(new byte[0])));
    Path d1 = wal.resolve("d1");
    Path d2 = wal.resolve("d2");
    Files.createDirectories(d1.resolve("data"));
    Files.createDirectories(d2.resolve("data"));
    Files.write(d1.resolve("data/block_manager_instance"),
        Containers.dirInstance("u0", List.of("u0", "u1"), "file"));
    Files.write(d2.resolve("data/block_manager_instance"),
        Containers.dirInstance("u1", List.of("u0", "u1"), "file"));
    // as Kudu 1.6 and older kept it: the superblocks in the first data directory
    Files.createDirectories(d1.resolve("tablet-meta"));
    Files.write(d1.resolve("tablet-meta/ffff"), Containers.container(2,
        "kudu.tablet.TabletSuperBlockPB", List.of(superblock("ffff", 1))));
    KuduServerDir dir = KuduServerDir.open(wal, List.of(d1, d2));
    assertThat(dir.blocks().kind()).isEqualTo("file");
    assertThat(dir.blocks().dataDirs()).containsExactly(d1.resolve("data"), d2.resolve("data"));
    assertThat(dir.tablets()).extracting(TabletMeta::tabletId).containsExactly("ffff");
  }

  @Test
  void aDirectoryThatIsNoTabletServerIsRefused() {
    assertThatThrownBy(() -> KuduServerDir.open(wal, List.of()))
        .isInstanceOf(java.nio.file.NoSuchFileException.class).hasMessageContaining("instance");
  }
}
