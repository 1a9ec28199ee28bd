package io.colfile.kudu.rowset;

import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.FileRegion;
import io.colfile.core.io.InputFile;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnVector;
import io.colfile.kudu.CellVectors;
import io.colfile.kudu.delta.ChangeType;
import io.colfile.kudu.delta.ColumnUpdate;
import io.colfile.kudu.delta.DeltaFile;
import io.colfile.kudu.delta.DeltaKey;
import io.colfile.kudu.delta.RowChangeList;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The latest state of the rows a rowset's REDO deltas touch (cfile.md section 11.3): every
 * mutation of every REDO file, applied per row in ascending timestamp order, boiled down to
 * whether the row is deleted and the last value of each column it sets. A REINSERT revives a
 * deleted row with the values it lists.
 */
final class RowDeltas {
  /** The net effect of a row's mutations. */
  private record RowState(boolean deleted, Map<Integer, ColumnUpdate> values) {}

  private final long[] rows;
  private final RowState[] states;
  /** The deleted rows' ordinals, ascending. */
  private final long[] dead;
  private final int count;

  private RowDeltas(TreeMap<Long, RowState> byRow, int count) {
    this.rows = new long[byRow.size()];
    this.states = new RowState[byRow.size()];
    int i = 0;
    int d = 0;
    long[] deleted = new long[byRow.size()];
    for (Map.Entry<Long, RowState> e : byRow.entrySet()) {
      rows[i] = e.getKey();
      states[i++] = e.getValue();
      if (e.getValue().deleted()) {
        deleted[d++] = e.getKey();
      }
    }
    this.dead = Arrays.copyOf(deleted, d);
    this.count = count;
  }

  /** The snapshot of {@link #read(List, BlockSource, KuduSchema, long)}: every REDO. */
  static final long LATEST = -1;

  /** Reads every mutation of the REDO files of a rowset of {@code baseRows} rows. */
  static RowDeltas read(List<String> redoFiles, BlockSource blocks, KuduSchema schema,
      long baseRows) throws IOException {
    List<long[]> keys = new ArrayList<>(); // {row, timestamp, index}
    List<RowChangeList> changes = new ArrayList<>();
    collect(redoFiles, blocks, schema, baseRows, keys, changes);
    keys.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0])
        : a[1] != b[1] ? Long.compareUnsigned(a[1], b[1]) : Long.compare(a[2], b[2]));
    TreeMap<Long, RowState> byRow = new TreeMap<>();
    apply(keys, changes, byRow);
    return new RowDeltas(byRow, changes.size());
  }

  /**
   * The rows as of hybrid time {@code snapshot}: the UNDO mutations at or after it applied
   * newest first (rolling the base data back: an UNDO DELETE is a row inserted then, absent
   * before), then the REDO mutations before it, oldest first.
   */
  static RowDeltas read(List<String> redoFiles, List<String> undoFiles, BlockSource blocks,
      KuduSchema schema, long baseRows, long snapshot) throws IOException {
    List<long[]> undoKeys = new ArrayList<>();
    List<RowChangeList> undo = new ArrayList<>();
    collect(undoFiles, blocks, schema, baseRows, undoKeys, undo);
    undoKeys.removeIf(k -> Long.compareUnsigned(k[1], snapshot) < 0);
    undoKeys.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0])
        : a[1] != b[1] ? Long.compareUnsigned(b[1], a[1]) : Long.compare(b[2], a[2]));
    List<long[]> redoKeys = new ArrayList<>();
    List<RowChangeList> redo = new ArrayList<>();
    collect(redoFiles, blocks, schema, baseRows, redoKeys, redo);
    redoKeys.removeIf(k -> Long.compareUnsigned(k[1], snapshot) >= 0);
    redoKeys.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0])
        : a[1] != b[1] ? Long.compareUnsigned(a[1], b[1]) : Long.compare(a[2], b[2]));
    TreeMap<Long, RowState> byRow = new TreeMap<>();
    apply(undoKeys, undo, byRow);
    apply(redoKeys, redo, byRow);
    return new RowDeltas(byRow, undo.size() + redo.size());
  }

  /** Reads every mutation of {@code files} into {@code keys} ({row, timestamp, index}). */
  private static void collect(List<String> files, BlockSource blocks, KuduSchema schema,
      long baseRows, List<long[]> keys, List<RowChangeList> changes) throws IOException {
    for (String p : files) {
      InputFile f = blocks.open(p);
      try (DeltaFile r = DeltaFile.open(f)) {
        DeltaFile.Iterator it = r.iterator();
        while (it.next()) {
          DeltaKey k = it.key();
          // The delta's own bytes are not placed by the iterator; errors name it by ordinal.
          FileRegion delta = FileRegion.of(f.name()).child("delta", changes.size());
          if (k.rowOrdinal() >= baseRows) {
            throw delta.corrupt("%s",
                "mutates row " + k.rowOrdinal() + " of a rowset of " + baseRows + " rows");
          }
          for (ColumnUpdate u : it.changes().updates()) {
            KuduColumn c = schema.columnById(u.columnId());
            if (c != null && c.key()) {
              throw delta.corrupt("%s",
                  "updates key column " + c.name() + ", which Kudu never does");
            }
            if (c != null && u.isNull() && !c.nullable()) {
              throw delta.corrupt("%s",
                  "sets column " + c.name() + ", which is not nullable, to NULL");
            }
            int width = c == null ? -1 : c.type().physical().width();
            if (!u.isNull() && width > 0 && u.valueLength() != width) {
              throw delta.corrupt("%s",
                  "sets column " + c.name() + " (" + c.type().kuduName() + ") to "
                  + u.valueLength() + " bytes, not " + width);
            }
          }
          keys.add(new long[] {k.rowOrdinal(), k.timestamp(), changes.size()});
          changes.add(it.changes());
        }
      }
    }
  }

  /** Applies the mutations {@code keys} name, in that order, to the rows' states. */
  private static void apply(List<long[]> keys, List<RowChangeList> changes,
      TreeMap<Long, RowState> byRow) {
    for (long[] k : keys) {
      RowChangeList c = changes.get((int) k[2]);
      RowState s = byRow.getOrDefault(k[0], new RowState(false, new HashMap<>()));
      if (c.type() == ChangeType.DELETE) {
        s = new RowState(true, new HashMap<>());
      } else {
        Map<Integer, ColumnUpdate> values = s.values();
        if (c.type() == ChangeType.REINSERT) {
          values = new HashMap<>();
        }
        for (ColumnUpdate u : c.updates()) {
          values.put(u.columnId(), u);
        }
        s = new RowState(false, values);
      }
      byRow.put(k[0], s);
    }
  }

  /** Mutations read from all REDO files. */
  int count() {
    return count;
  }

  /** Rows whose latest mutation deletes them. */
  long deletedRows() {
    return dead.length;
  }

  /**
   * The ordinal of live row {@code live} (rows counted in ordinal order, deleted ones left
   * out); the base row count or more when there are not that many live rows.
   */
  long ordinalOfLiveRow(long live) {
    // live rows before dead[k]: dead[k] - k, which never falls as k grows; the wanted row has
    // as many deleted rows before it as there are k with dead[k] - k <= live
    int lo = 0;
    int hi = dead.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (dead[mid] - mid > live) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    return live + lo;
  }

  /**
   * Applies the mutations of base rows {@code [first, first + n)}, held in rows {@code [0, n)} of
   * {@code vectors} (one per column of {@code columns}): sets the values they update and flags
   * the rows they delete in {@code deleted}. Returns the number of deleted rows.
   */
  int apply(long first, int n, List<KuduColumn> columns, ColumnVector[] vectors,
      boolean[] deleted) {
    Arrays.fill(deleted, 0, n, false);
    int i = Arrays.binarySearch(rows, first);
    if (i < 0) {
      i = -i - 1;
    }
    int dead = 0;
    for (; i < rows.length && rows[i] < first + n; i++) {
      int r = (int) (rows[i] - first);
      RowState s = states[i];
      if (s.deleted()) {
        deleted[r] = true;
        dead++;
        continue;
      }
      for (int c = 0; c < columns.size(); c++) {
        ColumnUpdate u = s.values().get(columns.get(c).id());
        if (u != null) {
          set(columns.get(c), vectors[c], r, u);
        }
      }
    }
    return dead;
  }

  private static void set(KuduColumn c, ColumnVector v, int row, ColumnUpdate u) {
    if (u.isNull()) {
      v.setNull(row);
      return;
    }
    if (!v.noNulls) {
      v.isNull[row] = false;
    }
    byte[] value = u.value();
    if (v instanceof BytesVector b) {
      b.setRef(row, value, 0, value.length);
    } else {
      CellVectors.read(c.type(), value, v, row, 1);
    }
  }
}
