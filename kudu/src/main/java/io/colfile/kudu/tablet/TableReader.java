package io.colfile.kudu.tablet;

import io.colfile.core.BatchReader;
import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.read.ReadPlan;
import io.colfile.core.types.Type;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The rows of a table this tablet server holds: each of its tablets as the server held it when
 * it stopped ({@link LiveTablet}), one after the other (each tablet in key order).
 */
public final class TableReader implements FileReader {
  private final KuduTable table;
  private final List<LiveTablet> tablets;
  private final Type schema;

  private TableReader(KuduTable table, List<LiveTablet> tablets, Type schema) {
    this.table = table;
    this.tablets = tablets;
    this.schema = schema;
  }

  /** The table as of hybrid time {@code snapshot} (-1: as the server stopped). */
  static TableReader open(KuduServerDir dir, KuduTable table, long snapshot, boolean salvage)
      throws IOException {
    List<LiveTablet> tablets = new ArrayList<>();
    try {
      for (TabletMeta t : table.tablets()) {
        tablets.add(LiveTablet.open(dir, t.tabletId(), snapshot, salvage));
      }
    } catch (IOException | RuntimeException e) {
      Closing.closeAfter(tablets, e);
      throw e;
    }
    if (tablets.isEmpty()) {
      throw new IllegalArgumentException("table " + table.name() + " has no tablet here");
    }
    Type schema = tablets.get(0).schema();
    for (LiveTablet t : tablets) {
      if (!t.schema().equals(schema)) {
        Closing.closeAll(tablets);
        throw new IllegalArgumentException("the tablets of table " + table.name()
            + " disagree on its schema: " + schema + " and " + t.schema());
      }
    }
    return new TableReader(table, tablets, schema);
  }

  /** What a salvaging read left out, tablet by tablet; empty when nothing. */
  public List<String> damage() {
    List<String> out = new ArrayList<>();
    for (LiveTablet t : tablets) {
      t.damage().forEach(d -> out.add("tablet " + t.tablet().tabletId() + ": " + d));
    }
    return out;
  }

  public KuduTable table() {
    return table;
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
    long n = 0;
    for (LiveTablet t : tablets) {
      n += t.numberOfRows();
    }
    return n;
  }

  @Override
  public Map<String, Object> describe() throws IOException {
    Map<String, Object> out = FileReader.super.describe();
    out.put("kind", "table of a Kudu tablet server's directory (flushed rows and the"
        + " write-ahead log)");
    out.put("table", table.name());
    out.put("table id", table.id());
    List<Object> ts = new ArrayList<>();
    for (LiveTablet t : tablets) {
      Map<String, Object> d = t.describe();
      d.remove("format");
      d.remove("schema");
      d.remove("table");
      ts.add(d);
    }
    out.put("tablets", ts);
    return out;
  }

  @Override
  public BatchReader read(ReadOptions options) throws IOException {
    List<BatchReader> parts = new ArrayList<>();
    try {
      for (LiveTablet t : tablets) {
        parts.add(t.read(options));
      }
    } catch (IOException | RuntimeException e) {
      Closing.closeAfter(parts, e);
      throw e;
    }
    return parts.isEmpty() ? ReadPlan.create(schema, options).empty()
        : new ConcatBatchReader(parts);
  }

  @Override
  public void close() throws IOException {
    Closing.closeAll(tablets);
  }
}
