package io.colfile.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.colfile.core.BatchReader;
import io.colfile.core.ColFile;
import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code colfile convert} in a child JVM that runs out of disk or is killed ({@code kill -9}):
 * whatever the moment, the target is what the user had (a file's old bytes; no rowset
 * directory) or, when the convert finished first, the whole new file; nothing else is left but
 * the hidden temporary file a killed process cannot remove. A full disk is a file size limit
 * ({@code ulimit -f}: the kernel's EFBIG, "File too large", at the limit), which needs bash and
 * Linux.
 */
@ExtendWith(TestSeed.class)
class ConvertFaultTest {
  private static final String OLD = "the user's file";
  private static final int ROWS = 30_000;

  @TempDir Path dir;

  private static boolean bash() {
    return System.getProperty("os.name").toLowerCase(java.util.Locale.ROOT).contains("linux")
        && Files.isExecutable(Path.of("/bin/bash"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"orc", "trevni", "kudu"})
  void aFullDiskFailsTheConvertAndLeavesTheTarget(String format) throws Exception {
    assumeTrue(bash(), "skipped: a file size limit needs Linux and /bin/bash (ulimit -f)");
    Random r = TestSeed.random("ConvertFaultTest.disk." + format, 0);
    Path in = rows(r, ROWS);
    Path target = target(format);
    // the whole output is 0.4 to 0.8 MB in every format: limits below it fail at several points
    for (int limitKb : new int[] {4 + r.nextInt(16), 60 + r.nextInt(100), 200 + r.nextInt(150)}) {
      String at = format + " at " + limitKb + " KB; " + TestSeed.replay();
      List<String> cmd = new ArrayList<>(List.of("/bin/bash", "-c",
          "ulimit -f " + limitKb + " && exec \"$@\"", "colfile"));
      cmd.addAll(colfile(target, format, in.toString()));
      Process p = new ProcessBuilder(cmd).redirectInput(ProcessBuilder.Redirect.from(
          new java.io.File("/dev/null"))).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(p.waitFor(120, TimeUnit.SECONDS)).as(at).isTrue();
      assertThat(p.exitValue()).as("exit status, " + at + "\n" + err).isEqualTo(1);
      // one line saying what could not be written and why
      // named as the user knows it: the target (for a rowset, the file inside it), not the
      // hidden temporary name
      assertThat(err).as(at).contains("File too large")
          .contains(format.equals("kudu") ? target + "/" : target + ": cannot write")
          .doesNotContain(".tmp").doesNotContain("Exception").doesNotContain("\tat ");
      assertUntouched(target, format, at);
      assertThat(leftovers(in, target)).as("files left, " + at).isEmpty();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"orc", "trevni", "kudu"})
  void aKilledConvertLeavesTheTargetOrTheWholeFile(String format) throws Exception {
    Random r = TestSeed.random("ConvertFaultTest.kill." + format, 0);
    byte[] input = Files.readAllBytes(rows(r, ROWS));
    Path target = target(format);
    boolean sawFinished = false;
    for (int round = 0; round < 3; round++) {
      // killed while rows still arrive, or after the last row at a random moment of the finish
      boolean whileWriting = round == 0;
      int sent = whileWriting ? r.nextInt(input.length) : input.length;
      long delayMs = whileWriting ? 0 : r.nextInt(round == 1 ? 300 : 1500);
      String at = format + ", killed " + (whileWriting ? "after " + sent + " bytes of input"
          : delayMs + " ms after the input ended") + "; " + TestSeed.replay();
      Process p = new ProcessBuilder(colfile(target, format, "-"))
          .redirectOutput(ProcessBuilder.Redirect.DISCARD)
          .redirectError(ProcessBuilder.Redirect.DISCARD).start();
      try (OutputStream stdin = p.getOutputStream()) {
        stdin.write(input, 0, sent);
        stdin.flush();
        if (whileWriting) {
          Thread.sleep(200 + r.nextInt(300)); // let the child take in what it was sent
          p.destroyForcibly();
        }
      } catch (IOException e) {
        // the child died (killed) before it read all its input
      }
      if (!whileWriting) {
        Thread.sleep(delayMs);
        p.destroyForcibly();
      }
      assertThat(p.waitFor(60, TimeUnit.SECONDS)).as(at).isTrue();
      boolean finished = p.exitValue() == 0;
      sawFinished |= finished;
      if (finished) {
        assertThat(rowsIn(target, format)).as("a finished convert wrote every row, " + at)
            .isEqualTo(ROWS);
      } else if (!untouched(target, format)) {
        // killed after its last step (the rename) but before it exited: the whole new file
        assertThat(rowsIn(target, format)).as("a convert killed after it replaced the target "
            + "wrote every row, " + at).isEqualTo(ROWS);
      }
      for (String left : leftovers(null, target)) {
        assertThat(left).as("only a hidden temporary name is left, " + at)
            .startsWith("." + target.getFileName() + ".");
      }
      reset(target, format);
    }
    // not asserted: whether a 1.5 s wait ever sees the end depends on the machine's speed
    System.out.println("ConvertFaultTest " + format + ": some convert finished before the kill: "
        + sawFinished);
  }

  private Path target(String format) throws IOException {
    Path target = dir.resolve(format.equals("kudu") ? "rowset" : "out." + format);
    reset(target, format);
    return target;
  }

  private void reset(Path target, String format) throws IOException {
    if (format.equals("kudu")) {
      if (Files.isDirectory(target)) {
        try (Stream<Path> s = Files.walk(target)) {
          for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
            Files.delete(p);
          }
        }
      }
    } else {
      Files.writeString(target, OLD);
    }
  }

  /** Whether the target is what the user had: the old file's bytes, or no rowset directory. */
  private static boolean untouched(Path target, String format) throws IOException {
    if (format.equals("kudu")) {
      return !Files.exists(target);
    }
    return java.util.Arrays.equals(Files.readAllBytes(target),
        OLD.getBytes(StandardCharsets.UTF_8));
  }

  private static void assertUntouched(Path target, String format, String at) throws IOException {
    if (format.equals("kudu")) {
      assertThat(Files.exists(target)).as("no rowset directory, " + at).isFalse();
    } else {
      assertThat(Files.readString(target)).as("the old file, " + at).isEqualTo(OLD);
    }
  }

  private static long rowsIn(Path target, String format) throws IOException {
    try (FileReader f = format.equals("kudu") ? ColFile.openDirectory(target)
        : ColFile.open(target); BatchReader rows = f.read(ReadOptions.defaults())) {
      long n = 0;
      ColumnBatch b = rows.newBatch();
      while (rows.next(b)) {
        n += b.size;
      }
      return n;
    }
  }

  /** What is in the directory besides the input and the target. */
  private List<String> leftovers(Path in, Path target) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(p -> !p.equals(in) && !p.equals(target)
              && !p.getFileName().toString().startsWith("rows"))
          .map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  private Path rows(Random r, int n) throws IOException {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < n; i++) {
      s.append("{\"id\":").append(i).append(",\"name\":\"n").append(r.nextInt(1_000_000_000))
          .append("\",\"x\":").append(r.nextDouble()).append("}\n");
    }
    return Files.writeString(dir.resolve("rows.jsonl"), s);
  }

  /** A child JVM running {@code colfile convert IN TARGET}; stdin when {@code input} is "-". */
  private static List<String> colfile(Path target, String format, String input) {
    List<String> cmd = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        // no perf-data file (the size limit applies to it too), pure-Java codecs (no native
        // library unpacked into the temporary directory), small stripes and blocks
        "-XX:-UsePerfData", "-Dcolfile.codecs=java", "-Xmx256m",
        "-cp", System.getProperty("java.class.path"), Main.class.getName(),
        "convert", input, target.toString(), "--format", format, "--input-format", "json",
        "--schema", "struct<id:bigint,name:string,x:double>"));
    if (format.equals("kudu")) {
      cmd.addAll(List.of("--key", "id"));
    } else {
      cmd.addAll(List.of("--block-size", format.equals("orc") ? "65536" : "16384"));
    }
    return cmd;
  }
}
