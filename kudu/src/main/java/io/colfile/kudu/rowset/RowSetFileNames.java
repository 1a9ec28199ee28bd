package io.colfile.kudu.rowset;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/** File names inside a rowset directory: {@code <column>.cfile} where that is a safe name. */
final class RowSetFileNames {
  private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.-]{0,199}");

  private RowSetFileNames() {}

  /**
   * {@code <column>.cfile} when the column's name is a portable file name that no other file of
   * the directory has (case aside, for case-insensitive file systems), else {@code
   * column-<id>.cfile} (or {@code column-<id>-<n>.cfile} if that is taken too); rowset.json
   * records which.
   */
  static String forColumn(KuduColumn col, List<String> taken) {
    String name = col.name() + ".cfile";
    if (SAFE.matcher(col.name()).matches() && !takenIgnoringCase(name, taken)) {
      return name;
    }
    // another column may be called "column-<id>" itself: count up until the name is free
    name = "column-" + col.id() + ".cfile";
    for (int n = 2; takenIgnoringCase(name, taken); n++) {
      name = "column-" + col.id() + "-" + n + ".cfile";
    }
    return name;
  }

  private static boolean takenIgnoringCase(String name, List<String> taken) {
    String lower = name.toLowerCase(Locale.ROOT);
    for (String t : taken) {
      if (t.toLowerCase(Locale.ROOT).equals(lower)) {
        return true;
      }
    }
    return false;
  }

  /** True for a plain file name inside the directory: no separators, not {@code .} or {@code ..}. */
  static boolean isPlainName(String name) {
    return name != null && !name.isEmpty() && !name.equals(".") && !name.equals("..")
        && name.indexOf('/') < 0 && name.indexOf('\\') < 0 && name.indexOf('\0') < 0;
  }

  private static final java.security.SecureRandom RANDOM = new java.security.SecureRandom();

  /**
   * A new, empty directory beside {@code target}, under a hidden temporary name. Not {@link
   * Files#createTempDirectory}, whose directories are private whatever the umask: the directory
   * renamed to the target should get the permissions any new directory gets.
   */
  static Path createTempDirectory(Path target) throws IOException {
    while (true) {
      Path temp = target.resolveSibling("." + target.getFileName() + "."
          + Long.toUnsignedString(RANDOM.nextLong(), 36) + ".tmp");
      try {
        return Files.createDirectory(temp);
      } catch (java.nio.file.FileAlreadyExistsException e) {
        // someone else's temporary directory: draw another name
      }
    }
  }

  /** Deletes {@code dir} and everything under it, as far as it can. */
  static void deleteTree(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try {
      Files.walkFileTree(dir, new SimpleFileVisitor<>() {
        @Override
        public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
          Files.deleteIfExists(file);
          return FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
          Files.deleteIfExists(d);
          return FileVisitResult.CONTINUE;
        }
      });
    } catch (IOException e) {
      // best effort: a leftover temporary directory is visible by its name
    }
  }
}
