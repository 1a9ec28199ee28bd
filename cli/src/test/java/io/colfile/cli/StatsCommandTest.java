package io.colfile.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.LongVector;
import io.colfile.orc.OrcWriter;
import io.colfile.orc.OrcWriterOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code colfile stats}: stored statistics of ORC (file, stripe, row group, with what pushdown
 * makes of them) and Kudu (key range, blocks, delta statistics), computed ones of Trevni, the
 * probe's verdicts, the stable JSON keys (docs/stats-json.md), and the error paths.
 */
class StatsCommandTest {
  private static final Path ORDERS = Path.of("../testdata/csv/orders.csv");
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  /** ids 0, 2, 4, ... 9998 and names n0..n4999; row groups of 1000; bloom filters on id. */
  private Path evenIds() throws IOException {
    Path file = dir.resolve("even.orc");
    Type schema = Type.parse("struct<id:bigint,name:string>");
    OrcWriterOptions options = OrcWriterOptions.builder().rowIndexStride(1000)
        .bloomFilterColumns(List.of("id")).build();
    try (OrcWriter w = OrcWriter.create(OutputFile.local(file), schema, options)) {
      ColumnBatch b = new ColumnBatch(schema, 500);
      for (int row = 0; row < 5000; ) {
        b.reset();
        for (int i = 0; i < 500; i++, row++) {
          ((LongVector) b.cols[0]).vector[i] = 2L * row;
          byte[] name = ("n" + row).getBytes(StandardCharsets.UTF_8);
          ((BytesVector) b.cols[1]).setRef(i, name, 0, name.length);
        }
        b.size = 500;
        w.write(b);
      }
    }
    return file;
  }

  private Path converted(String name, String... options) {
    Path out = dir.resolve(name);
    List<String> args = new ArrayList<>(List.of("convert", ORDERS.toString(), out.toString()));
    args.addAll(List.of(options));
    Cli.Result r = Cli.run(args.toArray(String[]::new));
    assertThat(r.status()).as(r.err()).isZero();
    return out;
  }

  private static JsonNode json(Cli.Result r) throws IOException {
    assertThat(r.status()).as(r.err()).isZero();
    return JSON.readTree(r.out());
  }

  private static Set<String> keys(JsonNode n) {
    Set<String> out = new TreeSet<>();
    for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
      out.add(it.next());
    }
    return out;
  }

  @Test
  void orcFileStripeAndRowGroupStatisticsWithWhatPushdownUses() throws IOException {
    Path f = evenIds();
    Cli.Result r = Cli.run("stats", f.toString(), "--columns", "id", "--row-groups");
    assertThat(r.status()).as(r.err()).isZero();
    assertThat(r.err()).isEmpty();
    // the ZSTD stream's size: zstd-jni's frame (orc-core's) has no checksum, aircompressor's has
    int bytesOnDisk = io.colfile.core.codec.CodecImplementations.nativeCompressor(
        io.colfile.core.codec.CompressionCodec.ZSTD) ? 48 : 52;
    assertThat(r.out()).startsWith("file: " + f + "\nformat: ORC\nrows: 5000\n")
        .contains("statistics:\n  - column: id\n    id: 1\n    type: bigint\n    count: 5000\n"
            + "    hasNull: false\n    bytesOnDisk: " + bytesOnDisk
            + "\n    min: 0\n    max: 9998\n"
            + "    sum: 24995000\n"
            + "    pushdown: min and max used\n")
        .contains("      - rowGroup: 4\n        firstRow: 4000\n        rows: 1000\n")
        .contains("            min: 8000\n            max: 9998\n")
        .doesNotContain("column: name");
  }

  @Test
  void orcProbeSaysWhichStripesAndRowGroupsMayHoldTheValue() throws IOException {
    Path f = evenIds();
    JsonNode held = json(Cli.run("stats", f.toString(), "--columns", "id", "--probe", "3000",
        "--json")).get("files").get(0).get("probe");
    assertThat(held.get("predicate").asText()).isEqualTo("id = 3000");
    assertThat(held.get("file").asText()).isEqualTo("may hold");
    JsonNode groups = held.get("stripes").get(0).get("rowGroups");
    assertThat(groups).hasSize(5);
    for (int g = 0; g < 5; g++) {
      assertThat(groups.get(g).get("verdict").asText()).as("row group %d", g)
          .isEqualTo(g == 1 ? "may hold" : "excluded by statistics");
    }
    JsonNode absent = json(Cli.run("stats", f.toString(), "--columns", "id", "--probe", "3001",
        "--json")).get("files").get(0).get("probe");
    assertThat(absent.get("stripes").get(0).get("verdict").asText())
        .isEqualTo("excluded by bloom filter");
    assertThat(absent.get("stripes").get(0).get("rowGroups").get(1).get("reason").asText())
        .contains("bloom filter excludes 3001");
    Cli.Result outside = Cli.run("stats", f.toString(), "--columns", "id", "--probe", "-4");
    assertThat(outside.status()).isZero();
    assertThat(outside.out()).contains("  file: excluded by statistics: file statistics: "
        + "id = -4: values in [0, 9998]\n");
  }

  @Test
  void aProbeOnAColumnWithoutBloomFiltersAnswersFromStatistics() throws IOException {
    Path f = evenIds();
    JsonNode p = json(Cli.run("stats", f.toString(), "--columns", "name", "--probe", "n1500",
        "--json")).get("files").get(0).get("probe");
    assertThat(p.get("predicate").asText()).isEqualTo("name = 'n1500'");
    JsonNode groups = p.get("stripes").get(0).get("rowGroups");
    List<String> verdicts = new ArrayList<>();
    groups.forEach(g -> verdicts.add(g.get("verdict").asText()));
    // names sort as text: n1500 lies in the ranges of row groups 0 (n0..n999) and 1
    // (n1000..n1999), and no bloom filter can tell more
    assertThat(verdicts).containsExactly("may hold", "may hold", "excluded by statistics",
        "excluded by statistics", "excluded by statistics");
    assertThat(groups.get(2).get("reason").asText()).contains("values in ['n2000', 'n2999']");
  }

  @Test
  void probeErrorsAreUsageErrorsNamingTheFile() throws IOException {
    Path f = evenIds();
    Cli.Result notANumber = Cli.run("stats", f.toString(), "--columns", "id", "--probe", "abc");
    assertThat(notANumber.status()).isEqualTo(2);
    assertThat(notANumber.err()).isEqualTo("colfile: " + f + ": --probe: column id is bigint,"
        + " and 'abc' is not a number\n");
    assertThat(notANumber.out()).isEmpty();

    Cli.Result noColumn = Cli.run("stats", f.toString(), "--probe", "1");
    assertThat(noColumn.status()).isEqualTo(2);
    assertThat(noColumn.err()).isEqualTo("colfile: " + f
        + ": --probe needs exactly one column in --columns\n");

    Cli.Result two = Cli.run("stats", f.toString(), "--columns", "id,name", "--probe", "1");
    assertThat(two.status()).isEqualTo(2);
    assertThat(two.err()).contains("--probe needs exactly one column in --columns");
  }

  @Test
  void anUnknownColumnIsAUsageError() throws IOException {
    Path f = evenIds();
    Cli.Result r = Cli.run("stats", f.toString(), "--columns", "id,nope");
    assertThat(r.status()).isEqualTo(2);
    assertThat(r.err()).isEqualTo("colfile: " + f
        + ": --columns: no column nope; the columns are id, name\n");
  }

  @Test
  void badOptionsAreUsageErrors() {
    Cli.Result r = Cli.run("stats", "--bogus", "x.orc");
    assertThat(r.status()).isEqualTo(2);
    assertThat(r.err()).startsWith("colfile: Unknown option: '--bogus'");
    Cli.Result none = Cli.run("stats");
    assertThat(none.status()).isEqualTo(2);
    assertThat(none.err()).contains("Missing required parameter: 'FILE'");
  }

  @Test
  void missingWrongAndCorruptFilesAreNamedAndTheOthersStillPrinted() throws IOException {
    Path good = converted("good.orc");
    Path missing = dir.resolve("missing.orc");
    Path text = Files.writeString(dir.resolve("notes.txt"), "not a column file\n");
    byte[] b = Files.readAllBytes(good);
    Path cut = dir.resolve("cut.orc");
    Files.write(cut, java.util.Arrays.copyOfRange(b, 0, b.length - 40));
    Cli.Result r = Cli.run("stats", missing.toString(), good.toString(), text.toString(),
        cut.toString());
    assertThat(r.status()).isEqualTo(1);
    String[] err = r.errLines();
    assertThat(err).hasSize(4); // three lines and the final newline
    assertThat(err[0]).isEqualTo("colfile: " + missing + ": no such file");
    assertThat(err[1]).startsWith("colfile: " + text + ": ");
    assertThat(err[2]).startsWith("colfile: " + cut + ": ");
    assertThat(r.out()).startsWith("file: " + good + "\nformat: ORC\nrows: 300\n");
    assertThat(r.out()).doesNotContain("file: " + text).doesNotContain("file: " + cut);

    JsonNode j = JSON.readTree(Cli.run("stats", "--json", missing.toString(),
        good.toString()).out());
    assertThat(j.get("failed").asInt()).isEqualTo(1);
    assertThat(j.get("files")).hasSize(1);
  }

  @Test
  void aDirectoryWithoutColumnFilesIsAnError() throws IOException {
    Path empty = Files.createDirectories(dir.resolve("empty"));
    Files.writeString(empty.resolve(".hidden"), "x");
    Cli.Result r = Cli.run("stats", empty.toString());
    assertThat(r.status()).isEqualTo(1);
    assertThat(r.err()).isEqualTo("colfile: " + empty + ": " + FileArgs.NO_FILES + "\n");
  }

  @Test
  void directoriesAreWalkedSkippingHiddenAndUnderscoreNames() throws IOException {
    Path root = Files.createDirectories(dir.resolve("data"));
    Files.createDirectories(root.resolve("sub"));
    Files.createDirectories(root.resolve("_tmp"));
    converted("data/a.orc");
    converted("data/sub/b.orc");
    converted("data/.hidden.orc");
    converted("data/_SUCCESS.orc");
    converted("data/_tmp/c.orc");
    JsonNode j = json(Cli.run("stats", root.toString(), "--json", "--columns", "order_id"));
    List<String> files = new ArrayList<>();
    j.get("files").forEach(f -> files.add(f.get("file").asText()));
    assertThat(files).containsExactly(root.resolve("a.orc").toString(),
        root.resolve("sub/b.orc").toString());
  }

  @Test
  void kuduRowsetKeyRangeBlocksAndProbe() throws IOException {
    Path rowset = converted("orders", "--format", "kudu", "--key", "order_id");
    Cli.Result r = Cli.run("stats", rowset.toString(), "--columns", "order_id",
        "--row-groups");
    assertThat(r.status()).as(r.err()).isZero();
    assertThat(r.out()).contains("base rows: 300\nlive rows: 300\nkey: order_id\n"
        + "min key: (1000)\nmax key: (1299)\nbloom file: bloom.cfile\n")
        .contains("  - column: order_id\n").doesNotContain("column: country")
        .contains("        first ordinal: 0\n        rows: 300\n");

    JsonNode outside = json(Cli.run("stats", rowset.toString(), "--columns", "order_id",
        "--probe", "5000", "--json")).get("files").get(0).get("probe");
    assertThat(outside.get("verdict").asText()).isEqualTo("excluded by statistics");
    assertThat(outside.get("report").toString()).contains("(min_key, max_key) are outside");
    JsonNode inside = json(Cli.run("stats", rowset.toString(), "--columns", "order_id",
        "--probe", "1100", "--json")).get("files").get(0).get("probe");
    assertThat(inside.get("verdict").asText()).isEqualTo("may hold");
    JsonNode notKey = json(Cli.run("stats", rowset.toString(), "--columns", "country",
        "--probe", "NL", "--json")).get("files").get(0).get("probe");
    assertThat(notKey.get("verdict").asText()).isEqualTo("may hold");
    assertThat(notKey.get("note").asText()).contains("not a key column");
  }

  @Test
  void kuduRowsetBloomFileExcludesAnAbsentKeyInsideTheRange() throws IOException {
    StringBuilder csv = new StringBuilder("id,v\n");
    for (int i = 0; i < 400; i++) {
      csv.append(2 * i).append(',').append(i).append('\n');
    }
    Path in = Files.writeString(dir.resolve("even.csv"), csv);
    Path rowset = dir.resolve("even");
    Cli.Result c = Cli.run("convert", in.toString(), rowset.toString(), "--format", "kudu",
        "--key", "id");
    assertThat(c.status()).as(c.err()).isZero();
    JsonNode p = json(Cli.run("stats", rowset.toString(), "--columns", "id", "--probe", "301",
        "--json")).get("files").get(0).get("probe");
    assertThat(p.get("verdict").asText()).isEqualTo("excluded by bloom filter");
    assertThat(p.get("report").toString()).contains("bloom filter excludes");
  }

  @Test
  void aKuduCFileShowsItsBlocksAndADeltaFileItsStats() throws IOException {
    Path corpus = KuduCorpus.dir();
    Cli.Result col = Cli.run("stats", corpus.resolve("s_int32/rs0.col.id.cfile").toString(),
        "--row-groups");
    assertThat(col.status()).as(col.err()).isZero();
    assertThat(col.out()).contains("format: Kudu\nrows: 600\ndata type: int32\nvalues: 600\n"
        + "nullable: false\nvalue index: true\n").contains("first ordinal: 0\n");
    Cli.Result delta = Cli.run("stats", corpus.resolve("s_int32/rs0.redo.2.cfile").toString());
    assertThat(delta.status()).as(delta.err()).isZero();
    assertThat(delta.out()).contains("delta stats:\n  min timestamp: ")
        .contains("  update counts:");
  }

  @Test
  void trevniStatisticsAreComputedAndMarkedSo() throws IOException {
    Path f = converted("orders.trv", "--format", "trevni");
    JsonNode file = json(Cli.run("stats", f.toString(), "--columns",
        "order_id,shipped,paid", "--row-groups", "--json")).get("files").get(0);
    assertThat(file.get("statistics source").asText()).startsWith("computed");
    JsonNode id = file.get("statistics").get(0);
    assertThat(id.get("column").asText()).isEqualTo("order_id");
    assertThat(id.get("min").asLong()).isEqualTo(1000);
    assertThat(id.get("max").asLong()).isEqualTo(1299);
    assertThat(id.get("count").asLong()).isEqualTo(300);
    assertThat(id.get("computed").asBoolean()).isTrue();
    JsonNode shipped = file.get("statistics").get(1);
    assertThat(shipped.get("nulls").asLong()).isEqualTo(30);
    assertThat(shipped.get("min").asText()).isEqualTo("2024-01-17 15:19:04.724");
    assertThat(file.get("statistics").get(2).get("max").asBoolean()).isTrue();
    assertThat(file.get("blocks")).isNotEmpty();
    assertThat(file.get("blocks").get(0).get("trevni column").asText())
        .startsWith("order_id");
    JsonNode probe = json(Cli.run("stats", f.toString(), "--columns", "country", "--probe",
        "NL", "--json")).get("files").get(0).get("probe");
    assertThat(probe.get("matching rows").asLong()).isEqualTo(39);
    assertThat(probe.get("computed").asBoolean()).isTrue();
    Cli.Result badDate = Cli.run("stats", f.toString(), "--columns", "ordered", "--probe",
        "yesterday");
    assertThat(badDate.status()).isEqualTo(2);
    assertThat(badDate.err()).startsWith("colfile: " + f + ": --probe: column ordered is date");
  }

  /** The JSON keys docs/stats-json.md documents: changing them is changing the contract. */
  @Test
  void theJsonKeysAreThoseDocumented() throws IOException {
    Path f = evenIds();
    JsonNode all = json(Cli.run("stats", f.toString(), "--row-groups", "--columns", "id",
        "--probe", "3001", "--json"));
    assertThat(keys(all)).containsExactly("failed", "files");
    JsonNode orc = all.get("files").get(0);
    assertThat(keys(orc)).containsExactly("file", "format", "probe", "rowIndexStride", "rows",
        "statistics", "stripes", "writer", "writerVersion");
    assertThat(keys(orc.get("statistics").get(0))).containsExactly("bytesOnDisk", "column",
        "count", "hasNull", "id", "max", "min", "pushdown", "sum", "type");
    JsonNode stripe = orc.get("stripes").get(0);
    assertThat(keys(stripe)).containsExactly("offset", "rowGroups", "rows", "statistics",
        "stripe");
    assertThat(keys(stripe.get("rowGroups").get(0))).containsExactly("firstRow", "rowGroup",
        "rows", "statistics");
    JsonNode probe = orc.get("probe");
    assertThat(keys(probe)).containsExactly("column", "file", "predicate", "stripes", "value");
    assertThat(keys(probe.get("stripes").get(0))).containsExactly("reason", "rowGroups",
        "stripe", "verdict");
    assertThat(keys(probe.get("stripes").get(0).get("rowGroups").get(0))).containsExactly(
        "firstRow", "reason", "rowGroup", "rows", "verdict");

    Path rowset = converted("orders", "--format", "kudu", "--key", "order_id");
    JsonNode kudu = json(Cli.run("stats", rowset.toString(), "--row-groups", "--columns",
        "order_id", "--probe", "1", "--json")).get("files").get(0);
    assertThat(keys(kudu)).containsExactly("base rows", "bloom file", "columns", "file",
        "format", "key", "live rows", "max key", "min key", "probe", "redo deltas", "rows",
        "undo deltas");
    assertThat(keys(kudu.get("columns").get(0))).containsExactly("block list", "blocks",
        "column", "file", "nullable", "value index", "values");
    assertThat(keys(kudu.get("columns").get(0).get("block list").get(0))).containsExactly(
        "block", "first ordinal", "index key", "offset", "rows", "size");
    assertThat(keys(kudu.get("probe"))).containsExactly("column", "predicate", "report",
        "value", "verdict");

    Path trevni = converted("orders.trv", "--format", "trevni");
    JsonNode t = json(Cli.run("stats", trevni.toString(), "--row-groups", "--columns",
        "amount", "--probe", "1", "--json")).get("files").get(0);
    assertThat(keys(t)).containsExactly("blocks", "file", "format", "probe", "rows",
        "statistics", "statistics source");
    assertThat(keys(t.get("statistics").get(0))).containsExactly("column", "computed",
        "count", "max", "min", "nan", "nulls", "type");
    assertThat(keys(t.get("blocks").get(0))).containsExactly("blocks", "trevni column");
    assertThat(keys(t.get("blocks").get(0).get("blocks").get(0))).containsExactly("block",
        "compressedSize", "firstRow", "offset", "rows");
    assertThat(keys(t.get("probe"))).containsExactly("column", "computed", "matching rows",
        "predicate", "value", "verdict");
  }

  @Test
  void helpHasAnExample() {
    Cli.Result r = Cli.run("stats", "--help");
    assertThat(r.status()).isZero();
    assertThat(r.out()).contains("Example").contains("colfile stats data.orc")
        .contains("--probe=VALUE").contains("--row-groups");
  }

  /** ../shared/kudu-cfiles, or the test is skipped saying why. */
  static final class KuduCorpus {
    static Path dir() {
      String p = System.getProperty("colfile.shared.dir");
      Path shared = p == null || p.isEmpty()
          ? Path.of(System.getProperty("user.dir")).getParent().resolveSibling("shared")
          : Path.of(p);
      Path corpus = shared.resolve("kudu-cfiles");
      Assumptions.assumeTrue(Files.isDirectory(corpus),
          "skipped: the Kudu CFiles are not at " + corpus + " (../shared is absent)");
      return corpus;
    }
  }
}
