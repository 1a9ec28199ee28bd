package io.colfile.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code colfile convert}'s inputs: standard input, gzip, a BOM, CSV dialects, several inputs. */
class ConvertInputsTest {
  private static final Path SAMPLE_ORC =
      Path.of(System.getProperty("user.dir")).getParent().resolve("testdata/orc/sample.orc");
  private static final String CSV = "id,name\n1,a\n2,\"b, c\"\n3,\n";
  private static final String ROWS = "{\"id\": 1, \"name\": \"a\"}\n{\"id\": 2, \"name\": \"b, c\"}\n"
      + "{\"id\": 3, \"name\": null}\n";

  @TempDir Path dir;

  private static byte[] gzip(String text) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream z = new GZIPOutputStream(out)) {
      z.write(text.getBytes(StandardCharsets.UTF_8));
    }
    return out.toByteArray();
  }

  private String converted(Cli.Result r, Path out) {
    assertThat(r.status()).as(r.err()).isZero();
    Cli.Result cat = Cli.run("cat", out.toString());
    assertThat(cat.status()).as(cat.err()).isZero();
    return cat.out();
  }

  private static Set<Path> spooled() throws IOException {
    try (Stream<Path> s = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
      return s.filter(p -> p.getFileName().toString().startsWith("colfile-stdin-"))
          .collect(Collectors.toSet());
    }
  }

  @Test
  void standardInputOfEveryKindAndTheSpoolIsDeleted() throws IOException {
    Set<Path> before = spooled();
    Path out = dir.resolve("out.orc");
    Cli.Result csv = Cli.runWithInput(CSV.getBytes(StandardCharsets.UTF_8), "convert", "-",
        out.toString());
    assertThat(csv.err()).contains("inferred schema struct<id:bigint,name:string>");
    assertThat(converted(csv, out)).isEqualTo(ROWS);
    Cli.Result json = Cli.runWithInput(gzip(ROWS), "convert", "-", out.toString(), "--format",
        "trevni");
    assertThat(converted(json, out)).isEqualTo(ROWS);
    Cli.Result orc = Cli.runWithInput(Files.readAllBytes(SAMPLE_ORC), "convert", "-",
        out.toString());
    assertThat(converted(orc, out)).isEqualTo(Cli.run("cat", SAMPLE_ORC.toString()).out());
    Cli.Result bad = Cli.runWithInput("a,b\n1\n".getBytes(StandardCharsets.UTF_8), "convert",
        "-", out.toString());
    assertThat(bad.status()).isEqualTo(1);
    assertThat(bad.err()).startsWith("colfile: <stdin>: line 2: the row has 1 fields");
    assertThat(spooled()).isEqualTo(before);
    Cli.Result twice = Cli.run("convert", "-", "-", out.toString());
    assertThat(twice.status()).isEqualTo(2);
    assertThat(twice.err()).contains("standard input (-) can be read only once");
  }

  @Test
  void gzipByNameOrByMagicAndABom() throws IOException {
    Path out = dir.resolve("out.orc");
    Path named = dir.resolve("rows.csv.gz");
    Files.write(named, gzip("\ufeff" + CSV));
    assertThat(converted(Cli.run("convert", named.toString(), out.toString()), out))
        .isEqualTo(ROWS);
    Path unnamed = dir.resolve("rows.data");
    Files.write(unnamed, gzip(ROWS));
    assertThat(converted(Cli.run("convert", unnamed.toString(), out.toString()), out))
        .isEqualTo(ROWS);
    Path bomJson = dir.resolve("rows.jsonl");
    Files.writeString(bomJson, "\ufeff" + ROWS);
    assertThat(converted(Cli.run("convert", bomJson.toString(), out.toString()), out))
        .isEqualTo(ROWS);
    Path text = dir.resolve("rows.txt"); // a file's text is not guessed to be CSV
    Files.writeString(text, CSV);
    Cli.Result guessed = Cli.run("convert", text.toString(), out.toString());
    assertThat(guessed.status()).isEqualTo(1);
    assertThat(guessed.err()).contains("not a file of any format colfile reads");
    assertThat(converted(Cli.run("convert", text.toString(), out.toString(), "--input-format",
        "csv"), out)).isEqualTo(ROWS);
  }

  @Test
  void csvDialectOptions() throws IOException {
    Path in = dir.resolve("in.csv");
    Files.writeString(in, "1;'x;y'\n\\N;''\n3;a\\'b\n4;\\\\N\n");
    Path out = dir.resolve("out.orc");
    Cli.Result r = Cli.run("convert", in.toString(), out.toString(), "--no-header",
        "--schema", "struct<id:int,name:string>", "--separator", ";", "--quote", "'",
        "--escape", "\\", "--null-string", "\\N");
    assertThat(converted(r, out)).isEqualTo("{\"id\": 1, \"name\": \"x;y\"}\n"
        + "{\"id\": null, \"name\": \"\"}\n{\"id\": 3, \"name\": \"a'b\"}\n"
        + "{\"id\": 4, \"name\": \"\\\\N\"}\n");
    Path tsv = dir.resolve("in.tsv");
    Files.writeString(tsv, "id\tname\n1\ta b\n");
    assertThat(converted(Cli.run("convert", tsv.toString(), out.toString()), out))
        .isEqualTo("{\"id\": 1, \"name\": \"a b\"}\n");
  }

  @Test
  void timestampFormatAndZone() throws IOException {
    Path in = dir.resolve("in.csv");
    Files.writeString(in, "wall,instant\n31/03/2024 02:30,31/03/2024 03:30\n"
        + "27/10/2024 02:30,27/10/2024 02:30\n");
    Path out = dir.resolve("out.orc");
    Cli.Result r = Cli.run("convert", in.toString(), out.toString(), "--schema",
        "struct<wall:timestamp,instant:timestamp with local time zone>",
        "--timestamp-format", "dd/MM/yyyy HH:mm", "--timezone", "Europe/Amsterdam");
    assertThat(converted(r, out)).isEqualTo(
        "{\"wall\": \"2024-03-31 02:30:00.0\", \"instant\": \"2024-03-31 01:30:00.0\"}\n"
            + "{\"wall\": \"2024-10-27 02:30:00.0\", \"instant\": \"2024-10-27 00:30:00.0\"}\n");
    Files.writeString(in, "wall,instant\n31/03/2024 02:30,31/03/2024 02:30\n");
    out = dir.resolve("gap.orc");
    Cli.Result gap = Cli.run("convert", in.toString(), out.toString(), "--schema",
        "struct<wall:timestamp,instant:timestamp with local time zone>",
        "--timestamp-format", "dd/MM/yyyy HH:mm", "--timezone", "Europe/Amsterdam");
    assertThat(gap.status()).isEqualTo(1);
    assertThat(gap.err()).isEqualTo("colfile: " + in + ": line 2, column instant: "
        + "'31/03/2024 02:30' does not exist in Europe/Amsterdam (the clocks were set "
        + "forward)\n");
    assertThat(out).doesNotExist();
  }

  @Test
  void severalInputsIntoOneOutput() throws IOException {
    Path a = dir.resolve("a.csv");
    Files.writeString(a, "id,x\n1,2\n");
    Path b = dir.resolve("b.csv.gz");
    Files.write(b, gzip("x,id\n2.5,2\n"));
    Path out = dir.resolve("out.orc");
    Cli.Result r = Cli.run("convert", a.toString(), b.toString(), out.toString());
    assertThat(r.err()).contains("inferred schema struct<id:bigint,x:double>");
    assertThat(converted(r, out)).isEqualTo("{\"id\": 1, \"x\": 2}\n{\"id\": 2, \"x\": 2.5}\n");
    Cli.Result files = Cli.run("convert", SAMPLE_ORC.toString(), SAMPLE_ORC.toString(),
        out.toString(), "--format", "trevni");
    String once = Cli.run("cat", SAMPLE_ORC.toString()).out();
    assertThat(converted(files, out)).isEqualTo(once + once);
  }

  @Test
  void severalInputsMustBeOfOneKindAndSchema() throws IOException {
    Path a = dir.resolve("a.csv");
    Files.writeString(a, "id\n1\n");
    Path other = dir.resolve("other.orc");
    assertThat(Cli.run("convert", a.toString(), other.toString()).status()).isZero();
    Path out = dir.resolve("out.orc");
    Cli.Result mixed = Cli.run("convert", a.toString(), SAMPLE_ORC.toString(), out.toString());
    assertThat(mixed.status()).isEqualTo(2);
    assertThat(mixed.err()).contains("the inputs are of different kinds: " + a + " is CSV, "
        + SAMPLE_ORC + " a column file");
    Cli.Result schemas = Cli.run("convert", SAMPLE_ORC.toString(), other.toString(),
        out.toString());
    assertThat(schemas.status()).isEqualTo(2);
    assertThat(schemas.err()).contains("the schema differs from " + SAMPLE_ORC + "'s")
        .contains(other + "'s schema struct<id:bigint>");
    assertThat(out).doesNotExist();
  }
}
