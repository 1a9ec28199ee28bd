package io.colfile.cli;

import io.colfile.core.BatchReader;
import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.text.JsonLinesWriter;
import io.colfile.core.vector.ColumnBatch;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code colfile cat FILE}: the rows as JSON lines (specs/json-lines.md). */
@Command(name = "cat", mixinStandardHelpOptions = true,
    description = "Print the rows of a column file as JSON lines.")
final class CatCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE", description = "The file to read.")
  Path file;

  @Option(names = "--columns", split = ",", paramLabel = "NAME",
      description = "Only these top-level columns, in this order.")
  List<String> columns;

  @Option(names = "--timezone", paramLabel = "ZONE",
      description = "Zone of files that do not record their writer's zone "
          + "(default: this machine's).")
  String timezone;

  @Option(names = "--batch", paramLabel = "ROWS", defaultValue = "1024",
      description = "Rows per batch (default: ${DEFAULT-VALUE}).")
  int batch;

  OutputStream out = new FileOutputStream(FileDescriptor.out);

  @Override
  public Integer call() throws Exception {
    ReadOptions options = options();
    OutputStream sink = new BufferedOutputStream(out, 1 << 16);
    JsonLinesWriter writer = new JsonLinesWriter(sink);
    try (FileReader reader = Files.open(file);
         BatchReader rows = read(reader, options)) {
      ColumnBatch b = rows.newBatch();
      while (rows.next(b)) {
        writer.write(b);
      }
    } finally {
      writer.flush();
    }
    return 0;
  }

  private ReadOptions options() {
    if (batch < 1) {
      throw new Main.UsageException("--batch must be at least 1: " + batch);
    }
    ReadOptions options = ReadOptions.defaults().withBatchSize(batch);
    if (columns != null) {
      options = options.withColumns(columns);
    }
    if (timezone != null) {
      try {
        options = options.withDefaultZone(ZoneId.of(timezone));
      } catch (DateTimeException e) {
        throw new Main.UsageException("unknown time zone '" + timezone + "'");
      }
    }
    return options;
  }

  private BatchReader read(FileReader reader, ReadOptions options) throws java.io.IOException {
    try {
      return reader.read(options);
    } catch (IllegalArgumentException e) {
      throw new Main.UsageException(file + ": " + e.getMessage());
    }
  }
}
