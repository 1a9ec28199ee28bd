package io.colfile.cli;

import io.colfile.core.BatchReader;
import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.vector.ColumnBatch;
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
 * {@code colfile check FILE...}: opens each file and decodes every value of every column,
 * checking the checksums the formats keep and that the rows read are the rows the file says it
 * has; reports each file as ok or damaged (every damaged part: which column, where, at which
 * byte, what is wrong; and how many rows every column could give) and exits 1 when any is
 * damaged.
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
      for (Path f : FileArgs.expand(p)) {
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
          out.append("DAMAGED  ").append(r.get("file")).append(": ")
              .append(r.get("rows readable")).append(" rows readable");
          if (r.get("rows") != null) {
            out.append(" of ").append(r.get("rows"));
          }
          out.append('\n');
          @SuppressWarnings("unchecked")
          List<Map<String, Object>> parts = (List<Map<String, Object>>) r.get("damaged parts");
          for (Map<String, Object> d : parts) {
            out.append("         ").append(d.containsKey("column") ? "column "
                + d.get("column") + ": " : "").append(d.get("problem")).append('\n');
          }
        }
      }
      main.stdout().write(out.toString().getBytes(StandardCharsets.UTF_8));
    }
    main.stdout().flush();
    return damaged > 0 ? Failures.BAD_FILE : Failures.OK;
  }

  /**
   * Checks one file: each top-level column on its own (a damaged column does not hide the
   * others), and in ORC files each stripe on its own (a damaged stripe does not hide the later
   * ones), so that every damaged part is reported.
   */
  private Map<String, Object> check(Path f) {
    Map<String, Object> r = new LinkedHashMap<>();
    r.put("file", f.toString());
    List<Map<String, Object>> damage = new ArrayList<>();
    long readable = -1;
    try (FileReader reader = ColumnFiles.open(f)) {
      r.put("format", reader.formatName());
      long claimed = reader.numberOfRows();
      r.put("rows", claimed);
      List<long[]> pieces = pieces(reader); // {split start, split length, rows}; empty: whole
      int columns = reader.schema().kind() == io.colfile.core.types.TypeKind.STRUCT
          ? reader.schema().children().size() : 1;
      for (int c = 0; c < Math.max(1, columns); c++) {
        ReadOptions o = columns == 0 || reader.schema().kind()
            != io.colfile.core.types.TypeKind.STRUCT ? ReadOptions.defaults()
            : ReadOptions.defaults().withColumnIndexes(c);
        String column = reader.schema().kind() == io.colfile.core.types.TypeKind.STRUCT
            && columns > 0 ? reader.schema().fieldNames().get(c) : null;
        long good = 0;
        long total = 0;
        for (long[] piece : pieces.isEmpty() ? List.of(new long[] {-1, -1, claimed}) : pieces) {
          ReadOptions po = piece[0] < 0 ? o : o.withSplit(piece[0], piece[1]);
          long n = 0;
          try (BatchReader rows = reader.read(po)) {
            ColumnBatch b = rows.newBatch();
            while (rows.next(b)) {
              b.validate();
              n += b.size;
            }
            if (n != piece[2]) {
              damage.add(damage(column, "the file says " + piece[2] + " rows"
                  + (piece[0] < 0 ? "" : " in the stripe at " + piece[0]) + "; " + n
                  + " were read", null, -1));
            } else {
              good += n;
            }
          } catch (CorruptFileException e) {
            damage.add(damage(column, Failures.problem(e, f.toString()),
                e.region().structure(), e.fileOffset()));
          } catch (IOException | RuntimeException e) {
            damage.add(damage(column, Failures.problem(e, f.toString()), null, -1));
          }
          total += piece[2];
        }
        readable = readable < 0 ? good : Math.min(readable, good);
        if (pieces.isEmpty() && total != claimed) {
          break;
        }
      }
    } catch (IOException | RuntimeException e) {
      // the file does not even open: its tail, header or footer is damaged
      damage.add(damage(null, Failures.problem(e, f.toString()),
          e instanceof CorruptFileException c ? c.region().structure() : null,
          e instanceof CorruptFileException c ? c.fileOffset() : -1));
    }
    if (damage.isEmpty()) {
      r.put("status", "ok");
      return r;
    }
    r.put("status", "damaged");
    r.put("problem", damage.get(0).get("problem")
        + (damage.size() > 1 ? " (and " + (damage.size() - 1) + " more damaged parts)" : ""));
    r.put("damaged parts", damage);
    r.put("rows readable", Math.max(0, readable));
    return r;
  }

  private static Map<String, Object> damage(String column, String problem, String structure,
      long offset) {
    Map<String, Object> d = new LinkedHashMap<>();
    if (column != null) {
      d.put("column", column);
    }
    d.put("problem", problem);
    if (structure != null && !structure.isEmpty()) {
      d.put("structure", structure);
    }
    if (offset >= 0) {
      d.put("file offset", offset);
    }
    return d;
  }

  /**
   * The pieces a file is checked in: an ORC file's stripes (their byte range and rows), so that
   * each is read on its own; empty for a file read whole.
   */
  private static List<long[]> pieces(FileReader reader) {
    List<long[]> out = new ArrayList<>();
    if (reader instanceof io.colfile.orc.OrcReader orc) {
      for (io.colfile.orc.StripeInformation s : orc.stripes()) {
        out.add(new long[] {s.offset(), Math.max(1, s.length()), s.numberOfRows()});
      }
    }
    return out;
  }
}
