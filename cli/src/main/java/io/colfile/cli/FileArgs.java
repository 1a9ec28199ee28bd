package io.colfile.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** FILE arguments of commands that take several: directories walked, hidden names skipped. */
final class FileArgs {
  private FileArgs() {}

  /**
   * {@code p}, or the regular files under it (sorted, names starting with {@code .} or {@code _}
   * skipped at any depth) when it is a directory that is not itself a dataset (a Kudu rowset or
   * tablet server's directory, which a format reads whole).
   */
  static List<Path> expand(Path p) throws IOException {
    if (!Files.isDirectory(p) || ColumnFiles.isKuduServer(p) || ColumnFiles.isDataset(p)) {
      return List.of(p);
    }
    List<Path> out = new ArrayList<>();
    try (Stream<Path> all = Files.walk(p)) {
      for (Path f : (Iterable<Path>) all.sorted()::iterator) {
        if (f.equals(p) || hidden(p.relativize(f))) {
          continue;
        }
        if (Files.isRegularFile(f)) {
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
}
