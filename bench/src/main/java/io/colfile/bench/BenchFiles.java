package io.colfile.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Where the benchmarks keep the files they write once and read in every run: {@code
 * -Dcolfile.bench.dir}, by default {@code $TMPDIR/colfile-bench}. A file's name carries a
 * version suffix that changes whenever its generator does, so a stale file is never reused.
 */
final class BenchFiles {
  private BenchFiles() {}

  /** Writes a benchmark file at a path where nothing is yet. */
  @FunctionalInterface
  interface Maker {
    void write(Path path) throws IOException;
  }

  static Path dir() {
    return Path.of(System.getProperty("colfile.bench.dir",
        Path.of(System.getProperty("java.io.tmpdir"), "colfile-bench").toString()));
  }

  /**
   * The file {@code name} in {@link #dir()}, written by {@code make} first if it is absent: into
   * a temporary file beside it, then moved into place whole, so that an interrupted run never
   * leaves half a file behind.
   */
  static Path cached(String name, Maker make) throws IOException {
    Path dir = dir();
    Path file = dir.resolve(name);
    if (!Files.exists(file)) {
      Files.createDirectories(dir);
      Path tmp = Files.createTempFile(dir, "making-", ".tmp");
      Files.delete(tmp); // orc-core refuses to overwrite a file
      try {
        make.write(tmp);
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE,
            StandardCopyOption.REPLACE_EXISTING);
      } finally {
        Files.deleteIfExists(tmp);
      }
    }
    return file;
  }
}
