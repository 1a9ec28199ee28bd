package io.colfile.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
   * {@code p}, or the files under it (sorted, hidden {@code .} and {@code _} names skipped, links
   * to files followed); a directory one format reads as a dataset (a Kudu rowset) or a Kudu
   * tablet server's directory is one, wherever it is met.
   */
  static List<Path> expand(Path p) throws IOException {
    if (!Files.isDirectory(p) || ColumnFiles.isKuduServer(p) || ColumnFiles.isDataset(p)) {
      return List.of(p);
    }
    return walk(p, false);
  }

  /**
   * The walk under directory {@code p}: regular files (links to them followed), sorted, hidden
   * names skipped at any depth; a tablet server's directory kept whole; a rowset directory kept
   * whole, or with {@code intoRowsets} its files one by one (its manifest left out).
   */
  private static List<Path> walk(Path p, boolean intoRowsets) throws IOException {
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
        if (ColumnFiles.isKuduServer(d) || (!intoRowsets && ColumnFiles.isDataset(d))) {
          out.add(d); // read as one: its files are not walked
          return FileVisitResult.SKIP_SUBTREE;
        }
        return FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult visitFile(Path f, BasicFileAttributes a) {
        if (!hidden(f) && Files.isRegularFile(f)
            && !(intoRowsets && f.getFileName().toString().equals(ROWSET_MANIFEST)
                && ColumnFiles.isDataset(f.getParent()))) {
          out.add(f);
        }
        return FileVisitResult.CONTINUE;
      }
    });
    out.sort(null);
    return out;
  }

  /**
   * Whether {@code f} was not met before: a file named twice (also under another spelling, or
   * found again by walking a directory) is counted and checked once. Adds it to {@code seen}.
   */
  static boolean firstTime(java.util.Set<Path> seen, Path f) {
    Path key;
    try {
      key = f.toRealPath();
    } catch (IOException e) {
      key = f.toAbsolutePath().normalize(); // missing: the command reports it
    }
    return seen.add(key);
  }

  /**
   * Adds to {@code into} the files the arguments name, each once ({@link #expand}, or with
   * {@code intoRowsets} {@link #files}), reporting a directory that holds none on one line;
   * returns the exit status that calls for ({@link Failures#BAD_FILE} or OK).
   */
  static int collect(Main main, List<Path> args, boolean intoRowsets, List<Path> into)
      throws IOException {
    int status = Failures.OK;
    java.util.Set<Path> seen = new java.util.HashSet<>();
    for (Path p : args) {
      List<Path> found = intoRowsets ? files(p) : expand(p);
      if (found.isEmpty()) {
        status = Math.max(status, report(main.stderr(), main.verbose(), p,
            new IOException(NO_FILES)));
      }
      for (Path f : found) {
        if (firstTime(seen, f)) {
          into.add(f);
        }
      }
    }
    return status;
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
    return walk(p, true);
  }

  /**
   * Refuses, before anything is read, an output {@code out} that would fail late or destroy what
   * the user has: one of {@code inputs} (also under another spelling), a directory where a file
   * is written ({@code directoryOk}: a Kudu rowset is written as one; its own checks say "exists"),
   * or a file in a directory that does not exist.
   */
  static void checkOutput(Path out, List<Path> inputs, boolean directoryOk) throws IOException {
    Path abs = out.toAbsolutePath().normalize();
    for (Path in : inputs) {
      boolean same = in.toAbsolutePath().normalize().equals(abs)
          || (Files.exists(in) && Files.exists(out) && Files.isSameFile(in, out));
      if (same) {
        throw new UsageException("OUT " + out + " is also an input; name a new file (the input "
            + "is never overwritten)");
      }
    }
    if (!directoryOk && Files.isDirectory(out)) {
      throw new UsageException("OUT " + out + " is a directory");
    }
    Path parent = abs.getParent();
    if (parent != null && !Files.isDirectory(parent)) {
      throw new IOException("OUT's directory " + parent + " does not exist");
    }
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
   * line on stderr and the others go on, also when the request does not fit it (a column it
   * lacks: exit status 2 at the end); for a single file such a usage error is raised at once. {@code current} learns each file before it is described (to name it in
   * errors). Returns the exit status: 2 when a request did not fit a file, else 1 when any file
   * failed or a directory held none.
   */
  static int printEach(Main main, List<Path> args, boolean json,
      java.util.function.Consumer<Path> current, Describer describer) throws IOException {
    List<Map<String, Object>> results = new ArrayList<>();
    int failed = 0;
    boolean usage = false;
    int printed = 0;
    // in the order of the arguments: each file, or a directory that held none (null file)
    List<Path[]> items = new ArrayList<>();
    java.util.Set<Path> seen = new java.util.HashSet<>();
    int total = 0;
    for (Path arg : args) {
      current.accept(arg);
      List<Path> found = expand(arg);
      total += found.size();
      if (found.isEmpty()) {
        items.add(new Path[] {arg, null});
      }
      for (Path f : found) {
        if (firstTime(seen, f)) {
          items.add(new Path[] {arg, f});
        }
      }
    }
    for (Path[] item : items) {
      Path f = item[1];
      if (f == null) {
        main.stderr().println("colfile: " + item[0] + ": " + NO_FILES);
        main.stderr().flush();
        failed++;
        continue;
      }
      current.accept(f);
      Map<String, Object> tree;
      try {
        tree = describer.describe(f);
      } catch (UsageException e) {
        if (total == 1) {
          throw e;
        }
        // one of several files cannot be asked this (a column it lacks): it fails alone
        main.stderr().println("colfile: " + f + ": " + e.getMessage());
        main.stderr().flush();
        failed++;
        usage = true;
        continue;
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
    if (json) {
      Map<String, Object> doc = new java.util.LinkedHashMap<>();
      doc.put("files", results);
      doc.put("failed", failed);
      MetaPrinter.json(doc, main.stdout());
    }
    main.stdout().flush();
    return usage ? Failures.BAD_USAGE : failed > 0 ? Failures.BAD_FILE : Failures.OK;
  }

}
