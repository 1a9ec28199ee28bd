package io.colfile.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The colfile command on Kudu data: rowset directories written by {@code convert --format kudu}
 * and read back by {@code cat}, {@code schema}, {@code meta} and {@code convert}; single CFiles
 * of the Kudu corpus; decoded DeltaFiles; and the errors of bad input and bad usage.
 */
class KuduCliTest {
  private static final Path REPO = Path.of(System.getProperty("user.dir")).getParent();
  private static final Path ORDERS = REPO.resolve("testdata/csv/orders.csv");

  @TempDir Path dir;

  @Test
  void csvToRowsetAndBackToOrcKeepsEveryValue() throws IOException {
    Path rowset = dir.resolve("orders");
    Cli.Result r = Cli.run("convert", ORDERS.toString(), rowset.toString(), "--format", "kudu",
        "--key", "order_id");
    assertThat(r.status()).as(r.err()).isZero();
    assertThat(rowset.resolve("rowset.json")).isRegularFile();
    assertThat(rowset.resolve("order_id.cfile")).isRegularFile();
    assertThat(rowset.resolve("bloom.cfile")).isRegularFile();
    assertThat(rowset.resolve("adhoc-index.cfile")).doesNotExist();

    Path viaKudu = dir.resolve("via-kudu.orc");
    Cli.Result back = Cli.run("convert", rowset.toString(), viaKudu.toString());
    assertThat(back.status()).as(back.err()).isZero();
    Path direct = dir.resolve("direct.orc");
    assertThat(Cli.run("convert", ORDERS.toString(), direct.toString()).status()).isZero();
    List<String> expected = sortedLines(Cli.run("cat", direct.toString()).out());
    assertThat(sortedLines(Cli.run("cat", viaKudu.toString()).out()))
        .containsExactlyElementsOf(expected);
    // the key is NOT NULL in Kudu; ORC has no NOT NULL, so the ORC copy has the CSV's schema
    String csvSchema = Cli.run("schema", direct.toString()).out();
    assertThat(Cli.run("schema", rowset.toString()).out())
        .isEqualTo(csvSchema.replace("order_id:bigint", "order_id:bigint not null"));
    assertThat(Cli.run("schema", viaKudu.toString()).out()).isEqualTo(csvSchema);
  }

  @Test
  void aRowsetConvertedToTrevniKeepsItsNotNullColumnsRequired() throws IOException {
    Path rowset = dir.resolve("orders");
    assertThat(Cli.run("convert", ORDERS.toString(), rowset.toString(), "--format", "kudu",
        "--key", "country,order_id").status()).isZero();
    Path trevni = dir.resolve("orders.trv");
    Cli.Result r = Cli.run("convert", rowset.toString(), trevni.toString(), "--format",
        "trevni");
    assertThat(r.status()).as(r.err()).isZero();
    String schema = Cli.run("schema", trevni.toString()).out();
    assertThat(schema).isEqualTo(Cli.run("schema", rowset.toString()).out())
        .startsWith("struct<order_id:bigint not null,customer:string,country:string not null,");
    Path direct = dir.resolve("direct.orc");
    assertThat(Cli.run("convert", ORDERS.toString(), direct.toString()).status()).isZero();
    assertThat(sortedLines(Cli.run("cat", trevni.toString()).out()))
        .containsExactlyElementsOf(sortedLines(Cli.run("cat", direct.toString()).out()));
  }

  @Test
  void rowsAreSortedByTheCompositeKeyAndTimestampsHaveSixDigits() throws IOException {
    Path rowset = dir.resolve("orders");
    Cli.Result r = Cli.run("convert", ORDERS.toString(), rowset.toString(), "--format", "kudu",
        "--key", "country,order_id", "--encoding", "customer=prefix,amount=plain,paid=plain",
        "--compression", "lz4", "--block-size", "512");
    assertThat(r.status()).as(r.err()).isZero();
    assertThat(rowset.resolve("adhoc-index.cfile")).isRegularFile();
    String out = Cli.run("cat", rowset.toString(), "--columns", "country,order_id,shipped").out();
    List<String> lines = Arrays.asList(out.split("\n"));
    assertThat(lines).hasSize(300);
    List<String> keys = new ArrayList<>();
    for (String line : lines) {
      // {"country": "NL", "order_id": 1000, "shipped": ...}: country, then a zero-padded id
      String country = line.substring(line.indexOf(':') + 3, line.indexOf("\","));
      String id = line.replaceAll(".*\"order_id\": (\\d+).*", "$1");
      keys.add(country + "|" + String.format("%010d", Long.parseLong(id)));
      assertThat(line).matches(".*\"shipped\": (null|\"\\d{4}-\\d\\d-\\d\\d "
          + "\\d\\d:\\d\\d:\\d\\d\\.\\d{6}\")}");
    }
    assertThat(keys).isSorted();
    String meta = Cli.run("meta", rowset.toString()).out();
    assertThat(meta).contains("key: country, order_id", "encoding: PREFIX_ENCODING",
        "compression: LZ4", "encoding: PLAIN_ENCODING");
  }

  @Test
  void catTextConvertsBackToTheSameRowset() throws IOException {
    Path first = dir.resolve("first");
    assertThat(Cli.run("convert", ORDERS.toString(), first.toString(), "--format", "kudu")
        .status()).isZero();
    Path jsonl = dir.resolve("rows.jsonl");
    String text = Cli.run("cat", first.toString()).out();
    Files.writeString(jsonl, text);
    String schema = Cli.run("schema", first.toString()).out().trim();
    Path second = dir.resolve("second");
    Cli.Result r = Cli.run("convert", jsonl.toString(), second.toString(), "--format", "kudu",
        "--schema", schema);
    assertThat(r.status()).as(r.err()).isZero();
    assertThat(Cli.run("cat", second.toString()).out()).isEqualTo(text);
  }

  @Test
  void badKuduRequestsAreUsageErrors() throws IOException {
    Path out = dir.resolve("x");
    String[][] cases = {
        {"--compression", "zstd"},
        {"--key", "nosuch"},
        {"--key", "paid"},
        {"--encoding", "customer=rle"},
        {"--encoding", "customer=frobnicate"},
        {"--bloom-columns", "customer"},
        {"--set", "kudu.checksums=maybe"},
    };
    for (String[] extra : cases) {
      List<String> args = new ArrayList<>(List.of("convert", ORDERS.toString(), out.toString(),
          "--format", "kudu"));
      args.addAll(List.of(extra));
      Cli.Result r = Cli.run(args.toArray(new String[0]));
      assertThat(r.status()).as(String.join(" ", extra) + ": " + r.err()).isEqualTo(2);
      assertThat(r.errLines()[0]).startsWith("colfile: ");
      assertThat(out).doesNotExist();
    }
    Path nested = dir.resolve("nested.jsonl");
    Files.writeString(nested, "{\"id\": 1, \"tags\": [\"a\"]}\n");
    Cli.Result r = Cli.run("convert", nested.toString(), out.toString(), "--format", "kudu");
    assertThat(r.status()).isEqualTo(2);
    assertThat(r.err()).contains("tags", "primitive");
    assertThat(out).doesNotExist();
  }

  @Test
  void duplicateKeysAndAnExistingTargetLeaveNothingBehind() throws IOException {
    Path csv = dir.resolve("dup.csv");
    Files.writeString(csv, "id,v\n1,a\n2,b\n1,c\n");
    Path out = dir.resolve("dup");
    Cli.Result r = Cli.run("convert", csv.toString(), out.toString(), "--format", "kudu");
    assertThat(r.status()).isEqualTo(1);
    assertThat(r.err()).contains("rows 1 and 3 have the same primary key");
    assertThat(out).doesNotExist();
    try (var files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString())).containsOnly("dup.csv");
    }
    Path existing = Files.createDirectory(dir.resolve("existing"));
    Files.writeString(existing.resolve("keep.txt"), "mine");
    Cli.Result again = Cli.run("convert", ORDERS.toString(), existing.toString(), "--format",
        "kudu");
    assertThat(again.status()).isEqualTo(1);
    assertThat(again.err()).contains("already exists");
    assertThat(existing.resolve("keep.txt")).hasContent("mine");
  }

  @Test
  void singleCFilesOfTheKuduCorpusPrintTheirValues() throws IOException {
    Path corpus = shared().resolve("kudu-cfiles");
    assumeTrue(Files.isDirectory(corpus), "skipped: no Kudu corpus at " + corpus);
    Path f = corpus.resolve("s_unixtime_micros/rs0.col.v_plain_none_nn.cfile");
    String out = Cli.run("cat", f.toString()).out();
    assertThat(out).startsWith("\"0001-01-01 00:00:00.000000\"\n\"1970-01-01 00:00:00.000000\"\n"
        + "\"1969-12-31 23:59:59.999999\"\n");
    assertThat(Cli.run("schema", f.toString()).out()).isEqualTo("timestamp\n");
    String meta = Cli.run("meta", f.toString()).out();
    assertThat(meta).contains("format: Kudu", "data type: UNIXTIME_MICROS",
        "encoding: PLAIN_ENCODING", "checksums: CRC-32C", "values: 600", "levels: 1");
    Path dec = corpus.resolve("s_decimal32/rs0.col.v_plain_none_nn.cfile");
    assertThat(Cli.run("cat", dec.toString()).out()).startsWith("-999999999\n0\n-1\n");

    Path redo = corpus.resolve("s_int32/rs0.redo.2.cfile");
    Cli.Result deltas = Cli.run("cat", "--deltas", redo.toString());
    assertThat(deltas.status()).as(deltas.err()).isZero();
    String first = deltas.out().substring(0, deltas.out().indexOf('\n'));
    assertThat(first).startsWith("{\"row\": 10, \"timestamp\": ")
        .contains("\"logical\": 0, \"type\": \"UPDATE\", \"updates\": [{\"column_id\": 1, "
            + "\"value\": [0, 0, 0, 0]}");
    assertThat(first).as("a DeltaFile's times print as Kudu's, with six digits")
        .matches(".*\"time\": \"\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d{6}\", .*");
    assertThat(Cli.run("cat", redo.toString()).out().split("\n")).hasSize(19);
    assertThat(Cli.run("meta", redo.toString()).out()).contains("role: delta file",
        "delete count: 7", "reinsert count: 0", "column 1: 12");
    Cli.Result notDeltas = Cli.run("cat", "--deltas", f.toString());
    assertThat(notDeltas.status()).isEqualTo(1);
    assertThat(notDeltas.err()).contains("a DeltaFile holds non-null BINARY cells");
  }

  @Test
  void errorsNameTheFileAndRowTheyAreAbout() throws IOException {
    Path rowset = dir.resolve("orders");
    assertThat(Cli.run("convert", ORDERS.toString(), rowset.toString(), "--format", "kudu")
        .status()).isZero();
    Files.delete(rowset.resolve("customer.cfile"));
    Cli.Result r = Cli.run("cat", rowset.toString());
    assertThat(r.status()).isEqualTo(1);
    assertThat(r.errLines()[0]).isEqualTo("colfile: " + rowset + ": "
        + rowset.resolve("customer.cfile") + ": no such file");

    Cli.Result again = Cli.run("convert", ORDERS.toString(), rowset.toString(), "--format",
        "kudu");
    assertThat(again.errLines()[1]).isEqualTo("colfile: " + ORDERS + ": " + rowset
        + ": already exists; a rowset is written into a new directory");

    StringBuilder json = new StringBuilder();
    for (int i = 1; i <= 1030; i++) {
      json.append("{\"id\": ").append(i).append(", \"d\": \"")
          .append(i == 1027 ? "0000-12-31" : "2024-01-01").append("\"}\n");
    }
    Path jsonl = dir.resolve("dates.jsonl");
    Files.writeString(jsonl, json);
    Cli.Result dates = Cli.run("convert", jsonl.toString(), dir.resolve("d").toString(),
        "--format", "kudu", "--schema", "struct<id:int,d:date>");
    assertThat(dates.status()).isEqualTo(1);
    assertThat(dates.errLines()[0]).endsWith("row 1027, column d: 0000-12-31 is outside "
        + "Kudu's dates 0001-01-01 to 9999-12-31");
    assertThat(dir.resolve("d")).doesNotExist();

    Path corpus = shared().resolve("kudu-cfiles/s_int32/rs0.redo.2.cfile");
    if (Files.exists(corpus)) {
      // the decoded mutations are rows like any other: columns and filters apply
      Cli.Result all = Cli.run("cat", "--deltas", corpus.toString());
      Cli.Result deletes = Cli.run("cat", "--deltas", "--columns", "row,type", "--where",
          "type = 'DELETE'", corpus.toString());
      assertThat(deletes.status()).as(deletes.err()).isZero();
      long expected = all.out().lines().filter(l -> l.contains("\"type\": \"DELETE\"")).count();
      assertThat(expected).as("the corpus file holds deletes").isPositive();
      assertThat(deletes.out().lines()).hasSize((int) expected)
          .allMatch(l -> l.matches("\\{\"row\": \\d+, \"type\": \"DELETE\"\\}"));
    }
  }

  private static List<String> sortedLines(String text) {
    List<String> lines = new ArrayList<>(Arrays.asList(text.split("\n")));
    lines.sort(null);
    return lines;
  }

  private static Path shared() {
    String p = System.getProperty("colfile.shared.dir");
    return p == null || p.isEmpty() ? REPO.resolveSibling("shared") : Path.of(p);
  }

  static String utf8(byte[] b) {
    return new String(b, StandardCharsets.UTF_8);
  }
}
