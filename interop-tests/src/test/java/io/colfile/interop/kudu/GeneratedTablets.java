package io.colfile.interop.kudu;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * Killed tablet servers' directories written by the real Kudu 1.17.1 through {@code kudu-oracle
 * gen-tablets} (../shared/tools/kudu-oracle: master and tablet server started, six tables
 * written in three waves, the last only in the write-ahead log, then SIGKILL), made once per
 * build and block manager under {@code target/kudu-tablets-<block manager>}, with the oracle's
 * {@code manifest.json} and {@code expected/} rows beside the server's {@code tserver/}.
 */
final class GeneratedTablets {
  private static final Map<String, Path> MADE = new HashMap<>();
  private static final long TIMEOUT_MINUTES = 10;

  private GeneratedTablets() {}

  /**
   * The output directory for block manager {@code blockManager} ({@code file} or {@code log}),
   * generating it on first use; skips where Kudu cannot run or ../shared is absent, fails where
   * the generator should work and does not.
   */
  static synchronized Path get(String blockManager) throws IOException, InterruptedException {
    KuduBinary.get(); // skips off Linux x86_64 / glibc, as every Kudu test here
    Path tool = Path.of(System.getProperty("colfile.shared.dir", "../../shared"),
        "tools", "kudu-oracle", "kudu-oracle");
    Assumptions.assumeTrue(Files.isRegularFile(tool),
        () -> "no " + tool + ": the generator of tablet server directories lives in ../shared");
    Path out = MADE.get(blockManager);
    if (out != null) {
      return out;
    }
    out = Path.of("target", "kudu-tablets-" + blockManager).toAbsolutePath();
    if (!Files.isRegularFile(out.resolve("manifest.json"))) {
      Path log = Path.of("target", "kudu-tablets-" + blockManager + ".log").toAbsolutePath();
      Process p = new ProcessBuilder("bash", tool.toString(), "gen-tablets", out.toString(),
          "--block-manager", blockManager, "--tables", "small")
          .redirectErrorStream(true).redirectOutput(log.toFile()).start();
      if (!p.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
        p.destroyForcibly();
        Assertions.fail("kudu-oracle gen-tablets took over " + TIMEOUT_MINUTES + " minutes; "
            + "see " + log);
      }
      if (p.exitValue() != 0) {
        Assertions.fail("kudu-oracle gen-tablets failed (exit " + p.exitValue() + "): "
            + Files.readString(log));
      }
    }
    MADE.put(blockManager, out);
    return out;
  }
}
