package io.colfile.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.nio.file.FileVisitResult;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/** The FILE arguments of commands that take several: files, and directories walked. */
final class FileArgs {
  /** The manifest of a Kudu rowset directory: not a column file. */
  private static final String ROWSET_MANIFEST = io.colfile.kudu.rowset.RowSetManifest.FILE_NAME;

  /** What a directory argument holding no column file is reported as. */
  static final String NO_FILES = "no files in this directory (hidden and _-prefixed names "
      + "are skipped)";

  private FileArgs() {}

  /**
   * {@code p}, or the files under it (sorted, hidden {@code .} and {@code _} names skipped); a
   * directory one format reads as a dataset (a Kudu rowset, a tablet server's directory) is one.
   */
  static List<Path> expand(Path p) throws IOException {
    if (!Files.isDirectory(p) || ColumnFiles.isKuduServer(p) || ColumnFiles.isDataset(p)) {
      return List.of(p);
    }
    List<Path> out = new ArrayList<>();
    Files.walkFileTree(p, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes a) {
        if (d.equals(p)) {
          return FileVisitResult.CONTINUE;
        }
        if (hidden(d)) {
          return FileVisitResult.SKIP_SUBTREE;
        }
        if (ColumnFiles.isDataset(d)) {
          out.add(d); // a rowset directory is one dataset: its files are not walked
          return FileVisitResult.SKIP_SUBTREE;
        }
        return FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult visitFile(Path f, BasicFileAttributes a) {
        if (!hidden(f) && a.isRegularFile()) {
          out.add(f);
        }
        return FileVisitResult.CONTINUE;
      }
    });
    out.sort(null);
    return out;
  }

  /** Every argument expanded, in order. */
  static List<Path> expandAll(List<Path> args) throws IOException {
    List<Path> out = new ArrayList<>();
    for (Path p : args) {
      out.addAll(expand(p));
    }
    return out;
  }

  private static boolean hidden(Path f) {
    String s = f.getFileName().toString();
    return s.startsWith(".") || s.startsWith("_");
  }

  /**
   * {@code p}, or the column files under it, those of Kudu rowset directories too (one by one,
   * their manifest left out); a Kudu tablet server's directory is kept whole.
   */
  static List<Path> files(Path p) throws IOException {
    if (!Files.isDirectory(p) || ColumnFiles.isKuduServer(p)) {
      return List.of(p);
    }
    return walkFiles(p);
  }

  private static List<Path> walkFiles(Path p) throws IOException {
    List<Path> out = new ArrayList<>();
    try (Stream<Path> all = Files.walk(p)) {
      for (Path f : (Iterable<Path>) all.sorted()::iterator) {
        if (f.equals(p) || hiddenPath(p.relativize(f))) {
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

  private static boolean hiddenPath(Path relative) {
    for (Path n : relative) {
      if (hidden(n)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Refuses a Kudu tablet server's directory where a column file or a rowset is needed (its
   * tables are rows the server's log is replayed into, not files).
   */
  static void refuseKuduServer(Path p) {
    if (ColumnFiles.isKuduServer(p)) {
      throw new UsageException("a Kudu tablet server's directory, not a column file (its "
          + "tables are read with cat, schema, meta and convert --table)");
    }
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

  /** A file's tree of facts (as {@code meta} and {@code stats} print them). */
  interface Describer {
    Map<String, Object> describe(Path file) throws IOException;
  }

  /**
   * Prints what {@code describer} says of every file the arguments name, one tree after the
   * other (or, with {@code json}, one document {@code {files, failed}}): a file that fails is one
   * line on stderr and the others go on; a usage error stops at once, the files before keeping
   * their output. {@code current} learns each file before it is described (to name it in
   * errors). Returns the exit status: 1 when any file failed or a directory held none.
   */
  static int printEach(Main main, List<Path> args, boolean json,
      java.util.function.Consumer<Path> current, Describer describer) throws IOException {
    List<Map<String, Object>> results = new ArrayList<>();
    int failed = 0;
    int printed = 0;
    for (Path arg : args) {
      current.accept(arg);
      List<Path> expanded = expand(arg);
      if (expanded.isEmpty()) {
        main.stderr().println("colfile: " + arg + ": " + NO_FILES);
        main.stderr().flush();
        failed++;
      }
      for (Path f : expanded) {
        current.accept(f);
        Map<String, Object> tree;
        try {
          tree = describer.describe(f);
        } catch (UsageException e) {
          main.stdout().flush(); // the files before keep their output
          throw e;
        } catch (IOException | RuntimeException e) {
          main.stdout().flush();
          main.stderr().println("colfile: " + f + ": " + Failures.problem(e, f.toString()));
          main.stderr().flush();
          failed++;
          continue;
        }
        if (json) {
          results.add(tree);
        } else {
          if (printed++ > 0) {
            main.stdout().write('\n');
          }
          MetaPrinter.text(tree, main.stdout());
        }
      }
    }
    if (json) {
      Map<String, Object> all = new java.util.LinkedHashMap<>();
      all.put("files", results);
      all.put("failed", failed);
      MetaPrinter.json(all, main.stdout());
    }
    main.stdout().flush();
    return failed > 0 ? Failures.BAD_FILE : Failures.OK;
  }
}
