package io.colfile.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStream;
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
    description = {"Reads, checks, repairs and writes column files: Apache ORC, Apache Trevni "
        + "and Apache Kudu (CFiles, BloomFiles, DeltaFiles, rowset directories, and a stopped "
        + "tablet server's directories). The format is detected from the file's bytes.",
        "Exit status: 0 ok, 1 bad data or I/O, 2 bad usage."},
    footer = {"", "Examples:", "  colfile cat data.orc --where \"amount > 100\" --output table",
        "  colfile convert rows.csv rows.orc", "  colfile check data/",
        "  colfile layout data.orc --html data.html"},
    subcommands = {CatCommand.class, SchemaCommand.class, MetaCommand.class,
        ConvertCommand.class, CheckCommand.class, SalvageCommand.class, MergeCommand.class,
        StatsCommand.class, LayoutCommand.class, SizesCommand.class, CountCommand.class},
    usageHelpAutoWidth = true)
public final class Main implements Runnable {
  private final InputStream stdin;
  private final OutputStream stdout;
  private final PrintStream stderr;
  private boolean verbose;
  private boolean quiet;
  /** Whether stderr is a terminal (progress lines are drawn there only then). */
  private final boolean terminal;

  @Spec
  private CommandSpec spec;

  Main(InputStream stdin, OutputStream stdout, PrintStream stderr, boolean terminal) {
    this.stdin = stdin;
    this.stdout = stdout;
    this.stderr = stderr;
    this.terminal = terminal;
  }

  public static void main(String[] args) {
    // Raw file descriptor 1, buffered by each command, rather than System.out: System.out
    // encodes characters and swallows write errors, and cat writes bytes and must see them.
    OutputStream stdout = new StdoutStream(new FileOutputStream(FileDescriptor.out));
    int status;
    try {
      status = commandLine(stdout, System.err, Progress.stderrIsTerminal()).execute(args);
    } catch (OutOfMemoryError e) {
      // what the command held is unreachable by now: there is room for one line
      System.err.println("colfile: out of memory (" + e.getMessage() + "); give Java a larger"
          + " heap, e.g. JAVA_TOOL_OPTIONS=-Xmx8g, or read fewer columns");
      status = Failures.BAD_FILE;
    }
    System.exit(status);
  }

  /** The command line with colfile's streams, exit codes and error reporting wired in. */
  static CommandLine commandLine(OutputStream stdout, PrintStream stderr) {
    return commandLine(System.in, stdout, stderr, false);
  }

  /**
   * {@link #commandLine(OutputStream, PrintStream)}, where {@code terminal} says whether stderr
   * is a terminal, on which long commands then draw their progress.
   */
  static CommandLine commandLine(OutputStream stdout, PrintStream stderr, boolean terminal) {
    return commandLine(System.in, stdout, stderr, terminal);
  }

  /** The command line reading standard input (convert's {@code -}) from {@code stdin}. */
  static CommandLine commandLine(InputStream stdin, OutputStream stdout, PrintStream stderr,
      boolean terminal) {
    Main main = new Main(stdin, stdout, stderr, terminal);
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

  /** Global: also accepted after the subcommand. */
  @Option(names = {"-q", "--quiet"}, scope = ScopeType.INHERIT,
      description = "No progress line on stderr (drawn only on a terminal anyway).")
  void setQuiet(boolean quiet) {
    this.quiet = quiet;
  }

  /** Whether long commands should draw a progress line on stderr. */
  boolean progressWanted() {
    return terminal && !quiet;
  }

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(),
        "missing command: one of cat, schema, meta, convert, check, salvage, merge, stats, "
            + "layout, sizes, count");
  }

  InputStream stdin() {
    return stdin;
  }

  OutputStream stdout() {
    return stdout;
  }

  PrintStream stderr() {
    return stderr;
  }

  boolean verbose() {
    return verbose;
  }
}
