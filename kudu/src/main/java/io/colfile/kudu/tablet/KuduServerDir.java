package io.colfile.kudu.tablet;

import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.FileRegion;
import io.colfile.core.io.InputFile;
import io.colfile.kudu.fs.BlockStore;
import io.colfile.kudu.fs.ProtoContainer;
import io.colfile.kudu.rowset.KuduSchema;
import io.colfile.kudu.rowset.RowSetReader;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A stopped (or crashed) Kudu tablet server's directories, read without Kudu and never written:
 * the {@code --fs_wal_dir} (with {@code instance}, {@code tablet-meta/}, {@code
 * consensus-meta/} and {@code wals/}) and the data directories ({@code --fs_data_dirs}; by
 * default the WAL directory itself), whose {@code data/} subdirectories hold the blocks of
 * either block manager.
 *
 * <p>The tablets are those whose superblock says their data is {@link TabletDataState#READY};
 * tombstoned, deleted and half-copied tablets are listed by {@link #skipped()}. A tablet's
 * flushed DiskRowSets open as {@link RowSetReader}s, the whole tablet as a {@link TabletReader}.
 * The write-ahead log ({@code wals/}) is not read: rows and mutations only the log holds (those
 * after {@link TabletMeta#lastDurableMrsId()} and the DeltaMemStores' last durable ids) are
 * not in what this class gives.
 */
public final class KuduServerDir {
  static final String TABLET_META_DIR = "tablet-meta";
  static final String DATA_DIR = "data";
  static final String INSTANCE_FILE = "instance";

  /** A tablet this class does not read, and why. */
  public record Skipped(String tabletId, String reason) {}

  private final Path walDir;
  private final BlockStore blocks;
  private final List<TabletMeta> tablets;
  private final List<Skipped> skipped;

  private KuduServerDir(Path walDir, BlockStore blocks, List<TabletMeta> tablets,
      List<Skipped> skipped) {
    this.walDir = walDir;
    this.blocks = blocks;
    this.tablets = List.copyOf(tablets);
    this.skipped = List.copyOf(skipped);
  }

  /**
   * Opens the tablet server whose {@code --fs_wal_dir} is {@code walDir} and whose {@code
   * --fs_data_dirs} are {@code dataDirs} (empty: the WAL directory holds the data too). The
   * superblocks are those of the first data directory's {@code tablet-meta/} when it has one,
   * else of the WAL directory's, where Kudu looks without {@code --fs_metadata_dir}. Reads every
   * superblock and the block manager's metadata; blocks are read when asked for.
   */
  public static KuduServerDir open(Path walDir, List<Path> dataDirs) throws IOException {
    if (!Files.isRegularFile(walDir.resolve(INSTANCE_FILE))) {
      throw new NoSuchFileException(walDir.resolve(INSTANCE_FILE).toString(), null,
          "a Kudu --fs_wal_dir holds this instance file; is " + walDir + " one?");
    }
    List<Path> roots = dataDirs.isEmpty() ? List.of(walDir) : dataDirs;
    List<Path> blockDirs = new ArrayList<>();
    for (Path r : roots) {
      blockDirs.add(r.resolve(DATA_DIR));
    }
    BlockStore blocks = BlockStore.open(blockDirs);
    List<TabletMeta> tablets = new ArrayList<>();
    List<Skipped> skipped = new ArrayList<>();
    // as Kudu does without --fs_metadata_dir: the first data root's metadata if it has any (Kudu
    // 1.6 and older kept it there), else the WAL directory's
    Path metaDir = roots.get(0).resolve(TABLET_META_DIR);
    if (!Files.isDirectory(metaDir)) {
      metaDir = walDir.resolve(TABLET_META_DIR);
    }
    List<Path> files = new ArrayList<>();
    if (Files.isDirectory(metaDir)) {
      try (DirectoryStream<Path> s = Files.newDirectoryStream(metaDir)) {
        for (Path p : s) {
          // Kudu writes a superblock to <id>.kudutmp.<random> and renames it; leftovers are not
          // superblocks
          if (Files.isRegularFile(p) && !p.getFileName().toString().contains(".kudutmp")) {
            files.add(p);
          }
        }
      }
    }
    files.sort(Comparator.naturalOrder());
    for (Path p : files) {
      TabletMeta t = readSuperBlock(p);
      if (!t.tabletId().equals(p.getFileName().toString())) {
        throw FileRegion.of(p.toString()).corrupt("%s", "is the superblock of tablet "
            + t.tabletId() + ", not of the tablet its name says");
      }
      if (t.dataState() == TabletDataState.READY) {
        tablets.add(t);
      } else {
        skipped.add(new Skipped(t.tabletId(), "its data is " + t.dataState() + " (table "
            + t.tableName() + ")"));
      }
    }
    return new KuduServerDir(walDir, blocks, tablets, skipped);
  }

  /** Reads the superblock in {@code file}. */
  public static TabletMeta readSuperBlock(Path file) throws IOException {
    try (InputFile in = InputFile.local(file)) {
      ProtoContainer c = ProtoContainer.read(in);
      ProtoContainer.Record r = c.single(SuperBlockCodec.TYPE);
      return SuperBlockCodec.parse(r.body(), FileRegion.of(in.name())
          .slice("TabletSuperBlockPB", r.offset(), r.body().length));
    }
  }

  /**
   * The schema a client sent with a write, as a write-ahead log entry keeps it ({@code
   * LogEntry.WriteOp.schema()}, Kudu's SchemaPB): its columns in the client's order, the order
   * its row operations are in ({@code RowOperations.decode}); columns without an id take their
   * position. {@code where} names the entry in errors.
   */
  public static KuduSchema clientSchema(byte[] schemaPb, String where)
      throws CorruptFileException {
    return SuperBlockCodec.clientSchema(schemaPb, FileRegion.of(where));
  }

  /** The WAL directory given. */
  public Path walDir() {
    return walDir;
  }

  /** The block store of the data directories. */
  public BlockStore blocks() {
    return blocks;
  }

  /** The readable tablets, by tablet id. */
  public List<TabletMeta> tablets() {
    return tablets;
  }

  /** The tablets not read: tombstoned, deleted, being copied. */
  public List<Skipped> skipped() {
    return skipped;
  }

  /** The tables of the readable tablets, by table name, each with its tablets. */
  public List<KuduTable> tables() {
    Map<String, List<TabletMeta>> byId = new LinkedHashMap<>();
    for (TabletMeta t : tablets) {
      byId.computeIfAbsent(t.tableId(), k -> new ArrayList<>()).add(t);
    }
    List<KuduTable> out = new ArrayList<>();
    byId.forEach((id, ts) -> out.add(new KuduTable(id, ts.get(0).tableName(), ts)));
    out.sort(Comparator.comparing(KuduTable::name).thenComparing(KuduTable::id));
    return out;
  }

  /** The readable tablet {@code tabletId}. */
  public TabletMeta tablet(String tabletId) {
    for (TabletMeta t : tablets) {
      if (t.tabletId().equals(tabletId)) {
        return t;
      }
    }
    for (Skipped s : skipped) {
      if (s.tabletId().equals(tabletId)) {
        throw new IllegalArgumentException("tablet " + tabletId + " is not read: " + s.reason());
      }
    }
    throw new IllegalArgumentException("no tablet " + tabletId + " in " + walDir);
  }

  /** Opens one flushed DiskRowSet of {@code tablet}, its blocks read from the block store. */
  public RowSetReader openRowSet(TabletMeta tablet, RowSetMeta rowset) throws IOException {
    return RowSetReader.open(tablet.schema(), rowset.files(), "tablet " + tablet.tabletId()
        + " (table " + tablet.tableName() + ") rowset " + rowset.id(),
        f -> blocks.open(Long.parseUnsignedLong(f)));
  }

  /**
   * Opens table {@code name}: every tablet of it this server holds, as the server held it when
   * it stopped (see {@link TableReader}).
   *
   * @throws IllegalArgumentException naming the tables there are, when there is no such table
   */
  public TableReader openTable(String name) throws IOException {
    return TableReader.open(this, table(name), -1, false);
  }

  private KuduTable table(String name) {
    for (KuduTable t : tables()) {
      if (t.name().equals(name)) {
        return t;
      }
    }
    List<String> names = new ArrayList<>();
    tables().forEach(t -> names.add(t.name()));
    throw new IllegalArgumentException("no table '" + name + "' in " + walDir + "; its tables: "
        + String.join(", ", names));
  }

  /**
   * What the directory holds, as an ordered tree for tools: the block manager, each table with
   * its tablets (partition, rowsets, rows, what the log replays, what is damaged), and the
   * tablets not read.
   */
  public Map<String, Object> describe() throws IOException {
    Map<String, Object> out = new java.util.LinkedHashMap<>();
    out.put("kind", "Kudu tablet server directory");
    out.put("wal dir", walDir.toString());
    out.put("block manager", blocks.kind());
    List<Object> ts = new ArrayList<>();
    for (KuduTable t : tables()) {
      Map<String, Object> table = new java.util.LinkedHashMap<>();
      table.put("table", t.name());
      table.put("id", t.id());
      List<Object> tablets = new ArrayList<>();
      for (TabletMeta m : t.tablets()) {
        // read around damage: what is damaged is part of the description
        try (LiveTablet live = openLiveTablet(m.tabletId(), -1, true)) {
          if (!table.containsKey("schema")) {
            table.put("schema", live.schema().toString());
          }
          Map<String, Object> d = new java.util.LinkedHashMap<>();
          d.put("tablet", m.tabletId());
          d.put("partition", m.partition().toString());
          d.put("rowsets", m.rowsets().size());
          Map<String, Object> all = live.describe();
          for (String k : List.of("format", "schema", "table", "tablet")) {
            all.remove(k);
          }
          d.putAll(all);
          tablets.add(d);
        }
      }
      table.put("tablets", tablets);
      ts.add(table);
    }
    out.put("tables", ts);
    List<Object> skippedOut = new ArrayList<>();
    for (Skipped s : skipped) {
      skippedOut.add(s.tabletId() + ": " + s.reason());
    }
    out.put("tablets not read", skippedOut);
    return out;
  }

  /**
   * Opens tablet {@code tabletId} as the server held it when it stopped: its flushed rows and,
   * replayed on top, what only its write-ahead log holds (see {@link LiveTablet}).
   */
  public LiveTablet openLiveTablet(String tabletId) throws IOException {
    return LiveTablet.open(this, tabletId, -1, false);
  }

  /** {@link #openRowSet(TabletMeta, RowSetMeta)} as of hybrid time {@code snapshot}. */
  public RowSetReader openRowSet(TabletMeta tablet, RowSetMeta rowset, long snapshot)
      throws IOException {
    return RowSetReader.openAsOf(tablet.schema(), rowset.files(), "tablet "
        + tablet.tabletId() + " (table " + tablet.tableName() + ") rowset " + rowset.id(),
        f -> blocks.open(Long.parseUnsignedLong(f)), snapshot);
  }

  /**
   * {@link #openLiveTablet(String)} as of {@code micros} (a hybrid time's physical part,
   * microseconds since 1970): the rows a Kudu snapshot scan at that time returns, what happened
   * before it and nothing after.
   */
  public LiveTablet openLiveTablet(String tabletId, long micros) throws IOException {
    if (micros < 0) {
      throw new IllegalArgumentException("as of " + micros + ": microseconds since 1970");
    }
    return LiveTablet.open(this, tabletId, micros << 12, false);
  }

  /**
   * {@link #openTable(String)} as of {@code micros} (see {@link #openLiveTablet(String, long)}).
   */
  public TableReader openTable(String name, long micros) throws IOException {
    if (micros < 0) {
      throw new IllegalArgumentException("as of " + micros + ": microseconds since 1970");
    }
    return TableReader.open(this, table(name), micros << 12, false);
  }

  /**
   * {@link #openTable(String, long)} (as of {@code micros}, or -1 for as the server stopped);
   * with {@code salvage}, damaged rowsets are left out and a log stops at a damaged entry,
   * rather than the read failing, and {@link TableReader#damage()} says what was left out.
   */
  public TableReader openTable(String name, long micros, boolean salvage) throws IOException {
    return TableReader.open(this, table(name), micros < 0 ? -1 : micros << 12, salvage);
  }

  /** {@link #openTable(String, long, boolean)} for one tablet. */
  public LiveTablet openLiveTablet(String tabletId, long micros, boolean salvage)
      throws IOException {
    return LiveTablet.open(this, tabletId, micros < 0 ? -1 : micros << 12, salvage);
  }

  /** Opens the flushed rows of tablet {@code tabletId} (see {@link TabletReader}). */
  public TabletReader openTablet(String tabletId) throws IOException {
    return TabletReader.open(this, tablet(tabletId));
  }
}
