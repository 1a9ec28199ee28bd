package io.colfile.kudu.wal;

import java.util.List;

/**
 * One entry of a write-ahead log segment: an operation replicated (written to the log before it
 * is applied), the commit of one (where its effects went), or a flush marker.
 */
public sealed interface LogEntry
    permits LogEntry.Replicate, LogEntry.Commit, LogEntry.FlushMarker {

  /** Kudu's {@code OperationType} numbers. */
  int NO_OP = 1;
  int WRITE_OP = 3;
  int ALTER_SCHEMA_OP = 4;
  int CHANGE_CONFIG_OP = 5;
  int PARTICIPANT_OP = 6;

  /** A Raft operation id: the leader's term and the log index. */
  record OpId(long term, long index) {
    @Override
    public String toString() {
      return term + "." + index;
    }
  }

  /**
   * An operation as replicated: its id, its hybrid time ({@code physical microseconds << 12 |
   * logical}), its type and, for writes, the write.
   */
  record Replicate(OpId id, long hybridTime, int opType, WriteOp write) implements LogEntry {
    /** The physical part of the hybrid time: microseconds since 1970 (UTC). */
    public long micros() {
      return hybridTime >>> 12;
    }
  }

  /**
   * A write request: the tablet, the client's schema (Kudu's SchemaPB bytes), the row
   * operations in Kudu's wire form ({@link RowOperations} decodes them) and, for a table with a
   * non-unique key, the tablet's auto-incrementing counter before the write (-1 otherwise):
   * each INSERT takes the next value.
   */
  record WriteOp(String tabletId, byte[] schema, byte[] rows, byte[] indirectData,
      long autoIncrementCounter) {}

  /**
   * The commit of operation {@code committed}: for a write, one result per row operation, in
   * order.
   */
  record Commit(int opType, OpId committed, List<OpResult> results) implements LogEntry {
    public Commit {
      results = List.copyOf(results);
    }
  }

  /**
   * What became of one row operation: failed (a duplicate insert, a missing row), or applied to
   * the stores named ({@code skipOnReplay} when the operation needs no replay).
   */
  record OpResult(boolean skipOnReplay, boolean failed, List<MemStoreTarget> stores) {
    public OpResult {
      stores = List.copyOf(stores);
    }
  }

  /**
   * A store a row operation mutated: the MemRowSet {@code mrsId}, or the DeltaMemStore {@code
   * dmsId} of DiskRowSet {@code rsId}; -1 where absent.
   */
  record MemStoreTarget(long mrsId, long rsId, long dmsId) {}

  /** A marker the tablet writes at a flush; it carries nothing colfile reads. */
  record FlushMarker() implements LogEntry {}
}
