package io.colfile.kudu.wal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import io.colfile.core.codec.Lz4BlockCompressor;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.io.InputFile;
import io.colfile.kudu.proto.KuduTabletProto;
import io.colfile.kudu.proto.KuduWalProto;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;

/** Log segments made byte by byte as Kudu lays them out, then read, cut and damaged. */
class LogSegmentTest {
  /** Segment bytes, and where each entry begins. */
  record Made(byte[] bytes, int[] entryStarts) {}

  static KuduWalProto.LogEntryBatchPB write(long index, byte[] rows) {
    return KuduWalProto.LogEntryBatchPB.newBuilder().addEntry(
        KuduWalProto.LogEntryPB.newBuilder().setType(1).setReplicate(
            KuduWalProto.ReplicateMsgPB.newBuilder()
                .setId(KuduTabletProto.OpIdPB.newBuilder().setTerm(1).setIndex(index))
                .setTimestamp((1_700_000_000_000_000L + index) << 12).setOpType(3)
                .setWriteRequest(KuduWalProto.WriteRequestPB.newBuilder()
                    .setTabletId(ByteString.copyFromUtf8("t1"))
                    .setRowOperations(KuduWalProto.RowOperationsPB.newBuilder()
                        .setRows(ByteString.copyFrom(rows))))))
        .build();
  }

  static KuduWalProto.LogEntryBatchPB commit(long index, boolean failed) {
    KuduWalProto.OperationResultPB.Builder op = KuduWalProto.OperationResultPB.newBuilder()
        .addMutatedStores(KuduWalProto.MemStoreTargetPB.newBuilder().setMrsId(0));
    if (failed) {
      op.setFailedStatus(ByteString.copyFromUtf8("x"));
    }
    return KuduWalProto.LogEntryBatchPB.newBuilder().addEntry(
        KuduWalProto.LogEntryPB.newBuilder().setType(2).setCommit(
            KuduWalProto.CommitMsgPB.newBuilder().setOpType(3)
                .setCommitedOpId(KuduTabletProto.OpIdPB.newBuilder().setTerm(1).setIndex(index))
                .setResult(KuduWalProto.TxResultPB.newBuilder().addOps(op))))
        .build();
  }

  static Made segment(int codec, List<KuduWalProto.LogEntryBatchPB> batches, boolean close,
      int zeros) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] header = KuduWalProto.LogSegmentHeaderPB.newBuilder()
        .setTabletId(ByteString.copyFromUtf8("t1")).setSequenceNumber(7)
        .setSchema(KuduTabletProto.SchemaPB.getDefaultInstance()).setCompressionCodec(codec).build()
        .toByteArray();
    out.writeBytes("kudulogf".getBytes(StandardCharsets.US_ASCII));
    out.writeBytes(le32(header.length));
    out.writeBytes(header);
    int[] starts = new int[batches.size()];
    for (int i = 0; i < batches.size(); i++) {
      starts[i] = out.size();
      byte[] plain = batches.get(i).toByteArray();
      byte[] data = plain;
      if (codec == 3) {
        Lz4BlockCompressor lz4 = new Lz4BlockCompressor();
        byte[] c = new byte[lz4.maxCompressedLength(plain.length)];
        data = Arrays.copyOf(c, lz4.compress(plain, 0, plain.length, c, 0, c.length));
      }
      byte[] h = new byte[16];
      ByteBuffer bb = ByteBuffer.wrap(h).order(ByteOrder.LITTLE_ENDIAN);
      bb.putInt(data.length).putInt(plain.length).putInt((int) crc(data, 0, data.length));
      bb.putInt((int) crc(h, 0, 12));
      out.writeBytes(h);
      out.writeBytes(data);
    }
    if (close) {
      byte[] footer = KuduWalProto.LogSegmentFooterPB.newBuilder().setNumEntries(batches.size())
          .setMinReplicateIndex(1).setMaxReplicateIndex(2).build().toByteArray();
      out.writeBytes(footer);
      out.writeBytes(le32(footer.length));
      out.writeBytes("closedls".getBytes(StandardCharsets.US_ASCII));
    }
    out.writeBytes(new byte[zeros]);
    return new Made(out.toByteArray(), starts);
  }

  static byte[] le32(int v) {
    return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(v).array();
  }

  static long crc(byte[] b, int off, int len) {
    CRC32C c = new CRC32C();
    c.update(b, off, len);
    return c.getValue();
  }

  static LogSegment read(byte[] b) throws Exception {
    return LogSegment.read(InputFile.of("wal-000000007", b));
  }

  static final List<KuduWalProto.LogEntryBatchPB> FOUR = List.of(write(1, new byte[] {1, 2}),
      commit(1, false), write(2, new byte[] {3}), commit(2, true));

  @Test
  void aClosedSegmentReadsEntriesAndFooter() throws Exception {
    for (int codec : new int[] {1, 3}) {
      LogSegment s = read(segment(codec, FOUR, true, 0).bytes());
      assertThat(s.header().tabletId()).isEqualTo("t1");
      assertThat(s.header().sequenceNumber()).isEqualTo(7);
      assertThat(s.footer().entries()).isEqualTo(4);
      assertThat(s.end()).startsWith("footer at offset");
      assertThat(s.entries()).hasSize(4);
      LogEntry.Replicate r = (LogEntry.Replicate) s.entries().get(2);
      assertThat(r.id()).isEqualTo(new LogEntry.OpId(1, 2));
      assertThat(r.micros()).isEqualTo(1_700_000_000_000_002L);
      assertThat(r.write().rows()).containsExactly(3);
      LogEntry.Commit c = (LogEntry.Commit) s.entries().get(3);
      assertThat(c.committed()).isEqualTo(new LogEntry.OpId(1, 2));
      assertThat(c.results()).singleElement().satisfies(o -> {
        assertThat(o.failed()).isTrue();
        assertThat(o.stores()).containsExactly(new LogEntry.MemStoreTarget(0, -1, -1));
      });
    }
  }

  @Test
  void anOpenSegmentEndsAtPreallocatedZeros() throws Exception {
    LogSegment s = read(segment(3, FOUR, false, 4096).bytes());
    assertThat(s.footer()).isNull();
    assertThat(s.entries()).hasSize(4);
    assertThat(s.end()).startsWith("preallocated space at offset");
  }

  @Test
  void aTornLastEntryEndsTheSegmentCleanly() throws Exception {
    Made m = segment(3, FOUR, false, 0);
    for (int cut = m.entryStarts()[3] + 1; cut < m.bytes().length; cut++) {
      byte[] torn = Arrays.copyOf(m.bytes(), cut);
      LogSegment s = read(torn);
      assertThat(s.entries()).as("cut at %d", cut).hasSize(3);
      assertThat(s.end()).startsWith("torn entry at offset " + m.entryStarts()[3]);
    }
    // cut, then preallocated zeros after the torn bytes
    byte[] tornThenZeros = Arrays.copyOf(Arrays.copyOf(m.bytes(), m.bytes().length - 3),
        m.bytes().length + 100);
    assertThat(read(tornThenZeros).entries()).hasSize(3);
  }

  @Test
  void damageBeforeValidEntriesIsCorruptionNamingTheOffset() {
    Made m = segment(3, FOUR, false, 64);
    byte[] bad = m.bytes().clone();
    int at = m.entryStarts()[1] + 18; // inside the second batch's data
    bad[at] ^= 0x40;
    assertThatThrownBy(() -> read(bad)).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("entry checksum mismatch")
        .satisfies(e -> assertThat(((CorruptFileException) e).fileOffset())
            .isEqualTo(m.entryStarts()[1]));
  }

  @Test
  void notALogSegment() {
    assertThatThrownBy(() -> read("kudulogX....and more".getBytes(StandardCharsets.US_ASCII)))
        .isInstanceOf(CorruptFileException.class).hasMessageContaining("bad magic");
    assertThatThrownBy(() -> read(new byte[40]))
        .isInstanceOf(CorruptFileException.class).hasMessageContaining("preallocated");
    byte[] huge = segment(1, FOUR, false, 0).bytes().clone();
    huge[8] = (byte) 0xff;
    huge[9] = (byte) 0xff;
    huge[10] = (byte) 0xff;
    assertThatThrownBy(() -> read(huge)).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("header length");
  }
}
