package io.colfile.cli;

import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.UnsupportedFeatureException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * The {@code colfile} command. Exit status: 0 success, 1 bad data or I/O, 2 bad usage. Errors
 * print one line naming the file and the problem; {@code --verbose} adds the stack trace.
 */
@Command(name = "colfile", mixinStandardHelpOptions = true,
    versionProvider = Main.Version.class,
    description = "Reads and writes ORC, Trevni and Kudu CFile column files.",
    subcommands = {CatCommand.class, SchemaCommand.class, MetaCommand.class,
        CommandLine.HelpCommand.class})
public final class Main {
  static final int BAD_DATA = 1;
  static final int BAD_USAGE = 2;

  @Option(names = "--verbose", scope = ScopeType.INHERIT,
      description = "Print stack traces with errors.")
  boolean verbose;

  public static void main(String[] args) {
    System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
  }

  /** Runs the command line and returns the exit status (for tests). */
  public static int run(String[] args, PrintWriter out, PrintWriter err) {
    Main main = new Main();
    CommandLine cl = new CommandLine(main);
    cl.setOut(out);
    cl.setErr(err);
    cl.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
      boolean verbose = parseResult.hasMatchedOption("--verbose") || main.verbose;
      return report(e, commandLine, verbose);
    });
    cl.setParameterExceptionHandler((e, args1) -> {
      e.getCommandLine().getErr().println("colfile: " + e.getMessage());
      e.getCommandLine().getErr().println("Try 'colfile "
          + (e.getCommandLine() == cl ? "" : e.getCommandLine().getCommandName() + " ")
          + "--help' for more information.");
      return BAD_USAGE;
    });
    if (args.length == 0) {
      cl.usage(err);
      return BAD_USAGE;
    }
    return cl.execute(args);
  }

  private static int report(Exception e, CommandLine cl, boolean verbose) {
    PrintWriter err = cl.getErr();
    int status;
    String message;
    if (e instanceof UsageException || e instanceof IllegalArgumentException) {
      status = BAD_USAGE;
      message = e.getMessage();
    } else if (e instanceof NoSuchFileException) {
      status = BAD_DATA;
      message = e.getMessage() + ": no such file";
    } else if (e instanceof AccessDeniedException) {
      status = BAD_DATA;
      message = e.getMessage() + ": permission denied";
    } else if (e instanceof CorruptFileException || e instanceof UnsupportedFeatureException
        || e instanceof IOException) {
      status = BAD_DATA;
      message = e.getMessage();
    } else {
      status = BAD_DATA;
      message = "internal error: " + e;
    }
    err.println("colfile: " + message);
    if (verbose) {
      e.printStackTrace(err);
    }
    err.flush();
    return status;
  }

  /** A mistake in the command line found after parsing (e.g. an unknown column). */
  static final class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    UsageException(String message) {
      super(message);
    }
  }

  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String v = Main.class.getPackage().getImplementationVersion();
      return new String[] {"colfile " + (v == null ? "(development build)" : v)};
    }
  }
}
