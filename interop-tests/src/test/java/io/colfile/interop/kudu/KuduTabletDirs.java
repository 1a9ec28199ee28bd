package io.colfile.interop.kudu;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * Crashed tablet servers' directories that the real Kudu 1.17.1 left ({@code kudu-oracle
 * gen-tablets --tables small}, ../shared/tools/kudu-oracle), one per block manager: taken from
 * {@code -Dcolfile.kudu.tablets.<log|file>=DIR} when given (a directory gen-tablets wrote), else
 * generated once per test run into a temporary directory (about 30 s each). Tests skip, saying
 * why, where the generator or the platform it needs is missing.
 */
public final class KuduTabletDirs {
  private static final Duration TIMEOUT = Duration.ofMinutes(10);
  private static final Map<String, Path> MADE = new HashMap<>();

  private KuduTabletDirs() {}

  /** The output directory of gen-tablets with {@code blockManager} ("log" or "file"). */
  public static synchronized Path get(String blockManager) throws IOException, InterruptedException {
    String given = System.getProperty("colfile.kudu.tablets." + blockManager);
    if (given != null) {
      Path p = Path.of(given);
      Assumptions.assumeTrue(Files.isRegularFile(p.resolve("manifest.json")),
          "-Dcolfile.kudu.tablets." + blockManager + "=" + given + " holds no manifest.json");
      return p;
    }
    Path made = MADE.get(blockManager);
    if (made != null) {
      return made;
    }
    Path tool = Path.of(System.getProperty("colfile.shared.dir", "../../shared"), "tools",
        "kudu-oracle", "kudu-oracle");
    Assumptions.assumeTrue(Files.isExecutable(tool), "no kudu-oracle at " + tool
        + " (../shared is absent; set -Dcolfile.shared.dir or -Dcolfile.kudu.tablets."
        + blockManager + ")");
    Assumptions.assumeTrue(System.getProperty("os.name").equals("Linux")
        && System.getProperty("os.arch").matches("amd64|x86_64"),
        "kudu-oracle runs Kudu's Linux x86_64 binaries");
    Path out = Files.createTempDirectory("colfile-kudu-tablets-" + blockManager);
    Path log = out.resolveSibling(out.getFileName() + ".log");
    Process p = new ProcessBuilder(List.of(tool.toString(), "gen-tablets",
        out.resolve("gen").toString(), "--block-manager", blockManager, "--tables", "small"))
        .redirectErrorStream(true).redirectOutput(log.toFile()).start();
    if (!p.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
      p.destroyForcibly();
      Assertions.fail("kudu-oracle gen-tablets took over " + TIMEOUT + "; see " + log);
    }
    if (p.exitValue() != 0) {
      Assertions.fail("kudu-oracle gen-tablets failed (exit " + p.exitValue() + "): "
          + Files.readString(log, StandardCharsets.UTF_8));
    }
    MADE.put(blockManager, out.resolve("gen"));
    return out.resolve("gen");
  }
}
