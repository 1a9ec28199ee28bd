package io.colfile.kudu.fs;

import com.google.protobuf.ByteString;
import io.colfile.kudu.proto.KuduTabletProto;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.CRC32C;

/** Hand-made protobuf container files and block records, byte by byte, for the tests. */
public final class Containers {
  private Containers() {}

  /** A container of {@code version} whose records are of {@code type}. */
  public static byte[] container(int version, String type, List<byte[]> records) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] magicAndVersion = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN)
        .put("kuducntr".getBytes(StandardCharsets.US_ASCII)).putInt(version).array();
    out.writeBytes(magicAndVersion);
    if (version == 2) {
      out.writeBytes(le32(crc(magicAndVersion)));
    }
    out.writeBytes(record(version, KuduTabletProto.ContainerSupHeaderPB.newBuilder()
        .setProtos(ByteString.EMPTY).setPbType(type).build().toByteArray()));
    for (byte[] r : records) {
      out.writeBytes(record(version, r));
    }
    return out.toByteArray();
  }

  /** One record (length, checksums, body) as a container of {@code version} holds it. */
  public static byte[] record(int version, byte[] body) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] len = le32(body.length);
    out.writeBytes(len);
    if (version == 2) {
      out.writeBytes(le32(crc(len)));
      out.writeBytes(body);
      out.writeBytes(le32(crc(body)));
    } else {
      out.writeBytes(body);
      byte[] both = new byte[4 + body.length];
      System.arraycopy(len, 0, both, 0, 4);
      System.arraycopy(body, 0, both, 4, body.length);
      out.writeBytes(le32(crc(both)));
    }
    return out.toByteArray();
  }

  public static byte[] create(long id, long offset, long length) {
    return KuduTabletProto.BlockRecordPB.newBuilder()
        .setBlockId(KuduTabletProto.BlockIdPB.newBuilder().setId(id)).setOpType(1)
        .setTimestampUs(1).setOffset(offset).setLength(length).build().toByteArray();
  }

  public static byte[] delete(long id) {
    return KuduTabletProto.BlockRecordPB.newBuilder()
        .setBlockId(KuduTabletProto.BlockIdPB.newBuilder().setId(id)).setOpType(2)
        .setTimestampUs(2).build().toByteArray();
  }

  /** A data directory's block_manager_instance. */
  public static byte[] dirInstance(String uuid, List<String> all, String type) {
    KuduTabletProto.DirSetPB.Builder set = KuduTabletProto.DirSetPB.newBuilder()
        .setUuid(ByteString.copyFromUtf8(uuid));
    all.forEach(u -> set.addAllUuids(ByteString.copyFromUtf8(u)));
    return container(2, "kudu.DirInstanceMetadataPB", List.of(KuduTabletProto
        .DirInstanceMetadataPB.newBuilder().setDirSet(set).setDirType(type).build()
        .toByteArray()));
  }

  public static int crc(byte[] b) {
    CRC32C c = new CRC32C();
    c.update(b);
    return (int) c.getValue();
  }

  public static byte[] le32(int v) {
    return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(v).array();
  }
}
