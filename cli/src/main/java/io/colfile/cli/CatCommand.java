package io.colfile.cli;

import io.colfile.core.BatchReader;
import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.error.UnsupportedFeatureException;
import io.colfile.core.filter.Predicate;
import io.colfile.core.filter.PredicateSyntaxException;
import io.colfile.core.read.ReadPlan;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.kudu.KuduFormat;
import io.colfile.text.CsvRowWriter;
import io.colfile.text.JsonLinesWriter;
import io.colfile.text.RowPrinter;
import io.colfile.text.TableWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code colfile cat}: the rows as JSON lines in Apache ORC C++'s printer conventions
 * (../shared/specs/json-lines.md), the same for every format, or as CSV or an aligned table;
 * only the rows a filter selects, reading only what it needs.
 */
@Command(name = "cat", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "Print the rows as JSON lines, one per row (or as CSV, or a table).",
    footer = {"", "Examples:",
        "  colfile cat data.orc --where \"price >= 10 AND country IN ('NL', 'BE')\" --limit 5",
        "  colfile cat data.orc --output table --limit 20",
        "  colfile cat big.orc --threads 2 > rows.json",
        "  colfile cat data.orc --output csv --exact-floats > data.csv",
        "  colfile cat data.orc --columns id,customer.name --explain",
        "  colfile cat old.orc --schema 'struct<id:bigint,name:string,added:int>'",
        "",
        "Predicates: = != <> < <= > >=, [NOT] IN (...), [NOT] BETWEEN a AND b, IS [NOT] NULL,",
        "AND, OR, NOT, parentheses; columns by path (a.b.c), `back quotes` for other names;",
        "literals: numbers, 'strings' ('' for a quote), true, false; dates, timestamps and",
        "decimals as strings in the form cat prints them ('2024-01-31', '2024-01-31 12:00:00.5')."})
final class CatCommand implements Callable<Integer>, FileCommand {

  @ParentCommand
  private Main main;

  @Parameters(index = "0", paramLabel = "FILE", description = "The column file.")
  private Path file;

  @picocli.CommandLine.Mixin
  private KuduServerOptions server = new KuduServerOptions();

  @picocli.CommandLine.Mixin
  private KeyStoreOptions keys = new KeyStoreOptions();

  @Option(names = "--columns", paramLabel = "A,B.C",
      description = "Only these columns, in this order (comma-separated); a.b.c is field c of "
          + "struct b of struct a, and reads only what that field needs.")
  private String columns;

  @Option(names = "--where", paramLabel = "EXPR",
      description = "Only the rows where EXPR is true (SQL's three-valued logic).")
  private String where;

  @Option(names = "--limit", paramLabel = "N",
      description = "Print at most N rows (after --where and --skip).")
  private Long limit;

  @Option(names = "--skip", paramLabel = "N", defaultValue = "0",
      description = "Leave out the first N rows (after --where).")
  private long skip;

  @Option(names = "--schema", paramLabel = "TYPE",
      description = "Read with this reader schema (ORC type string): fields by name, missing "
          + "ones NULL, values converted as Apache ORC's schema evolution does.")
  private String schema;

  @Option(names = "--by-position",
      description = "With --schema: match the top-level fields by position, not by name.")
  private boolean byPosition;

  @Option(names = "--explain",
      description = "On stderr, after the rows: what was read and skipped, and why.")
  private boolean explain;

  @Option(names = "--timezone", paramLabel = "ZONE", converter = ZoneConverter.class,
      description = "Time zone that stands for the writer's in files that record none "
          + "(old ORC writers); default: this machine's.")
  private ZoneId zone;

  @Option(names = "--deltas",
      description = "Kudu DeltaFiles: print the decoded mutations (row, timestamp, type, column "
          + "updates) instead of the stored cells.")
  private boolean deltas;

  @Option(names = "--output", paramLabel = "FORM", defaultValue = "json",
      description = "json (JSON lines, the default), csv (RFC 4180 with a header line; NULL an "
          + "empty field, the empty string \"\"; nested values as their JSON text) or table "
          + "(aligned columns, NULL as NULL, each page of 1000 rows aligned on its own).")
  private String output;

  @Option(names = "--exact-floats",
      description = "Float and double values as the shortest text that reads back as the "
          + "same value, instead of C's %%.7g and %%.14g, which drop digits.")
  private boolean exactFloats;

  @Option(names = "--max-width", paramLabel = "CELLS", defaultValue = "40",
      description = "--output table: a value wider than this is cut, ending in … (default: "
          + "${DEFAULT-VALUE}).")
  private int maxWidth;

  @Option(names = "--batch", paramLabel = "ROWS", defaultValue = "1024",
      description = "Rows read per batch (default: ${DEFAULT-VALUE}).")
  private int batchSize;

  @Option(names = "--threads", paramLabel = "N", defaultValue = "1",
      description = "Decode on N threads (parts of stripes or files, or columns, at once); "
          + "the rows and their order are the same (default: ${DEFAULT-VALUE}).")
  private int threads;

  @Override
  public Path file() {
    return file;
  }

  @Override
  public Integer call() throws Exception {
    ReadOptions options = options();
    String form = output.toLowerCase(java.util.Locale.ROOT);
    if (!form.equals("json") && !form.equals("csv") && !form.equals("table")) {
      throw new UsageException("--output must be json, csv or table, not '" + output + "'");
    }
    if (maxWidth < 2) {
      throw new UsageException("--max-width must be at least 2, not " + maxWidth);
    }
    io.colfile.orc.KeyProvider keyProvider = keys.provider();
    try (FileReader reader = deltas ? ColumnFiles.openDeltas(file)
        : ColumnFiles.open(file, server, keyProvider, false)) {
      for (String d : ColumnFiles.damage(reader)) {
        main.stderr().println("colfile: salvage: " + d);
      }
      ColumnFiles.maskedNote(reader, keyProvider != null)
          .ifPresent(n -> main.stderr().println("colfile: " + file + ": " + n));
      try {
        ReadPlan.create(reader.schema(), options); // what every reader plans: checked here first
      } catch (IllegalArgumentException e) {
        throw new UsageException(e.getMessage()); // a column, predicate or schema that does not fit
      }
      BatchReader rows = reader.read(options);
      try (rows) {
        print(rows, printer(form, timestampStyle(reader)));
      } catch (IllegalArgumentException e) {
        if (options.schema().isEmpty()) {
          throw e;
        }
        throw new UsageException(e.getMessage()); // a NULL where the schema says not null
      } finally {
        if (explain) {
          explain(rows, main.stderr());
        }
      }
    }
    return Failures.OK;
  }

  private RowPrinter printer(String form, JsonLinesWriter.TimestampStyle style) {
    switch (form) {
      case "csv":
        return new CsvRowWriter(main.stdout(), style, exactFloats);
      case "table":
        return new TableWriter(main.stdout(), style, exactFloats, maxWidth,
            TableWriter.DEFAULT_PAGE);
      default:
        return new JsonLinesWriter(main.stdout(), style, exactFloats);
    }
  }

  /**
   * How the rows' timestamps print, decided by the format that was opened: Kudu's
   * unixtime_micros with six fraction digits, as Kudu's own tools print them; ORC's and Trevni's
   * nanoseconds with trailing zeros trimmed, as ORC's printer does.
   */
  static JsonLinesWriter.TimestampStyle timestampStyle(FileReader reader) {
    return KuduFormat.NAME.equals(reader.formatName())
        ? JsonLinesWriter.TimestampStyle.MICROS
        : JsonLinesWriter.TimestampStyle.TRIMMED_NANOS;
  }

  /** The options the command line gives, checked before any file is opened. */
  private ReadOptions options() {
    if (batchSize < 1) {
      throw new UsageException("--batch must be at least 1, not " + batchSize);
    }
    if (threads < 1) {
      throw new UsageException("--threads must be at least 1, not " + threads);
    }
    if (limit != null && limit < 0) {
      throw new UsageException("--limit must be at least 0, not " + limit);
    }
    if (skip < 0) {
      throw new UsageException("--skip must be at least 0, not " + skip);
    }
    if (byPosition && schema == null) {
      throw new UsageException("--by-position needs --schema");
    }
    ReadOptions options = ReadOptions.defaults().withBatchSize(batchSize)
        .withParallelism(threads);
    if (zone != null) {
      options = options.withDefaultZone(zone);
    }
    if (columns != null) {
      options = options.withColumns(splitColumns(columns));
    }
    if (where != null) {
      try {
        options = options.withFilter(Predicate.parse(where));
      } catch (PredicateSyntaxException e) {
        throw new UsageException("--where: " + e.getMessage());
      }
    }
    if (schema != null) {
      try {
        options = options.withSchema(Type.parse(schema)).withMatchByPosition(byPosition);
      } catch (IllegalArgumentException e) {
        throw new UsageException("--schema: " + e.getMessage());
      }
    }
    return options;
  }

  /** Prints the rows asked for; the rows read before a failure are printed too. */
  private void print(BatchReader rows, RowPrinter out) throws IOException {
    try {
      long toSkip = skip;
      if (toSkip > 0 && where == null) {
        try {
          rows.seekToRow(toSkip); // without a filter the first N rows are the file's first N
          toSkip = 0;
        } catch (UnsupportedFeatureException e) {
          // this format reads from the start: the rows are dropped below instead
        }
      }
      long left = limit == null ? Long.MAX_VALUE : limit;
      ColumnBatch batch = rows.newBatch();
      out.begin(batch.schema());
      while (left > 0 && rows.next(batch)) {
        int from = (int) Math.min(toSkip, batch.size);
        toSkip -= from;
        int to = (int) Math.min(batch.size, from + left);
        if (from < to) {
          out.write(batch, from, to);
          left -= to - from;
        }
      }
    } catch (IOException | RuntimeException e) {
      try {
        out.flush();
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed); // the read failure is the one to report
      }
      throw e;
    }
    out.flush();
  }

  private void explain(BatchReader rows, PrintStream err) {
    List<String> lines = rows.report().lines();
    err.println("colfile: " + file + ": explain:" + (lines.isEmpty() ? " nothing skipped" : ""));
    for (String line : lines) {
      err.println("  " + line);
    }
    err.flush();
  }

  /** Column names split at commas outside back quotes ({@code a,`b,c`.d}). */
  static List<String> splitColumns(String text) {
    List<String> out = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '`') {
        quoted = !quoted; // a doubled back quote toggles twice: still inside
      }
      if (c == ',' && !quoted) {
        out.add(current.toString());
        current.setLength(0);
      } else {
        current.append(c);
      }
    }
    out.add(current.toString());
    for (String s : out) {
      if (s.isEmpty()) {
        throw new UsageException("--columns has an empty name in '" + text + "'");
      }
    }
    return out;
  }
}
