package io.colfile.cli;

import io.colfile.core.layout.FileLayout;
import io.colfile.core.layout.LayoutSpan;
import io.colfile.core.layout.SpanRole;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code colfile sizes FILE...}: where a file's bytes go, from its {@link FileLayout}: the bytes
 * of each column (its values, nulls and dictionaries: every stream or block of it), their share
 * of the file and per row, then the overheads by role (indexes, bloom filters, footers, headers,
 * padding, unknown bytes). Columns and overheads add up to the file's length. For several files,
 * their sum too (columns matched by name; a Kudu CFile's cells by its file name, and the CFiles
 * of one directory, a rowset's columns, counted as the same rows).
 */
@Command(name = "sizes", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = {"Prints the bytes of each column (all its streams or blocks), its share of "
        + "the file and bytes per row, then the file's overheads (indexes, bloom filters, "
        + "footers, headers, padding) and the total; for several files, their sum too.",
        "Directories are walked (hidden and _-prefixed names skipped); a Kudu rowset directory "
        + "is read file by file."},
    footer = {"", "Example:", "  colfile sizes part-0.orc",
        "  colfile sizes --json data/"})
final class SizesCommand implements Callable<Integer> {
  @ParentCommand
  private Main main;

  @Parameters(arity = "1..*", paramLabel = "FILE", description = "Column files or directories.")
  private List<Path> files;

  @Option(names = "--json", description = "Print one JSON document instead of tables.")
  private boolean json;

  /** Bytes by column name and by overhead role, and rows, of one file or a sum of files. */
  static final class Sizes {
    final Map<String, Long> columns = new LinkedHashMap<>();
    final Map<SpanRole, Long> overheads = new EnumMap<>(SpanRole.class);
    long total;
    long rows;
    String format;
    int files;

    /** The sizes of one file's layout; {@code cells} names a CFile's only column. */
    static Sizes of(FileLayout l, String cells) {
      Sizes s = new Sizes();
      s.format = l.format();
      s.rows = Math.max(0, l.rows());
      s.total = l.fileLength();
      s.files = 1;
      for (LayoutSpan span : l.spans()) {
        if (isColumnData(span)) {
          String name = cells != null ? cells : span.columnName() != null ? span.columnName()
              : "column " + span.column();
          s.columns.merge(name, span.length(), Long::sum);
        } else {
          s.overheads.merge(span.role(), span.length(), Long::sum);
        }
      }
      return s;
    }

    void add(Sizes o) {
      o.columns.forEach((k, v) -> columns.merge(k, v, Long::sum));
      o.overheads.forEach((k, v) -> overheads.merge(k, v, Long::sum));
      total += o.total;
      rows += o.rows;
      files += o.files;
      format = format == null || format.equals(o.format) ? o.format : "mixed";
    }
  }

  /** A column's own bytes: its values, nulls and dictionary; the rest is overhead. */
  static boolean isColumnData(LayoutSpan s) {
    return s.column() >= 0 && (s.role() == SpanRole.DATA || s.role() == SpanRole.NULLS
        || s.role() == SpanRole.DICTIONARY);
  }

  @Override
  public Integer call() throws Exception {
    List<Path> paths = new ArrayList<>();
    int status = FileArgs.collect(main, files, true, paths);
    Sizes sum = new Sizes();
    Map<Path, Long> cfileRows = new LinkedHashMap<>();
    List<Map<String, Object>> results = new ArrayList<>();
    StringBuilder out = new StringBuilder();
    for (Path f : paths) {
      FileLayout layout;
      try {
        layout = LayoutCommand.layout(f);
      } catch (IOException | RuntimeException e) {
        status = Math.max(status, FileArgs.report(main.stderr(), main.verbose(), f, e));
        continue;
      }
      Sizes one = Sizes.of(layout, null);
      if (isCFile(layout)) {
        // the CFiles of a directory (a rowset) are columns of the same rows: counted once
        Sizes named = Sizes.of(layout, cellsName(f));
        cfileRows.merge(f.toAbsolutePath().getParent(), named.rows, Math::max);
        named.rows = 0;
        sum.add(named);
      } else {
        sum.add(one);
      }
      if (json) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("file", f.toString());
        m.putAll(json(one));
        results.add(m);
      } else {
        out.append("== ").append(f).append(": ").append(one.format).append(", ")
            .append(one.rows).append(" rows\n");
        table(one, out);
      }
    }
    cfileRows.values().forEach(n -> sum.rows += n);
    if (json) {
      Map<String, Object> doc = new LinkedHashMap<>();
      doc.put("files", results);
      if (sum.files > 1) {
        doc.put("sum", json(sum));
      }
      MetaPrinter.json(doc, main.stdout());
    } else {
      if (sum.files > 1) {
        out.append("== all ").append(sum.files).append(" files: ").append(sum.rows)
            .append(" rows\n");
        table(sum, out);
      }
      main.stdout().write(out.toString().getBytes(StandardCharsets.UTF_8));
    }
    main.stdout().flush();
    return status;
  }

  private static boolean isCFile(FileLayout l) {
    return l.format().equals(io.colfile.kudu.KuduFormat.NAME);
  }

  /** A CFile's cells are named by its file ({@code order_id.cfile}: order_id) in sums. */
  private static String cellsName(Path f) {
    String n = f.getFileName().toString();
    return n.endsWith(".cfile") ? n.substring(0, n.length() - ".cfile".length()) : n;
  }

  /** Columns by descending bytes, then the overheads by role, then the total. */
  static void table(Sizes s, StringBuilder out) {
    List<String[]> rows = new ArrayList<>();
    List<Map.Entry<String, Long>> cols = new ArrayList<>(s.columns.entrySet());
    cols.sort((a, b) -> a.getValue().equals(b.getValue()) ? 0
        : Long.compare(b.getValue(), a.getValue()));
    rows.add(new String[] {"column", "bytes", "percent", "bytes/row"});
    for (Map.Entry<String, Long> c : cols) {
      rows.add(row(c.getKey(), c.getValue(), s));
    }
    for (Map.Entry<SpanRole, Long> o : s.overheads.entrySet()) {
      rows.add(row("_" + o.getKey().name().toLowerCase(Locale.ROOT), o.getValue(), s));
    }
    rows.add(row("total", s.total, s));
    int[] w = new int[4];
    for (String[] r : rows) {
      for (int i = 0; i < 4; i++) {
        w[i] = Math.max(w[i], r[i].length());
      }
    }
    for (String[] r : rows) {
      out.append(String.format(Locale.ROOT, "%-" + w[0] + "s  %" + w[1] + "s  %" + w[2]
          + "s  %" + w[3] + "s%n", (Object[]) r));
    }
  }

  private static String[] row(String name, long bytes, Sizes s) {
    return new String[] {name, Long.toString(bytes), percent(bytes, s.total),
        s.rows == 0 ? "-" : String.format(Locale.ROOT, "%.2f", (double) bytes / s.rows)};
  }

  private static String percent(long bytes, long total) {
    return total == 0 ? "-" : String.format(Locale.ROOT, "%.2f%%", 100.0 * bytes / total);
  }

  static Map<String, Object> json(Sizes s) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("format", s.format);
    m.put("rows", s.rows);
    m.put("bytes", s.total);
    List<Object> cols = new ArrayList<>();
    s.columns.forEach((k, v) -> cols.add(entry("column", k, v, s)));
    m.put("columns", cols);
    List<Object> over = new ArrayList<>();
    s.overheads.forEach((k, v) -> over.add(entry("role", k.name(), v, s)));
    m.put("overheads", over);
    return m;
  }

  private static Map<String, Object> entry(String key, String name, long bytes, Sizes s) {
    Map<String, Object> e = new LinkedHashMap<>();
    e.put(key, name);
    e.put("bytes", bytes);
    e.put("percent", s.total == 0 ? 0.0 : 100.0 * bytes / s.total);
    if (s.rows > 0) {
      e.put("bytesPerRow", (double) bytes / s.rows);
    }
    return e;
  }
}
