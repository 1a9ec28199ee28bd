package io.colfile.kudu.wal;

import com.google.protobuf.InvalidProtocolBufferException;
import io.colfile.core.error.MalformedInputException;
import io.colfile.kudu.KuduCompression;
import io.colfile.kudu.proto.KuduWalProto;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The protobuf boundary of write-ahead log segments: the only code that turns their messages
 * into {@link LogSegment.Header}, {@link LogSegment.Footer} and {@link LogEntry} values, checking
 * what Kudu requires.
 */
final class WalCodec {
  static final int REPLICATE = 1;
  static final int COMMIT = 2;
  static final int FLUSH_MARKER = 999;

  private WalCodec() {}

  static LogSegment.Header header(byte[] buf, int off, int len) throws MalformedInputException {
    KuduWalProto.LogSegmentHeaderPB pb;
    try {
      pb = KuduWalProto.LogSegmentHeaderPB.parseFrom(java.nio.ByteBuffer.wrap(buf, off, len));
    } catch (InvalidProtocolBufferException e) {
      throw new MalformedInputException(0, "segment header is no LogSegmentHeaderPB: "
          + e.getMessage(), e);
    }
    if (!pb.hasTabletId() || !pb.hasSequenceNumber()) {
      throw new MalformedInputException(0, "segment header lacks the tablet id or the sequence"
          + " number");
    }
    if (pb.getIncompatibleFeaturesCount() > 0) {
      throw new MalformedInputException(0, "segment uses features Kudu 1.17 does not know: "
          + pb.getIncompatibleFeaturesList());
    }
    KuduCompression codec = KuduCompression.ofWireId(pb.getCompressionCodec());
    if (codec == null || codec == KuduCompression.DEFAULT) {
      throw new MalformedInputException(0, "segment header names compression "
          + pb.getCompressionCodec());
    }
    return new LogSegment.Header(pb.getTabletId().toString(StandardCharsets.UTF_8),
        pb.getSequenceNumber(), codec, pb.getSchema().toByteArray(), pb.getSchemaVersion(),
        pb.hasDeprecatedMajorVersion());
  }

  static LogSegment.Footer footer(byte[] buf, int off, int len) throws MalformedInputException {
    KuduWalProto.LogSegmentFooterPB pb;
    try {
      pb = KuduWalProto.LogSegmentFooterPB.parseFrom(java.nio.ByteBuffer.wrap(buf, off, len));
    } catch (InvalidProtocolBufferException e) {
      throw new MalformedInputException(0, "segment footer is no LogSegmentFooterPB: "
          + e.getMessage(), e);
    }
    if (!pb.hasNumEntries()) {
      throw new MalformedInputException(0, "segment footer lacks the number of entries");
    }
    return new LogSegment.Footer(pb.getNumEntries(), pb.getMinReplicateIndex(),
        pb.getMaxReplicateIndex(),
        pb.hasCloseTimestampMicros() ? pb.getCloseTimestampMicros() : -1);
  }

  /** The entries of one batch. */
  static List<LogEntry> batch(byte[] buf, int off, int len) throws MalformedInputException {
    KuduWalProto.LogEntryBatchPB pb;
    try {
      pb = KuduWalProto.LogEntryBatchPB.parseFrom(java.nio.ByteBuffer.wrap(buf, off, len));
    } catch (InvalidProtocolBufferException e) {
      throw new MalformedInputException(0, "entry batch is no LogEntryBatchPB: "
          + e.getMessage(), e);
    }
    List<LogEntry> out = new ArrayList<>(pb.getEntryCount());
    for (KuduWalProto.LogEntryPB e : pb.getEntryList()) {
      out.add(entry(e));
    }
    return out;
  }

  private static LogEntry entry(KuduWalProto.LogEntryPB e) throws MalformedInputException {
    switch (e.getType()) {
      case REPLICATE: {
        if (!e.hasReplicate()) {
          throw new MalformedInputException(0, "a REPLICATE entry without its message");
        }
        KuduWalProto.ReplicateMsgPB r = e.getReplicate();
        if (!r.hasId() || !r.hasTimestamp() || !r.hasOpType()) {
          throw new MalformedInputException(0, "a REPLICATE message lacks its id, timestamp"
              + " or operation type");
        }
        LogEntry.WriteOp write = null;
        if (r.hasWriteRequest()) {
          KuduWalProto.WriteRequestPB w = r.getWriteRequest();
          write = new LogEntry.WriteOp(w.getTabletId().toString(StandardCharsets.UTF_8),
              w.getSchema().toByteArray(), w.getRowOperations().getRows().toByteArray(),
              w.getRowOperations().getIndirectData().toByteArray(),
              w.hasAutoIncrementingColumn()
                  ? w.getAutoIncrementingColumn().getAutoIncrementingCounter() : -1);
        } else if (r.getOpType() == LogEntry.WRITE_OP) {
          throw new MalformedInputException(0, "a WRITE_OP replicate " + opId(r.getId())
              + " without its write request");
        }
        return new LogEntry.Replicate(opId(r.getId()), r.getTimestamp(), r.getOpType(), write);
      }
      case COMMIT: {
        if (!e.hasCommit()) {
          throw new MalformedInputException(0, "a COMMIT entry without its message");
        }
        KuduWalProto.CommitMsgPB c = e.getCommit();
        List<LogEntry.OpResult> results = new ArrayList<>();
        for (KuduWalProto.OperationResultPB op : c.getResult().getOpsList()) {
          List<LogEntry.MemStoreTarget> stores = new ArrayList<>();
          for (KuduWalProto.MemStoreTargetPB t : op.getMutatedStoresList()) {
            stores.add(new LogEntry.MemStoreTarget(t.getMrsId(), t.getRsId(), t.getDmsId()));
          }
          results.add(new LogEntry.OpResult(op.getSkipOnReplay(), op.hasFailedStatus(), stores));
        }
        return new LogEntry.Commit(c.getOpType(),
            c.hasCommitedOpId() ? opId(c.getCommitedOpId()) : null, results);
      }
      case FLUSH_MARKER:
        return new LogEntry.FlushMarker();
      default:
        throw new MalformedInputException(0, "a log entry of unknown type " + e.getType());
    }
  }

  private static LogEntry.OpId opId(io.colfile.kudu.proto.KuduTabletProto.OpIdPB id) {
    return new LogEntry.OpId(id.getTerm(), id.getIndex());
  }
}
