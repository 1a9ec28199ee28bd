package io.colfile.interop.kudu;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The killed tablet server's directory the Kudu tests read is what Kudu itself believes: Kudu
 * restarted on a copy of it (its logs replayed by its own bootstrap) scans exactly the expected
 * rows colfile is compared with, at every snapshot point, and without its logs it lacks the
 * last wave ({@code kudu-oracle verify-tablets}).
 */
class KuduTabletOracleTest {
  @Test
  void kuduRestartedOnTheDirectoryGivesTheExpectedRows() throws Exception {
    Path gen = KuduTabletDirs.get("log");
    Path tool = Path.of(System.getProperty("colfile.shared.dir", "../../shared"), "tools",
        "kudu-oracle", "kudu-oracle");
    Path log = Files.createTempFile("kudu-verify-tablets", ".log");
    Process p = new ProcessBuilder(tool.toString(), "verify-tablets", gen.toString())
        .redirectErrorStream(true).redirectOutput(log.toFile()).start();
    boolean done = p.waitFor(10, TimeUnit.MINUTES);
    if (!done) {
      p.destroyForcibly();
    }
    String out = Files.readString(log, StandardCharsets.UTF_8);
    assertThat(done).as("verify-tablets finished within 10 minutes: %s", out).isTrue();
    assertThat(p.exitValue()).as(out).isZero();
  }
}
