package io.colfile.cli;

import io.colfile.core.FileReader;
import io.colfile.core.layout.FileLayout;
import io.colfile.core.layout.LayoutSpan;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
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
 * {@code colfile layout FILE...}: every byte of each file, in order, as the structure it belongs
 * to ({@link FileReader#layout()}): one line per span with no gap and no overlap; bytes no
 * structure accounts for are shown as such.
 */
@Command(name = "layout", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = {"Prints every byte of a file in order: offset, length and the structure it "
        + "belongs to (header, stripes and their streams, blocks, indexes, footers), with its "
        + "role, column and details (encoding, compression, uncompressed bytes, rows, values). "
        + "Bytes no structure accounts for are printed as padding or gap.",
        "Directories are walked (hidden and _-prefixed names skipped); a Kudu rowset directory "
        + "is laid out file by file.",
        "With --html OUT, writes one self-contained page instead: the file drawn to scale, "
        + "coloured by column, with details on hover and tables of each column's bytes, "
        + "share and compression ratio."},
    footer = {"", "Example:", "  colfile layout part-0.orc",
        "  colfile layout --json rowset-dir/ > layout.json",
        "  colfile layout part-0.orc --html part-0.html"})
final class LayoutCommand implements Callable<Integer> {
  @ParentCommand
  private Main main;

  @Parameters(arity = "1..*", paramLabel = "FILE", description = "Column files or directories.")
  private List<Path> files;

  @Option(names = "--json", description = "Print one JSON document: the spans of every file.")
  private boolean json;

  @Option(names = "--html", paramLabel = "OUT", description = "Write the layout of the one "
      + "FILE as a web page (no network needed) to OUT instead of printing it.")
  private Path html;

  @Override
  public Integer call() throws Exception {
    List<Map<String, Object>> all = new ArrayList<>();
    List<Path> paths = new ArrayList<>();
    int status = FileArgs.collect(main, files, true, paths);
    if (html != null) {
      return status != Failures.OK ? status : html(paths);
    }
    for (Path f : paths) {
      FileLayout layout;
      try {
        layout = layout(f);
      } catch (IOException | RuntimeException e) {
        status = Math.max(status, FileArgs.report(main.stderr(), main.verbose(), f, e));
        continue;
      }
      if (json) {
        all.add(json(f, layout));
      } else {
        StringBuilder out = new StringBuilder();
        if (paths.size() > 1) {
          out.append("== ").append(f)
              .append(": ").append(summary(layout)).append('\n');
        }
        text(layout, out);
        main.stdout().write(out.toString().getBytes(StandardCharsets.UTF_8));
        all.add(Map.of()); // counts the files printed
      }
    }
    if (json) {
      Map<String, Object> doc = new LinkedHashMap<>();
      doc.put("files", all);
      MetaPrinter.json(doc, main.stdout());
    }
    main.stdout().flush();
    return status;
  }

  /** {@code --html OUT}: the page of the one file FILE names ({@link LayoutHtml}). */
  private int html(List<Path> paths) {
    if (json) {
      throw new UsageException("--html writes a page and --json prints the spans: choose one");
    }
    if (paths.size() != 1) {
      throw new UsageException("--html shows one file; FILE names " + paths.size()
          + (files.size() == 1 ? " (directories are walked)" : ""));
    }
    Path f = paths.get(0);
    try {
      LayoutHtml.write(layout(f), f.toString(), f, html);
    } catch (IOException | RuntimeException e) {
      return FileArgs.report(main.stderr(), main.verbose(), f, e);
    }
    return Failures.OK;
  }

  /** The layout of one file (not a directory: a tablet server's is refused). */
  static FileLayout layout(Path f) throws IOException {
    FileArgs.refuseKuduServer(f);
    try (FileReader reader = ColumnFiles.open(f)) {
      return reader.layout();
    }
  }

  static String summary(FileLayout l) {
    return l.format() + ", " + l.fileLength() + " bytes"
        + (l.rows() >= 0 ? ", " + l.rows() + " rows" : "");
  }

  /** One line per span: offset, length, structure, role, column and details. */
  static void text(FileLayout layout, StringBuilder out) {
    int w = Long.toString(Math.max(layout.fileLength(), 1)).length();
    int sw = 9;
    for (LayoutSpan s : layout.spans()) {
      sw = Math.max(sw, Math.min(48, s.structure().length()));
    }
    for (LayoutSpan s : layout.spans()) {
      StringBuilder line = new StringBuilder();
      line.append(pad(Long.toString(s.offset()), w, true)).append(' ')
          .append(pad(Long.toString(s.length()), w, true)).append("  ")
          .append(pad(s.structure(), sw, false)).append("  ")
          .append(pad(s.role().name(), 12, false));
      if (s.columnName() != null) {
        line.append("  ").append(s.columnName());
      }
      if (!s.details().isEmpty()) {
        line.append("  ");
        String sep = "";
        for (Map.Entry<String, Object> d : s.details().entrySet()) {
          line.append(sep).append(d.getKey()).append(": ").append(d.getValue());
          sep = ", ";
        }
      }
      out.append(line.toString().stripTrailing()).append('\n');
    }
  }

  private static String pad(String s, int width, boolean right) {
    if (s.length() >= width) {
      return s;
    }
    String fill = " ".repeat(width - s.length());
    return right ? fill + s : s + fill;
  }

  static Map<String, Object> json(Path f, FileLayout layout) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("file", f.toString());
    m.put("format", layout.format());
    m.put("fileLength", layout.fileLength());
    m.put("rows", layout.rows());
    List<Object> spans = new ArrayList<>();
    for (LayoutSpan s : layout.spans()) {
      Map<String, Object> j = new LinkedHashMap<>();
      j.put("offset", s.offset());
      j.put("length", s.length());
      j.put("structure", s.structure());
      j.put("path", s.path());
      j.put("role", s.role().name());
      j.put("column", s.column());
      if (s.columnName() != null) {
        j.put("columnName", s.columnName());
      }
      j.put("details", s.details());
      spans.add(j);
    }
    m.put("spans", spans);
    return m;
  }
}
