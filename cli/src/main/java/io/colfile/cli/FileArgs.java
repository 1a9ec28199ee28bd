package io.colfile.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.nio.file.FileVisitResult;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/** The FILE arguments of commands that take several: files, and directories walked. */
final class FileArgs {
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
}
