package io.colfile.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code colfile layout}, {@code sizes} and {@code count} on ORC, Trevni, CFiles and Kudu rowset
 * directories: the layout's lines tile the file, sizes add up to the file's length, count gives
 * the rows a full read gives without reading any value (a file whose data spans are zeroed
 * still counts), and every error path gives its exit status and a one-line message.
 */
class LayoutCommandsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path ORDERS = Paths.get("..", "testdata", "csv", "orders.csv");

  @TempDir Path dir;

  private Path convert(String name, String... options) throws Exception {
    Path out = dir.resolve(name);
    List<String> args = new ArrayList<>(List.of("convert", ORDERS.toString(), out.toString()));
    args.addAll(List.of(options));
    Cli.Result r = Cli.run(args.toArray(String[]::new));
    assertThat(r.status()).as(r.err()).isZero();
    return out;
  }

  /** An ORC, a Trevni and a CFile (the first column of a rowset) file of the orders. */
  private List<Path> oneOfEach() throws Exception {
    Path rowset = convert("orders", "--format", "kudu");
    return List.of(convert("orders.orc"), convert("orders.trv", "--format", "trevni"),
        rowset.resolve("order_id.cfile"));
  }

  /** The layout's text lines parsed: {offset, length}; checks that they tile the file. */
  private static void assertTextTiles(String out, long fileLength) {
    long at = 0;
    for (String line : out.split("\n")) {
      String[] f = line.trim().split(" +");
      assertThat(Long.parseLong(f[0])).as(line).isEqualTo(at);
      at += Long.parseLong(f[1]);
    }
    assertThat(at).isEqualTo(fileLength);
  }

  @Test
  void layoutPrintsEveryByteOfEachFormatInOrder() throws Exception {
    for (Path f : oneOfEach()) {
      Cli.Result r = Cli.run("layout", f.toString());
      assertThat(r.status()).as(r.err()).isZero();
      assertThat(r.err()).isEmpty();
      assertTextTiles(r.out(), Files.size(f));
      assertThat(r.out().split("\n")[0]).matches(" *0 +\\d+  header +HEADER");
      assertThat(r.out()).doesNotContain("UNKNOWN").contains(" DATA ");
    }
    Cli.Result orc = Cli.run("layout", dir.resolve("orders.orc").toString());
    assertThat(orc.out()).containsPattern("stripe 0 / column 1 / DATA +DATA +order_id  "
        + "encoding: DIRECT_V2, compression: \\w+, uncompressed: \\d+, values: 300\n");
    assertThat(orc.out()).containsPattern("stripe 0 / footer +FOOTER .*rows: 300");
  }

  @Test
  void layoutJsonHasTheSpansOfEveryFile() throws Exception {
    List<Path> files = oneOfEach();
    Cli.Result r = Cli.run("layout", "--json", files.get(0).toString(), files.get(1).toString(),
        files.get(2).toString());
    assertThat(r.status()).as(r.err()).isZero();
    JsonNode doc = JSON.readTree(r.out());
    assertThat(doc.get("files")).hasSize(3);
    for (int i = 0; i < 3; i++) {
      JsonNode f = doc.get("files").get(i);
      assertThat(f.get("file").asText()).isEqualTo(files.get(i).toString());
      assertThat(f.get("fileLength").asLong()).isEqualTo(Files.size(files.get(i)));
      assertThat(f.get("rows").asLong()).isEqualTo(300);
      long at = 0;
      for (JsonNode s : f.get("spans")) {
        assertThat(s.get("offset").asLong()).isEqualTo(at);
        at += s.get("length").asLong();
        assertThat(s.get("role").asText()).isNotEqualTo("UNKNOWN");
        assertThat(s.has("structure") && s.has("path") && s.has("column") && s.has("details"))
            .isTrue();
      }
      assertThat(at).isEqualTo(f.get("fileLength").asLong());
    }
    assertThat(doc.get("files").get(0).get("format").asText()).isEqualTo("ORC");
    assertThat(doc.get("files").get(1).get("format").asText()).isEqualTo("Trevni");
    assertThat(doc.get("files").get(2).get("format").asText()).isEqualTo("Kudu");
  }

  @Test
  void aRowsetDirectoryIsLaidOutFileByFile() throws Exception {
    Path rowset = convert("orders", "--format", "kudu");
    List<Path> cfiles;
    try (Stream<Path> all = Files.list(rowset)) {
      cfiles = all.filter(p -> p.toString().endsWith(".cfile")).sorted().toList();
    }
    Cli.Result r = Cli.run("layout", rowset.toString());
    assertThat(r.status()).as(r.err()).isZero();
    List<String> headers = r.out().lines().filter(l -> l.startsWith("== ")).toList();
    assertThat(headers).hasSize(cfiles.size());
    for (int i = 0; i < cfiles.size(); i++) {
      assertThat(headers.get(i)).isEqualTo("== " + cfiles.get(i) + ": Kudu, "
          + Files.size(cfiles.get(i)) + " bytes, " + (cfiles.get(i).endsWith("bloom.cfile")
              ? 0 : 300) + " rows");
    }
    assertThat(r.out()).doesNotContain("rowset.json").contains("BLOOM_FILTER");

    // sizes: each CFile's cells named by its file in the sum, whose rows are the rowset's
    Cli.Result sizes = Cli.run("sizes", rowset.toString());
    assertThat(sizes.status()).as(sizes.err()).isZero();
    List<String> lines = sizes.out().lines().toList();
    int all = lines.indexOf("== all " + cfiles.size() + " files: 300 rows");
    assertThat(all).isPositive();
    assertThat(lines.subList(all, lines.size())).anyMatch(l -> l.startsWith("order_id "))
        .anyMatch(l -> l.startsWith("customer ")).anyMatch(l -> l.startsWith("_bloom_filter "))
        .noneMatch(l -> l.startsWith("cells "));
  }

  @Test
  void sizesAddUpToTheFileLength() throws Exception {
    List<Path> files = oneOfEach();
    long all = 0;
    for (Path f : files) {
      Cli.Result r = Cli.run("sizes", "--json", f.toString());
      assertThat(r.status()).as(r.err()).isZero();
      JsonNode one = JSON.readTree(r.out()).get("files").get(0);
      long sum = 0;
      for (JsonNode c : one.get("columns")) {
        sum += c.get("bytes").asLong();
      }
      assertThat(sum).isPositive();
      for (JsonNode o : one.get("overheads")) {
        sum += o.get("bytes").asLong();
        assertThat(o.get("role").asText()).isNotIn("DATA", "NULLS", "DICTIONARY");
      }
      assertThat(sum).isEqualTo(one.get("bytes").asLong()).isEqualTo(Files.size(f));
      all += Files.size(f);
    }
    Cli.Result r = Cli.run("sizes", files.get(0).toString(), files.get(1).toString());
    assertThat(r.status()).as(r.err()).isZero();
    List<String> lines = r.out().lines().toList();
    assertThat(lines.get(0)).isEqualTo("== " + files.get(0) + ": ORC, 300 rows");
    assertThat(lines.get(1)).matches("column +bytes +percent +bytes/row");
    assertThat(lines).anyMatch(l -> l.matches("order_id +\\d+ +\\d+\\.\\d\\d% +\\d+\\.\\d\\d"));
    assertThat(lines).anyMatch(l -> l.startsWith("_footer "));
    assertThat(lines).contains("== all 2 files: 600 rows");
    String total = lines.get(lines.size() - 1);
    assertThat(total).matches("total +" + (Files.size(files.get(0)) + Files.size(files.get(1)))
        + " +100\\.00% +\\d+\\.\\d\\d");
    // text tables add up too: every row of a table before its total
    long sum = 0;
    for (String l : lines) {
      if (l.startsWith("== all")) {
        break;
      }
      String[] f = l.split(" +");
      if (l.startsWith("total")) {
        assertThat(sum).isEqualTo(Long.parseLong(f[1]));
        sum = 0;
      } else if (!l.startsWith("==") && !l.startsWith("column ")) {
        sum += Long.parseLong(f[1]);
      }
    }
    assertThat(all).isPositive();
  }

  @Test
  void countGivesTheRowsAFullReadGives() throws Exception {
    List<Path> files = new ArrayList<>(oneOfEach());
    files.add(dir.resolve("orders")); // the rowset directory: one dataset
    long total = 0;
    StringBuilder want = new StringBuilder();
    for (Path f : files) {
      long rows = Cli.run("cat", f.toString()).out().lines().count();
      assertThat(rows).isEqualTo(300);
      total += rows;
      want.append(String.format("%5d  %s%n", rows, f));
    }
    want.append(String.format("%5d  total%n", total));
    Cli.Result r = Cli.run(args("count", files));
    assertThat(r.status()).as(r.err()).isZero();
    assertThat(r.out()).isEqualTo(want.toString());
    JsonNode json = JSON.readTree(Cli.run("count", "--json", files.get(0).toString()).out());
    assertThat(json.get("files").get(0).get("rows").asLong()).isEqualTo(300);
    assertThat(json.get("total").asLong()).isEqualTo(300);
  }

  @Test
  void countOpensNoData() throws Exception {
    for (Path f : oneOfEach()) {
      // zero every byte of values, nulls and dictionaries, as the layout finds them
      JsonNode spans = JSON.readTree(Cli.run("layout", "--json", f.toString()).out())
          .get("files").get(0).get("spans");
      byte[] b = Files.readAllBytes(f);
      int zeroed = 0;
      for (JsonNode s : spans) {
        if (List.of("DATA", "NULLS", "DICTIONARY").contains(s.get("role").asText())) {
          for (long i = s.get("offset").asLong(); i < s.get("offset").asLong()
              + s.get("length").asLong(); i++) {
            b[(int) i] = 0;
            zeroed++;
          }
        }
      }
      assertThat(zeroed).isPositive();
      Path z = dir.resolve("zeroed-" + f.getFileName());
      Files.write(z, b);
      Cli.Result read = Cli.run("cat", z.toString());
      assertThat(read.status() != 0 || !read.out().equals(Cli.run("cat", f.toString()).out()))
          .as("%s does not read as the original", z).isTrue();
      Cli.Result r = Cli.run("count", z.toString());
      assertThat(r.status()).as(r.err()).isZero();
      assertThat(r.out()).startsWith("  300  " + z + "\n");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"layout", "sizes", "count"})
  void errorsNameTheFileAndSetTheStatus(String command) throws Exception {
    Path orc = convert("orders.orc");
    Path missing = dir.resolve("missing.orc");
    Cli.Result r = Cli.run(command, missing.toString());
    assertThat(r.status()).isEqualTo(1);
    assertThat(r.err()).isEqualTo("colfile: " + missing + ": no such file\n");

    Path text = dir.resolve("notes.txt");
    Files.writeString(text, "not a column file, just some words\n");
    r = Cli.run(command, text.toString());
    assertThat(r.status()).isEqualTo(1);
    assertThat(r.errLines()).hasSize(2);
    assertThat(r.err()).startsWith("colfile: " + text
        + ": not a file of any format colfile reads (");

    Path cut = dir.resolve("cut.orc");
    byte[] b = Files.readAllBytes(orc);
    Files.write(cut, java.util.Arrays.copyOf(b, b.length - 10));
    r = Cli.run(command, cut.toString());
    assertThat(r.status()).isEqualTo(1);
    assertThat(r.errLines()).hasSize(2);
    assertThat(r.errLines()[0]).startsWith("colfile: " + cut + ": ").contains("postscript");

    Path empty = Files.createDirectory(dir.resolve("empty"));
    Files.writeString(empty.resolve(".hidden.orc"), "x");
    r = Cli.run(command, empty.toString());
    assertThat(r.status()).isEqualTo(1);
    assertThat(r.err()).isEqualTo("colfile: " + empty + ": " + FileArgs.NO_FILES + "\n");

    // the good file is still done when another fails; the status says one failed
    r = Cli.run(command, orc.toString(), missing.toString());
    assertThat(r.status()).isEqualTo(1);
    assertThat(r.out()).contains(command.equals("layout") ? "header" : "300");
    assertThat(r.errLines()).hasSize(2);

    r = Cli.run(command);
    assertThat(r.status()).isEqualTo(2);
    assertThat(r.err()).startsWith("colfile: Missing required parameter");
    r = Cli.run(command, "--no-such-option", orc.toString());
    assertThat(r.status()).isEqualTo(2);
    assertThat(r.err()).startsWith("colfile: Unknown option: '--no-such-option'");
    assertThat(r.err()).contains("(see 'colfile " + command + " --help')");

    r = Cli.run(command, "--help");
    assertThat(r.status()).isZero();
    assertThat(r.out()).contains("Usage: colfile " + command).contains("Example:")
        .contains("  colfile " + command + " ");
  }

  @ParameterizedTest
  @ValueSource(strings = {"layout", "sizes", "count"})
  void aKuduTabletServerDirectoryIsNotAColumnFile(String command) throws Exception {
    Path server = Files.createDirectories(dir.resolve("tserver").resolve("tablet-meta"))
        .getParent();
    Cli.Result r = Cli.run(command, server.toString());
    assertThat(r.status()).isEqualTo(2);
    assertThat(r.err()).isEqualTo("colfile: " + server + ": a Kudu tablet server's directory,"
        + " not a column file (its tables are read with cat, schema, meta and convert --table)\n");
  }

  @Test
  void everyGoldenFileIsLaidOutAndSized() throws Exception {
    Path shared = shared();
    List<Path> files = new ArrayList<>();
    assumeTrue(Files.isDirectory(shared.resolve("orc-examples"))
        && Files.isDirectory(shared.resolve("kudu-cfiles")), "skipped: ../shared has no "
        + "orc-examples or kudu-cfiles (set -Dcolfile.shared.dir)");
    try (Stream<Path> all = Stream.concat(Files.walk(shared.resolve("orc-examples")),
        Files.walk(shared.resolve("kudu-cfiles")))) {
      all.filter(p -> (p.toString().endsWith(".orc") && p.toFile().length() > 0
          && !p.toString().contains("corrupt")) || p.toString().endsWith(".cfile"))
          .sorted().forEach(files::add);
    }
    for (Path f : files) {
      Cli.Result r = Cli.run("layout", f.toString());
      assertThat(r.status()).as("%s: %s", f, r.err()).isZero();
      assertTextTiles(r.out(), Files.size(f));
      assertThat(r.out()).as(f.toString()).doesNotContain("UNKNOWN");
    }
    Cli.Result sizes = Cli.run(args("sizes --json", files));
    assertThat(sizes.status()).as(sizes.err()).isZero();
    JsonNode sum = JSON.readTree(sizes.out()).get("sum");
    long bytes = 0;
    for (Path f : files) {
      bytes += Files.size(f);
    }
    long parts = 0;
    for (JsonNode c : sum.get("columns")) {
      parts += c.get("bytes").asLong();
    }
    for (JsonNode o : sum.get("overheads")) {
      parts += o.get("bytes").asLong();
    }
    assertThat(sum.get("bytes").asLong()).isEqualTo(bytes).isEqualTo(parts);
  }

  private static String[] args(String command, List<Path> files) {
    List<String> args = new ArrayList<>(List.of(command.split(" ")));
    files.forEach(f -> args.add(f.toString()));
    return args.toArray(String[]::new);
  }

  private static Path shared() {
    String prop = System.getProperty("colfile.shared.dir");
    return prop == null || prop.isEmpty() ? Paths.get("..", "..", "shared") : Paths.get(prop);
  }
}
