package io.colfile.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code colfile merge}: what it writes and prints, and every refusal with its exit status. */
class MergeCommandTest {
  private static final String ORDERS = Path.of("../testdata/csv/orders.csv").toString();

  @TempDir Path dir;

  private Path orc(String name, String... options) throws Exception {
    Path out = dir.resolve(name);
    Files.createDirectories(out.getParent());
    String[] args = Stream.concat(Stream.of("convert", ORDERS, out.toString()),
        Arrays.stream(options)).toArray(String[]::new);
    Cli.Result r = Cli.run(args);
    assertThat(r.status()).as(r.err()).isZero();
    return out;
  }

  private static String cat(Path... files) {
    StringBuilder all = new StringBuilder();
    for (Path f : files) {
      Cli.Result r = Cli.run("cat", f.toString());
      assertThat(r.status()).as(r.err()).isZero();
      all.append(r.out());
    }
    return all.toString();
  }

  @Test
  void copiesWhatAgreesReencodesWhatDoesNotAndSaysWhich() throws Exception {
    Path a = orc("a.orc");
    Path b = orc("b.orc");
    Path c = orc("c.orc", "--compression", "snappy");
    Path out = dir.resolve("all.orc");

    Cli.Result r = Cli.run("merge", out.toString(), a.toString(), b.toString(), c.toString());
    assertThat(r.status()).as(r.err()).isZero();
    assertThat(r.err()).isEmpty();
    String[] lines = r.out().split("\n");
    assertThat(lines).hasSize(4);
    assertThat(lines[0]).isEqualTo("copied      " + a + ": 300 rows");
    assertThat(lines[1]).isEqualTo("copied      " + b + ": 300 rows");
    assertThat(lines[2]).isEqualTo("re-encoded  " + c + ": 300 rows (compression SNAPPY, not "
        + "ZSTD)");
    assertThat(lines[3]).matches("wrote       " + java.util.regex.Pattern.quote(out.toString())
        + ": 900 rows in 3 stripes, \\d+ bytes");
    assertThat(lines[3]).endsWith(Files.size(out) + " bytes");
    assertThat(cat(out)).isEqualTo(cat(a, b, c));
  }

  @Test
  void directoriesAreWalkedSkippingHiddenAndUnderscoreNames() throws Exception {
    Path x = orc("in/x.orc");
    Path y = orc("in/sub/y.orc");
    orc("in/.hidden.orc");
    orc("in/_temporary/z.orc");
    Files.writeString(dir.resolve("in/_SUCCESS"), "");
    Path out = dir.resolve("out.orc");
    Cli.Result r = Cli.run("merge", out.toString(), dir.resolve("in").toString());
    assertThat(r.status()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("copied      " + y + ": 300 rows\ncopied      " + x
        + ": 300 rows\nwrote ");
    assertThat(cat(out)).isEqualTo(cat(y, x));
  }

  @Test
  void maxSizeWritesNumberedOutputsWhoseRowsFollowEachOther() throws Exception {
    StringBuilder csv = new StringBuilder("id,name\n");
    for (int i = 0; i < 20_000; i++) {
      csv.append(i).append(",name-").append(i * 7919 % 100_003).append('\n');
    }
    Path in = dir.resolve("many.csv");
    Files.writeString(in, csv);
    Path a = dir.resolve("a.orc");
    Cli.Result w = Cli.run("convert", in.toString(), a.toString(), "--stripe-size", "16384",
        "--compression", "none");
    assertThat(w.status()).as(w.err()).isZero();
    long size = Files.size(a);
    Path out = dir.resolve("part.orc");
    Cli.Result r = Cli.run("merge", "--max-size", String.valueOf(size / 2), out.toString(),
        a.toString(), a.toString());
    assertThat(r.status()).as(r.err()).isZero();
    Path p1 = dir.resolve("part-1.orc");
    Path p2 = dir.resolve("part-2.orc");
    assertThat(r.out()).contains("wrote       " + out + ": ", "wrote       " + p1 + ": ",
        "wrote       " + p2 + ": ");
    long outputs = r.out().lines().filter(l -> l.startsWith("wrote ")).count();
    assertThat(outputs).isBetween(3L, 6L);
    Path[] parts = new Path[(int) outputs];
    for (int i = 0; i < parts.length; i++) {
      parts[i] = MergeCommand.outputName(out, i);
      assertThat(parts[i]).exists();
    }
    assertThat(cat(parts)).isEqualTo(cat(a, a));
  }

  @Test
  void sizesTakeSuffixesAndBadOnesAreUsageErrors() throws Exception {
    assertThat(MergeCommand.parseSize("1000")).isEqualTo(1000);
    assertThat(MergeCommand.parseSize("512k")).isEqualTo(512 * 1024);
    assertThat(MergeCommand.parseSize("256M")).isEqualTo(256L << 20);
    assertThat(MergeCommand.parseSize("2G")).isEqualTo(2L << 30);
    Path a = orc("a.orc");
    Path out = dir.resolve("out.orc");
    for (String bad : new String[] {"abc", "0", "-5", "10X", "99999999999G"}) {
      Cli.Result r = Cli.run("merge", "--max-size", bad, out.toString(), a.toString());
      assertThat(r.status()).as(bad).isEqualTo(2);
      assertThat(r.err()).isEqualTo("colfile: --max-size: '" + bad + "' is not a positive size "
          + "in bytes (e.g. 1000000, 512K, 256M, 1G)\n");
    }
    Cli.Result none = Cli.run("merge", out.toString());
    assertThat(none.status()).isEqualTo(2);
    assertThat(none.err()).startsWith("colfile: Missing required parameter: 'IN'");
    assertThat(out).doesNotExist();
  }

  @Test
  void outAmongTheInputsOrADirectoryIsRefused() throws Exception {
    Path a = orc("a.orc");
    Path b = orc("sub/b.orc");
    byte[] before = Files.readAllBytes(a);
    Cli.Result r = Cli.run("merge", a.toString(), b.toString(), a.toString());
    assertThat(r.status()).isEqualTo(2);
    assertThat(r.err()).isEqualTo("colfile: " + a + ": is also an input (" + a + "); merge "
        + "writes a new file and never overwrites its inputs\n");
    // the same file reached through a directory and another spelling
    Path viaDir = dir.resolve("sub/./b.orc");
    r = Cli.run("merge", viaDir.toString(), dir.resolve("sub").toString());
    assertThat(r.status()).isEqualTo(2);
    assertThat(r.err()).startsWith("colfile: " + viaDir + ": is also an input (" + b + ")");
    // --max-size's later names too
    Path p1 = orc("p-1.orc");
    r = Cli.run("merge", "--max-size", "1", dir.resolve("p.orc").toString(), a.toString(),
        p1.toString());
    assertThat(r.status()).isEqualTo(2);
    assertThat(r.err()).startsWith("colfile: " + p1 + ": is also an input");
    assertThat(dir.resolve("p.orc")).doesNotExist();

    r = Cli.run("merge", dir.resolve("sub").toString(), a.toString());
    assertThat(r.status()).isEqualTo(2);
    assertThat(r.err()).isEqualTo("colfile: " + dir.resolve("sub") + ": is a directory; OUT "
        + "is the ORC file merge writes\n");
    assertThat(Files.readAllBytes(a)).isEqualTo(before);
  }

  @Test
  void badInputsAreNamedWithExitStatusOneAndLeaveNothing() throws Exception {
    Path a = orc("a.orc");
    Path out = dir.resolve("out.orc");
    Files.writeString(out, "kept");

    Path missing = dir.resolve("missing.orc");
    Cli.Result r = Cli.run("merge", out.toString(), a.toString(), missing.toString());
    assertThat(r.status()).isEqualTo(1);
    assertThat(r.err()).isEqualTo("colfile: " + missing + ": no such file\n");

    Path text = dir.resolve("notes.orc");
    Files.writeString(text, "not columns at all\n");
    r = Cli.run("merge", out.toString(), a.toString(), text.toString());
    assertThat(r.status()).isEqualTo(1);
    assertThat(r.err()).startsWith("colfile: " + text + ": not an ORC file: no ORC magic");

    Path trevni = dir.resolve("t.trv");
    Cli.Result t = Cli.run("convert", ORDERS, trevni.toString(), "--format", "trevni");
    assertThat(t.status()).as(t.err()).isZero();
    r = Cli.run("merge", out.toString(), a.toString(), trevni.toString());
    assertThat(r.status()).isEqualTo(1);
    assertThat(r.err()).isEqualTo("colfile: " + trevni + ": a Trevni file, not ORC: merge "
        + "reads ORC files only (colfile convert turns it into ORC)\n");

    Path cut = dir.resolve("cut.orc");
    byte[] all = Files.readAllBytes(a);
    Files.write(cut, Arrays.copyOf(all, all.length - 20));
    r = Cli.run("merge", out.toString(), a.toString(), cut.toString());
    assertThat(r.status()).isEqualTo(1);
    assertThat(r.err()).startsWith("colfile: " + cut + ": ").contains("postscript");

    Path other = dir.resolve("other.orc");
    Files.writeString(dir.resolve("other.csv"), "id,name\n1,x\n");
    assertThat(Cli.run("convert", dir.resolve("other.csv").toString(), other.toString())
        .status()).isZero();
    r = Cli.run("merge", out.toString(), a.toString(), other.toString());
    assertThat(r.status()).isEqualTo(1);
    assertThat(r.err()).startsWith("colfile: " + other + ": schema struct<id:").contains(
        " differs from " + a + "'s struct<order_id:");

    Path empty = dir.resolve("empty");
    Files.createDirectories(empty.resolve(".hidden"));
    r = Cli.run("merge", out.toString(), empty.toString());
    assertThat(r.status()).isEqualTo(1);
    assertThat(r.err()).isEqualTo("colfile: " + empty + ": " + FileArgs.NO_FILES + "\n");

    assertThat(Files.readString(out)).isEqualTo("kept");
    try (Stream<Path> left = Files.list(dir)) {
      assertThat(left.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp"));
    }
  }

  @Test
  void helpHasAnExample() {
    Cli.Result r = Cli.run("merge", "--help");
    assertThat(r.status()).isZero();
    assertThat(r.out()).contains("Usage: colfile merge", "--max-size=BYTES", "Example:",
        "colfile merge all.orc");
  }
}
