package io.colfile.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProgressTest {
  @TempDir Path dir;

  @Test
  void drawnAfterTheDelayAtMostEveryRedrawAndErasedAtTheEnd() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    AtomicLong now = new AtomicLong(1_000_000_000L);
    try (Progress p = Progress.on(out, "convert", -1, 4_000_000, now::get)) {
      p.advance(1000, 1_000_000);
      assertThat(bytes.size()).as("nothing in the first moment").isZero();
      now.addAndGet(Progress.DELAY_NANOS);
      p.advance(1000, 1_000_000);
      String first = bytes.toString(StandardCharsets.UTF_8);
      assertThat(first).startsWith("\rconvert: 2,000 rows, 2.0 MB of 4.0 MB, ")
          .contains(" rows/s, 50%, ").endsWith(" left\u001b[K");
      now.addAndGet(Progress.REDRAW_NANOS / 2);
      p.advance(1000, 1_000_000);
      assertThat(bytes.toString(StandardCharsets.UTF_8)).as("not redrawn so soon")
          .isEqualTo(first);
      now.addAndGet(Progress.REDRAW_NANOS);
      p.advance(1000, 1_000_000);
      assertThat(bytes.toString(StandardCharsets.UTF_8)).endsWith("100%\u001b[K");
    }
    assertThat(bytes.toString(StandardCharsets.UTF_8)).endsWith("\r\u001b[K");
  }

  @Test
  void rowsGiveTheShareWhenBytesAreUnknownAndSizesReadAsPeopleReadThem() {
    AtomicLong now = new AtomicLong();
    Progress p = Progress.on(new PrintStream(new ByteArrayOutputStream()), "merge", 200, -1,
        now::get);
    p.advance(50, 0);
    now.set(2_000_000_000L);
    assertThat(p.line(now.get())).isEqualTo("merge: 50 of 200 rows, 25 rows/s, 25%, 0:06 left");
    assertThat(Progress.size(999)).isEqualTo("999 B");
    assertThat(Progress.size(1000)).isEqualTo("1.0 kB");
    assertThat(Progress.size(999_960)).isEqualTo("1.0 MB");
    assertThat(Progress.size(123_456_789_012L)).isEqualTo("123.5 GB");
  }

  @Test
  void bytesReadThroughAWatchedFileAdvanceWorkThatCountsNoRows() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    AtomicLong now = new AtomicLong();
    Progress p = Progress.on(new PrintStream(bytes, true, StandardCharsets.UTF_8), "salvage",
        -1, 4000, now::get);
    Path f = Files.write(dir.resolve("f.bin"), new byte[4000]);
    try (io.colfile.core.io.InputFile in = p.watch(io.colfile.core.io.InputFile.local(f))) {
      in.readFully(0, new byte[1000], 0, 1000);
      in.readRanges(List.of(io.colfile.core.io.FileRange.of(1000, 500),
          io.colfile.core.io.FileRange.of(3000, 500)));
    }
    now.set(2_000_000_000L);
    assertThat(p.line(now.get())).isEqualTo("salvage: 2.0 kB of 4.0 kB, 1.0 kB/s, 50%, 0:02 left");
  }

  @Test
  void closingALineNeverDrawnPrintsNothing() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (Progress p = Progress.on(new PrintStream(bytes), "check", -1, -1, () -> 0L)) {
      p.advance(5, 5);
    }
    assertThat(bytes.size()).isZero();
  }

  /** A file checked by a child JVM, with the progress line drawn at once. */
  private List<String> colfile(String... args) throws IOException {
    List<String> cmd = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Dcolfile.progress.delay=0", "-cp", System.getProperty("java.class.path"),
        Main.class.getName()));
    cmd.addAll(List.of(args));
    return cmd;
  }

  private Path orc() throws IOException {
    StringBuilder csv = new StringBuilder("id,name\n");
    for (int i = 0; i < 20_000; i++) {
      csv.append(i).append(",n").append(i).append('\n');
    }
    Path in = Files.writeString(dir.resolve("rows.csv"), csv);
    Path orc = dir.resolve("rows.orc");
    Cli.Result r = Cli.run("convert", in.toString(), orc.toString());
    assertThat(r.status()).as(r.err()).isZero();
    return orc;
  }

  private static String run(List<String> cmd, Path stdout) throws Exception {
    Process p = new ProcessBuilder(cmd).redirectOutput(stdout.toFile())
        .redirectError(ProcessBuilder.Redirect.PIPE).start();
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    return p.exitValue() + "\n" + err;
  }

  @Test
  void aTerminalSeesTheLineAPipeOrQuietDoesNot() throws Exception {
    // util-linux's script gives the command a pseudo-terminal for stdin, stdout and stderr
    File script = new File("/usr/bin/script");
    assumeTrue(script.canExecute(), "skipped: no /usr/bin/script (util-linux) to make a pty");
    Path orc = orc();
    String check = String.join(" ", colfile("check", orc.toString()).stream()
        .map(a -> "'" + a.replace("'", "'\\''") + "'").toList());
    Path transcript = dir.resolve("tty.txt");
    String piped = run(List.of(script.getPath(), "-q", "-e", "-c", check, "/dev/null"),
        transcript);
    assertThat(piped).startsWith("0\n");
    String tty = Files.readString(transcript);
    assertThat(tty).contains("\rcheck: ").contains(" rows/s").contains("\r\u001b[K")
        .contains("ok       " + orc + ": ORC, 20000 rows");
    // the line is erased before the report: the report is not glued to a progress line
    assertThat(tty.substring(tty.lastIndexOf("\u001b[K") + 3).trim())
        .startsWith("ok       " + orc);

    Path quietOut = dir.resolve("quiet.txt");
    String quiet = String.join(" ", colfile("check", "--quiet", orc.toString()).stream()
        .map(a -> "'" + a + "'").toList());
    assertThat(run(List.of(script.getPath(), "-q", "-e", "-c", quiet, "/dev/null"), quietOut))
        .startsWith("0\n");
    assertThat(Files.readString(quietOut)).doesNotContain("rows/s").contains("ok ");

    // convert draws it too: rows and the input's bytes
    Path csv = dir.resolve("rows.csv");
    String convert = String.join(" ", colfile("convert", csv.toString(),
        dir.resolve("again.orc").toString()).stream().map(a -> "'" + a + "'").toList());
    Path convertOut = dir.resolve("convert.txt");
    assertThat(run(List.of(script.getPath(), "-q", "-e", "-c", convert, "/dev/null"),
        convertOut)).startsWith("0\n");
    assertThat(Files.readString(convertOut)).contains("\rconvert: ").contains(" rows, ")
        .contains(" of " + Progress.size(Files.size(csv))).contains("\r\u001b[K");

    // salvage and merge draw it by the bytes they read
    for (List<String> args : List.of(
        List.of("salvage", orc.toString(), dir.resolve("copy.orc").toString()),
        List.of("merge", dir.resolve("merged.orc").toString(), orc.toString(), orc.toString()))) {
      String line = String.join(" ", colfile(args.toArray(new String[0])).stream()
          .map(a -> "'" + a + "'").toList());
      Path out = dir.resolve(args.get(0) + ".txt");
      assertThat(run(List.of(script.getPath(), "-q", "-e", "-c", line, "/dev/null"), out))
          .startsWith("0\n");
      assertThat(Files.readString(out)).as(args.get(0)).contains("\r" + args.get(0) + ": ")
          .contains("B/s").contains("\r\u001b[K");
    }

    Path pipeOut = dir.resolve("pipe.txt");
    String noTty = run(colfile("check", orc.toString()), pipeOut);
    assertThat(noTty).isEqualTo("0\n");
    assertThat(Files.readString(pipeOut)).isEqualTo("ok       " + orc + ": ORC, 20000 rows\n");
  }
}
