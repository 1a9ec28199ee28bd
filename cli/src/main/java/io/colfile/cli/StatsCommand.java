package io.colfile.cli;

import io.colfile.core.BatchReader;
import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.ScanReport;
import io.colfile.core.filter.ColumnPath;
import io.colfile.core.filter.ColumnRange;
import io.colfile.core.filter.Domain;
import io.colfile.core.filter.Predicate;
import io.colfile.core.read.ReadPlan;
import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.kudu.CFileReader;
import io.colfile.kudu.CFileStats;
import io.colfile.kudu.delta.DeltaStats;
import io.colfile.kudu.rowset.RowSetReader;
import io.colfile.orc.FilterProbe;
import io.colfile.orc.OrcReader;
import io.colfile.orc.StripeInformation;
import io.colfile.orc.index.RowGroupEntry;
import io.colfile.orc.index.RowIndex;
import io.colfile.orc.index.StripeIndex;
import io.colfile.orc.stats.ColumnStatistics;
import io.colfile.trevni.BlockInfo;
import io.colfile.trevni.ColumnSpec;
import io.colfile.trevni.TrevniReader;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code colfile stats FILE...}: the statistics each file keeps, per file, stripe or block and
 * (ORC) row group, with what predicate pushdown makes of them; for Trevni, which keeps none,
 * computed by reading the values (and marked so). With {@code --probe VALUE} and one column:
 * which parts may hold that value, as {@code cat --where "col = VALUE"} decides it from
 * statistics and bloom filters, without reading data. The JSON form is in docs/stats-json.md.
 */
@Command(name = "stats", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "Print the statistics files keep (ORC: file, stripes, row groups; Kudu: "
        + "key range, blocks, delta statistics; Trevni: computed from the values), and with "
        + "--probe which parts may hold a value. Directories are walked (hidden and "
        + "_-prefixed names skipped).",
    footer = {"", "Examples:",
        "  colfile stats data.orc --columns id,name --row-groups",
        "  colfile stats data.orc --columns id --probe 42 --json",
        "  colfile stats rowsets/ --probe 17 --columns key"})
final class StatsCommand implements Callable<Integer>, FileCommand {
  @ParentCommand
  private Main main;

  @Parameters(arity = "1..*", paramLabel = "FILE",
      description = "Column files, rowset directories, or directories to walk.")
  private List<Path> files;

  @Option(names = "--columns", paramLabel = "A,B.C",
      description = "Only these columns (comma-separated paths; a struct includes its fields).")
  private String columns;

  @Option(names = "--row-groups",
      description = "Also each row group (ORC, from the row index) or block (Kudu, Trevni).")
  private boolean rowGroups;

  @Option(names = "--probe", paramLabel = "VALUE",
      description = "Which stripes and row groups (rowsets) may hold VALUE in the one column "
          + "--columns names, by statistics and bloom filters: 'may hold', 'excluded by "
          + "statistics', 'excluded by bloom filter'. VALUE is read as the column's type "
          + "(dates and timestamps as cat prints them).")
  private String probe;

  @Option(names = "--json", description = "Print one JSON document (see docs/stats-json.md).")
  private boolean json;

  /** ORC: with the keys, encrypted columns' statistics are the real ones, not the masked. */
  @picocli.CommandLine.Mixin
  private KeyStoreOptions keys = new KeyStoreOptions();

  /** The file being worked on, for error messages. */
  private Path current;

  @Override
  public Path file() {
    return current != null ? current : files.get(0);
  }

  @Override
  public Integer call() throws Exception {
    List<String> wanted = columns == null ? null : CatCommand.splitColumns(columns);
    if (probe != null && (wanted == null || wanted.size() != 1)) {
      throw new UsageException("--probe needs exactly one column in --columns");
    }
    return FileArgs.printEach(main, files, json, f -> current = f, f -> stats(f, wanted));
  }

  private Map<String, Object> stats(Path f, List<String> wanted) throws IOException {
    FileArgs.refuseKuduServer(f); // its tables are its log replayed: read them with cat
    Map<String, Object> out;
    io.colfile.orc.KeyProvider keyProvider = keys.provider();
    try (FileReader reader = ColumnFiles.open(f, null, keyProvider, true)) {
      ColumnFiles.maskedNote(reader, keyProvider != null)
          .ifPresent(n -> main.stderr().println("colfile: " + f + ": " + n));
      List<Column> selected = select(reader.schema(), wanted);
      out = new LinkedHashMap<>();
      out.put("file", f.toString());
      out.put("format", reader.formatName());
      out.put("rows", reader.numberOfRows());
      if (reader instanceof OrcReader orc) {
        orc(orc, selected, out);
      } else if (reader instanceof RowSetReader rowset) {
        rowset(rowset, selected, out);
      } else if (reader instanceof CFileReader cfile) {
        cfile(cfile, out);
      } else {
        computed(reader, selected, out);
      }
    }
    return out;
  }

  // ---------------------------------------------------------------------------------------
  // Columns

  /** A column the output covers: its id (pre-order, the root 0), path and type. */
  record Column(int id, String path, Type type, boolean topLevel) {}

  /** The columns {@code wanted} names (with everything below them), or all. */
  static List<Column> select(Type schema, List<String> wanted) {
    List<Column> all = new ArrayList<>();
    flatten(schema, "", 0, true, all);
    if (wanted == null) {
      return all;
    }
    List<Column> out = new ArrayList<>();
    for (String name : wanted) {
      Column c = resolve(schema, all, name);
      for (Column d : all) {
        if (d.id() >= c.id() && d.id() < c.id() + c.type().columnCount()
            && !out.contains(d)) {
          out.add(d);
        }
      }
    }
    return out;
  }

  private static int flatten(Type t, String path, int id, boolean top, List<Column> out) {
    out.add(new Column(id, path, t, !path.isEmpty() && top));
    int next = id + 1;
    for (int i = 0; i < t.children().size(); i++) {
      String name = switch (t.kind()) {
        case STRUCT -> quote(t.fieldNames().get(i));
        case LIST -> "_elem";
        case MAP -> i == 0 ? "_key" : "_value";
        default -> Integer.toString(i);
      };
      next = flatten(t.child(i), path.isEmpty() ? name : path + "." + name, next,
          path.isEmpty(), out);
    }
    return next;
  }

  /** A field name as a path segment: back quotes when it is not a plain name. */
  private static String quote(String name) {
    return ColumnPath.of(name).toString();
  }

  private static Column resolve(Type schema, List<Column> all, String name) {
    ColumnPath path;
    try {
      path = ColumnPath.parse(name);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--columns: " + e.getMessage());
    }
    String text = path.toString();
    for (Column c : all) {
      if (c.path().equals(text)) {
        return c;
      }
    }
    List<String> names = schema.kind() == TypeKind.STRUCT ? schema.fieldNames() : List.of();
    throw new UsageException("--columns: no column " + text + "; the columns are "
        + String.join(", ", names));
  }

  // ---------------------------------------------------------------------------------------
  // ORC

  private void orc(OrcReader orc, List<Column> selected, Map<String, Object> out)
      throws IOException {
    out.put("writer", orc.writerName());
    out.put("writerVersion", orc.writerVersionName() + " (" + orc.writerVersion() + ")");
    out.put("rowIndexStride", orc.rowIndexStride());
    out.put("statistics", orcColumns(orc, selected, orc.statistics(), orc.numberOfRows()));
    List<List<ColumnStatistics>> perStripe;
    String stripeProblem = null;
    try {
      perStripe = orc.stripeStatistics();
    } catch (IOException e) {
      perStripe = List.of();
      stripeProblem = "stripe statistics are unreadable: " + Failures.problem(e, null);
    }
    List<StripeInformation> infos = orc.stripes();
    List<List<ColumnStatistics>> stats = perStripe;
    if (rowGroups) {
      List<Object> stripes = new ArrayList<>();
      for (int s = 0; s < infos.size(); s++) {
        Map<String, Object> m = orcStripe(orc, selected, infos, stats, s);
        if (infos.get(s).numberOfRows() > 0) {
          m.put("rowGroups", orcRowGroups(orc, orc.stripeIndex(s), selected));
        }
        stripes.add(m);
      }
      out.put("stripes", stripes);
    } else {
      // each stripe's map made when printed: a file of many stripes is never all at once
      out.put("stripes", new java.util.AbstractList<Object>() {
        @Override
        public Object get(int s) {
          return orcStripe(orc, selected, infos, stats, s);
        }

        @Override
        public int size() {
          return infos.size();
        }
      });
    }
    List<String> notes = new ArrayList<>(orc.warnings());
    if (stripeProblem != null) {
      notes.add(stripeProblem);
    } else if (!perStripe.isEmpty() && perStripe.size() != infos.size()) {
      notes.add("stripe statistics not shown: the file has " + perStripe.size() + " for "
          + infos.size() + " stripes");
    }
    if (orc.hasEncryption()) {
      notes.add("the file has encrypted columns: their statistics describe data colfile does "
          + "not read (the masked copies), and pushdown does not use them");
    }
    if (probe != null) {
      out.put("probe", orcProbe(orc, selected.get(0)));
    }
    if (!notes.isEmpty()) {
      out.put("notes", notes);
    }
  }

  /** Stripe {@code s}'s number, offset, rows and statistics (when every stripe has them). */
  private static Map<String, Object> orcStripe(OrcReader orc, List<Column> selected,
      List<StripeInformation> infos, List<List<ColumnStatistics>> perStripe, int s) {
    StripeInformation info = infos.get(s);
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("stripe", s);
    m.put("offset", info.offset());
    m.put("rows", info.numberOfRows());
    if (perStripe.size() == infos.size()) {
      m.put("statistics", orcColumns(orc, selected, perStripe.get(s), info.numberOfRows()));
    }
    return m;
  }

  /** Each row group's statistics, from the stripe's row index (index streams only). */
  private static List<Object> orcRowGroups(OrcReader orc, StripeIndex index,
      List<Column> selected) throws IOException {
    List<Object> out = new ArrayList<>();
    int groups = index.rowGroupCount();
    if (index.rowIndexStride() <= 0) {
      return out;
    }
    int count = orc.schema().columnCount();
    RowIndex[] rowIndexes = new RowIndex[count];
    for (Column c : selected) {
      if (index.hasRowIndex(c.id())) {
        rowIndexes[c.id()] = index.rowIndex(c.id());
      }
    }
    // the whole unit's statistics, for the pushdown's cross-checks of nested counts
    for (int g = 0; g < groups; g++) {
      long first = index.firstRow(g);
      long rows = Math.min(index.rowIndexStride(), index.rows() - first);
      List<ColumnStatistics> stats = new ArrayList<>();
      for (int c = 0; c < count; c++) {
        RowIndex ri = c < rowIndexes.length && rowIndexes[c] != null ? rowIndexes[c]
            : index.hasRowIndex(c) ? index.rowIndex(c) : null;
        RowGroupEntry e = ri == null || g >= ri.entries().size() ? null : ri.entry(g);
        stats.add(e == null ? null : e.statistics());
      }
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("rowGroup", g);
      m.put("firstRow", first);
      m.put("rows", rows);
      m.put("statistics", orcColumns(orc, selected, stats, rows));
      out.add(m);
    }
    return out;
  }

  /** The statistics of one unit, a map per selected column, with what pushdown uses. */
  private static List<Object> orcColumns(OrcReader orc, List<Column> selected,
      List<ColumnStatistics> stats, long rows) {
    List<ColumnRange> used = orc.hasEncryption() ? null
        : orc.statisticsUsed(stats, rows);
    List<Object> out = new ArrayList<>();
    for (Column c : selected) {
      if (c.id() >= stats.size() || stats.get(c.id()) == null) {
        continue;
      }
      ColumnStatistics s = stats.get(c.id());
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("column", c.id() == 0 ? "(root)" : c.path());
      m.put("id", c.id());
      m.put("type", c.type().toString());
      Map<String, Object> d = s.describe();
      TypeKind kind = c.type().kind();
      if (kind == TypeKind.DATE || kind == TypeKind.TIMESTAMP
          || kind == TypeKind.TIMESTAMP_INSTANT) {
        // the stored numbers (days, milliseconds) as the text cat prints
        if (s.minimum() != null) {
          d.put("min", display(s.minimum()));
        }
        if (s.maximum() != null) {
          d.put("max", display(s.maximum()));
        }
      }
      m.putAll(d);
      m.put("pushdown", trust(orc, c, used == null ? null : used.get(c.id())));
      out.add(m);
    }
    return out;
  }

  /** What pushdown takes from a column's statistics in this unit. */
  private static String trust(OrcReader orc, Column c, ColumnRange r) {
    if (orc.hasEncryption()) {
      return "not used: the file has encrypted columns";
    }
    if (Domain.of(c.type()) == null) {
      return "not used: not a scalar column";
    }
    String why = orc.boundsNotUsed(c.type());
    if (r == null || r.valueCount() < 0) {
      return "not used: the counts or bounds do not add up";
    }
    String bounds = r.min() != null && r.max() != null ? "min and max used"
        : r.min() != null ? "min used, not max" : r.max() != null ? "max used, not min"
        : "counts only";
    if (why != null) {
      bounds += " (" + why + ")";
    }
    return r.mayHaveNaN() && Domain.of(c.type()) == Domain.DOUBLE
        ? bounds + "; may hold NaN" : bounds;
  }

  private Map<String, Object> orcProbe(OrcReader orc, Column column) {
    Predicate p = probePredicate(orc.schema(), column);
    FilterProbe result;
    try {
      result = orc.probe(p);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--probe: " + e.getMessage());
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("column", column.path());
    m.put("value", probe);
    m.put("predicate", p.toString());
    m.put("file", result.fileExclusion() == null ? "may hold"
        : "excluded by statistics: " + result.fileExclusion());
    List<Object> stripes = new ArrayList<>();
    for (FilterProbe.StripeVerdict s : result.stripes()) {
      Map<String, Object> sm = new LinkedHashMap<>();
      sm.put("stripe", s.stripe());
      sm.put("verdict", verdict(s.verdict()));
      if (s.reason() != null) {
        sm.put("reason", s.reason());
      }
      if (!s.rowGroups().isEmpty()) {
        List<Object> groups = new ArrayList<>();
        for (FilterProbe.RowGroupVerdict g : s.rowGroups()) {
          Map<String, Object> gm = new LinkedHashMap<>();
          gm.put("rowGroup", g.rowGroup());
          gm.put("firstRow", g.firstRow());
          gm.put("rows", g.rows());
          gm.put("verdict", verdict(g.verdict()));
          if (g.reason() != null) {
            gm.put("reason", g.reason());
          }
          groups.add(gm);
        }
        sm.put("rowGroups", groups);
      }
      stripes.add(sm);
    }
    m.put("stripes", stripes);
    if (!result.notes().isEmpty()) {
      m.put("notes", result.notes());
    }
    return m;
  }

  private static String verdict(FilterProbe.Verdict v) {
    return switch (v) {
      case MAY_HOLD -> "may hold";
      case EXCLUDED_BY_STATISTICS -> "excluded by statistics";
      case EXCLUDED_BY_BLOOM_FILTER -> "excluded by bloom filter";
    };
  }

  /** {@code column = VALUE}, the value read as the column's type; bad values: usage errors. */
  private Predicate probePredicate(Type schema, Column column) {
    Object literal = probeLiteral(column);
    Predicate p = Predicate.equal(column.path(), literal);
    try {
      ReadPlan.create(schema, ReadOptions.defaults().withFilter(p));
    } catch (IllegalArgumentException e) {
      throw new UsageException("--probe: " + e.getMessage());
    }
    return p;
  }

  private Object probeLiteral(Column column) {
    Domain d = Domain.of(column.type());
    if (d == null) {
      throw new UsageException("--probe: column " + column.path() + " is " + column.type()
          + ": only scalar columns can be probed");
    }
    TypeKind kind = column.type().kind();
    if (kind == TypeKind.BOOLEAN) {
      if (probe.equalsIgnoreCase("true") || probe.equalsIgnoreCase("false")) {
        return Boolean.parseBoolean(probe.toLowerCase());
      }
      throw new UsageException("--probe: column " + column.path() + " is boolean, and '"
          + probe + "' is neither true nor false");
    }
    if ((d == Domain.LONG && kind != TypeKind.DATE) || d == Domain.DOUBLE) {
      try {
        if (probe.trim().length() > 100) {
          throw new NumberFormatException();
        }
        return new BigDecimal(probe.trim());
      } catch (NumberFormatException e) {
        throw new UsageException("--probe: column " + column.path() + " is "
            + column.type() + ", and '" + probe + "' is not a number");
      }
    }
    return probe; // strings; dates, timestamps, decimals as text: the binder parses them
  }

  // ---------------------------------------------------------------------------------------
  // Kudu

  private void rowset(RowSetReader rowset, List<Column> selected, Map<String, Object> out)
      throws IOException {
    Map<String, Object> s = rowset.statistics(rowGroups);
    if (columns != null) {
      List<Object> kept = new ArrayList<>();
      for (Object o : (List<?>) s.get("columns")) {
        String name = (String) ((Map<?, ?>) o).get("column");
        for (Column c : selected) {
          if (c.topLevel() && c.type() != null
              && ColumnPath.of(name).toString().equals(c.path())) {
            kept.add(o);
          }
        }
      }
      s.put("columns", kept);
    }
    out.putAll(s);
    if (probe != null) {
      out.put("probe", rowsetProbe(rowset, selected.get(0)));
    }
  }

  /**
   * The rowset pushdown's answer for {@code column = VALUE}: key range (min_key, max_key) and
   * BloomFile, from the plan a read with that filter makes before it reads any row.
   */
  private Map<String, Object> rowsetProbe(RowSetReader rowset, Column column)
      throws IOException {
    Predicate p = probePredicate(rowset.schema(), column);
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("column", column.path());
    m.put("value", probe);
    m.put("predicate", p.toString());
    ReadOptions o = ReadOptions.defaults().withFilter(p).withColumns(List.of(column.path()));
    try (BatchReader r = rowset.read(o)) {
      ScanReport report = r.report();
      ScanReport.Counts rowsets = report.counts("rowsets");
      String verdict;
      if (rowsets != null && rowsets.skipped() > 0) {
        boolean bloom = report.notes().stream().anyMatch(n -> n.contains("bloom filter"));
        verdict = bloom ? "excluded by bloom filter" : "excluded by statistics";
      } else {
        verdict = "may hold";
      }
      m.put("verdict", verdict);
      m.put("report", report.lines());
    }
    boolean key = rowset.kuduSchema().keyColumns().contains(column.path());
    if (!key) {
      m.put("note", column.path() + " is not a key column: a rowset keeps no statistics of "
          + "it, so every rowset may hold the value");
    }
    return m;
  }

  private void cfile(CFileReader cfile, Map<String, Object> out) throws IOException {
    out.put("data type", cfile.file().dataType().kuduName());
    out.putAll(CFileStats.describe(cfile.file(), rowGroups));
    byte[] delta = cfile.file().footer().metadata("deltafilestats");
    if (delta != null) {
      out.put("delta stats", deltaStats(cfile.file(), delta));
    }
    if (probe != null) {
      throw new UsageException("--probe needs a rowset directory (a key range and a "
          + "BloomFile); a single CFile keeps neither");
    }
  }

  /** A DeltaFile's DeltaStats (its footer's {@code deltafilestats}). */
  private static Object deltaStats(io.colfile.kudu.CFile file, byte[] value)
      throws io.colfile.core.error.CorruptFileException {
    try {
      DeltaStats s = DeltaStats.parse(value, 0, value.length);
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("min timestamp", s.minTimestamp());
      m.put("max timestamp", s.maxTimestamp());
      m.put("delete count", s.deleteCount());
      m.put("reinsert count", s.reinsertCount());
      Map<String, Object> updates = new LinkedHashMap<>();
      s.updateCounts().forEach((id, n) -> updates.put("column id " + id, n));
      m.put("update counts", updates);
      return m;
    } catch (io.colfile.core.error.MalformedInputException e) {
      throw file.footerRegion().corrupt("%s", "its deltafilestats are not a DeltaStatsPB: "
          + e.getMessage());
    }
  }

  // ---------------------------------------------------------------------------------------
  // Computed (Trevni and any format without stored statistics)

  /**
   * Statistics computed from the values (every value of the selected top-level columns read):
   * count of non-null values, nulls, min and max of scalar columns; each marked computed.
   */
  private void computed(FileReader reader, List<Column> selected, Map<String, Object> out)
      throws IOException {
    out.put("statistics source", "computed: the format stores no statistics, every value was"
        + " read");
    List<Column> top = new ArrayList<>();
    for (Column c : selected) {
      if (c.topLevel()) {
        top.add(c);
      }
    }
    boolean struct = reader.schema().kind() == TypeKind.STRUCT;
    List<ComputedStats> stats = new ArrayList<>();
    ReadOptions o = ReadOptions.defaults();
    if (struct) {
      List<String> names = new ArrayList<>();
      top.forEach(c -> names.add(c.path()));
      o = o.withColumns(names);
      top.forEach(c -> stats.add(new ComputedStats(c.type())));
    } else {
      stats.add(new ComputedStats(reader.schema()));
    }
    if (!struct || !top.isEmpty()) {
      try (BatchReader rows = reader.read(o)) {
        ColumnBatch b = rows.newBatch();
        while (rows.next(b)) {
          for (int i = 0; i < stats.size(); i++) {
            stats.get(i).add(b.cols[i], b.size);
          }
        }
      }
    }
    List<Object> list = new ArrayList<>();
    for (int i = 0; i < stats.size(); i++) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("column", struct ? top.get(i).path() : "(value)");
      m.put("type", (struct ? top.get(i).type() : reader.schema()).toString());
      m.putAll(stats.get(i).describe());
      m.put("computed", true);
      list.add(m);
    }
    out.put("statistics", list);
    if (rowGroups && reader instanceof TrevniReader trevni) {
      out.put("blocks", trevniBlocks(trevni, top, struct));
    }
    if (probe != null) {
      out.put("probe", computedProbe(reader, selected.get(0)));
    }
  }

  /** Each Trevni column's blocks, with the first values its block index stores. */
  private static List<Object> trevniBlocks(TrevniReader trevni, List<Column> top,
      boolean struct) throws IOException {
    List<Object> out = new ArrayList<>();
    var file = trevni.file();
    for (int i = 0; i < file.columnCount(); i++) {
      ColumnSpec spec = file.column(i);
      if (struct && top.stream().noneMatch(c -> belongsTo(spec.name(), c.path()))) {
        continue;
      }
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("trevni column", spec.name());
      List<Object> blocks = new ArrayList<>();
      int n = 0;
      for (BlockInfo b : file.blocks(i)) {
        Map<String, Object> bm = new LinkedHashMap<>();
        bm.put("block", n++);
        bm.put("firstRow", b.firstRow());
        bm.put("rows", b.rowCount());
        bm.put("offset", b.offset());
        bm.put("compressedSize", b.compressedSize());
        if (b.firstValue().isPresent()) {
          bm.put("firstValue", display(b.firstValue().get()));
          bm.put("firstValue source", "stored (block index)");
        }
        blocks.add(bm);
      }
      m.put("blocks", blocks);
      out.add(m);
    }
    return out;
  }

  /**
   * Whether Trevni column {@code name} stores (part of) top-level column {@code path}: Avro's
   * Trevni layout names them {@code path}, {@code path/branch} (unions), {@code path#field}.
   */
  private static boolean belongsTo(String name, String path) {
    return name.equals(path) || name.length() > path.length() && name.startsWith(path)
        && "/#.".indexOf(name.charAt(path.length())) >= 0;
  }

  /** Without statistics, the answer is computed: the rows holding the value, counted. */
  private Map<String, Object> computedProbe(FileReader reader, Column column)
      throws IOException {
    Predicate p = probePredicate(reader.schema(), column);
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("column", column.path());
    m.put("value", probe);
    m.put("predicate", p.toString());
    long matching = 0;
    try (BatchReader rows = reader.read(ReadOptions.defaults().withFilter(p)
        .withColumns(List.of(column.path())))) {
      ColumnBatch b = rows.newBatch();
      while (rows.next(b)) {
        matching += b.size;
      }
    }
    m.put("verdict", matching > 0 ? "holds" : "does not hold");
    m.put("matching rows", matching);
    m.put("computed", true);
    return m;
  }

  // ---------------------------------------------------------------------------------------
  // Values as text

  /** A statistics value as text the way cat prints values of its type. */
  static Object display(Object v) {
    if (v instanceof LocalDateTime t) {
      return timestamp(t);
    }
    if (v instanceof java.time.Instant i) {
      return timestamp(LocalDateTime.ofEpochSecond(i.getEpochSecond(), i.getNano(),
          java.time.ZoneOffset.UTC));
    }
    if (v instanceof LocalDate d) {
      return d.toString();
    }
    if (v instanceof byte[] b) {
      return new String(b, StandardCharsets.UTF_8);
    }
    if (v instanceof java.nio.ByteBuffer b) {
      byte[] a = new byte[b.remaining()];
      b.duplicate().get(a);
      return new String(a, StandardCharsets.UTF_8);
    }
    if (v instanceof CharSequence s) {
      return s.toString();
    }
    return v;
  }

  /** {@code yyyy-mm-dd hh:mm:ss.f}: nanoseconds with trailing zeros cut, one digit at least. */
  static String timestamp(LocalDateTime t) {
    String s = t.toLocalDate() + " " + String.format("%02d:%02d:%02d", t.getHour(),
        t.getMinute(), t.getSecond());
    int nanos = t.getNano();
    if (nanos == 0) {
      return s + ".0";
    }
    String f = String.format("%09d", nanos);
    int end = f.length();
    while (f.charAt(end - 1) == '0') {
      end--;
    }
    return s + "." + f.substring(0, end);
  }
}
