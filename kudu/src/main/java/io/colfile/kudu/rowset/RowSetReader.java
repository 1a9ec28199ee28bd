package io.colfile.kudu.rowset;

import io.colfile.core.error.FileRegion;
import io.colfile.core.read.ReadPlan;
import io.colfile.core.BatchReader;
import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.ScanReport;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.io.InputFile;
import io.colfile.core.types.Type;
import io.colfile.kudu.CFile;
import io.colfile.kudu.KuduType;
import io.colfile.kudu.KuduTypes;
import io.colfile.kudu.bloom.BloomFile;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the rows of one DiskRowSet as of the latest time (cfile.md section 12.4): the base data
 * of its column CFiles, in key order, with the mutations of its REDO delta files applied in
 * timestamp order, and the rows they delete left out. Columns without a CFile (added to the
 * table after the rowset was written) read as their default value, or NULL. The table schema
 * comes from the caller, or from the {@code rowset.json} of a directory colfile wrote.
 */
public final class RowSetReader implements FileReader {
  private final String name;
  private final KuduSchema schema;
  private final Map<Integer, CFile> columns = new LinkedHashMap<>();
  private final long baseRows;
  private final RowDeltas deltas;
  private final RowSetFiles files;
  private final BlockSource blocks;
  private final boolean fromManifest;
  /** Opened on the first read that needs them. */
  private CFile adhocIndex;
  private BloomFile bloom;

  private RowSetReader(String name, KuduSchema schema, RowSetFiles files, BlockSource blocks,
      boolean fromManifest) throws IOException {
    this(name, schema, files, blocks, fromManifest, RowDeltas.LATEST);
  }

  private RowSetReader(String name, KuduSchema schema, RowSetFiles files, BlockSource blocks,
      boolean fromManifest, long snapshot) throws IOException {
    this.name = name;
    this.schema = schema;
    this.files = files;
    this.blocks = blocks;
    this.fromManifest = fromManifest;
    long rows = -1;
    try {
      for (KuduColumn c : schema.columns()) {
        String file = files.columns().get(c.id());
        if (file == null) {
          continue;
        }
        CFile r = CFile.open(blocks.open(file));
        columns.put(c.id(), r);
        if (r.dataType() != c.type()) {
          throw r.footerRegion().corrupt("%s", "holds " + r.dataType()
              .kuduName() + " cells, but column " + c.name() + " is " + c.type().kuduName());
        }
        if (r.isNullable() && !c.nullable()) {
          throw r.footerRegion().corrupt("%s", "is nullable, but column "
              + c.name() + " is not");
        }
        if (rows >= 0 && r.numValues() != rows) {
          throw r.footerRegion().corrupt("%s", "has " + r.numValues()
              + " values where the rowset's other columns have " + rows);
        }
        rows = r.numValues();
      }
      if (rows < 0) {
        throw FileRegion.of(name).corrupt("%s", "has no column files");
      }
      this.baseRows = rows;
      this.deltas = snapshot == RowDeltas.LATEST
          ? RowDeltas.read(files.redoDeltas(), blocks, schema, baseRows)
          : RowDeltas.read(files.redoDeltas(), files.undoDeltas(), blocks, schema, baseRows,
              snapshot);
    } catch (IOException | RuntimeException e) {
      close();
      throw e;
    }
  }

  /**
   * Opens the rowset whose files are {@code files} (paths relative to {@code dir}, or absolute),
   * of a table of {@code schema}.
   */
  public static RowSetReader open(KuduSchema schema, RowSetFiles files, Path dir)
      throws IOException {
    return new RowSetReader(dir.toString(), schema, files,
        f -> InputFile.local(resolve(dir, f, false)), false);
  }

  /**
   * Opens the rowset called {@code name} (for messages) whose block files {@code blocks} opens by
   * the names in {@code files}, such as a tablet's rowset in a tablet server's block store.
   */
  public static RowSetReader open(KuduSchema schema, RowSetFiles files, String name,
      BlockSource blocks) throws IOException {
    return new RowSetReader(name, schema, files, blocks, false);
  }

  /**
   * {@link #open(KuduSchema, RowSetFiles, String, BlockSource)} as of hybrid time {@code
   * snapshot} (microseconds {@code << 12}), as a Kudu snapshot scan at it reads: the rows as
   * they were before it, the base data rolled back through the UNDO deltas of what happened at
   * or after it, and only the REDO deltas from before it applied.
   */
  public static RowSetReader openAsOf(KuduSchema schema, RowSetFiles files, String name,
      BlockSource blocks, long snapshot) throws IOException {
    return new RowSetReader(name, schema, files, blocks, false, snapshot);
  }

  /** Opens a rowset directory colfile wrote: its {@code rowset.json} describes it. */
  public static RowSetReader openDirectory(Path dir) throws IOException {
    Path manifest = dir.resolve(RowSetManifest.FILE_NAME);
    RowSetManifest.Contents c;
    try (InputStream in = Files.newInputStream(manifest)) {
      c = RowSetManifest.read(in, manifest.toString());
    }
    RowSetReader r = new RowSetReader(dir.toString(), c.schema(), c.files(),
        f -> InputFile.local(resolve(dir, f, true)), true);
    if (r.baseRows != c.rows()) {
      r.close();
      throw FileRegion.of(manifest.toString()).corrupt("%s", "says " + c.rows()
          + " rows, the column files hold " + r.baseRows);
    }
    return r;
  }

  /**
   * Where a block file is: any path the caller gives (relative to {@code dir}, or absolute, such
   * as a file block manager's {@code data/xx/yy/zz/<id>}), but only plain names inside the
   * directory from a manifest, which may come from anywhere.
   */
  private static Path resolve(Path dir, String file, boolean fromManifest)
      throws CorruptFileException {
    if (fromManifest && !RowSetFileNames.isPlainName(file)) {
      throw FileRegion.of(dir.toString()).corrupt("%s", "names the file '" + file
          + "', which is not a plain name inside the rowset directory");
    }
    return dir.resolve(file);
  }

  public KuduSchema kuduSchema() {
    return schema;
  }

  /** Rows in the base data, deleted ones included. */
  public long baseRows() {
    return baseRows;
  }

  @Override
  public String formatName() {
    return "Kudu";
  }

  @Override
  public Type schema() {
    return schema.rowType();
  }

  /** Live rows: the base rows less those the REDO deltas delete. */
  @Override
  public long numberOfRows() {
    return baseRows - deltas.deletedRows();
  }

  @Override
  public Map<String, Object> describe() throws IOException {
    Map<String, Object> out = FileReader.super.describe();
    out.put("kind", "rowset (Kudu DiskRowSet)");
    out.put("key", String.join(", ", schema.keyColumns()));
    out.put("base rows", baseRows);
    out.put("deleted rows", deltas.deletedRows());
    out.put("redo deltas", deltas.count());
    List<Object> cols = new ArrayList<>();
    for (KuduColumn c : schema.columns()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("name", c.name());
      m.put("id", c.id());
      m.put("kudu type", c.type().kuduName());
      m.put("type", c.logicalType().toString());
      m.put("key", c.key());
      m.put("nullable", c.nullable());
      CFile r = columns.get(c.id());
      if (r != null) {
        m.put("encoding", r.encoding().kuduName());
        m.put("compression", r.compression().kuduName());
        m.put("file", r.name());
      } else {
        m.put("file", "none (default values)");
      }
      cols.add(m);
    }
    out.put("columns", cols);
    return out;
  }

  /**
   * What the rowset records about its rows without reading them, as a tree for tools ({@code
   * colfile stats}): base and live rows; the key's {@code min_key}/{@code max_key} (from the key
   * column's CFile, or the ad-hoc index of a composite key) decoded to the key columns' values;
   * which BloomFile it has; per column its CFile's value count and blocks ({@link
   * io.colfile.kudu.CFileStats}, each block listed with {@code blocks}); and per REDO and UNDO
   * DeltaFile its DeltaStats (hybrid-time range, deletes, reinserts, updates per column).
   */
  public Map<String, Object> statistics(boolean blocks) throws IOException {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("base rows", baseRows);
    out.put("live rows", numberOfRows());
    out.put("key", String.join(", ", schema.keyColumns()));
    List<KuduColumn> keys = schema.keys();
    CFile keyIndex = keys.size() == 1 ? columns.get(keys.get(0).id()) : adhocIndex();
    RowSetPruner p = pruner();
    byte[] min = keyIndex == null ? null : keyIndex.footer().metadata("min_key");
    byte[] max = keyIndex == null ? null : keyIndex.footer().metadata("max_key");
    out.put("min key", min == null ? "unknown" : p.keyText(min));
    out.put("max key", max == null ? "unknown" : p.keyText(max));
    out.put("bloom file", files.bloom() == null ? "none" : files.bloom());
    List<Object> cols = new ArrayList<>();
    for (KuduColumn c : schema.columns()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("column", c.name());
      CFile r = columns.get(c.id());
      if (r == null) {
        m.put("file", "none (default values)");
      } else {
        m.put("file", r.name());
        m.putAll(io.colfile.kudu.CFileStats.describe(r, blocks));
      }
      cols.add(m);
    }
    out.put("columns", cols);
    out.put("redo deltas", deltaStats(files.redoDeltas()));
    out.put("undo deltas", deltaStats(files.undoDeltas()));
    return out;
  }

  private List<Object> deltaStats(List<String> names) throws IOException {
    List<Object> out = new ArrayList<>();
    for (String f : names) {
      try (io.colfile.kudu.delta.DeltaFile d = io.colfile.kudu.delta.DeltaFile.open(
          blocks.open(f))) {
        io.colfile.kudu.delta.DeltaStats s = d.stats();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("file", f);
        m.put("deltas", d.count());
        m.put("min timestamp", s.minTimestamp());
        m.put("max timestamp", s.maxTimestamp());
        m.put("delete count", s.deleteCount());
        m.put("reinsert count", s.reinsertCount());
        Map<String, Object> updates = new LinkedHashMap<>();
        s.updateCounts().forEach((id, n) -> {
          KuduColumn c = columnOrNull(id);
          updates.put(c == null ? "column " + id : c.name(), n);
        });
        m.put("update counts", updates);
        out.add(m);
      }
    }
    return out;
  }

  private KuduColumn columnOrNull(int id) {
    for (KuduColumn c : schema.columns()) {
      if (c.id() == id) {
        return c;
      }
    }
    return null;
  }

  /**
   * Reads the rows {@code options} ask for. A filter's conditions on the primary key choose the
   * base rows read ({@link RowSetPruner}); every row read is then filtered exactly. With {@link
   * ReadOptions#withParallelism} the columns decode side by side on the pool, each at most two
   * parts (of up to 16,384 rows) ahead of the rows handed out; the batches are exactly those of
   * a single-threaded read ({@link RowSetBatchReader}).
   */
  @Override
  public BatchReader read(ReadOptions options) throws IOException {
    ReadPlan plan = ReadPlan.create(schema(), options);
    if (!options.splitHolds(0)) {
      return plan.empty(); // the file cannot be split: its rows belong to the split of byte 0
    }
    ScanReport report = new ScanReport();
    String text = options.filter().map(Object::toString).orElse("");
    long[] ranges = pruner().plan(plan.pushdown(), text, report);
    return plan.wrap(readRaw(plan.rawOptions(), ranges, report));
  }

  private RowSetPruner pruner() throws IOException {
    List<KuduColumn> keys = schema.keys();
    String label = fromManifest || files.bloom() == null ? name : name + " (" + files.bloom()
        + ")";
    if (keys.size() == 1) {
      return new RowSetPruner(label, schema, baseRows, columns.get(keys.get(0).id()),
          "value index", this::bloom);
    }
    return new RowSetPruner(label, schema, baseRows, adhocIndex(), "ad-hoc index",
        this::bloom);
  }

  /** The ad-hoc index of a composite key, or null when the rowset lists none. */
  private CFile adhocIndex() throws IOException {
    if (adhocIndex == null && files.adhocIndex() != null) {
      CFile r = CFile.open(blocks.open(files.adhocIndex()));
      if (r.dataType() != KuduType.BINARY || r.numValues() != baseRows) {
        r.close();
        throw r.footerRegion().corrupt("%s", "an ad-hoc index holds one "
            + "binary key per row, " + baseRows + " here; this file holds " + r.numValues()
            + " " + r.dataType().kuduName() + " cells");
      }
      adhocIndex = r;
    }
    return adhocIndex;
  }

  /** The bloom filter of the keys, or null when the rowset lists none. */
  private BloomFile bloom() throws IOException {
    if (bloom == null && files.bloom() != null) {
      bloom = BloomFile.open(blocks.open(files.bloom()));
    }
    return bloom;
  }

  private BatchReader readRaw(ReadOptions options, long[] ranges, ScanReport report)
      throws IOException {
    List<KuduColumn> projected = new ArrayList<>();
    if (options.columns().isPresent()) {
      for (String n : options.columns().get()) {
        projected.add(schema.column(n));
      }
    } else {
      projected.addAll(schema.columns());
    }
    Type.StructBuilder b = Type.structBuilder();
    for (KuduColumn c : projected) {
      KuduTypes.checkCompatible(c.type(), c.logicalType());
      b.field(c.name(), c.logicalType(), c.nullable());
    }
    return new RowSetBatchReader(b.build(), projected, columns, deltas, baseRows, options,
        ranges, report);
  }

  @Override
  public void close() throws IOException {
    IOException first = null;
    List<Closeable> all = new ArrayList<>(columns.values());
    all.add(adhocIndex);
    all.add(bloom);
    for (Closeable r : all) {
      try {
        if (r != null) {
          r.close();
        }
      } catch (IOException e) {
        if (first == null) {
          first = e;
        }
      }
    }
    if (first != null) {
      throw first;
    }
  }

  String name() {
    return name;
  }
}
