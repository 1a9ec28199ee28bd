package io.colfile.cli;

import io.colfile.core.FileReader;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.io.IOException;
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
        + "(versions, compression, stripes, statistics, user metadata; ORC encryption and type "
        + "attributes), and which implementation decompresses the file's codecs (native or pure "
        + "Java). Several files, or directories (walked; hidden and _-prefixed names "
        + "skipped), print one after the other, each headed by its name. The JSON form is in "
        + "docs/meta-json.md.",
    footer = {"", "Examples:",
        "  colfile meta data.orc",
        "  colfile meta --json data.orc | jq .stripes[0].statistics",
        "  colfile meta warehouse/ part-0.orc"})
final class MetaCommand implements Callable<Integer>, FileCommand {
  @ParentCommand
  private Main main;

  @Parameters(arity = "1..*", paramLabel = "FILE",
      description = "Column files, datasets (a Kudu rowset or tablet server's directory), or "
          + "directories to walk.")
  private List<Path> files;

  @Option(names = "--json", description = "Print JSON instead of indented text.")
  private boolean json;

  @picocli.CommandLine.Mixin
  private KuduServerOptions server = new KuduServerOptions();

  /** ORC: with the keys, encrypted columns' statistics are the real ones, not the masked. */
  @picocli.CommandLine.Mixin
  private KeyStoreOptions keys = new KeyStoreOptions();

  private Path current;

  @Override
  public Path file() {
    return current != null ? current : files.get(0);
  }

  @Override
  public Integer call() throws Exception {
    Path only = files.get(0);
    if (files.size() == 1 && FileArgs.expand(only).equals(List.of(only))) {
      // one file: its tree alone, as it always was
      Map<String, Object> meta = describe(only);
      if (json) {
        MetaPrinter.json(meta, main.stdout());
      } else {
        MetaPrinter.text(meta, main.stdout());
      }
      main.stdout().flush();
      return Failures.OK;
    }
    return FileArgs.printEach(main, files, json, f -> current = f, f -> {
      Map<String, Object> tree = new LinkedHashMap<>();
      tree.put("file", f.toString());
      tree.putAll(describe(f));
      return tree;
    });
  }

  private Map<String, Object> describe(Path file) throws IOException {
    Map<String, Object> tree = new LinkedHashMap<>(describeFile(file));
    Map<String, String> decompressors = CodecInfo.decompressors(tree);
    if (!decompressors.isEmpty()) {
      tree.put("decompressors", decompressors);
    }
    return tree;
  }

  private Map<String, Object> describeFile(Path file) throws IOException {
    if (ColumnFiles.isKuduServer(file) && server.table == null && server.tablet == null) {
      // the whole server: its tables and tablets, what the log holds beyond the flushed rows
      return io.colfile.kudu.tablet.KuduServerDir.open(file,
          server.dataDirs == null ? java.util.List.of() : server.dataDirs).describe();
    }
    io.colfile.orc.KeyProvider keyProvider = keys.provider();
    try (FileReader reader = ColumnFiles.open(file, server, keyProvider, true)) {
      ColumnFiles.maskedNote(reader, keyProvider != null)
          .ifPresent(n -> main.stderr().println("colfile: " + file + ": " + n));
      return reader.describe();
    }
  }
}
