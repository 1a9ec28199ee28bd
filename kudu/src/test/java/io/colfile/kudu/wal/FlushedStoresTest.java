package io.colfile.kudu.wal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.error.CorruptFileException;
import io.colfile.kudu.wal.FlushedStores.Action;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FlushedStoresTest {
  // MemRowSets 0..2 flushed; DiskRowSet 0's DeltaMemStores up to 1 flushed, DiskRowSet 1's none
  final FlushedStores flushed = new FlushedStores(2, Map.of(0L, 1L, 1L, -1L));

  static LogEntry.OpResult result(boolean failed, LogEntry.MemStoreTarget... stores) {
    return new LogEntry.OpResult(false, failed, List.of(stores));
  }

  static LogEntry.MemStoreTarget mrs(long id) {
    return new LogEntry.MemStoreTarget(id, -1, -1);
  }

  static LogEntry.MemStoreTarget dms(long rs, long dms) {
    return new LogEntry.MemStoreTarget(-1, rs, dms);
  }

  @Test
  void decidesAsKudusBootstrap() throws Exception {
    assertThat(flushed.action(result(true, mrs(5)), "w")).isEqualTo(Action.SKIP_FAILED);
    assertThat(flushed.action(new LogEntry.OpResult(true, false, List.of(mrs(5))), "w"))
        .isEqualTo(Action.SKIP_FLUSHED);
    assertThat(flushed.action(result(false, mrs(2)), "w")).isEqualTo(Action.SKIP_FLUSHED);
    assertThat(flushed.action(result(false, mrs(3)), "w")).isEqualTo(Action.REPLAY);
    assertThat(flushed.action(result(false, dms(0, 1)), "w")).isEqualTo(Action.SKIP_FLUSHED);
    assertThat(flushed.action(result(false, dms(0, 2)), "w")).isEqualTo(Action.REPLAY);
    assertThat(flushed.action(result(false, dms(1, 0)), "w")).isEqualTo(Action.REPLAY);
    // a rowset the metadata no longer names: compacted or culled, nothing to replay
    assertThat(flushed.action(result(false, dms(9, 4)), "w")).isEqualTo(Action.SKIP_FLUSHED);
    // an upsert of a key alone that met its row changes nothing
    assertThat(flushed.action(result(false), "w")).isEqualTo(Action.SKIP_FLUSHED);
    // a mutation duplicated during a compaction: one live store of two
    assertThat(flushed.action(result(false, dms(0, 1), dms(1, 0)), "w"))
        .isEqualTo(Action.REPLAY);
  }

  @Test
  void refusesWhatKuduNeverWrites() {
    assertThatThrownBy(() -> flushed.action(result(false, dms(0, 2), dms(1, 0)), "wal-1"))
        .isInstanceOf(CorruptFileException.class).hasMessageContaining("both live");
    assertThatThrownBy(() -> flushed.action(result(false, mrs(3), mrs(4), mrs(5)), "wal-1"))
        .isInstanceOf(CorruptFileException.class).hasMessageContaining("at most two");
  }
}
