package io.colfile.cli;

import io.colfile.core.BatchReader;
import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.text.JsonLinesWriter;
import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.ColumnBatch;
import java.io.IOException;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code colfile cat}: the rows as JSON lines in Apache ORC C++'s printer conventions
 * (../shared/specs/json-lines.md), the same for every format.
 */
@Command(name = "cat", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "Print the rows as JSON lines, one per row.")
final class CatCommand implements Callable<Integer>, FileCommand {
  @ParentCommand
  private Main main;

  @Parameters(index = "0", paramLabel = "FILE", description = "The column file.")
  private Path file;

  @Option(names = "--columns", split = ",", paramLabel = "NAME",
      description = "Only these top-level columns, in this order (comma-separated).")
  private List<String> columns;

  @Option(names = "--timezone", paramLabel = "ZONE", converter = ZoneConverter.class,
      description = "Time zone that stands for the writer's in files that record none "
          + "(old ORC writers); default: this machine's.")
  private ZoneId zone;

  @Option(names = "--deltas",
      description = "Kudu DeltaFiles: print the decoded mutations (row, timestamp, type, column "
          + "updates) instead of the stored cells.")
  private boolean deltas;

  @Option(names = "--batch", paramLabel = "ROWS", defaultValue = "1024",
      description = "Rows read per batch (default: ${DEFAULT-VALUE}).")
  private int batchSize;

  @Override
  public Path file() {
    return file;
  }

  @Override
  public Integer call() throws Exception {
    if (batchSize < 1) {
      throw new UsageException("--batch must be at least 1, not " + batchSize);
    }
    if (deltas && columns != null) {
      throw new UsageException("--deltas prints whole mutations; --columns does not apply");
    }
    ReadOptions options = ReadOptions.defaults().withBatchSize(batchSize);
    if (zone != null) {
      options = options.withDefaultZone(zone);
    }
    try (FileReader reader = deltas ? ColumnFiles.openDeltas(file) : ColumnFiles.open(file)) {
      if (columns != null) {
        checkColumns(reader.schema(), columns);
        options = options.withColumns(columns);
      }
      print(reader, options, new JsonLinesWriter(main.stdout(), reader.timestampStyle()));
    }
    return Failures.OK;
  }

  /** Prints every row; the rows read before a failure are printed too, as far as they go. */
  private static void print(FileReader reader, ReadOptions options, JsonLinesWriter out)
      throws IOException {
    try (BatchReader rows = reader.read(options)) {
      ColumnBatch batch = rows.newBatch();
      while (rows.next(batch)) {
        out.write(batch);
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

  /** Unknown or repeated column names are bad usage, caught before reading any row. */
  static void checkColumns(Type schema, List<String> names) {
    if (schema.kind() != TypeKind.STRUCT) {
      throw new UsageException("--columns needs rows with named columns; the rows are "
          + schema);
    }
    Set<String> seen = new HashSet<>();
    for (String name : names) {
      if (schema.fieldIndex(name) < 0) {
        throw new UsageException("no column '" + name + "'; the columns are "
            + String.join(", ", schema.fieldNames()));
      }
      if (!seen.add(name)) {
        throw new UsageException("column '" + name + "' is listed twice in --columns");
      }
    }
  }
}
