package io.colfile.cli;

import io.colfile.core.FileReader;
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
 * {@code colfile count FILE|DIR...}: the rows each file says it holds and their total, from its
 * metadata alone ({@link FileReader#numberOfRows()}: an ORC footer, a Trevni header, a CFile
 * footer); no value is read.
 */
@Command(name = "count", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = {"Prints the rows of each file and their total, from the files' metadata "
        + "(no value is read).",
        "Directories are walked (hidden and _-prefixed names skipped); a Kudu rowset directory "
        + "counts as one dataset (its rows less those its deltas delete)."},
    footer = {"", "Example:", "  colfile count data/ part-0.orc"})
final class CountCommand implements Callable<Integer> {
  @ParentCommand
  private Main main;

  @Parameters(arity = "1..*", paramLabel = "FILE", description = "Column files or directories.")
  private List<Path> files;

  @Option(names = "--json", description = "Print one JSON document instead of lines.")
  private boolean json;

  @Override
  public Integer call() throws Exception {
    List<Path> paths = new ArrayList<>();
    int status = FileArgs.collect(main, files, false, paths);
    List<Map<String, Object>> results = new ArrayList<>();
    long total = 0;
    for (Path f : paths) {
      long rows;
      String format;
      try {
        FileArgs.refuseKuduServer(f); // its rows are its log replayed, not metadata
        try (FileReader reader = ColumnFiles.open(f)) {
          rows = reader.numberOfRows();
          format = reader.formatName();
        }
      } catch (IOException | RuntimeException e) {
        status = Math.max(status, FileArgs.report(main.stderr(), main.verbose(), f, e));
        continue;
      }
      total += rows;
      Map<String, Object> r = new LinkedHashMap<>();
      r.put("file", f.toString());
      r.put("format", format);
      r.put("rows", rows);
      results.add(r);
    }
    if (json) {
      Map<String, Object> doc = new LinkedHashMap<>();
      doc.put("files", results);
      doc.put("total", total);
      MetaPrinter.json(doc, main.stdout());
    } else {
      int w = Math.max(5, Long.toString(total).length());
      StringBuilder out = new StringBuilder();
      for (Map<String, Object> r : results) {
        out.append(String.format("%" + w + "d  %s%n", (Long) r.get("rows"), r.get("file")));
      }
      if (!results.isEmpty()) {
        out.append(String.format("%" + w + "d  total%n", total));
      }
      main.stdout().write(out.toString().getBytes(StandardCharsets.UTF_8));
    }
    main.stdout().flush();
    return status;
  }
}
