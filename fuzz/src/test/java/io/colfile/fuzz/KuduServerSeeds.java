package io.colfile.fuzz;

import io.colfile.core.codec.Lz4BlockCompressor;
import io.colfile.core.io.OutputFile;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.LongVector;
import io.colfile.kudu.KuduCompression;
import io.colfile.kudu.KuduType;
import io.colfile.kudu.delta.ColumnUpdate;
import io.colfile.kudu.delta.DeltaFileWriter;
import io.colfile.kudu.delta.DeltaKey;
import io.colfile.kudu.delta.DeltaType;
import io.colfile.kudu.delta.RowChangeList;
import io.colfile.kudu.proto.KuduTabletProto;
import io.colfile.kudu.proto.KuduWalProto;
import io.colfile.kudu.rowset.KuduColumn;
import io.colfile.kudu.rowset.KuduSchema;
import io.colfile.kudu.rowset.RowSetFiles;
import io.colfile.kudu.rowset.RowSetManifest;
import io.colfile.kudu.rowset.RowSetWriter;
import io.colfile.kudu.rowset.RowSetWriterOptions;
import io.colfile.shaded.protobuf.ByteString;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.CRC32C;

/**
 * The seeds of the directory and tablet server targets: rowset directories colfile writes (with
 * DeltaFiles added to the manifest), write-ahead log segments and whole tablet server
 * directories laid out as Kudu 1.17 lays them out (protobuf containers of superblocks, instance
 * files and block records; a log block container holding a rowset's blocks; a log replaying
 * writes on top). Deterministic, so the same bytes on every run.
 */
final class KuduServerSeeds {
  /** Kudu's CompressionType ids in a log segment header. */
  private static final int NO_COMPRESSION = 1;
  private static final int LZ4 = 3;
  private static final long T0 = 1_700_000_000_000_000L;

  private KuduServerSeeds() {}

  /** Rowset directories as {@link DirArchive}s. */
  static Map<String, byte[]> rowsetDirs(Path tmp) throws IOException {
    Map<String, byte[]> out = new LinkedHashMap<>();
    KuduSchema composite = new KuduSchema(List.of(
        KuduColumn.of("k", 1, KuduType.INT64, false, true),
        KuduColumn.of("s", 2, KuduType.STRING, false, true),
        KuduColumn.of("d", 3, KuduType.DOUBLE, true, false),
        KuduColumn.of("v", 4, KuduType.STRING, true, false)), List.of("k", "s"));
    Path dir = tmp.resolve("rowset-composite");
    writeRowSet(dir, composite, 40, RowSetWriterOptions.defaults()
        .withDefaultCompression(KuduCompression.LZ4).withDefaultBlockSize(256));
    out.put("composite-lz4-checked.dir", DirArchive.pack(DirArchive.read(dir)));

    KuduSchema single = new KuduSchema(List.of(
        KuduColumn.of("k", 1, KuduType.INT64, false, true),
        KuduColumn.of("s", 2, KuduType.STRING, false, false),
        KuduColumn.of("d", 3, KuduType.DOUBLE, true, false),
        KuduColumn.of("v", 4, KuduType.STRING, true, false)), List.of("k"));
    dir = tmp.resolve("rowset-deltas");
    writeRowSet(dir, single, 30, RowSetWriterOptions.defaults().withChecksums(false)
        .withDefaultBlockSize(256));
    addDeltas(dir, single, 30);
    out.put("single-deltas-none.dir", DirArchive.pack(DirArchive.read(dir)));
    return out;
  }

  /** Write-ahead log segments: closed and uncompressed, unclosed LZ4 with preallocated zeros. */
  static Map<String, byte[]> logSegments() {
    Map<String, byte[]> out = new LinkedHashMap<>();
    List<KuduWalProto.LogEntryBatchPB> batches = walBatches(0);
    out.put("closed-none.wal", segment("t1", NO_COMPRESSION, batches, true, 0));
    out.put("open-lz4.wal", segment("t1", LZ4, batches, false, 64));
    return out;
  }

  /**
   * Tablet server directories (one tablet: a rowset whose blocks, with a REDO DeltaFile, are in
   * one log block container, or a file each; a log that inserts, updates and deletes on top),
   * as {@link DirArchive}s: with the log uncompressed, and with it LZ4-compressed and unclosed.
   */
  static Map<String, byte[]> tabletServers(Path tmp) throws IOException {
    Map<String, byte[]> out = new LinkedHashMap<>();
    KuduSchema schema = new KuduSchema(List.of(
        KuduColumn.of("k", 10, KuduType.INT64, false, true),
        KuduColumn.of("s", 11, KuduType.STRING, true, false)), List.of("k"));
    Path rs = tmp.resolve("server-rowset");
    try (RowSetWriter w = RowSetWriter.create(rs, schema, RowSetWriterOptions.defaults()
        .withDefaultBlockSize(256))) {
      ColumnBatch b = new ColumnBatch(schema.rowType(), 20);
      for (int i = 0; i < 20; i++) {
        ((LongVector) b.cols[0]).vector[i] = i * 2L;
        if (i % 5 == 4) {
          b.cols[1].setNull(i);
        } else {
          byte[] s = utf8("row " + i);
          ((BytesVector) b.cols[1]).setRef(i, s, 0, s.length);
        }
      }
      b.size = 20;
      w.write(b);
    }
    Path redo = rs.resolve("redo.cfile");
    try (DeltaFileWriter w = DeltaFileWriter.create(OutputFile.local(redo), DeltaType.REDO,
        true)) {
      w.append(new DeltaKey(3, DeltaKey.hybridTime(T0 + 3, 0)),
          RowChangeList.update(ColumnUpdate.of(11, utf8("updated"))));
      w.append(new DeltaKey(7, DeltaKey.hybridTime(T0 + 7, 0)), RowChangeList.delete());
    }
    RowSetFiles files;
    try (InputStream in = Files.newInputStream(rs.resolve(RowSetManifest.FILE_NAME))) {
      files = RowSetManifest.read(in, RowSetManifest.FILE_NAME).files();
    }
    ByteArrayOutputStream data = new ByteArrayOutputStream();
    List<byte[]> records = new ArrayList<>();
    Map<Long, byte[]> blocks = new LinkedHashMap<>();
    long[] next = {1000};
    java.util.function.Function<Path, KuduTabletProto.BlockIdPB> put = p -> {
      byte[] bytes;
      try {
        bytes = Files.readAllBytes(p);
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
      long id = next[0]++;
      blocks.put(id, bytes);
      records.add(KuduTabletProto.BlockRecordPB.newBuilder()
          .setBlockId(KuduTabletProto.BlockIdPB.newBuilder().setId(id)).setOpType(1)
          .setTimestampUs(1).setOffset(data.size()).setLength(bytes.length).build()
          .toByteArray());
      data.writeBytes(bytes);
      return KuduTabletProto.BlockIdPB.newBuilder().setId(id).build();
    };
    KuduTabletProto.RowSetDataPB.Builder rowset = KuduTabletProto.RowSetDataPB.newBuilder()
        .setId(0).setLastDurableDmsId(0);
    for (Map.Entry<Integer, String> c : new TreeMap<>(files.columns()).entrySet()) {
      rowset.addColumns(KuduTabletProto.ColumnDataPB.newBuilder().setColumnId(c.getKey())
          .setBlock(put.apply(rs.resolve(c.getValue()))));
    }
    rowset.setBloomBlock(put.apply(rs.resolve(files.bloom())));
    rowset.addRedoDeltas(KuduTabletProto.DeltaDataPB.newBuilder().setBlock(put.apply(redo)));
    // a block created and deleted: the container's records hold both
    records.add(KuduTabletProto.BlockRecordPB.newBuilder()
        .setBlockId(KuduTabletProto.BlockIdPB.newBuilder().setId(999)).setOpType(1)
        .setTimestampUs(1).setOffset(0).setLength(0).build().toByteArray());
    records.add(KuduTabletProto.BlockRecordPB.newBuilder()
        .setBlockId(KuduTabletProto.BlockIdPB.newBuilder().setId(999)).setOpType(2)
        .setTimestampUs(2).build().toByteArray());
    byte[] superblock = KuduTabletProto.TabletSuperBlockPB.newBuilder()
        .setTableId(ByteString.copyFromUtf8("tid")).setTabletId(ByteString.copyFromUtf8("tab1"))
        .setTableName("t").setSchema(schemaPb(schema, true)).setSchemaVersion(0)
        .setLastDurableMrsId(0).setTabletDataState(1).addRowsets(rowset).build().toByteArray();
    for (String variant : new String[] {"log-blocks-wal-none-closed", "log-blocks-wal-lz4-open",
        "file-blocks-wal-none-closed"}) {
      boolean lz4 = variant.contains("lz4");
      boolean fileBlocks = variant.startsWith("file");
      Map<String, byte[]> dir = new LinkedHashMap<>();
      dir.put("instance", container("kudu.InstanceMetadataPB", List.of(new byte[0])));
      dir.put("data/block_manager_instance", container("kudu.DirInstanceMetadataPB",
          List.of(KuduTabletProto.DirInstanceMetadataPB.newBuilder()
              .setDirSet(KuduTabletProto.DirSetPB.newBuilder()
                  .setUuid(ByteString.copyFromUtf8("u0"))
                  .addAllUuids(ByteString.copyFromUtf8("u0")))
              .setDirType(fileBlocks ? "file" : "log").build().toByteArray())));
      if (fileBlocks) {
        // the file block manager: block B at data/xx/yy/zz/<B in 16 digits>, xx yy zz its
        // bytes 2 to 4 from the top (all 00 for these small ids)
        for (var b : blocks.entrySet()) {
          dir.put(String.format("data/00/00/00/%016d", b.getKey()), b.getValue());
        }
      } else {
        dir.put("data/c0.metadata", container("kudu.BlockRecordPB", records));
        dir.put("data/c0.data", data.toByteArray());
      }
      dir.put("tablet-meta/tab1", container("kudu.tablet.TabletSuperBlockPB",
          List.of(superblock)));
      dir.put("wals/tab1/wal-000000001", segment("tab1", lz4 ? LZ4 : NO_COMPRESSION,
          walBatches(1), !lz4, lz4 ? 32 : 0));
      out.put(variant + ".dir", DirArchive.pack(dir));
    }
    return out;
  }

  private static void writeRowSet(Path dir, KuduSchema schema, int rows,
      RowSetWriterOptions options) throws IOException {
    try (RowSetWriter w = RowSetWriter.create(dir, schema, options)) {
      ColumnBatch b = new ColumnBatch(schema.rowType(), rows);
      for (int i = 0; i < rows; i++) {
        // not in key order: the rowset is sorted at close
        ((LongVector) b.cols[0]).vector[i] = (i * 7L) % rows;
        byte[] s = utf8("s" + (i % 3));
        ((BytesVector) b.cols[1]).setRef(i, s, 0, s.length);
        if (i % 4 == 0) {
          b.cols[2].setNull(i);
        } else {
          ((DoubleVector) b.cols[2]).vector[i] = i / 4.0;
        }
        if (i % 6 == 0) {
          b.cols[3].setNull(i);
        } else {
          byte[] v = utf8("value " + i);
          ((BytesVector) b.cols[3]).setRef(i, v, 0, v.length);
        }
      }
      b.size = rows;
      w.write(b);
    }
  }

  /** A REDO and an UNDO DeltaFile for the rowset in {@code dir}, named in its rowset.json. */
  private static void addDeltas(Path dir, KuduSchema schema, int rows) throws IOException {
    try (DeltaFileWriter w = DeltaFileWriter.create(OutputFile.local(dir.resolve("redo-0.cfile")),
        DeltaType.REDO, false, KuduCompression.NONE, 256)) {
      for (int row = 1; row < rows; row += 4) {
        w.append(new DeltaKey(row, DeltaKey.hybridTime(T0 + row, 0)), row % 3 == 0
            ? RowChangeList.delete()
            : RowChangeList.update(ColumnUpdate.of(3, le(8).putDouble(-row).array()),
                ColumnUpdate.setNull(4)));
      }
    }
    try (DeltaFileWriter w = DeltaFileWriter.create(OutputFile.local(dir.resolve("undo-0.cfile")),
        DeltaType.UNDO, false, KuduCompression.NONE, 256)) {
      for (int row = 0; row < rows; row += 5) {
        w.append(new DeltaKey(row, DeltaKey.hybridTime(T0 - 10, 0)),
            RowChangeList.update(ColumnUpdate.of(4, utf8("before " + row))));
        w.append(new DeltaKey(row, DeltaKey.hybridTime(T0 - 20, 0)), RowChangeList.delete());
      }
    }
    RowSetManifest.Contents c;
    try (InputStream in = Files.newInputStream(dir.resolve(RowSetManifest.FILE_NAME))) {
      c = RowSetManifest.read(in, RowSetManifest.FILE_NAME);
    }
    RowSetFiles f = c.files();
    RowSetFiles withDeltas = new RowSetFiles(f.columns(), f.bloom(), f.adhocIndex(),
        List.of("redo-0.cfile"), List.of("undo-0.cfile"));
    try (OutputStream out = Files.newOutputStream(dir.resolve(RowSetManifest.FILE_NAME))) {
      RowSetManifest.write(new RowSetManifest.Contents(schema, withDeltas, c.rows()), out);
    }
  }

  private static KuduTabletProto.SchemaPB schemaPb(KuduSchema schema, boolean ids) {
    KuduTabletProto.SchemaPB.Builder pb = KuduTabletProto.SchemaPB.newBuilder();
    for (KuduColumn c : schema.columns()) {
      KuduTabletProto.ColumnSchemaPB.Builder col = KuduTabletProto.ColumnSchemaPB.newBuilder()
          .setName(c.name()).setType(c.type().wireId()).setIsKey(c.key())
          .setIsNullable(c.nullable());
      if (ids) {
        col.setId(c.id());
      }
      pb.addColumns(col);
    }
    return pb.build();
  }

  /**
   * Three writes of a client with schema (k INT64 key, s STRING nullable): inserts, then an
   * update and a delete, each committed with its results in MemRowSet {@code mrs}; then a write
   * logged but never committed.
   */
  private static List<KuduWalProto.LogEntryBatchPB> walBatches(long mrs) {
    KuduSchema client = new KuduSchema(List.of(
        KuduColumn.of("k", 0, KuduType.INT64, false, true),
        KuduColumn.of("s", 1, KuduType.STRING, true, false)), List.of("k"));
    List<KuduWalProto.LogEntryBatchPB> out = new ArrayList<>();
    // INSERT k = 101, 103, 105 (s = "w<k>", 105 NULL)
    Ops ins = new Ops();
    for (long k = 101; k <= 105; k += 2) {
      ins.op(1, k, k == 105 ? null : "w" + k, true);
    }
    out.add(replicate(1, client, ins));
    out.add(commit(1, mrs, ins.count));
    // UPDATE k = 103 set s = NULL; DELETE k = 101; UPDATE k = 4 (flushed) set s
    Ops upd = new Ops();
    upd.op(2, 103, null, true);
    upd.op(3, 101, null, false);
    upd.op(2, 4, "changed", true);
    out.add(replicate(2, client, upd));
    out.add(commit(2, mrs, upd.count));
    Ops late = new Ops();
    late.op(1, 200, "uncommitted", true);
    out.add(replicate(3, client, late));
    return out;
  }

  /** Row operations in Kudu's wire form for the two-column client schema. */
  private static final class Ops {
    final ByteArrayOutputStream rows = new ByteArrayOutputStream();
    final ByteArrayOutputStream indirect = new ByteArrayOutputStream();
    int count;

    /** Operation {@code type} on key {@code k}; sets s (to {@code s}, NULL if null) if asked. */
    void op(int type, long k, String s, boolean setS) {
      rows.write(type);
      rows.write(setS ? 0b11 : 0b01); // which columns are set
      rows.write(setS && s == null ? 0b10 : 0); // which are NULL
      rows.writeBytes(le(8).putLong(k).array());
      if (setS && s != null) {
        byte[] b = utf8(s);
        rows.writeBytes(le(16).putLong(indirect.size()).putLong(b.length).array());
        indirect.writeBytes(b);
      }
      count++;
    }
  }

  private static KuduWalProto.LogEntryBatchPB replicate(long index, KuduSchema client,
      Ops ops) {
    return KuduWalProto.LogEntryBatchPB.newBuilder().addEntry(
        KuduWalProto.LogEntryPB.newBuilder().setType(1).setReplicate(
            KuduWalProto.ReplicateMsgPB.newBuilder()
                .setId(KuduTabletProto.OpIdPB.newBuilder().setTerm(1).setIndex(index))
                .setTimestamp((T0 + 1000 * index) << 12).setOpType(3)
                .setWriteRequest(KuduWalProto.WriteRequestPB.newBuilder()
                    .setTabletId(ByteString.copyFromUtf8("tab1"))
                    .setSchema(schemaPb(client, false))
                    .setRowOperations(KuduWalProto.RowOperationsPB.newBuilder()
                        .setRows(ByteString.copyFrom(ops.rows.toByteArray()))
                        .setIndirectData(ByteString.copyFrom(ops.indirect.toByteArray()))))))
        .build();
  }

  private static KuduWalProto.LogEntryBatchPB commit(long index, long mrs, int ops) {
    KuduWalProto.TxResultPB.Builder result = KuduWalProto.TxResultPB.newBuilder();
    for (int i = 0; i < ops; i++) {
      result.addOps(KuduWalProto.OperationResultPB.newBuilder()
          .addMutatedStores(KuduWalProto.MemStoreTargetPB.newBuilder().setMrsId(mrs)));
    }
    return KuduWalProto.LogEntryBatchPB.newBuilder().addEntry(
        KuduWalProto.LogEntryPB.newBuilder().setType(2).setCommit(
            KuduWalProto.CommitMsgPB.newBuilder().setOpType(3)
                .setCommitedOpId(KuduTabletProto.OpIdPB.newBuilder().setTerm(1).setIndex(index))
                .setResult(result)))
        .build();
  }

  /** A log segment: header, entry batches (16-byte entry headers), the footer if closed. */
  private static byte[] segment(String tablet, int codec,
      List<KuduWalProto.LogEntryBatchPB> batches, boolean close, int zeros) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] header = KuduWalProto.LogSegmentHeaderPB.newBuilder()
        .setTabletId(ByteString.copyFromUtf8(tablet)).setSequenceNumber(1)
        .setSchema(KuduTabletProto.SchemaPB.getDefaultInstance()).setCompressionCodec(codec)
        .build().toByteArray();
    out.writeBytes("kudulogf".getBytes(StandardCharsets.US_ASCII));
    out.writeBytes(le(4).putInt(header.length).array());
    out.writeBytes(header);
    for (KuduWalProto.LogEntryBatchPB batch : batches) {
      byte[] plain = batch.toByteArray();
      byte[] data = plain;
      if (codec == LZ4) {
        Lz4BlockCompressor lz4 = new Lz4BlockCompressor();
        byte[] c = new byte[lz4.maxCompressedLength(plain.length)];
        data = Arrays.copyOf(c, lz4.compress(plain, 0, plain.length, c, 0, c.length));
      }
      byte[] h = new byte[16];
      ByteBuffer.wrap(h).order(ByteOrder.LITTLE_ENDIAN).putInt(data.length)
          .putInt(plain.length).putInt(crc(data, data.length))
          .putInt(crc(h, 12)); // the first twelve bytes, put just before
      out.writeBytes(h);
      out.writeBytes(data);
    }
    if (close) {
      byte[] footer = KuduWalProto.LogSegmentFooterPB.newBuilder()
          .setNumEntries(batches.size()).setMinReplicateIndex(1).setMaxReplicateIndex(3)
          .setCloseTimestampMicros(T0 + 5000).build().toByteArray();
      out.writeBytes(footer);
      out.writeBytes(le(4).putInt(footer.length).array());
      out.writeBytes("closedls".getBytes(StandardCharsets.US_ASCII));
    }
    out.writeBytes(new byte[zeros]);
    return out.toByteArray();
  }

  /** A version 2 protobuf container of {@code type} records. */
  private static byte[] container(String type, List<byte[]> records) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] head = le(12).put("kuducntr".getBytes(StandardCharsets.US_ASCII)).putInt(2).array();
    out.writeBytes(head);
    out.writeBytes(le(4).putInt(crc(head, 12)).array());
    List<byte[]> all = new ArrayList<>();
    all.add(KuduTabletProto.ContainerSupHeaderPB.newBuilder().setProtos(ByteString.EMPTY)
        .setPbType(type).build().toByteArray());
    all.addAll(records);
    for (byte[] body : all) {
      byte[] len = le(4).putInt(body.length).array();
      out.writeBytes(len);
      out.writeBytes(le(4).putInt(crc(len, 4)).array());
      out.writeBytes(body);
      out.writeBytes(le(4).putInt(crc(body, body.length)).array());
    }
    return out.toByteArray();
  }

  private static int crc(byte[] b, int len) {
    CRC32C c = new CRC32C();
    c.update(b, 0, len);
    return (int) c.getValue();
  }

  private static ByteBuffer le(int n) {
    return ByteBuffer.allocate(n).order(ByteOrder.LITTLE_ENDIAN);
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
