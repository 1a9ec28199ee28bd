package io.colfile.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.BatchReader;
import io.colfile.core.ColFile;
import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.filter.Predicate;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.testkit.RandomPredicates;
import io.colfile.testkit.ReferenceEvaluator;
import io.colfile.testkit.Rows;
import io.colfile.testkit.TestSeed;
import io.colfile.trevni.ColumnSpec;
import io.colfile.trevni.TrevniFileWriter;
import io.colfile.trevni.TrevniWriterOptions;
import io.colfile.trevni.ValueType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** {@code cat --where/--limit/--skip/--columns/--schema/--explain} on real files. */
@ExtendWith(TestSeed.class)
class CatSelectiveTest {
  private static final Path REPO = Path.of(System.getProperty("user.dir")).getParent();
  private static final Path SAMPLE = REPO.resolve("testdata/orc/sample.orc");

  @TempDir
  Path dir;

  private static List<String> lines(Cli.Result r) {
    assertThat(r.status()).as(r.err()).isZero();
    return r.out().lines().toList();
  }

  @Test
  void whereprintsExactlyTheLinesOfMatchingRows() throws IOException {
    List<String> all = lines(Cli.run("cat", SAMPLE.toString()));
    List<Object> rows;
    io.colfile.core.types.Type schema;
    try (FileReader f = ColFile.open(InputFile.local(SAMPLE));
         BatchReader r = f.read(ReadOptions.defaults())) {
      schema = f.schema();
      rows = Rows.readAll(r);
    }
    assertThat(rows).hasSameSizeAs(all);
    Random random = TestSeed.random("where", 0);
    RandomPredicates gen = new RandomPredicates(random, schema, rows).textOnly();
    for (int i = 0; i < 25; i++) {
      Predicate p = gen.next(2);
      List<String> expected = new ArrayList<>();
      for (int k = 0; k < rows.size(); k++) {
        if (Boolean.TRUE.equals(ReferenceEvaluator.evaluate(p, schema, rows.get(k)))) {
          expected.add(all.get(k));
        }
      }
      assertThat(lines(Cli.run("cat", "--where", p.toString(), SAMPLE.toString())))
          .as("%s: %s", TestSeed.replay(), p).isEqualTo(expected);
    }
  }

  @Test
  void limitAndSkipCountRowsAfterTheFilter() {
    List<String> all = lines(Cli.run("cat", SAMPLE.toString()));
    assertThat(lines(Cli.run("cat", "--limit", "3", SAMPLE.toString())))
        .isEqualTo(all.subList(0, 3));
    assertThat(lines(Cli.run("cat", "--skip", "1500", "--limit", "1200", SAMPLE.toString())))
        .isEqualTo(all.subList(1500, all.size()));
    assertThat(lines(Cli.run("cat", "--limit", "0", SAMPLE.toString()))).isEmpty();
    assertThat(lines(Cli.run("cat", "--skip", "99999", SAMPLE.toString()))).isEmpty();
    List<String> nl = all.stream().filter(l -> l.contains("\"country\": \"NL\"")).toList();
    assertThat(nl.size()).isGreaterThan(20);
    assertThat(lines(Cli.run("cat", "--where", "country = 'NL'", "--skip", "5", "--limit",
        "10", SAMPLE.toString()))).isEqualTo(nl.subList(5, 15));
  }

  @Test
  void columnsTakePathsAndBackQuotes() throws IOException {
    Path json = dir.resolve("n.jsonl");
    Files.writeString(json, "{\"a,b\": 1, \"s\": {\"x\": 2, \"y.z\": \"q\"}}\n"
        + "{\"a,b\": 3, \"s\": null}\n");
    Path orc = dir.resolve("n.orc");
    assertThat(Cli.run("convert", json.toString(), orc.toString(), "--schema",
        "struct<`a,b`:int,s:struct<x:int,`y.z`:string>>").status()).isZero();
    assertThat(lines(Cli.run("cat", "--columns", "s.`y.z`,`a,b`", orc.toString())))
        .containsExactly("{\"s\": {\"y.z\": \"q\"}, \"a,b\": 1}", "{\"s\": null, \"a,b\": 3}");
    assertThat(lines(Cli.run("cat", "--columns", "`a,b`", "--where", "s.x = 2",
        orc.toString()))).containsExactly("{\"a,b\": 1}");
  }

  @Test
  void schemaReadsThroughAReaderSchema() throws IOException {
    List<String> out = lines(Cli.run("cat", "--schema",
        "struct<quantity:bigint,id:bigint,missing:string>", "--limit", "2", SAMPLE.toString()));
    List<String> plain = lines(Cli.run("cat", "--columns", "quantity,id", "--limit", "2",
        SAMPLE.toString()));
    assertThat(out).hasSize(2);
    for (int i = 0; i < 2; i++) {
      assertThat(out.get(i)).isEqualTo(plain.get(i).replace("}", ", \"missing\": null}"));
    }
  }

  @Test
  void mistakesAreUsageErrorsOnOneLine() {
    String f = SAMPLE.toString();
    usage(new String[] {"cat", "--where", "amount >> 5", f},
        "--where: expected a literal (a number, 'text', true or false), found '>' at character 9");
    usage(new String[] {"cat", "--where", "nope = 1", f}, "no column nope; the columns are id,");
    usage(new String[] {"cat", "--where", "customer > 5", f},
        "cannot compare customer (string) with the number 5");
    usage(new String[] {"cat", "--where", "tags = 'x'", f},
        "column tags is array<string>: predicates apply to scalar columns only");
    usage(new String[] {"cat", "--where", "ordered = '2024-02-30'", f},
        "'2024-02-30' is not a date (YYYY-MM-DD)");
    usage(new String[] {"cat", "--columns", "id,nope.x", f}, "no column 'nope.x'");
    usage(new String[] {"cat", "--columns", "id,,x", f}, "--columns has an empty name");
    usage(new String[] {"cat", "--schema", "struct<id:struct<a:int>>", f},
        "cannot read column id (bigint in the file) as struct<a:int>");
    usage(new String[] {"cat", "--schema", "struct<id:bigint", f}, "--schema:");
    usage(new String[] {"cat", "--limit", "-1", f}, "--limit must be at least 0");
    usage(new String[] {"cat", "--by-position", f}, "--by-position needs --schema");
  }

  private static void usage(String[] args, String message) {
    Cli.Result r = Cli.run(args);
    assertThat(r.status()).as(String.join(" ", args) + ": " + r.err()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.errLines()).as(r.err()).hasSize(2); // one line and the final newline
    assertThat(r.err()).startsWith("colfile: ").contains(message);
  }

  @Test
  void explainSaysWhatWasReadOnStderr() {
    Cli.Result r = Cli.run("cat", "--where", "id = 100005", "--explain", SAMPLE.toString());
    assertThat(r.status()).as(r.err()).isZero();
    assertThat(r.out().lines()).hasSize(1);
    assertThat(r.err()).startsWith("colfile: " + SAMPLE + ": explain:\n")
        .contains("rows: ").contains("1 matched the filter");
  }

  @Test
  void explainSaysWhetherATrevniColumnsFirstValuesWereUsedAndWhy() throws IOException {
    for (String kind : List.of("declared", "verified", "unsorted")) {
      Path p = dir.resolve(kind + ".trv");
      ColumnSpec x = ColumnSpec.of("x", ValueType.LONG);
      try (TrevniFileWriter w = TrevniFileWriter.create(OutputFile.local(p),
          List.of(kind.equals("declared") ? x.sorted() : x.withFirstValues(),
              ColumnSpec.of("s", ValueType.STRING)),
          TrevniWriterOptions.builder().blockSize(256).build())) {
        for (int row = 0; row < 2000; row++) {
          w.startRow();
          w.writeLong(0, kind.equals("unsorted") && row == 1 ? 1_000_000 : row);
          w.writeString(1, "s" + row);
          w.endRow();
        }
      }
      Cli.Result r = Cli.run("cat", "--where", "x = 1000000 OR x = 1500", "--explain",
          p.toString());
      assertThat(r.status()).as(r.err()).isZero();
      assertThat(r.out().lines()).hasSize(kind.equals("unsorted") ? 2 : 1);
      assertThat(r.err()).as(kind).contains(switch (kind) {
        case "declared" -> "column 'x': first values used, declared sorted (colfile.sorted";
        case "verified" -> "column 'x': first values used, verified: the ";
        default -> "column 'x': first values not used, not trusted: not declared sorted, and "
            + "block 0 holds 1000000 (row 1)";
      });
    }
  }

  /**
   * A point lookup on a sorted column of a file of several stripes: {@code --explain} says one
   * stripe and one row group read, and skipped exactly the stripes whose statistics exclude the
   * value and every other row group (counted from {@code meta --json}).
   */
  @Test
  void pointLookupOnASortedColumnReadsOneStripeAndOneRowGroup() throws IOException {
    Path jsonl = dir.resolve("sorted.jsonl");
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 60_000; i++) {
      text.append("{\"id\": ").append(i).append(", \"name\": \"n").append(i * 7919 % 100_000)
          .append("\", \"x\": ").append(i * 0.5).append("}\n");
    }
    Files.writeString(jsonl, text);
    Path orc = dir.resolve("sorted.orc");
    Cli.Result converted = Cli.run("convert", "--stripe-size", "131072", jsonl.toString(),
        orc.toString());
    assertThat(converted.status()).as(converted.err()).isZero();
    Cli.Result meta = Cli.run("meta", "--json", orc.toString());
    assertThat(meta.status()).as(meta.err()).isZero();
    com.fasterxml.jackson.databind.JsonNode json =
        new com.fasterxml.jackson.databind.ObjectMapper().readTree(meta.out());
    long stride = json.get("rowIndexStride").asLong();
    com.fasterxml.jackson.databind.JsonNode stripes = json.get("stripes");
    assertThat(stripes.size()).as("stripes").isGreaterThan(2);
    long groups = 0;
    for (com.fasterxml.jackson.databind.JsonNode s : stripes) {
      groups += (s.get("rows").asLong() + stride - 1) / stride;
    }
    assertThat(groups).isGreaterThan(stripes.size());
    Random random = TestSeed.random("sorted-lookup-cli", 0);
    long[] ids = {0, 59_999, 30_000, random.nextInt(60_000), random.nextInt(60_000)};
    for (long id : ids) {
      int excluded = 0;
      for (com.fasterxml.jackson.databind.JsonNode s : stripes) {
        com.fasterxml.jackson.databind.JsonNode st = s.get("statistics").get(1);
        assertThat(st.get("type").asText()).isEqualTo("bigint");
        excluded += id < st.get("min").asLong() || id > st.get("max").asLong() ? 1 : 0;
      }
      assertThat(excluded).as("id %d", id).isEqualTo(stripes.size() - 1);
      Cli.Result r = Cli.run("cat", "--where", "id = " + id, "--explain", orc.toString());
      assertThat(r.status()).as(r.err()).isZero();
      assertThat(r.out().lines().toList()).as(r.err()).hasSize(1)
          .allMatch(l -> l.startsWith("{\"id\": " + id + ","));
      assertThat(r.errLines()).as("id %d; %s", id, TestSeed.replay())
          .contains("  stripes: 1 read, " + excluded + " skipped",
              "  row groups: 1 read, " + (groups - 1) + " skipped");
    }
  }
}
