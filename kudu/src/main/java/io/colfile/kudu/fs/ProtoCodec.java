package io.colfile.kudu.fs;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.FileRegion;
import io.colfile.kudu.proto.KuduTabletProto;
import java.util.ArrayList;
import java.util.List;

/**
 * The protobuf boundary of the block stores: the only code in this package that knows the
 * messages of container supplemental headers, instance files and block records. Errors name the
 * record's bytes through the region the caller gives.
 */
final class ProtoCodec {
  static final String DIR_INSTANCE_TYPE = "kudu.DirInstanceMetadataPB";
  static final String BLOCK_RECORD_TYPE = "kudu.BlockRecordPB";
  static final int CREATE = 1;
  static final int DELETE = 2;

  private ProtoCodec() {}

  /** A data directory's instance file: its uuid, every directory's uuid, its block manager. */
  record DirInstance(String uuid, List<String> allUuids, String dirType) {}

  /**
   * One block record of a log block manager container, the record's offset in the metadata file
   * with it.
   */
  record BlockRecord(long blockId, int op, long timestampMicros, Long offset, Long length,
      long recordOffset) {}

  static String containerMessageType(byte[] body, FileRegion region)
      throws CorruptFileException {
    KuduTabletProto.ContainerSupHeaderPB pb;
    try {
      pb = KuduTabletProto.ContainerSupHeaderPB.parseFrom(body);
    } catch (InvalidProtocolBufferException e) {
      throw region.corrupt(e, -1, "not a ContainerSupHeaderPB: %s", e.getMessage());
    }
    if (!pb.hasPbType()) {
      throw region.corrupt("%s", "names no message type (pb_type)");
    }
    return pb.getPbType();
  }

  static DirInstance dirInstance(byte[] body, FileRegion region) throws CorruptFileException {
    KuduTabletProto.DirInstanceMetadataPB pb;
    try {
      pb = KuduTabletProto.DirInstanceMetadataPB.parseFrom(body);
    } catch (InvalidProtocolBufferException e) {
      throw region.corrupt(e, -1, "not a DirInstanceMetadataPB: %s", e.getMessage());
    }
    if (!pb.hasDirSet() || !pb.getDirSet().hasUuid() || !pb.hasDirType()) {
      throw region.corrupt("%s", "a data directory's instance needs dir_set.uuid and dir_type");
    }
    List<String> all = new ArrayList<>();
    for (ByteString u : pb.getDirSet().getAllUuidsList()) {
      all.add(u.toStringUtf8());
    }
    return new DirInstance(pb.getDirSet().getUuid().toStringUtf8(), all, pb.getDirType());
  }

  static BlockRecord blockRecord(ProtoContainer.Record rec, FileRegion region)
      throws CorruptFileException {
    KuduTabletProto.BlockRecordPB pb;
    try {
      pb = KuduTabletProto.BlockRecordPB.parseFrom(rec.body());
    } catch (InvalidProtocolBufferException e) {
      throw region.corrupt(e, -1, "not a BlockRecordPB: %s", e.getMessage());
    }
    if (!pb.hasBlockId() || !pb.getBlockId().hasId() || !pb.hasOpType()) {
      throw region.corrupt("%s", "a block record needs block_id and op_type");
    }
    return new BlockRecord(pb.getBlockId().getId(), pb.getOpType(), pb.getTimestampUs(),
        pb.hasOffset() ? pb.getOffset() : null, pb.hasLength() ? pb.getLength() : null,
        rec.offset());
  }
}
