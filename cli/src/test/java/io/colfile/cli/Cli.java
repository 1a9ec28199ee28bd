package io.colfile.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Runs the command line in process with captured streams, as {@code Main.main} would. */
final class Cli {
  private Cli() {}

  /** What one run left behind. */
  record Result(int status, String out, String err) {
    /** The stderr lines. */
    String[] errLines() {
      return err.isEmpty() ? new String[0] : err.split("\n", -1);
    }
  }

  static Result run(String... args) {
    return runWithInput(new byte[0], args);
  }

  /** A run with {@code stdin} as its standard input. */
  static Result runWithInput(byte[] stdin, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream errStream = new PrintStream(err, true, StandardCharsets.UTF_8);
    int status = Main.commandLine(new ByteArrayInputStream(stdin), out, errStream, false)
        .execute(args);
    errStream.flush();
    return new Result(status, out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8));
  }

  /** A file of the test format (see {@link TestFormat}) with these properties. */
  static Path testFile(Path dir, String name, String properties) throws IOException {
    Path f = dir.resolve(name);
    Files.writeString(f, TestFormat.MAGIC + properties.replace(' ', '\n') + "\n");
    return f;
  }
}
