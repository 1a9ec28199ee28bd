package io.colfile.cli;

import io.colfile.core.FileReader;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code colfile schema FILE}: the file's type string. */
@Command(name = "schema", mixinStandardHelpOptions = true,
    description = "Print the schema of a column file as an ORC type string.")
final class SchemaCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE", description = "The file to read.")
  Path file;

  @Spec
  CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    try (FileReader reader = Files.open(file)) {
      spec.commandLine().getOut().println(reader.schema());
    }
    spec.commandLine().getOut().flush();
    return 0;
  }
}
