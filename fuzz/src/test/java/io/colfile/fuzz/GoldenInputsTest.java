package io.colfile.fuzz;

import static org.assertj.core.api.Assumptions.assumeThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The fuzz targets' bodies over the golden files that are not in the corpora: the repository's
 * testdata (larger than a fuzz seed should be), and the files of ../shared (Apache ORC's example
 * files, Kudu-written CFiles, DeltaFiles and BloomFiles; files from elsewhere stay there, see
 * testdata/PROVENANCE.md). Each must keep the targets' invariants; where ../shared is missing
 * (CI) only testdata runs.
 */
class GoldenInputsTest {
  private static final Path TESTDATA = Path.of("..", "testdata");

  private static Path shared() {
    String dir = System.getProperty("colfile.shared.dir", "");
    return dir.isEmpty() ? null : Path.of(dir);
  }

  private static List<Path> files(Path dir, String suffix) throws Exception {
    if (dir == null || !Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(Files::isRegularFile)
          .filter(p -> p.getFileName().toString().endsWith(suffix)).sorted().toList();
    }
  }

  @Test
  void testdata() throws Exception {
    for (Path p : files(TESTDATA.resolve("orc"), ".orc")) {
      byte[] b = Files.readAllBytes(p);
      FuzzTargets.check(p.toString(), false, () -> OrcFileFuzzTest.read(b));
    }
    for (Path p : files(TESTDATA.resolve("csv"), ".csv")) {
      byte[] b = Files.readAllBytes(p);
      FuzzTargets.check(p.toString(), false, () -> CsvFuzzTest.read(b));
    }
  }

  @Test
  void sharedOrcExamples() throws Exception {
    List<Path> orc = files(shared() == null ? null : shared().resolve("orc-examples"), ".orc");
    assumeThat(orc).as("../shared/orc-examples").isNotEmpty();
    for (Path p : orc) {
      if (Files.size(p) > (8 << 20)) {
        continue; // a few large examples: their decoding is the ORC module's tests' business
      }
      byte[] b = Files.readAllBytes(p);
      FuzzTargets.check(p.toString(), false, () -> OrcFileFuzzTest.read(b));
    }
    for (Path p : files(shared().resolve("orc-examples"), ".csv")) {
      byte[] b = Files.readAllBytes(p);
      FuzzTargets.check(p.toString(), false, () -> CsvFuzzTest.read(b));
    }
  }

  @Test
  void sharedKuduFiles() throws Exception {
    List<Path> cfiles = files(shared() == null ? null : shared().resolve("kudu-cfiles"),
        ".cfile");
    assumeThat(cfiles).as("../shared/kudu-cfiles").isNotEmpty();
    for (Path p : cfiles) {
      byte[] b = Files.readAllBytes(p);
      String name = p.getFileName().toString();
      if (name.contains(".redo.") || name.contains(".undo.")) {
        FuzzTargets.check(p.toString(), false, () -> KuduDeltaFileFuzzTest.read(b));
      } else if (name.contains(".bloom.")) {
        FuzzTargets.check(p.toString(), false, () -> KuduBloomFileFuzzTest.read(b));
      } else {
        FuzzTargets.check(p.toString(), false, () -> KuduCFileFuzzTest.read(b));
      }
    }
  }
}
