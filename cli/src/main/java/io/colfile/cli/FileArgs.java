package io.colfile.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The FILE arguments of the commands that take several: files as given, directories walked
 * (sorted; names starting with {@code .} or {@code _} skipped at any depth), and what a failing
 * file is reported as when the command goes on with the others.
 */
final class FileArgs {
  /** The manifest of a Kudu rowset directory: not a column file. */
  private static final String ROWSET_MANIFEST = io.colfile.kudu.rowset.RowSetManifest.FILE_NAME;

  private FileArgs() {}

  /**
   * {@code p}, or the files under it; a directory read as one dataset (a Kudu rowset) or a Kudu
   * tablet server's directory is kept whole.
   */
  static List<Path> expand(Path p) throws IOException {
    if (!Files.isDirectory(p) || ColumnFiles.isKuduServer(p) || ColumnFiles.isDataset(p)) {
      return List.of(p);
    }
    return walk(p);
  }

  /**
   * {@code p}, or the column files under it, those of Kudu rowset directories too (one by one,
   * their manifest left out); a Kudu tablet server's directory is kept whole.
   */
  static List<Path> files(Path p) throws IOException {
    if (!Files.isDirectory(p) || ColumnFiles.isKuduServer(p)) {
      return List.of(p);
    }
    return walk(p);
  }

  private static List<Path> walk(Path p) throws IOException {
    List<Path> out = new ArrayList<>();
    try (Stream<Path> all = Files.walk(p)) {
      for (Path f : (Iterable<Path>) all.sorted()::iterator) {
        if (f.equals(p) || hidden(p.relativize(f))) {
          continue;
        }
        if (Files.isRegularFile(f) && !(f.getFileName().toString().equals(ROWSET_MANIFEST)
            && ColumnFiles.isDataset(f.getParent()))) {
          out.add(f);
        }
      }
    }
    return out;
  }

  private static boolean hidden(Path relative) {
    for (Path n : relative) {
      String s = n.toString();
      if (s.startsWith(".") || s.startsWith("_")) {
        return true;
      }
    }
    return false;
  }

  /**
   * Reports that {@code file} failed with {@code e} on one line of {@code err} ({@code colfile:
   * <file>: <problem>}, the stack trace too when {@code verbose}) and returns the exit status
   * it calls for: {@link Failures#BAD_USAGE} for a {@link UsageException}, else {@link
   * Failures#BAD_FILE}.
   */
  static int report(PrintStream err, boolean verbose, Path file, Exception e) {
    String problem = e instanceof UsageException ? e.getMessage()
        : Failures.problem(e, file.toString());
    err.println("colfile: " + file + ": " + problem.replace('\n', ' ').replace('\r', ' '));
    if (verbose) {
      e.printStackTrace(err);
    }
    err.flush();
    return e instanceof UsageException ? Failures.BAD_USAGE : Failures.BAD_FILE;
  }
}
