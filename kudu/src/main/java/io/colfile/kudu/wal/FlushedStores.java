package io.colfile.kudu.wal;

import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.FileRegion;
import java.util.Map;

/**
 * What a tablet's metadata says is durable: the last MemRowSet flushed ({@code
 * last_durable_mrs_id}) and, per DiskRowSet, the last DeltaMemStore flushed ({@code
 * last_durable_redo_dms_id}). A logged row operation whose stores are all durable is in the
 * flushed data already; one that changed a store that was not flushed is what only the log
 * holds, as Kudu's tablet bootstrap decides it.
 */
public record FlushedStores(long lastDurableMrsId, Map<Long, Long> lastDurableRedoDms) {
  public FlushedStores {
    lastDurableRedoDms = Map.copyOf(lastDurableRedoDms);
  }

  /** What a replay does with one logged row operation. */
  public enum Action {
    /** The operation failed when it was applied (a duplicate insert, a missing row). */
    SKIP_FAILED,
    /** Its effects are in the flushed data (or it was marked to be skipped on replay). */
    SKIP_FLUSHED,
    /** Only the log holds its effects. */
    REPLAY
  }

  /** Whether the store {@code target} had not been flushed. */
  public boolean active(LogEntry.MemStoreTarget target) {
    if (target.mrsId() >= 0) {
      return target.mrsId() > lastDurableMrsId;
    }
    Long durable = lastDurableRedoDms.get(target.rsId());
    // a rowset the metadata no longer names was compacted away or culled empty: its edits are
    // in the rowsets that replaced it, or there is nothing left to edit
    return durable != null && target.dmsId() > durable;
  }

  /**
   * What to do with the row operation whose result is {@code result}; {@code where} names it in
   * errors.
   *
   * @throws CorruptFileException for results Kudu never writes: more than two stores, or two
   *     that are both still live
   */
  public Action action(LogEntry.OpResult result, String where) throws CorruptFileException {
    if (result.failed()) {
      return Action.SKIP_FAILED;
    }
    if (result.skipOnReplay()) {
      return Action.SKIP_FLUSHED;
    }
    if (result.stores().size() > 2) {
      throw FileRegion.of(where).corrupt("%s", "a row operation changed "
          + result.stores().size() + " stores; Kudu changes at most two");
    }
    int active = 0;
    for (LogEntry.MemStoreTarget t : result.stores()) {
      active += active(t) ? 1 : 0;
    }
    if (active == 2) {
      throw FileRegion.of(where).corrupt("%s", "a row operation changed two stores that are"
          + " both live: " + result.stores());
    }
    return active == 0 ? Action.SKIP_FLUSHED : Action.REPLAY;
  }
}
