package io.colfile.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code colfile layout FILE --html OUT}: the page written, and what it refuses. */
class LayoutHtmlCommandTest {
  @TempDir Path dir;

  private Path orc() throws Exception {
    Path out = dir.resolve("orders.orc");
    Cli.Result r = Cli.run("convert", Path.of("../testdata/csv/orders.csv").toString(),
        out.toString());
    assertThat(r.status()).as(r.err()).isZero();
    return out;
  }

  private String[] names() throws Exception {
    try (var files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString()).sorted().toArray(String[]::new);
    }
  }

  @Test
  void writesThePageAndNothingElse() throws Exception {
    Path orc = orc();
    byte[] before = Files.readAllBytes(orc);
    Path page = dir.resolve("orders.html");
    Cli.Result r = Cli.run("layout", orc.toString(), "--html", page.toString());
    assertThat(r.status()).as(r.err()).isZero();
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).isEmpty();
    String html = Files.readString(page);
    assertThat(html).contains("<title>colfile layout: " + orc + "</title>")
        .contains("<dd id=\"format\">ORC</dd>")
        .contains("<dd id=\"file-bytes\" data-bytes=\"" + before.length + "\">")
        .contains("<dd id=\"rows\" data-rows=\"300\">300</dd>")
        .contains("<td class=\"name\">customer</td>");
    assertThat(Files.readAllBytes(orc)).isEqualTo(before);
    assertThat(names()).containsExactly("orders.html", "orders.orc");
    // an existing page is replaced
    Files.writeString(page, "old");
    assertThat(Cli.run("layout", orc.toString(), "--html", page.toString()).status()).isZero();
    assertThat(Files.readString(page)).startsWith("<!DOCTYPE html>");
  }

  @Test
  void refusesAnOutputThatIsADirectoryOrTheInputOrInAMissingDirectory() throws Exception {
    Path orc = orc();
    byte[] before = Files.readAllBytes(orc);
    Cli.Result d = Cli.run("layout", orc.toString(), "--html", dir.toString());
    assertThat(d.status()).isEqualTo(2);
    assertThat(d.errLines()).containsExactly(
        "colfile: " + orc + ": --html " + dir + " is a directory; name the page's file", "");

    Cli.Result same = Cli.run("layout", orc.toString(), "--html", orc.toString());
    assertThat(same.status()).isEqualTo(2);
    assertThat(same.err()).startsWith("colfile: " + orc + ": --html " + orc
        + " is the file being shown");
    assertThat(Files.readAllBytes(orc)).isEqualTo(before);

    Path missing = dir.resolve("no").resolve("page.html");
    Cli.Result m = Cli.run("layout", orc.toString(), "--html", missing.toString());
    assertThat(m.status()).isEqualTo(1);
    assertThat(m.errLines()).hasSize(2);
    assertThat(m.err()).startsWith("colfile: ").contains(missing.toString())
        .contains("directory " + missing.getParent().toAbsolutePath() + " does not exist");
    assertThat(names()).containsExactly("orders.orc");
  }

  @Test
  void aCorruptInputIsNamedAndLeavesNoPage() throws Exception {
    Path orc = orc();
    byte[] b = Files.readAllBytes(orc);
    Path cut = dir.resolve("cut.orc");
    Files.write(cut, Arrays.copyOf(b, b.length - 10)); // the postscript's tail gone
    Path page = dir.resolve("cut.html");
    Cli.Result r = Cli.run("layout", cut.toString(), "--html", page.toString());
    assertThat(r.status()).isEqualTo(1);
    assertThat(r.errLines()).hasSize(2);
    assertThat(r.err()).startsWith("colfile: " + cut + ": ");
    assertThat(names()).containsExactly("cut.orc", "orders.orc");
  }

  @Test
  void oneFileAtATime() throws Exception {
    Path orc = orc();
    Path copy = java.nio.file.Files.copy(orc, dir.resolve("copy.orc"));
    Cli.Result r = Cli.run("layout", orc.toString(), copy.toString(), "--html",
        dir.resolve("p.html").toString());
    assertThat(r.status()).isEqualTo(2);
    assertThat(r.err()).contains("--html shows one file");
    assertThat(names()).containsExactly("copy.orc", "orders.orc");
    // the same file named twice is one file
    Cli.Result twice = Cli.run("layout", orc.toString(), orc.toString(), "--html",
        dir.resolve("p.html").toString());
    assertThat(twice.status()).as(twice.err()).isZero();
  }
}
