package io.colfile.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code convert --format trevni}: ORC example files (and the bundled sample and CSV) become
 * Trevni files whose {@code cat} text is the original's, and back to ORC unchanged.
 */
class TrevniConvertTest {
  private static final Path REPO = Path.of(System.getProperty("user.dir")).getParent();

  @TempDir Path dir;

  /** Every example ORC file but the two 1.9-million-row demos (in -Pexhaustive). */
  static Stream<Path> orcFiles() throws IOException {
    Path examples = examples();
    boolean exhaustive = TestSeed.exhaustive();
    try (Stream<Path> files = Files.list(examples)) {
      List<Path> all = files.filter(p -> p.toString().endsWith(".orc"))
          .filter(p -> Files.isRegularFile(p))
          .filter(p -> exhaustive || !p.getFileName().toString().startsWith("demo-"))
          // zero.orc is an empty file, no ORC at all
          .filter(p -> !p.getFileName().toString().equals("zero.orc"))
          .sorted().toList();
      return Stream.concat(Stream.of(REPO.resolve("testdata/orc/sample.orc")), all.stream());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("orcFiles")
  void orcToTrevniAndBackKeepsEveryValue(Path orc) throws IOException {
    Path trv = dir.resolve("x.trv");
    Cli.Result convert = Cli.run("convert", orc.toString(), trv.toString(), "--format",
        "trevni", "--compression", "snappy");
    assertThat(convert.status()).as(convert.err()).isZero();
    String expected = Cli.run("cat", "--timezone", "UTC", orc.toString()).out();
    assertThat(Cli.run("cat", "--timezone", "UTC", trv.toString()).out()).isEqualTo(expected);
    Path back = dir.resolve("back.orc");
    Cli.Result again = Cli.run("convert", trv.toString(), back.toString());
    assertThat(again.status()).as(again.err()).isZero();
    assertThat(Cli.run("cat", "--timezone", "UTC", back.toString()).out()).isEqualTo(expected);
  }

  @Test
  void csvToTrevniWithSchemaMetaAndProjection() throws IOException {
    Path csv = REPO.resolve("testdata/csv/orders.csv");
    Path trv = dir.resolve("orders.trv");
    Cli.Result r = Cli.run("convert", csv.toString(), trv.toString(), "--format", "trevni",
        "--compression", "deflate", "--block-size", "4096");
    assertThat(r.status()).as(r.err()).isZero();
    Path orc = dir.resolve("orders.orc");
    assertThat(Cli.run("convert", csv.toString(), orc.toString()).status()).isZero();
    assertThat(Cli.run("cat", trv.toString()).out()).isEqualTo(Cli.run("cat", orc.toString())
        .out());
    assertThat(Cli.run("schema", trv.toString()).out())
        .isEqualTo(Cli.run("schema", orc.toString()).out());
    assertThat(Cli.run("cat", "--columns", "country,order_id", trv.toString()).out())
        .isEqualTo(Cli.run("cat", "--columns", "country,order_id", orc.toString()).out());
    String meta = Cli.run("meta", trv.toString()).out();
    assertThat(meta).startsWith("format: Trevni\n").contains("\nrows: 300\n",
        "trevni.codec: deflate", "name: order_id/long", "avroSchema: {\"type\":\"record\"");
  }

  @Test
  void formatPropertiesChooseBzip2AndCrc32() throws IOException {
    Path orc = REPO.resolve("testdata/orc/sample.orc");
    Path trv = dir.resolve("sample.trv");
    Cli.Result r = Cli.run("convert", orc.toString(), trv.toString(), "--format", "trevni",
        "--set", "trevni.codec=bzip2", "--set", "trevni.checksum=crc32");
    assertThat(r.status()).as(r.err()).isZero();
    String meta = Cli.run("meta", trv.toString()).out();
    assertThat(meta).contains("trevni.codec: bzip2", "trevni.checksum: crc32",
        "codec: bzip2", "checksum: crc32");
    assertThat(Cli.run("cat", trv.toString()).out())
        .isEqualTo(Cli.run("cat", orc.toString()).out());
  }

  @Test
  void whatTrevniCannotHoldIsAUsageError() throws IOException {
    Path in = dir.resolve("rows.jsonl");
    Files.writeString(in, "{\"a\": 1}\n");
    Path out = dir.resolve("out.trv");
    String[][] cases = {
      {"convert", in.toString(), out.toString(), "--format", "trevni", "--compression", "zstd"},
      {"convert", in.toString(), out.toString(), "--format", "trevni", "--bloom-columns", "a"},
      {"convert", in.toString(), out.toString(), "--format", "trevni", "--schema",
        "struct<`a b`:int>"},
      {"convert", in.toString(), out.toString(), "--format", "trevni", "--set",
        "trevni.checksum=md5"},
      {"convert", in.toString(), out.toString(), "--format", "trevni", "--set",
        "trevni.sync=1"},
      {"convert", in.toString(), out.toString(), "--set", "trevni.codec=bzip2"},
    };
    for (String[] args : cases) {
      Cli.Result res = Cli.run(args);
      assertThat(res.status()).as(String.join(" ", args) + ": " + res.err()).isEqualTo(2);
      assertThat(Files.exists(out)).isFalse();
    }
  }

  private static Path examples() {
    String prop = System.getProperty("colfile.shared.dir");
    Path base = prop == null || prop.isEmpty() ? Paths.get("..", "..", "shared") : Paths.get(prop);
    Path dir = base.resolve("orc-examples");
    assumeTrue(Files.isDirectory(dir), "skipped: the ORC example files are not at " + dir
        + " (they live in ../shared beside the checkout; set -Dcolfile.shared.dir)");
    return dir;
  }
}
