package io.colfile.kudu.delta;

import com.google.protobuf.InvalidProtocolBufferException;
import io.colfile.core.error.MalformedInputException;
import io.colfile.kudu.proto.KuduProto;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The statistics a DeltaFile keeps in its footer under {@code deltafilestats} (cfile.md section
 * 11.4, Kudu's {@code tablet/delta_stats.cc}), which readers use to skip files: DELETE and
 * REINSERT counts, per column the number of change lists naming it (UPDATEs and REINSERTs; a
 * column named twice in one list counts twice), and the smallest and largest timestamp
 * (unsigned). Before any delta, min is 2^64 - 1 and max 0, as in Kudu.
 *
 * <pre>
 * DeltaStatsPB ::= 1: delete_count int64 | 3: min_timestamp fixed64 | 4: max_timestamp fixed64
 *                | 5: column_stats { 1: col_id int32 | 2: update_count int64 }*
 *                | 6: reinsert_count int64            (field 2 was removed)
 * </pre>
 *
 * Kudu writes column_stats in the iteration order of a {@code std::unordered_map}; stats built
 * here with {@link #add} keep that order (see {@link StdUnorderedMapOrder}), so that {@link
 * #toBytes} gives Kudu's bytes; parsed stats keep the order they were read in. {@link #equals}
 * ignores the order. Mutable, not thread-safe.
 */
public final class DeltaStats {
  private long deleteCount;
  private long reinsertCount;
  private long minTimestamp = -1L;
  private long maxTimestamp;
  /** column id to update count, in serialization order */
  private final Map<Integer, Long> updateCounts;
  /** null for parsed stats, whose order is the file's */
  private final StdUnorderedMapOrder kuduOrder;
  private final RowChangeListDecoder decoder = new RowChangeListDecoder();

  /** Empty stats, to {@link #add} deltas to. */
  public DeltaStats() {
    updateCounts = new HashMap<>();
    kuduOrder = new StdUnorderedMapOrder();
  }

  private DeltaStats(Map<Integer, Long> parsedCounts) {
    updateCounts = parsedCounts;
    kuduOrder = null;
  }

  /** Counts the delta {@code changes} at {@code timestamp}. */
  public void add(long timestamp, RowChangeList changes) {
    switch (changes.type()) {
      case DELETE -> deleteCount++;
      case REINSERT, UPDATE -> {
        if (changes.type() == ChangeType.REINSERT) {
          reinsertCount++;
        }
        for (ColumnUpdate u : changes.updates()) {
          countUpdate(u.columnId());
        }
      }
    }
    addTimestamp(timestamp);
  }

  /** Counts the delta whose change list is {@code b[off, off + len)}. */
  public void add(long timestamp, byte[] b, int off, int len) throws MalformedInputException {
    decoder.reset(b, off, len);
    // Decode it all first, so that a malformed list changes nothing.
    while (decoder.next()) {
      // validating only
    }
    decoder.reset(b, off, len);
    switch (decoder.type()) {
      case DELETE -> deleteCount++;
      case REINSERT, UPDATE -> {
        if (decoder.type() == ChangeType.REINSERT) {
          reinsertCount++;
        }
        while (decoder.next()) {
          countUpdate(decoder.columnId());
        }
      }
    }
    addTimestamp(timestamp);
  }

  /** Counts the delta of a DeltaFile cell. */
  public void add(DeltaCell cell) {
    add(cell.key().timestamp(), cell.changes());
  }

  private void countUpdate(int columnId) {
    Long old = updateCounts.get(columnId);
    if (old == null && kuduOrder != null) {
      kuduOrder.insertNew(columnId);
    }
    updateCounts.put(columnId, old == null ? 1 : old + 1);
  }

  private void addTimestamp(long ts) {
    if (Long.compareUnsigned(ts, minTimestamp) < 0) {
      minTimestamp = ts;
    }
    if (Long.compareUnsigned(ts, maxTimestamp) > 0) {
      maxTimestamp = ts;
    }
  }

  public long deleteCount() {
    return deleteCount;
  }

  public long reinsertCount() {
    return reinsertCount;
  }

  /** The smallest timestamp counted (unsigned); 2^64 - 1 (-1L) before any. */
  public long minTimestamp() {
    return minTimestamp;
  }

  /** The largest timestamp counted (unsigned); 0 before any. */
  public long maxTimestamp() {
    return maxTimestamp;
  }

  /** How many change lists named column {@code columnId}. */
  public long updateCount(int columnId) {
    return updateCounts.getOrDefault(columnId, 0L);
  }

  /** Column id to update count, in the order {@link #toBytes} writes them. */
  public Map<Integer, Long> updateCounts() {
    Map<Integer, Long> out = new LinkedHashMap<>();
    for (int id : columnOrder()) {
      out.put(id, updateCounts.get(id));
    }
    return Collections.unmodifiableMap(out);
  }

  private Iterable<Integer> columnOrder() {
    return kuduOrder != null ? kuduOrder.keys() : List.copyOf(updateCounts.keySet());
  }

  /** The serialized DeltaStatsPB, as Kudu writes it in the footer. */
  public byte[] toBytes() {
    KuduProto.DeltaStatsPB.Builder pb = KuduProto.DeltaStatsPB.newBuilder()
        .setDeleteCount(deleteCount)
        .setReinsertCount(reinsertCount)
        .setMinTimestamp(minTimestamp)
        .setMaxTimestamp(maxTimestamp);
    for (int id : columnOrder()) {
      pb.addColumnStats(KuduProto.DeltaStatsPB.ColumnStats.newBuilder()
          .setColId(id).setUpdateCount(updateCounts.get(id)));
    }
    return pb.build().toByteArray();
  }

  /**
   * Stats from a serialized DeltaStatsPB. Like Kudu, a column listed twice has its counts
   * added; unlike Kudu, negative counts and column ids are refused.
   */
  public static DeltaStats parse(byte[] b, int off, int len) throws MalformedInputException {
    Objects.checkFromIndexSize(off, len, b.length);
    KuduProto.DeltaStatsPB pb;
    try {
      pb = KuduProto.DeltaStatsPB.parser().parseFrom(b, off, len);
    } catch (InvalidProtocolBufferException e) {
      // protobuf does not say where; the message says what
      throw new MalformedInputException(off, "bad DeltaStatsPB: " + e.getMessage(), e);
    }
    if (pb.getDeleteCount() < 0 || pb.getReinsertCount() < 0) {
      throw new MalformedInputException(off, "negative count in DeltaStatsPB: " + pb);
    }
    Map<Integer, Long> counts = new LinkedHashMap<>();
    for (KuduProto.DeltaStatsPB.ColumnStats c : pb.getColumnStatsList()) {
      if (c.getColId() < 0 || c.getUpdateCount() < 0) {
        throw new MalformedInputException(off, "bad column stats in DeltaStatsPB: " + c);
      }
      counts.merge(c.getColId(), c.getUpdateCount(), Long::sum);
    }
    DeltaStats s = new DeltaStats(counts);
    s.deleteCount = pb.getDeleteCount();
    s.reinsertCount = pb.getReinsertCount();
    s.minTimestamp = pb.getMinTimestamp();
    s.maxTimestamp = pb.getMaxTimestamp();
    return s;
  }

  /** Same counts and timestamps; the order of the columns does not matter. */
  @Override
  public boolean equals(Object o) {
    return o instanceof DeltaStats s && s.deleteCount == deleteCount
        && s.reinsertCount == reinsertCount && s.minTimestamp == minTimestamp
        && s.maxTimestamp == maxTimestamp && s.updateCounts.equals(updateCounts);
  }

  @Override
  public int hashCode() {
    return Objects.hash(deleteCount, reinsertCount, minTimestamp, maxTimestamp, updateCounts);
  }

  @Override
  public String toString() {
    return "DeltaStats[deletes " + deleteCount + ", reinserts " + reinsertCount + ", ts ["
        + Long.toUnsignedString(minTimestamp) + ", " + Long.toUnsignedString(maxTimestamp)
        + "], updates " + updateCounts() + "]";
  }
}
