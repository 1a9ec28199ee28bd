package io.colfile.interop.kudu;

import io.colfile.kudu.rowset.KuduColumn;
import io.colfile.kudu.rowset.KuduSchema;
import io.colfile.shaded.protobuf.ByteString;
import io.colfile.shaded.protobuf.CodedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * The tablet superblock that makes CFiles in a {@link KuduFs} a tablet Kudu's {@code kudu
 * local_replica} tools can open (cfile.md section 12.2): {@code tablet-meta/<tablet id>}, a
 * protobuf container (v2) holding one {@code kudu.tablet.TabletSuperBlockPB} with the schema and
 * one DiskRowSet whose columns, bloom filter, ad-hoc index and delta files are blocks of the
 * filesystem. Written field by field from Kudu 1.17's metadata.proto, common.proto and fs.proto
 * (colfile has no generated classes for them); the container's supplemental header carries an
 * empty descriptor set, which Kudu does not need to read a record.
 */
final class KuduTabletMeta {
  private static final byte[] MAGIC = "kuducntr".getBytes(StandardCharsets.US_ASCII);

  /**
   * The block ids of one DiskRowSet: {@code columns} holds (column id, block id) pairs; {@code
   * adhocIndex} is 0 for none.
   */
  record RowSetBlocks(long id, List<long[]> columns, long bloom, long adhocIndex,
      List<Long> redo, List<Long> undo) {}

  private KuduTabletMeta() {}

  /** Writes the superblock of tablet {@code tabletId} under {@code fsRoot}. */
  static void write(Path fsRoot, String tabletId, KuduSchema schema, RowSetBlocks rowset)
      throws IOException {
    Path dir = Files.createDirectories(fsRoot.resolve("tablet-meta"));
    Files.write(dir.resolve(tabletId), container(superblock(tabletId, schema, rowset)));
  }

  /** TabletSuperBlockPB. */
  static byte[] superblock(String tabletId, KuduSchema schema, RowSetBlocks rs) {
    return message(out -> {
      out.writeBytes(1, ByteString.copyFromUtf8("colfile-table-" + tabletId)); // table_id
      out.writeBytes(2, ByteString.copyFromUtf8(tabletId)); // tablet_id
      out.writeInt64(3, 0); // last_durable_mrs_id
      out.writeByteArray(6, rowset(rs)); // rowsets
      out.writeString(7, "colfile_" + tabletId); // table_name
      out.writeByteArray(8, schema(schema)); // schema
      out.writeUInt32(9, 0); // schema_version
      out.writeByteArray(13, new byte[0]); // partition: the whole key space
      out.writeByteArray(14, new byte[0]); // partition_schema: range over the key, no hash
    });
  }

  /** RowSetDataPB. */
  private static byte[] rowset(RowSetBlocks rs) {
    return message(out -> {
      out.writeUInt64(1, rs.id()); // id
      out.writeInt64(2, 0); // last_durable_dms_id
      for (long[] c : rs.columns()) { // ColumnDataPB: block, column_id
        out.writeByteArray(3, message(o -> {
          o.writeByteArray(2, blockId(c[1]));
          o.writeInt32(4, (int) c[0]);
        }));
      }
      for (long b : rs.redo()) { // DeltaDataPB: block
        out.writeByteArray(4, message(o -> o.writeByteArray(2, blockId(b))));
      }
      for (long b : rs.undo()) {
        out.writeByteArray(5, message(o -> o.writeByteArray(2, blockId(b))));
      }
      out.writeByteArray(6, blockId(rs.bloom()));
      if (rs.adhocIndex() != 0) {
        out.writeByteArray(7, blockId(rs.adhocIndex()));
      }
    });
  }

  /** BlockIdPB: {@code fixed64 id = 1}. */
  private static byte[] blockId(long id) {
    return message(out -> out.writeFixed64(1, id));
  }

  /** SchemaPB: ColumnSchemaPB per column, keys first as Kudu requires. */
  private static byte[] schema(KuduSchema schema) {
    return message(out -> {
      for (KuduColumn c : schema.keys()) {
        out.writeByteArray(1, column(c));
      }
      for (KuduColumn c : schema.columns()) {
        if (!c.key()) {
          out.writeByteArray(1, column(c));
        }
      }
    });
  }

  /** ColumnSchemaPB: id, name, type, is_key, is_nullable (and decimal/varchar attributes). */
  private static byte[] column(KuduColumn c) {
    return message(out -> {
      out.writeUInt32(1, c.id());
      out.writeString(2, c.name());
      out.writeEnum(3, c.type().wireId());
      out.writeBool(4, c.key());
      out.writeBool(5, c.nullable());
      if (c.precision() > 0 || c.length() > 0) {
        out.writeByteArray(11, message(o -> {
          if (c.precision() > 0) {
            o.writeInt32(1, c.precision());
            o.writeInt32(2, c.scale());
          }
          if (c.length() > 0) {
            o.writeUInt32(3, c.length());
          }
        }));
      }
    });
  }

  /**
   * A v2 protobuf container (Kudu's pb_util.h): magic, version, CRC-32C of both; then records
   * of length, CRC of the length, data, CRC of the data: the supplemental header
   * (ContainerSupHeaderPB: an empty FileDescriptorSet and the type name), then {@code pb}.
   */
  static byte[] container(byte[] pb) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] head = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN).put(MAGIC).putInt(2)
        .array();
    out.writeBytes(head);
    out.writeBytes(u32(crc(head)));
    byte[] sup = message(o -> {
      o.writeByteArray(1, new byte[0]); // protos
      o.writeString(2, "kudu.tablet.TabletSuperBlockPB"); // pb_type
    });
    for (byte[] record : List.of(sup, pb)) {
      byte[] len = u32(record.length);
      out.writeBytes(len);
      out.writeBytes(u32(crc(len)));
      out.writeBytes(record);
      out.writeBytes(u32(crc(record)));
    }
    return out.toByteArray();
  }

  private interface Fields {
    void write(CodedOutputStream out) throws IOException;
  }

  private static byte[] message(Fields fields) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    CodedOutputStream out = CodedOutputStream.newInstance(bytes);
    try {
      fields.write(out);
      out.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  private static int crc(byte[] b) {
    CRC32C c = new CRC32C();
    c.update(b);
    return (int) c.getValue();
  }

  private static byte[] u32(int v) {
    return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(v).array();
  }
}
