package io.colfile.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ConvertCommandTest {
  private static final Path REPO = Path.of(System.getProperty("user.dir")).getParent();
  private static final Path SAMPLE_ORC = REPO.resolve("testdata/orc/sample.orc");
  private static final Path SAMPLE_CSV = REPO.resolve("testdata/csv/orders.csv");

  @TempDir Path dir;

  /** The bundled sample and the ORC example files (when ../shared is there). */
  static Stream<Path> orcFiles() throws IOException {
    List<Path> files = new ArrayList<>(List.of(SAMPLE_ORC));
    Path examples = Path.of(System.getProperty("colfile.shared.dir", "../../shared"),
        "orc-examples");
    if (Files.isDirectory(examples)) {
      for (String name : List.of("TestOrcFile.test1.orc", "TestOrcFile.testDate1900.orc",
          "decimal.orc", "TestOrcFile.testStringAndBinaryStatistics.orc",
          "TestOrcFile.testUnionAndTimestamp.orc", "nulls-at-end-snappy.orc",
          "TestOrcFile.emptyFile.orc", "TestOrcFile.testTimestamp.orc")) {
        if (Files.exists(examples.resolve(name))) {
          files.add(examples.resolve(name));
        }
      }
    }
    return files.stream();
  }

  /** cat → convert --schema "$(schema)" → cat prints the same text. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("orcFiles")
  void jsonLinesFromCatRoundTrip(Path orc) throws IOException {
    Cli.Result cat = Cli.run("cat", "--timezone", "UTC", orc.toString());
    assertThat(cat.status()).as(cat.err()).isZero();
    String schema = Cli.run("schema", orc.toString()).out().trim();
    Path jsonl = dir.resolve("rows.jsonl");
    Files.writeString(jsonl, cat.out(), StandardCharsets.UTF_8);
    Path out = dir.resolve("copy.orc");
    Cli.Result convert = Cli.run("convert", jsonl.toString(), out.toString(),
        "--schema", schema, "--compression", "zlib");
    assertThat(convert.status()).as(convert.err()).isZero();
    assertThat(Cli.run("schema", out.toString()).out().trim()).isEqualTo(schema);
    assertThat(Cli.run("cat", out.toString()).out()).isEqualTo(cat.out());
  }

  @Test
  void orcIntoOrcWithAnotherCodec() throws IOException {
    Path out = dir.resolve("copy.orc");
    Cli.Result r = Cli.run("convert", SAMPLE_ORC.toString(), out.toString(),
        "--compression", "lz4", "--stripe-size", "65536", "--bloom-columns", "customer,id");
    assertThat(r.status()).as(r.err()).isZero();
    assertThat(Cli.run("cat", out.toString()).out())
        .isEqualTo(Cli.run("cat", SAMPLE_ORC.toString()).out());
    String meta = Cli.run("meta", out.toString()).out();
    assertThat(meta).contains("LZ4");
  }

  @Test
  void csvWithInferredSchema() throws IOException {
    Assumptions.assumeTrue(Files.exists(SAMPLE_CSV), "sample CSV missing");
    Path out = dir.resolve("orders.orc");
    Cli.Result r = Cli.run("convert", SAMPLE_CSV.toString(), out.toString());
    assertThat(r.status()).as(r.err()).isZero();
    assertThat(r.err()).contains("inferred schema struct<order_id:bigint,customer:string,"
        + "country:string,amount:double,quantity:bigint,discount:double,ordered:date,"
        + "shipped:timestamp,paid:boolean,note:string>");
    String[] lines = Cli.run("cat", out.toString()).out().split("\n");
    assertThat(lines).hasSize(300);
    assertThat(lines[1]).isEqualTo("{\"order_id\": 1001, \"customer\": \"Radia P.\", "
        + "\"country\": \"ZA\", \"amount\": 41292.51, \"quantity\": 15, \"discount\": 0.1, "
        + "\"ordered\": \"2024-11-02\", \"shipped\": \"2024-11-05 05:10:21.962\", "
        + "\"paid\": true, \"note\": \"leave at door, side entrance\"}");
  }

  @Test
  void csvWithAGivenSchema() throws IOException {
    Path out = dir.resolve("orders.orc");
    Cli.Result r = Cli.run("convert", SAMPLE_CSV.toString(), out.toString(), "--schema",
        "struct<order_id:int,customer:varchar(20),country:char(2),amount:decimal(9,2),"
            + "quantity:smallint,discount:decimal(3,2),ordered:date,shipped:timestamp,"
            + "paid:boolean,note:string>");
    assertThat(r.status()).as(r.err()).isZero();
    assertThat(r.err()).isEmpty();
    assertThat(Cli.run("cat", out.toString()).out().split("\n")[0]).isEqualTo(
        "{\"order_id\": 1000, \"customer\": \"John Q.\", \"country\": \"NL\", \"amount\": "
            + "19962.19, \"quantity\": 25, \"discount\": null, \"ordered\": \"2024-02-07\", "
            + "\"shipped\": null, \"paid\": false, \"note\": null}");
  }

  @Test
  void notNullInTheSchemaMakesRequiredTrevniFieldsThatRefuseNulls() throws IOException {
    String schema = "struct<order_id:bigint not null,customer:string not null,country:string,"
        + "amount:double,quantity:bigint,discount:double,ordered:date,shipped:timestamp,"
        + "paid:boolean,note:string>";
    Path out = dir.resolve("orders.trv");
    Cli.Result r = Cli.run("convert", SAMPLE_CSV.toString(), out.toString(), "--format",
        "trevni", "--schema", schema);
    assertThat(r.status()).as(r.err()).isZero();
    assertThat(Cli.run("schema", out.toString()).out()).isEqualTo(schema + "\n");

    // a reader schema stricter than the file: fine up to the first NULL, then a usage error
    Cli.Result strict = Cli.run("cat", out.toString(), "--schema",
        schema.replace("discount:double", "discount:double not null"));
    assertThat(strict.status()).isEqualTo(2);
    assertThat(strict.err()).isEqualTo("colfile: " + out + ": column discount is not null in "
        + "the reader schema, but row 1 read has a NULL there (counting from 1 the rows decoded "
        + "since the reader opened)\n");

    Path bad = dir.resolve("bad.trv");
    Cli.Result refused = Cli.run("convert", SAMPLE_CSV.toString(), bad.toString(), "--format",
        "trevni", "--schema", schema.replace("note:string", "note:string not null"));
    assertThat(refused.status()).isEqualTo(1);
    assertThat(refused.err()).contains("row 0, column note: null where the Avro schema has no "
        + "null");
    assertThat(bad).doesNotExist();
  }

  @Test
  void aBadRowStopsWithLineAndColumnAndLeavesNoFile() throws IOException {
    Path in = dir.resolve("rows.jsonl");
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 5000; i++) {
      text.append("{\"a\": ").append(i % 100).append(", \"b\": \"x\"}\n");
    }
    text.append("{\"a\": 300, \"b\": \"x\"}\n");
    Files.writeString(in, text);
    Path out = dir.resolve("out.orc");
    Cli.Result r = Cli.run("convert", in.toString(), out.toString(), "--schema",
        "struct<a:tinyint,b:string>");
    assertThat(r.status()).isEqualTo(1);
    assertThat(r.err()).isEqualTo("colfile: " + in + ": line 5001, column a: 300 does not fit "
        + "tinyint\n");
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactly("rows.jsonl");
    }
  }

  @Test
  void aFailedConversionLeavesAnExistingOutputAsItWas() throws IOException {
    Path in = dir.resolve("rows.csv");
    Files.writeString(in, "a,b\n1,2\n3\n");
    Path out = dir.resolve("out.orc");
    Files.writeString(out, "precious");
    Cli.Result r = Cli.run("convert", in.toString(), out.toString());
    assertThat(r.status()).isEqualTo(1);
    assertThat(r.err()).contains("line 3").contains("1 fields");
    assertThat(Files.readString(out)).isEqualTo("precious");
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files).hasSize(2);
    }
  }

  @Test
  void wrongArgumentsAreUsageErrors() throws IOException {
    Path in = dir.resolve("rows.jsonl");
    Files.writeString(in, "{\"a\": 1}\n");
    Path out = dir.resolve("out.orc");
    String[][] cases = {
      {"convert", in.toString(), out.toString(), "--compression", "bzip2"},
      {"convert", in.toString(), out.toString(), "--schema", "struct<a:nope>"},
      {"convert", in.toString(), out.toString(), "--format", "parquet"},
      {"convert", in.toString(), out.toString(), "--stripe-size", "10", "--schema",
        "struct<a:int>"},
      {"convert", in.toString(), out.toString(), "--bloom-columns", "zz", "--schema",
        "struct<a:int>"},
      {"convert", in.toString(), out.toString(), "--input-format", "xml"},
      {"convert", in.toString()},
    };
    for (String[] args : cases) {
      Cli.Result r = Cli.run(args);
      assertThat(r.status()).as(String.join(" ", args) + ": " + r.err()).isEqualTo(2);
      assertThat(r.errLines()).as(String.join(" ", args)).hasSize(2);   // one line + final ""
      assertThat(Files.exists(out)).isFalse();
    }
    Cli.Result missing = Cli.run("convert", dir.resolve("none.jsonl").toString(),
        out.toString());
    assertThat(missing.status()).isEqualTo(1);
    assertThat(missing.err()).contains("no such file");
  }
}
