package io.colfile.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * The {@code colfile} command. Exit status: 0 on success, 1 when a file cannot be read (bad
 * data, I/O, a feature colfile does not support), 2 for bad usage. Errors are one line on
 * stderr, {@code colfile: <file>: <problem>}, with the stack trace only under {@code --verbose}.
 */
@Command(name = "colfile", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "Reads ORC, Trevni and Kudu CFile column files (the format is detected from "
        + "the file's bytes) and writes ORC and Trevni.",
    subcommands = {CatCommand.class, SchemaCommand.class, MetaCommand.class,
        ConvertCommand.class, CheckCommand.class, MergeCommand.class},
    usageHelpAutoWidth = true)
public final class Main implements Runnable {
  private final OutputStream stdout;
  private final PrintStream stderr;
  private boolean verbose;

  @Spec
  private CommandSpec spec;

  Main(OutputStream stdout, PrintStream stderr) {
    this.stdout = stdout;
    this.stderr = stderr;
  }

  public static void main(String[] args) {
    // Raw file descriptor 1, buffered by each command, rather than System.out: System.out
    // encodes characters and swallows write errors, and cat writes bytes and must see them.
    OutputStream stdout = new StdoutStream(new FileOutputStream(FileDescriptor.out));
    int status = commandLine(stdout, System.err).execute(args);
    System.exit(status);
  }

  /** The command line with colfile's streams, exit codes and error reporting wired in. */
  static CommandLine commandLine(OutputStream stdout, PrintStream stderr) {
    Main main = new Main(stdout, stderr);
    CommandLine cl = new CommandLine(main);
    cl.setOut(new PrintWriter(new OutputStreamWriter(stdout, StandardCharsets.UTF_8), true));
    cl.setErr(new PrintWriter(new OutputStreamWriter(stderr, StandardCharsets.UTF_8), true));
    Failures failures = new Failures(stderr, () -> main.verbose);
    cl.setParameterExceptionHandler((e, args) -> failures.usage(e));
    cl.setExecutionExceptionHandler((e, commandLine, parsed) ->
        failures.report(e, commandLine.getCommand()));
    return cl;
  }

  /** Global: also accepted after the subcommand ({@code colfile cat --verbose f}). */
  @Option(names = "--verbose", scope = ScopeType.INHERIT,
      description = "On errors, print the stack trace too.")
  void setVerbose(boolean verbose) {
    this.verbose = verbose;
  }

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(),
        "missing command: one of cat, schema, meta, convert, check, merge");
  }

  OutputStream stdout() {
    return stdout;
  }

  PrintStream stderr() {
    return stderr;
  }
}
