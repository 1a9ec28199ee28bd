package io.colfile.kudu.tablet;

import io.colfile.core.BatchReader;
import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.read.ReadPlan;
import io.colfile.core.types.Type;
import io.colfile.kudu.rowset.RowSetReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The flushed rows of one tablet: the rows of each of its DiskRowSets in turn (in the order the
 * superblock lists them; rows are in key order within a rowset, not across rowsets), each with
 * its REDO deltas applied and its deleted rows left out, as {@link RowSetReader} reads them.
 *
 * <p>Only flushed data: the write-ahead log is not read, so inserts still in the MemRowSet and
 * mutations still in DeltaMemStores when the server stopped (or crashed) are missing, and a row
 * deleted only in the log is still here. Reading the log is the next step of issue 14.
 */
public final class TabletReader implements FileReader {
  private final TabletMeta tablet;
  private final List<RowSetReader> rowsets;

  private TabletReader(TabletMeta tablet, List<RowSetReader> rowsets) {
    this.tablet = tablet;
    this.rowsets = List.copyOf(rowsets);
  }

  static TabletReader open(KuduServerDir dir, TabletMeta tablet) throws IOException {
    List<RowSetReader> readers = new ArrayList<>();
    try {
      for (RowSetMeta rs : tablet.rowsets()) {
        readers.add(dir.openRowSet(tablet, rs));
      }
    } catch (IOException | RuntimeException e) {
      Closing.closeAfter(readers, e);
      throw e;
    }
    return new TabletReader(tablet, readers);
  }

  /** The tablet's superblock. */
  public TabletMeta tablet() {
    return tablet;
  }

  /** The tablet's DiskRowSets, open. */
  public List<RowSetReader> rowsets() {
    return rowsets;
  }

  @Override
  public String formatName() {
    return "Kudu";
  }

  @Override
  public Type schema() {
    return tablet.schema().rowType();
  }

  /** The live flushed rows: each rowset's base rows less those its REDO deltas delete. */
  @Override
  public long numberOfRows() {
    long n = 0;
    for (RowSetReader r : rowsets) {
      n += r.numberOfRows();
    }
    return n;
  }

  @Override
  public Map<String, Object> describe() throws IOException {
    Map<String, Object> out = FileReader.super.describe();
    out.put("kind", "tablet (Kudu, flushed rowsets only; the write-ahead log is not read)");
    out.put("table", tablet.tableName());
    out.put("table id", tablet.tableId());
    out.put("tablet id", tablet.tabletId());
    out.put("partition", tablet.partition().toString());
    out.put("last durable MemRowSet id", tablet.lastDurableMrsId());
    List<Object> rs = new ArrayList<>();
    for (int i = 0; i < rowsets.size(); i++) {
      RowSetMeta m = tablet.rowsets().get(i);
      Map<String, Object> r = new LinkedHashMap<>();
      r.put("id", m.id());
      r.put("base rows", rowsets.get(i).baseRows());
      r.put("rows", rowsets.get(i).numberOfRows());
      r.put("redo deltas", m.redoBlocks().size());
      r.put("undo deltas", m.undoBlocks().size());
      r.put("last durable DeltaMemStore id", m.lastDurableDmsId());
      rs.add(r);
    }
    out.put("rowsets", rs);
    return out;
  }

  @Override
  public BatchReader read(ReadOptions options) throws IOException {
    List<BatchReader> parts = new ArrayList<>();
    try {
      for (RowSetReader r : rowsets) {
        parts.add(r.read(options));
      }
    } catch (IOException | RuntimeException e) {
      Closing.closeAfter(parts, e);
      throw e;
    }
    if (parts.isEmpty()) {
      return ReadPlan.create(schema(), options).empty();
    }
    return new ConcatBatchReader(parts);
  }

  @Override
  public void close() throws IOException {
    Closing.closeAll(rowsets);
  }
}
