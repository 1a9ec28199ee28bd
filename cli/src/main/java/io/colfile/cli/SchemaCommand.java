package io.colfile.cli;

import io.colfile.core.FileReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code colfile schema}: the file's type string, e.g. {@code struct<a:int,b:string>}. */
@Command(name = "schema", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "Print the file's schema as a type string.")
final class SchemaCommand implements Callable<Integer>, FileCommand {
  @ParentCommand
  private Main main;

  @Parameters(index = "0", paramLabel = "FILE", description = "The column file.")
  private Path file;

  @picocli.CommandLine.Mixin
  private KuduServerOptions server = new KuduServerOptions();

  @Override
  public Path file() {
    return file;
  }

  @Override
  public Integer call() throws Exception {
    try (FileReader reader = ColumnFiles.open(file, server)) {
      main.stdout().write((reader.schema() + "\n").getBytes(StandardCharsets.UTF_8));
      main.stdout().flush();
    }
    return Failures.OK;
  }
}
