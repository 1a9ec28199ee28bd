package io.colfile.cli;

import io.colfile.cli.StdoutStream.OutputFailure;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.UnsupportedFeatureException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.util.function.BooleanSupplier;
import picocli.CommandLine.ParameterException;

/**
 * Turns failures into one line on stderr and an exit status: 2 for bad usage, 1 for everything
 * about the file (bad data, I/O, unsupported features) and for unexpected exceptions, which are
 * bugs but most likely set off by the file too. The stack trace follows only with --verbose.
 */
final class Failures {
  static final int OK = 0;
  static final int BAD_FILE = 1;
  static final int BAD_USAGE = 2;

  private final PrintStream err;
  private final BooleanSupplier verbose;

  Failures(PrintStream err, BooleanSupplier verbose) {
    this.err = err;
    this.verbose = verbose;
  }

  /** A command line picocli could not parse. */
  int usage(ParameterException e) {
    String command = e.getCommandLine().getCommandSpec().qualifiedName();
    print(null, e.getMessage() + " (see '" + command + " --help')", e);
    return BAD_USAGE;
  }

  /** An exception thrown by a command; {@code command} names the file when it is about one. */
  int report(Exception e, Object command) {
    String file = command instanceof FileCommand fc && fc.file() != null
        ? fc.file().toString() : null;
    if (e instanceof OutputFailure) {
      if (((OutputFailure) e).isBrokenPipe()) {
        return OK; // the reader of our output has seen enough
      }
      print("<stdout>", "cannot write: " + e.getMessage(), e);
      return BAD_FILE;
    }
    if (e instanceof UsageException) {
      print(file, e.getMessage(), e);
      return BAD_USAGE;
    }
    print(file, problem(e, file), e);
    return BAD_FILE;
  }

  static String problem(Exception e, String file) {
    if (e instanceof CorruptFileException) {
      CorruptFileException c = (CorruptFileException) e;
      String where = c.location();
      return other(c.file(), file) + c.problem() + (where.isEmpty() ? "" : " [" + where + "]");
    }
    if (e instanceof NoSuchFileException) {
      return other(((NoSuchFileException) e).getFile(), file) + "no such file";
    }
    if (e instanceof AccessDeniedException) {
      return other(((AccessDeniedException) e).getFile(), file) + "permission denied";
    }
    if (e instanceof FileSystemException && ((FileSystemException) e).getReason() != null) {
      FileSystemException f = (FileSystemException) e;
      return other(f.getFile(), file) + f.getReason();
    }
    if (e instanceof UnsupportedFeatureException || e instanceof IOException) {
      return withoutFilePrefix(String.valueOf(e.getMessage()), file);
    }
    return "internal error: " + e + " (run with --verbose for the stack trace)";
  }

  /**
   * {@code "inner: "} when a failure is about another file than the command's (a CFile inside a
   * rowset directory, the target of a conversion), so that the message names the right one.
   */
  private static String other(String inner, String file) {
    return inner == null || inner.isEmpty() || inner.equals(file) ? "" : inner + ": ";
  }

  /** Messages that start with the file's name would name it twice. */
  private static String withoutFilePrefix(String message, String file) {
    return file != null && message.startsWith(file + ": ")
        ? message.substring(file.length() + 2) : message;
  }

  private void print(String file, String problem, Exception e) {
    String line = problem.replace('\n', ' ').replace('\r', ' ');
    err.println("colfile: " + (file == null ? "" : file + ": ") + line);
    if (verbose.getAsBoolean()) {
      e.printStackTrace(err);
    }
    err.flush();
  }
}
