package io.colfile.interop.kudu;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * The real Apache Kudu 1.17.1 {@code kudu} command-line tool, the judge of the CFiles colfile
 * writes. The build takes it from Maven Central ({@code org.apache.kudu:kudu-binary}, classifier
 * {@code linux-x86_64}: the binaries and shared libraries Kudu publishes for its mini-cluster
 * tests), unpacks it under {@code target/} and passes the directory as the system property
 * {@value #HOME_PROPERTY}.
 *
 * <p>{@link #get()} checks once per JVM that the tool runs. A test calling it is skipped where
 * Kudu's Linux x86_64 build cannot run at all (another OS or CPU, or a Linux without glibc's
 * loader {@code /lib64/ld-linux-x86-64.so.2}, such as a musl distribution), and fails where it
 * should run but does not (not unpacked, a missing system library, a crash): a broken oracle
 * must not look like a passing test.
 *
 * <p>Kudu needs its bundled libraries before the system's ({@code LD_LIBRARY_PATH=<home>/lib},
 * else a krb5 symbol error) and its bundled SASL plugins ({@code SASL_PATH=<home>/lib/sasl2});
 * unpacking loses the execute bits, which {@link #get()} restores.
 */
public final class KuduBinary {
  /** The system property that names the unpacked {@code kudu-binary-<version>-linux-x86_64}. */
  public static final String HOME_PROPERTY = "colfile.kudu.home";
  /** Where the build unpacks it, relative to interop-tests (for runs outside Maven). */
  private static final Path DEFAULT_HOME =
      Path.of("target", "kudu-binary", "kudu-binary-1.17.1-linux-x86_64");
  private static final String LOADER = "/lib64/ld-linux-x86-64.so.2";
  private static final Duration VERSION_TIMEOUT = Duration.ofSeconds(60);

  private static KuduBinary instance;
  private static String skipReason;
  private static String failure;

  private final Path home;
  private String version;

  private KuduBinary(Path home) {
    this.home = home;
  }

  /** What one run of the tool did; stdout as bytes (Kudu prints STRING values raw). */
  public record Run(List<String> command, int exitCode, byte[] stdout, String stderr) {}

  /**
   * The tool, ready to run; skips the calling test (JUnit assumption) where it cannot run and
   * fails it where it should run and does not.
   */
  public static synchronized KuduBinary get() {
    if (instance == null && skipReason == null && failure == null) {
      check();
    }
    Assumptions.assumeTrue(skipReason == null, () -> skipReason);
    if (failure != null) {
      Assertions.fail(failure);
    }
    return instance;
  }

  private static void check() {
    String os = System.getProperty("os.name", "?");
    String arch = System.getProperty("os.arch", "?");
    if (!os.equals("Linux") || !(arch.equals("amd64") || arch.equals("x86_64"))) {
      skipReason = "Kudu publishes its binaries for Linux x86_64 only; this is " + os + " " + arch;
      return;
    }
    if (!Files.exists(Path.of(LOADER))) {
      skipReason = "no " + LOADER + " (not a glibc Linux?): Kudu's Linux binaries cannot run here";
      return;
    }
    String prop = System.getProperty(HOME_PROPERTY);
    Path home = prop != null && !prop.isBlank() ? Path.of(prop) : DEFAULT_HOME.toAbsolutePath();
    Path kudu = home.resolve("bin").resolve("kudu");
    if (!Files.isRegularFile(kudu)) {
      failure = "the Kudu binary is not at " + kudu + " (the build unpacks org.apache.kudu:"
          + "kudu-binary there in generate-test-resources; run the tests through Maven or set -D"
          + HOME_PROPERTY + ")";
      return;
    }
    KuduBinary binary = new KuduBinary(home);
    try {
      binary.restoreExecuteBits();
      Path scratch = Files.createTempDirectory("kudu-version");
      try {
        Run run = binary.run(scratch, VERSION_TIMEOUT, List.of("--version"));
        String out = new String(run.stdout(), StandardCharsets.UTF_8).trim();
        if (run.exitCode() != 0 || !out.startsWith("kudu ")) {
          failure = "the Kudu binary at " + kudu + " does not run (exit " + run.exitCode() + "): "
              + (run.stderr().isBlank() ? out : run.stderr().trim());
          return;
        }
        binary.version = out.lines().findFirst().orElse(out);
      } finally {
        Files.deleteIfExists(scratch);
      }
    } catch (IOException | RuntimeException e) {
      failure = "the Kudu binary at " + kudu + " does not run: " + e;
      return;
    }
    instance = binary;
  }

  /** The unpacked {@code kudu-binary-<version>-linux-x86_64} directory. */
  public Path home() {
    return home;
  }

  /** The first line of {@code kudu --version}, e.g. {@code kudu 1.17.1}. */
  public String version() {
    return version;
  }

  /**
   * Runs {@code kudu args...}, its output going through files in {@code scratch} (so neither
   * pipe can fill up), and returns what it did; a run longer than {@code timeout} is killed and
   * fails the test.
   */
  public Run run(Path scratch, Duration timeout, List<String> args) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(home.resolve("bin").resolve("kudu").toString());
    command.addAll(args);
    ProcessBuilder pb = new ProcessBuilder(command);
    Map<String, String> env = pb.environment();
    String lib = home.resolve("lib").toString();
    String inherited = env.get("LD_LIBRARY_PATH");
    env.put("LD_LIBRARY_PATH", inherited == null || inherited.isEmpty()
        ? lib : lib + File.pathSeparator + inherited);
    env.put("SASL_PATH", home.resolve("lib").resolve("sasl2").toString());
    env.put("LC_ALL", "C"); // printf's decimal point and strftime's names stay C's
    Path out = Files.createTempFile(scratch, "kudu", ".out");
    Path err = Files.createTempFile(scratch, "kudu", ".err");
    try {
      pb.redirectOutput(out.toFile()).redirectError(err.toFile())
          .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
      Process p = pb.start();
      try {
        if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
          p.destroyForcibly();
          p.waitFor();
          Assertions.fail("kudu did not finish in " + timeout.toSeconds() + " s and was killed: "
              + String.join(" ", command));
        }
      } catch (InterruptedException e) {
        p.destroyForcibly();
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while waiting for " + String.join(" ", command), e);
      }
      return new Run(List.copyOf(command), p.exitValue(), Files.readAllBytes(out),
          new String(Files.readAllBytes(err), StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }

  /** The jar kept no file modes; the loader needs {@code bin/kudu} executable. */
  private void restoreExecuteBits() throws IOException {
    try (Stream<Path> bins = Files.list(home.resolve("bin"))) {
      for (Path p : bins.toList()) {
        if (!Files.isExecutable(p) && !p.toFile().setExecutable(true, false)) {
          throw new UncheckedIOException(new IOException("cannot make " + p + " executable"));
        }
      }
    }
  }
}
