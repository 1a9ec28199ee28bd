package io.colfile.cli;

import io.colfile.core.FileReader;
import io.colfile.core.layout.ColumnNames;
import io.colfile.core.types.Type;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code colfile schema}: the file's type string, e.g. {@code struct<a:int,b:string>}; with
 * {@code --attributes} then one line per column that has type attributes: its id, its name (as
 * {@link ColumnNames} gives it) and its attributes sorted by name, {@code 1 id: iceberg.id=1
 * iceberg.required=true}.
 */
@Command(name = "schema", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "Print the file's schema as a type string.")
final class SchemaCommand implements Callable<Integer>, FileCommand {
  @ParentCommand
  private Main main;

  @Parameters(index = "0", paramLabel = "FILE", description = "The column file.")
  private Path file;

  @Option(names = "--attributes", description = "Also print each column's type attributes "
      + "(ORC: Iceberg's iceberg.id, ...), one line per column that has some: "
      + "column id, name, key=value pairs.")
  private boolean attributes;

  @picocli.CommandLine.Mixin
  private KuduServerOptions server = new KuduServerOptions();

  @Override
  public Path file() {
    return file;
  }

  @Override
  public Integer call() throws Exception {
    try (FileReader reader = ColumnFiles.open(file, server)) {
      Type schema = reader.schema();
      StringBuilder out = new StringBuilder().append(schema).append('\n');
      if (attributes) {
        List<Type> columns = schema.flatten();
        List<String> names = ColumnNames.preorder(schema);
        for (int c = 0; c < columns.size(); c++) {
          if (columns.get(c).attributes().isEmpty()) {
            continue;
          }
          out.append(c).append(' ').append(names.get(c)).append(':');
          for (Map.Entry<String, String> a : columns.get(c).attributes().entrySet()) {
            out.append(' ').append(a.getKey()).append('=').append(a.getValue());
          }
          out.append('\n');
        }
      }
      main.stdout().write(out.toString().getBytes(StandardCharsets.UTF_8));
      main.stdout().flush();
    }
    return Failures.OK;
  }
}
