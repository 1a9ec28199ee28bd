package io.colfile.kudu.tablet;

import io.colfile.core.AbstractBatchReader;
import io.colfile.core.BatchReader;
import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.FileRegion;
import io.colfile.core.io.InputFile;
import io.colfile.core.read.ReadPlan;
import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.ColumnVector;
import io.colfile.kudu.CellVectors;
import io.colfile.kudu.KuduType;
import io.colfile.kudu.PhysicalType;
import io.colfile.kudu.rowset.KuduColumn;
import io.colfile.kudu.rowset.KuduSchema;
import io.colfile.kudu.wal.FlushedStores;
import io.colfile.kudu.wal.LogEntry;
import io.colfile.kudu.wal.LogSegment;
import io.colfile.kudu.wal.RowOperations;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * A tablet's rows as the tablet server held them when it stopped: its flushed rows (every
 * rowset, REDO deltas applied) and, replayed on top, what only the write-ahead log holds, as
 * Kudu's tablet bootstrap decides it: a committed row operation is replayed when it changed a
 * MemRowSet or DeltaMemStore that was not flushed (failed ones and flushed ones are not), and
 * writes replicated but never committed are applied as Kudu applies a write (an INSERT of a
 * present key, or an UPDATE or DELETE of an absent one, does nothing). Rows come out in primary
 * key order. The rows are gathered in memory (a first version: a tablet's rows must fit).
 */
public final class LiveTablet implements FileReader {
  private final TabletMeta tablet;
  private final Type schema;
  private final List<KuduColumn> columns;
  private final TreeMap<List<Object>, Cells> rows;
  private final Map<String, Object> replay;

  /** One row: a cell per column (null for NULL). */
  private record Cells(byte[][] cells) {}

  private LiveTablet(TabletMeta tablet, Type schema, TreeMap<List<Object>, Cells> rows,
      Map<String, Object> replay) {
    this.tablet = tablet;
    this.schema = schema;
    this.columns = tablet.schema().columns();
    this.rows = rows;
    this.replay = replay;
  }

  /** What a salvaging read left out (damaged rowsets, log entries), empty when nothing. */
  @SuppressWarnings("unchecked")
  public List<String> damage() {
    Object d = replay.get("damaged (salvaged around)");
    return d == null ? List.of() : (List<String>) d;
  }

  /**
   * Opens tablet {@code tabletId} of {@code dir}, its log read from {@code wals/<id>/}, as of
   * hybrid time {@code snapshot} (-1: as the server stopped): then only what happened before it
   * counts, flushed data rolled back through its UNDO deltas.
   */
  static LiveTablet open(KuduServerDir dir, String tabletId, long snapshot, boolean salvage)
      throws IOException {
    TabletMeta meta = dir.tablet(tabletId);
    KuduSchema schema = meta.schema();
    TreeMap<List<Object>, Cells> rows = new TreeMap<>(LiveTablet::compareKeys);
    Type rowType = schema.rowType();
    List<String> damage = new ArrayList<>();
    int[] one = new int[1];
    for (RowSetMeta rs : meta.rowsets()) {
      // a rowset at a time: with salvage, a damaged one is left out whole and named
      List<Map.Entry<List<Object>, Cells>> read = new ArrayList<>();
      try (io.colfile.kudu.rowset.RowSetReader reader = snapshot < 0
              ? dir.openRowSet(meta, rs) : dir.openRowSet(meta, rs, snapshot);
          BatchReader r = reader.read(ReadOptions.defaults())) {
        rowType = reader.schema();
        ColumnBatch b = r.newBatch();
        while (r.next(b)) {
          for (int i = 0; i < b.size; i++) {
            byte[][] cells = new byte[schema.columns().size()][];
            for (int c = 0; c < cells.length; c++) {
              cells[c] = cell(schema.columns().get(c).type(), b.cols[c], i, one);
            }
            read.add(Map.entry(key(schema, cells), new Cells(cells)));
          }
        }
      } catch (IOException | java.io.UncheckedIOException e) {
        if (!salvage) {
          throw e;
        }
        damage.add("rowset " + rs.id() + " left out: " + e.getMessage());
        continue;
      }
      for (Map.Entry<List<Object>, Cells> e : read) {
        rows.put(e.getKey(), e.getValue());
      }
    }
    Map<String, Object> stats = new LinkedHashMap<>();
    replay(dir.walDir().resolve("wals").resolve(tabletId), meta, rows, stats, snapshot, salvage,
        damage);
    if (!damage.isEmpty()) {
      stats.put("damaged (salvaged around)", damage);
    }
    if (snapshot >= 0) {
      stats.put("as of", (snapshot >>> 12) + " microseconds since 1970");
    }
    return new LiveTablet(meta, rowType, rows, stats);
  }

  /** The cell of row {@code i} of {@code v} (a column of {@code t}), or null for NULL. */
  private static byte[] cell(KuduType t, ColumnVector v, int i, int[] one) {
    if (!v.noNulls && v.isNull[i]) {
      return null;
    }
    if (t.physical() == PhysicalType.BINARY) {
      BytesVector b = (BytesVector) v;
      return Arrays.copyOfRange(b.vector[i], b.start[i], b.start[i] + b.length[i]);
    }
    byte[] cell = new byte[t.physical().width()];
    one[0] = i;
    CellVectors.write(t, v, one, 1, cell);
    return cell;
  }

  private static void replay(Path walDir, TabletMeta meta, TreeMap<List<Object>, Cells> rows,
      Map<String, Object> stats, long snapshot, boolean salvage, List<String> damage)
      throws IOException {
    Map<Long, Long> dms = new HashMap<>();
    for (RowSetMeta rs : meta.rowsets()) {
      dms.put(rs.id(), rs.lastDurableDmsId());
    }
    FlushedStores flushed = new FlushedStores(meta.lastDurableMrsId(), dms);
    List<Path> segments = new ArrayList<>();
    if (Files.isDirectory(walDir)) {
      try (Stream<Path> files = Files.list(walDir)) {
        files.filter(p -> p.getFileName().toString().startsWith("wal-")).sorted()
            .forEach(segments::add);
      }
    }
    Map<LogEntry.OpId, Pending> pending = new LinkedHashMap<>();
    long replayed = 0;
    long skipped = 0;
    long uncommitted = 0;
    String end = "no log";
    for (Path p : segments) {
      LogSegment s = LogSegment.read(InputFile.local(p), salvage);
      end = s.name() + ": " + s.end();
      if (s.end().startsWith("damaged")) {
        damage.add(end);
      }
      for (LogEntry e : s.entries()) {
        if (e instanceof LogEntry.Replicate r && r.opType() == LogEntry.WRITE_OP) {
          String where = s.name() + " / op " + r.id();
          pending.put(r.id(), new Pending(r, where));
        } else if (e instanceof LogEntry.Commit c && c.opType() == LogEntry.WRITE_OP) {
          Pending w = pending.remove(c.committed());
          if (w == null) {
            continue; // its replicate is in a segment already collected: flushed long ago
          }
          List<RowOperations.Op> ops = w.ops(meta.schema());
          if (ops.size() != c.results().size()) {
            throw FileRegion.of(w.where).corrupt("%s", "the commit has " + c.results().size()
                + " results for " + ops.size() + " row operations");
          }
          long[] counter = {w.replicate.write().autoIncrementCounter()};
          boolean before = snapshot < 0
              || Long.compareUnsigned(w.replicate.hybridTime(), snapshot) < 0;
          for (int i = 0; i < ops.size(); i++) {
            FlushedStores.Action a = flushed.action(c.results().get(i), w.where);
            boolean apply = a == FlushedStores.Action.REPLAY && before;
            apply(meta.schema(), w.client, ops.get(i), rows, counter, apply);
            if (apply) {
              replayed++;
            } else {
              skipped++;
            }
          }
        }
      }
    }
    // written to the log, never committed: applied as a new write would be
    for (Pending w : pending.values()) {
      if (snapshot >= 0 && Long.compareUnsigned(w.replicate.hybridTime(), snapshot) >= 0) {
        continue;
      }
      List<RowOperations.Op> ops = w.ops(meta.schema());
      long[] counter = {w.replicate.write().autoIncrementCounter()};
      for (RowOperations.Op op : ops) {
        apply(meta.schema(), w.client, op, rows, counter, true);
        uncommitted++;
      }
    }
    stats.put("log segments", segments.size());
    stats.put("row operations replayed", replayed);
    stats.put("row operations already flushed or failed", skipped);
    stats.put("row operations never committed, applied", uncommitted);
    stats.put("log end", end);
  }

  /** A replicated write, its rows decoded on first use. */
  private static final class Pending {
    final LogEntry.Replicate replicate;
    final String where;
    KuduSchema client;
    List<RowOperations.Op> ops;

    Pending(LogEntry.Replicate replicate, String where) {
      this.replicate = replicate;
      this.where = where;
    }

    List<RowOperations.Op> ops(KuduSchema tablet) throws CorruptFileException {
      if (ops == null) {
        client = KuduServerDir.clientSchema(replicate.write().schema(), where);
        ops = RowOperations.decode(replicate.write().rows(), replicate.write().indirectData(),
            client.columns(), where);
      }
      return ops;
    }
  }

  /**
   * Applies one row operation to {@code rows} (when {@code apply}; an INSERT still takes its
   * auto-incrementing value either way, as it did when it was first applied).
   */
  private static void apply(KuduSchema schema, KuduSchema client, RowOperations.Op op,
      TreeMap<List<Object>, Cells> rows, long[] counter, boolean apply) {
    List<KuduColumn> cols = schema.columns();
    byte[][] given = new byte[cols.size()][];
    boolean[] set = new boolean[cols.size()];
    for (int c = 0; c < client.columns().size(); c++) {
      int t = indexOf(cols, client.columns().get(c).name());
      if (t >= 0 && op.isSet(c)) {
        set[t] = true;
        given[t] = op.cells()[c];
      }
    }
    RowOperations.Type type = op.type();
    boolean insert = type == RowOperations.Type.INSERT
        || type == RowOperations.Type.INSERT_IGNORE;
    for (int t = 0; t < cols.size(); t++) {
      KuduColumn col = cols.get(t);
      if (col.key() && !set[t] && col.name().equals("auto_incrementing_id") && insert) {
        counter[0]++;
        set[t] = true;
        given[t] = new byte[8];
        io.colfile.core.encoding.Endian.putLongLE(given[t], 0, counter[0]);
      }
    }
    if (!apply) {
      return;
    }
    List<Object> key = key(schema, given);
    Cells present = rows.get(key);
    switch (type) {
      case INSERT, INSERT_IGNORE, UPSERT, UPSERT_IGNORE -> {
        if (present == null) {
          byte[][] cells = new byte[cols.size()][];
          for (int t = 0; t < cols.size(); t++) {
            cells[t] = set[t] ? given[t] : cols.get(t).readDefault();
          }
          rows.put(key, new Cells(cells));
        } else if (!insert) {
          update(cols, present, set, given);
        }
      }
      case UPDATE, UPDATE_IGNORE -> {
        if (present != null) {
          update(cols, present, set, given);
        }
      }
      case DELETE, DELETE_IGNORE -> rows.remove(key);
      default -> {
        // split rows and range bounds are no row changes
      }
    }
  }

  private static void update(List<KuduColumn> cols, Cells row, boolean[] set, byte[][] given) {
    for (int t = 0; t < cols.size(); t++) {
      if (set[t] && !cols.get(t).key()) {
        row.cells()[t] = given[t];
      }
    }
  }

  private static int indexOf(List<KuduColumn> cols, String name) {
    for (int i = 0; i < cols.size(); i++) {
      if (cols.get(i).name().equals(name)) {
        return i;
      }
    }
    return -1;
  }

  /** The primary key of a row as comparable values, in key order. */
  private static List<Object> key(KuduSchema schema, byte[][] cells) {
    List<Object> out = new ArrayList<>();
    for (KuduColumn k : schema.keys()) {
      byte[] c = cells[schema.columns().indexOf(k)];
      out.add(c == null ? null : keyValue(k.type(), c));
    }
    return out;
  }

  private static Object keyValue(KuduType t, byte[] c) {
    return t.physical() == PhysicalType.BINARY ? new Unsigned(c) : RowOperations.cellValue(t, c);
  }

  /** Bytes compared unsigned, as Kudu orders binary keys. */
  private record Unsigned(byte[] b) implements Comparable<Unsigned> {
    @Override
    public int compareTo(Unsigned o) {
      return Arrays.compareUnsigned(b, o.b);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Unsigned u && Arrays.equals(b, u.b);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(b);
    }
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static int compareKeys(List<Object> a, List<Object> b) {
    for (int i = 0; i < a.size(); i++) {
      Object x = a.get(i);
      Object y = b.get(i);
      if (x == null || y == null) {
        int c = x == null ? (y == null ? 0 : -1) : 1;
        if (c != 0) {
          return c;
        }
        continue;
      }
      int c = ((Comparable) x).compareTo(y);
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }

  /** The tablet's metadata. */
  public TabletMeta tablet() {
    return tablet;
  }

  @Override
  public String formatName() {
    return "Kudu";
  }

  @Override
  public Type schema() {
    return schema;
  }

  @Override
  public long numberOfRows() {
    return rows.size();
  }

  @Override
  public Map<String, Object> describe() throws IOException {
    Map<String, Object> out = FileReader.super.describe();
    out.put("tablet", tablet.tabletId());
    out.put("table", tablet.tableName());
    out.putAll(replay);
    return out;
  }

  @Override
  public BatchReader read(ReadOptions options) throws IOException {
    ReadPlan plan = ReadPlan.create(schema, options);
    List<String> names = plan.topLevelColumns();
    int[] from = new int[names.size()];
    for (int i = 0; i < from.length; i++) {
      from[i] = schema.fieldNames().indexOf(names.get(i));
    }
    Iterator<Cells> it = rows.values().iterator();
    BatchReader raw = new AbstractBatchReader(plan.fileProjection(), options.batchSize()) {
      @Override
      protected int fill(ColumnBatch batch, int max) {
        int n = 0;
        while (n < max && it.hasNext()) {
          byte[][] cells = it.next().cells();
          for (int i = 0; i < from.length; i++) {
            put(columns.get(from[i]).type(), cells[from[i]], batch.cols[i], n);
          }
          n++;
        }
        return n;
      }
    };
    return plan.wrap(raw);
  }

  private static void put(KuduType t, byte[] cell, ColumnVector v, int row) {
    if (cell == null) {
      v.setNull(row);
    } else if (t.physical() == PhysicalType.BINARY) {
      ((BytesVector) v).setRef(row, cell, 0, cell.length);
    } else {
      CellVectors.read(t, cell, v, row, 1);
    }
  }

  @Override
  public void close() {}

}
