package io.colfile.cli;

import io.colfile.core.BatchReader;
import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.vector.ColumnBatch;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code colfile check FILE...}: opens each file and decodes every value of every column,
 * checking the checksums the formats keep and that the rows read are the rows the file says it
 * has; reports each file as ok or damaged (where, at which byte, what is wrong, how many rows
 * were readable before the damage) and exits 1 when any is damaged.
 */
@Command(name = "check", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "Verifies files: every structure, checksum and value. Exit status 1 when any "
        + "is damaged. Directories are walked (hidden and _-prefixed names skipped).",
    footer = {"", "Example:", "  colfile check data/ part-0.orc --json"})
final class CheckCommand implements Callable<Integer> {
  @ParentCommand
  private Main main;

  @Parameters(arity = "1..*", paramLabel = "FILE", description = "Column files or directories.")
  private List<Path> files;

  @Option(names = "--json", description = "Print one JSON document instead of a line per file.")
  private boolean json;

  @Override
  public Integer call() throws Exception {
    List<Map<String, Object>> results = new ArrayList<>();
    for (Path p : files) {
      for (Path f : expand(p)) {
        results.add(check(f));
      }
    }
    long damaged = results.stream().filter(r -> !"ok".equals(r.get("status"))).count();
    if (json) {
      Map<String, Object> all = new LinkedHashMap<>();
      all.put("files", results);
      all.put("damaged", damaged);
      MetaPrinter.json(all, main.stdout());
    } else {
      StringBuilder out = new StringBuilder();
      for (Map<String, Object> r : results) {
        if ("ok".equals(r.get("status"))) {
          out.append("ok       ").append(r.get("file")).append(": ").append(r.get("format"))
              .append(", ").append(r.get("rows")).append(" rows\n");
        } else {
          out.append("DAMAGED  ").append(r.get("file")).append(": ").append(r.get("problem"));
          if (r.containsKey("rows readable")) {
            out.append("; ").append(r.get("rows readable")).append(" rows readable");
            if (r.get("rows") != null) {
              out.append(" of ").append(r.get("rows"));
            }
          }
          out.append('\n');
        }
      }
      main.stdout().write(out.toString().getBytes(StandardCharsets.UTF_8));
    }
    main.stdout().flush();
    return damaged > 0 ? Failures.BAD_FILE : Failures.OK;
  }

  /** {@code p}, or the files under it (sorted, hidden and {@code _} names skipped). */
  private static List<Path> expand(Path p) throws IOException {
    if (!Files.isDirectory(p) || ColumnFiles.isKuduServer(p) || ColumnFiles.isDataset(p)) {
      return List.of(p);
    }
    List<Path> out = new ArrayList<>();
    try (Stream<Path> all = Files.walk(p)) {
      for (Path f : (Iterable<Path>) all.sorted()::iterator) {
        if (f.equals(p) || hidden(p.relativize(f))) {
          continue;
        }
        if (Files.isRegularFile(f)) {
          out.add(f);
        }
      }
    }
    return out;
  }

  private static boolean hidden(Path relative) {
    for (Path n : relative) {
      String s = n.toString();
      if (s.startsWith(".") || s.startsWith("_")) {
        return true;
      }
    }
    return false;
  }

  private Map<String, Object> check(Path f) {
    Map<String, Object> r = new LinkedHashMap<>();
    r.put("file", f.toString());
    long read = 0;
    long claimed = -1;
    try (FileReader reader = ColumnFiles.open(f)) {
      r.put("format", reader.formatName());
      claimed = reader.numberOfRows();
      r.put("rows", claimed);
      try (BatchReader rows = reader.read(ReadOptions.defaults())) {
        ColumnBatch b = rows.newBatch();
        while (rows.next(b)) {
          b.validate();
          read += b.size;
        }
      }
      if (read != claimed) {
        r.put("status", "damaged");
        r.put("problem", "the file says " + claimed + " rows; " + read + " were read");
        r.put("rows readable", read);
        return r;
      }
      r.put("status", "ok");
    } catch (CorruptFileException e) {
      r.put("status", "damaged");
      r.put("problem", Failures.problem(e, f.toString()));
      r.put("structure", e.region().structure());
      r.put("file offset", e.fileOffset());
      r.put("rows readable", read);
      if (claimed < 0) {
        r.remove("rows");
      }
    } catch (IOException | RuntimeException e) {
      r.put("status", "damaged");
      r.put("problem", Failures.problem(e, f.toString()));
      r.put("rows readable", read);
    }
    return r;
  }
}
