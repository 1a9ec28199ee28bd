package io.colfile.orc;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Files that came from elsewhere live in ../shared beside the checkout (never in the
 * repository). The build passes its location as the system property {@code colfile.shared.dir};
 * tests that need it are skipped, saying why, where it is absent.
 */
final class SharedData {
  private SharedData() {}

  /** The ORC example files, or a skipped test when they are not there. */
  static Path orcExamples() {
    Path dir = base().resolve("orc-examples");
    assumeTrue(Files.isDirectory(dir),
        "skipped: the ORC example files are not at " + dir
            + " (they live in ../shared beside the checkout; set -Dcolfile.shared.dir)");
    return dir;
  }

  static Path base() {
    String prop = System.getProperty("colfile.shared.dir");
    return prop == null || prop.isEmpty() ? Paths.get("..", "..", "shared") : Paths.get(prop);
  }
}
