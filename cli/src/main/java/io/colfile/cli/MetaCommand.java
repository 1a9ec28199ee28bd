package io.colfile.cli;

import io.colfile.core.FileReader;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code colfile meta}: what a file says about itself. The extension point is {@link
 * FileReader#describe()}: its default gives the format-neutral facts ({@code format}, {@code
 * schema}, {@code rows}) for any reader, and a format overrides it to add its own (ORC: versions,
 * writer, compression, stripes, statistics, user metadata). This command only prints the tree.
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

  @picocli.CommandLine.Mixin
  private KuduServerOptions server = new KuduServerOptions();

  @Override
  public Path file() {
    return file;
  }

  @Override
  public Integer call() throws Exception {
    Map<String, Object> meta;
    if (ColumnFiles.isKuduServer(file) && server.table == null && server.tablet == null) {
      // the whole server: its tables and tablets, what the log holds beyond the flushed rows
      meta = io.colfile.kudu.tablet.KuduServerDir.open(file,
          server.dataDirs == null ? java.util.List.of() : server.dataDirs).describe();
    } else {
      try (FileReader reader = ColumnFiles.open(file, server)) {
        meta = reader.describe();
      }
    }
    if (json) {
      MetaPrinter.json(meta, main.stdout());
    } else {
      MetaPrinter.text(meta, main.stdout());
    }
    main.stdout().flush();
    return Failures.OK;
  }
}
