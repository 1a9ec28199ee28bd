package io.colfile.cli;

import io.colfile.core.FileReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code colfile meta}: what a file says about itself. The format name, schema and row count
 * come from any reader; the rest comes from the format through {@link MetaDetails}.
 */
@Command(name = "meta", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "Print the file's metadata: format, schema, rows, and what the format adds "
        + "(versions, compression, stripes, statistics, user metadata).")
final class MetaCommand implements Callable<Integer>, FileCommand {
  @ParentCommand
  private Main main;

  @Parameters(index = "0", paramLabel = "FILE", description = "The column file.")
  private Path file;

  @Option(names = "--json", description = "Print JSON instead of indented text.")
  private boolean json;

  @Override
  public Path file() {
    return file;
  }

  @Override
  public Integer call() throws Exception {
    Map<String, Object> meta;
    try (FileReader reader = ColumnFiles.open(file)) {
      meta = describe(reader, MetaDetails.INSTALLED);
    }
    if (json) {
      MetaPrinter.json(meta, main.stdout());
    } else {
      MetaPrinter.text(meta, main.stdout());
    }
    main.stdout().flush();
    return Failures.OK;
  }

  /** The neutral facts, then the first applicable format's details. */
  static Map<String, Object> describe(FileReader reader, List<MetaDetails> details)
      throws IOException {
    Map<String, Object> meta = new LinkedHashMap<>();
    meta.put("format", reader.formatName());
    meta.put("schema", reader.schema().toString());
    meta.put("rows", reader.numberOfRows());
    for (MetaDetails d : details) {
      if (d.appliesTo(reader)) {
        meta.putAll(d.describe(reader));
        break;
      }
    }
    return meta;
  }
}
