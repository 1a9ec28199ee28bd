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

  private Progress progress;
  /** Whether the column being read advances the progress line's rows. */
  private boolean countRows;

  @Override
  public Integer call() throws Exception {
    List<Map<String, Object>> results = new ArrayList<>();
    List<Path> targets = new ArrayList<>();
    java.util.Set<Path> seen = new java.util.HashSet<>();
    long bytes = 0;
    boolean empty = false;
    int usage = Failures.OK;
    for (Path p : files) {
      List<Path> expanded = FileArgs.expand(p);
      if (expanded.isEmpty()) {
        main.stderr().println("colfile: " + p + ": " + FileArgs.NO_FILES);
        main.stderr().flush();
        empty = true;
      }
      for (Path f : expanded) {
        try {
          FileArgs.refuseKuduServer(f); // its tables are its log replayed: read them with cat
        } catch (UsageException e) {
          usage = FileArgs.report(main.stderr(), main.verbose(), f, e);
          continue;
        }
        if (FileArgs.firstTime(seen, f)) {
          targets.add(f);
        }
        bytes += Files.isRegularFile(f) ? Files.size(f) : 0;
      }
    }
    try (Progress progress = Progress.start(main, "check", -1, bytes)) {
      this.progress = progress;
      for (Path f : targets) {
        results.add(check(f));
        progress.advance(0, Files.isRegularFile(f) ? Files.size(f) : 0);
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
      if (results.stream().anyMatch(r -> r.containsKey("note"))) {
        out.append("note: ").append(TREVNI_HEADER_NOTE).append('\n');
      }
      main.stdout().write(out.toString().getBytes(StandardCharsets.UTF_8));
    }
    main.stdout().flush();
    return usage != Failures.OK ? usage
        : damaged > 0 || empty ? Failures.BAD_FILE : Failures.OK;
  }

  /**
   * Checks one file: each top-level column on its own (a damaged column does not hide the
   * others), in ORC files each stripe on its own (a damaged stripe does not hide the later
   * ones), and in Trevni files and CFiles past a damaged block to the next one, so that every
   * damaged part is reported. The rows readable are those no damaged part of any column covers.
   */
  private Map<String, Object> check(Path f) {
    Map<String, Object> r = new LinkedHashMap<>();
    r.put("file", f.toString());
    List<Map<String, Object>> damage = new ArrayList<>();
    RowRanges lost = new RowRanges();
    long claimed = -1;
    try (FileReader reader = ColumnFiles.open(f)) {
      r.put("format", reader.formatName());
      claimed = reader.numberOfRows();
      r.put("rows", claimed);
      if (reader instanceof io.colfile.trevni.TrevniReader) {
        r.put("note", TREVNI_HEADER_NOTE);
      }
      List<long[]> pieces = pieces(reader); // {split start, split length, first row, rows}
      boolean struct = reader.schema().kind() == io.colfile.core.types.TypeKind.STRUCT
          && !reader.schema().children().isEmpty();
      int columns = struct ? reader.schema().children().size() : 1;
      if (pieces.isEmpty()) {
        pieces = List.<long[]>of(new long[] {-1, -1, 0, claimed});
      }
      for (int c = 0; c < columns; c++) {
        countRows = c == 0; // each column reads the rows again: count them once
        ReadOptions o = struct ? ReadOptions.defaults().withColumnIndexes(c)
            : ReadOptions.defaults();
        String column = struct ? reader.schema().fieldNames().get(c) : null;
        for (long[] piece : pieces) {
          checkPiece(reader, f, piece[0] < 0 ? o : o.withSplit(piece[0], piece[1]), column,
              piece, damage, lost);
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
    r.put("rows readable", claimed < 0 ? 0 : Math.max(0, claimed - lost.size(claimed)));
    return r;
  }

  /**
   * Reads one column of one piece of the file ({first row, rows} in {@code piece[2..3]}) to its
   * end, noting each damaged part and the rows it costs. Past a damaged Trevni or CFile block the
   * read resumes at the block's end, so later damage is found too.
   */
  private void checkPiece(FileReader reader, Path f, ReadOptions options, String column,
      long[] piece, List<Map<String, Object>> damage, RowRanges lost) {
    long first = piece[2];
    long end = piece[2] + piece[3];
    long at = first;
    while (true) {
      long n = 0;
      try (BatchReader rows = reader.read(options)) {
        if (at > first) {
          rows.seekToRow(at);
        }
        ColumnBatch b = rows.newBatch();
        while (rows.next(b)) {
          b.validate();
          n += b.size;
          progress.advance(countRows ? b.size : 0, 0);
        }
        if (at + n != end) {
          damage.add(damage(column, "the file says " + piece[3] + " rows"
              + (piece[0] < 0 ? "" : " in the stripe at " + piece[0]) + "; "
              + (at + n - first) + " were read", null, -1));
          lost.add(at + n < end ? at + n : first, end);
        }
        return;
      } catch (CorruptFileException e) {
        damage.add(damage(column, Failures.problem(e, f.toString()),
            e.region().structure(), e.fileOffset()));
        long[] block = damagedBlock(reader, e.fileOffset());
        if (block == null || block[1] <= at + n || block[0] < first || block[1] > end) {
          lost.add(Math.min(at + n, end), end);
          return;
        }
        // the blocks before it were read whole, their checksums right
        lost.add(Math.max(at, block[0]), block[1]);
        at = block[1];
        if (at >= end) {
          return;
        }
      } catch (IOException | RuntimeException e) {
        damage.add(damage(column, Failures.problem(e, f.toString()), null, -1));
        lost.add(Math.min(at + n, end), end);
        return;
      }
    }
  }

  /**
   * The rows {first, end} of the Trevni or CFile block holding file byte {@code offset}, or null
   * where the file has no such block (other formats, an offset in a header or index).
   */
  private static long[] damagedBlock(FileReader reader, long offset) {
    if (offset < 0) {
      return null;
    }
    try {
      if (reader instanceof io.colfile.trevni.TrevniReader t) {
        io.colfile.trevni.TrevniFile file = t.file();
        for (int i = 0; i < file.columnCount(); i++) {
          int checksum = file.checksum(i).size();
          for (io.colfile.trevni.BlockInfo b : file.blocks(i)) {
            if (offset >= b.offset() && offset < b.offset() + b.compressedSize() + checksum) {
              return new long[] {b.firstRow(), b.firstRow() + b.rowCount()};
            }
          }
        }
      } else if (reader instanceof io.colfile.kudu.CFileReader c) {
        io.colfile.kudu.index.IndexTreeReader index = c.file().positionalIndex();
        if (index == null || !index.seekToFirst()) {
          return null;
        }
        long[] found = null;
        do {
          byte[] k = index.key();
          long ordinal = k.length < 4 ? -1 : ((k[0] & 0xFFL) << 24) | ((k[1] & 0xFF) << 16)
              | ((k[2] & 0xFF) << 8) | (k[3] & 0xFF);
          if (found != null) {
            found[1] = ordinal;
            return found;
          }
          io.colfile.kudu.meta.BlockPointer p = index.pointer();
          if (offset >= p.offset() && offset < p.offset() + p.size()) {
            found = new long[] {ordinal, c.file().numValues()};
          }
        } while (index.next());
        return found;
      }
    } catch (IOException | RuntimeException e) {
      return null; // the index that would say is damaged too
    }
    return null;
  }

  static final String TREVNI_HEADER_NOTE = "Trevni headers carry no checksum (the format has "
      + "none): the header was checked for consistency only";

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
   * The pieces a file is checked in: an ORC file's stripes ({byte offset, byte length, first
   * row, rows}), so that each is read on its own; empty for a file read whole.
   */
  private static List<long[]> pieces(FileReader reader) {
    List<long[]> out = new ArrayList<>();
    if (reader instanceof io.colfile.orc.OrcReader orc) {
      long row = 0;
      for (io.colfile.orc.StripeInformation s : orc.stripes()) {
        out.add(new long[] {s.offset(), Math.max(1, s.length()), row, s.numberOfRows()});
        row += s.numberOfRows();
      }
    }
    return out;
  }

  /** Row ranges, merged as they are added: the rows some damaged part makes unreadable. */
  private static final class RowRanges {
    private final java.util.TreeMap<Long, Long> ranges = new java.util.TreeMap<>();

    void add(long start, long end) {
      if (end <= start) {
        return;
      }
      var before = ranges.floorEntry(start);
      if (before != null && before.getValue() >= start) {
        start = before.getKey();
        end = Math.max(end, before.getValue());
      }
      var next = ranges.ceilingEntry(start);
      while (next != null && next.getKey() <= end) {
        end = Math.max(end, next.getValue());
        ranges.remove(next.getKey());
        next = ranges.ceilingEntry(start);
      }
      ranges.put(start, end);
    }

    /** Rows covered, within {@code [0, limit)}. */
    long size(long limit) {
      long n = 0;
      for (var e : ranges.entrySet()) {
        n += Math.max(0, Math.min(e.getValue(), limit) - Math.min(e.getKey(), limit));
      }
      return n;
    }
  }
}
