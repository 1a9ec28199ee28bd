package io.colfile.kudu.tablet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.LongVector;
import io.colfile.kudu.KuduType;
import io.colfile.kudu.fs.Containers;
import io.colfile.kudu.proto.KuduTabletProto;
import io.colfile.kudu.rowset.KuduColumn;
import io.colfile.kudu.rowset.KuduSchema;
import io.colfile.kudu.rowset.RowSetFiles;
import io.colfile.kudu.rowset.RowSetManifest;
import io.colfile.kudu.rowset.RowSetWriter;
import io.colfile.kudu.rowset.RowSetWriterOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tablet of two DiskRowSets whose blocks (CFiles colfile wrote) sit in one log block manager
 * container, named by a hand-made superblock: the tablet reads as the rows of both rowsets,
 * through the block store; a flipped byte in a block is damage naming the container file and
 * the block.
 */
class TabletBlocksTest {
  private static final KuduSchema SCHEMA = new KuduSchema(List.of(
      KuduColumn.of("k", 5, KuduType.INT64, false, true),
      KuduColumn.of("v", 9, KuduType.INT64, true, false)), List.of("k"));

  @TempDir Path tmp;
  private final ByteArrayOutputStream data = new ByteArrayOutputStream();
  private final List<byte[]> records = new ArrayList<>();
  private long nextBlock = 1000;

  /** Writes a rowset of keys {@code keys} (v = 10 k) and puts its files into the container. */
  private KuduTabletProto.RowSetDataPB rowset(int id, long... keys) throws IOException {
    Path dir = tmp.resolve("rs" + id);
    try (RowSetWriter w = RowSetWriter.create(dir, SCHEMA, RowSetWriterOptions.defaults())) {
      ColumnBatch b = new ColumnBatch(SCHEMA.rowType(), keys.length);
      for (int i = 0; i < keys.length; i++) {
        ((LongVector) b.cols[0]).vector[i] = keys[i];
        ((LongVector) b.cols[1]).vector[i] = 10 * keys[i];
      }
      b.size = keys.length;
      w.write(b);
    }
    RowSetFiles files;
    try (InputStream in = Files.newInputStream(dir.resolve(RowSetManifest.FILE_NAME))) {
      files = RowSetManifest.read(in, "rowset.json").files();
    }
    KuduTabletProto.RowSetDataPB.Builder rs = KuduTabletProto.RowSetDataPB.newBuilder()
        .setId(id).setLastDurableDmsId(-1);
    for (Map.Entry<Integer, String> c : files.columns().entrySet()) {
      rs.addColumns(KuduTabletProto.ColumnDataPB.newBuilder().setColumnId(c.getKey())
          .setBlock(put(dir.resolve(c.getValue()))));
    }
    if (files.bloom() != null) {
      rs.setBloomBlock(put(dir.resolve(files.bloom())));
    }
    return rs.build();
  }

  private KuduTabletProto.BlockIdPB put(Path file) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    long id = nextBlock++;
    records.add(Containers.create(id, data.size(), bytes.length));
    data.writeBytes(bytes);
    return KuduTabletProto.BlockIdPB.newBuilder().setId(id).build();
  }

  private KuduServerDir serverDir(Path wal) throws IOException {
    KuduTabletProto.SchemaPB.Builder schema = KuduTabletProto.SchemaPB.newBuilder();
    for (KuduColumn c : SCHEMA.columns()) {
      schema.addColumns(KuduTabletProto.ColumnSchemaPB.newBuilder().setId(c.id())
          .setName(c.name()).setType(c.type().wireId()).setIsKey(c.key())
          .setIsNullable(c.nullable()));
    }
    byte[] superblock = KuduTabletProto.TabletSuperBlockPB.newBuilder()
        .setTableId(ByteString.copyFromUtf8("tid")).setTabletId(ByteString.copyFromUtf8("tab1"))
        .setTableName("t").setSchema(schema).setSchemaVersion(0).setLastDurableMrsId(1)
        .setTabletDataState(1).addRowsets(rowset(0, 1, 2, 3)).addRowsets(rowset(1, 10, 11))
        .build().toByteArray();
    Files.createDirectories(wal.resolve("tablet-meta"));
    Files.write(wal.resolve("tablet-meta/tab1"), Containers.container(2,
        "kudu.tablet.TabletSuperBlockPB", List.of(superblock)));
    Files.write(wal.resolve("instance"), Containers.container(2, "kudu.InstanceMetadataPB",
        List.of(new byte[0])));
    Path d = Files.createDirectories(wal.resolve("data"));
    Files.write(d.resolve("block_manager_instance"),
        Containers.dirInstance("u0", List.of("u0"), "log"));
    Files.write(d.resolve("c.data"), data.toByteArray());
    Files.write(d.resolve("c.metadata"), Containers.container(2, "kudu.BlockRecordPB",
        records));
    return KuduServerDir.open(wal, List.of());
  }

  private static List<String> rows(TabletReader r, ReadOptions options) throws IOException {
    List<String> out = new ArrayList<>();
    try (BatchReader rows = r.read(options.withBatchSize(2))) {
      ColumnBatch b = rows.newBatch();
      while (rows.next(b)) {
        for (int i = 0; i < b.size; i++) {
          StringBuilder sb = new StringBuilder();
          for (int c = 0; c < b.cols.length; c++) {
            sb.append(c == 0 ? "" : ",").append(((LongVector) b.cols[c]).vector[i]);
          }
          out.add(sb.toString());
        }
      }
    }
    return out;
  }

  @Test
  void aTabletReadsTheRowsOfAllItsRowsets() throws IOException {
    KuduServerDir dir = serverDir(tmp.resolve("wal"));
    try (TabletReader r = dir.openTablet("tab1")) {
      assertThat(r.numberOfRows()).isEqualTo(5);
      assertThat(r.rowsets()).hasSize(2);
      assertThat(rows(r, ReadOptions.defaults()))
          .containsExactly("1,10", "2,20", "3,30", "10,100", "11,110");
      assertThat(rows(r, ReadOptions.columns("v"))).containsExactly("10", "20", "30", "100",
          "110");
      assertThat(r.describe()).containsEntry("tablet id", "tab1").containsEntry("rows", 5L);
    }
  }

  @Test
  void aDamagedBlockNamesTheContainerAndTheBlock() throws IOException {
    Path wal = tmp.resolve("wal");
    serverDir(wal);
    Path container = wal.resolve("data/c.data");
    byte[] bytes = Files.readAllBytes(container);
    // the first block is a CFile of rowset 0, written with checksums: flip a byte of its header
    // (after the magic and the header length)
    bytes[13] ^= 0x40;
    Files.write(container, bytes);
    KuduServerDir dir = KuduServerDir.open(wal, List.of());
    assertThatThrownBy(() -> {
      try (TabletReader r = dir.openTablet("tab1")) {
        rows(r, ReadOptions.defaults());
      }
    }).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining(container + " (block 1000, file offset 0");
  }
}
