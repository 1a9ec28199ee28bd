package io.colfile.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.colfile.kudu.CFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code colfile salvage}: what it writes, what it reports, its exit status and its refusals. */
class SalvageCommandTest {
  private static final Path ORDERS = Path.of("../testdata/csv/orders.csv");

  @TempDir Path dir;

  /** An ORC file of 20000 rows in several stripes; its stripes as {@code meta --json} says. */
  private Path manyStripes() throws Exception {
    StringBuilder csv = new StringBuilder("id,name\n");
    for (int i = 0; i < 20_000; i++) {
      csv.append(i).append(",name-").append(i * 7919 % 100_003).append('\n');
    }
    Path in = dir.resolve("many.csv");
    Files.writeString(in, csv);
    Path orc = dir.resolve("many.orc");
    Cli.Result w = Cli.run("convert", in.toString(), orc.toString(), "--block-size", "16384",
        "--compression", "zlib");
    assertThat(w.status()).as(w.err()).isZero();
    return orc;
  }

  private JsonNode stripes(Path orc) throws Exception {
    return new ObjectMapper().readTree(Cli.run("meta", orc.toString(), "--json").out())
        .get("stripes");
  }

  @Test
  void anIntactFileIsCopiedWithExitStatus0() throws Exception {
    Path orc = dir.resolve("orders.orc");
    assertThat(Cli.run("convert", ORDERS.toString(), orc.toString()).status()).isZero();
    Path out = dir.resolve("copy.orc");
    Cli.Result r = Cli.run("salvage", orc.toString(), out.toString());
    assertThat(r.status()).as(r.err()).isZero();
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).isEqualTo("colfile: " + orc + ": kept 300 of 300 rows (stripe 0)\n");
    assertThat(Cli.run("cat", out.toString()).out()).isEqualTo(Cli.run("cat", orc.toString())
        .out());
  }

  @Test
  void aDamagedStripeIsLostTheOthersKeptExitStatus1() throws Exception {
    Path orc = manyStripes();
    JsonNode stripes = stripes(orc);
    assertThat(stripes.size()).isGreaterThan(2);
    JsonNode second = stripes.get(1);
    long offset = second.get("offset").asLong();
    long rows = second.get("rows").asLong();
    long first = stripes.get(0).get("rows").asLong();
    byte[] b = Files.readAllBytes(orc);
    int at = (int) (offset + second.get("indexLength").asLong()
        + second.get("dataLength").asLong() + 1);
    b[at] ^= 0x7f; // the second stripe's footer
    Path damaged = dir.resolve("damaged.orc");
    Files.write(damaged, b);
    byte[] before = Files.readAllBytes(damaged);

    Path out = dir.resolve("out.orc");
    Cli.Result r = Cli.run("salvage", damaged.toString(), out.toString());
    assertThat(r.status()).as(r.err()).isEqualTo(1);
    assertThat(r.err()).startsWith("colfile: " + damaged + ": kept " + (20_000 - rows)
        + " of 20000 rows (stripes 0, 2-" + (stripes.size() - 1) + "; lost stripe 1 rows "
        + first + "-" + (first + rows - 1) + ": ");
    assertThat(r.err()).contains("[stripe 1 / footer");
    assertThat(Files.readAllBytes(damaged)).isEqualTo(before);
    Cli.Result check = Cli.run("check", out.toString());
    assertThat(check.status()).as(check.out()).isZero();
    assertThat(check.out()).endsWith(": ORC, " + (20_000 - rows) + " rows\n");
    // the rows kept are the original's, in order, without the lost stripe's
    List<String> all = Cli.run("cat", orc.toString()).out().lines().toList();
    List<String> kept = Cli.run("cat", out.toString()).out().lines().toList();
    List<String> expected = new java.util.ArrayList<>(all.subList(0, (int) first));
    expected.addAll(all.subList((int) (first + rows), all.size()));
    assertThat(kept).isEqualTo(expected);
  }

  @Test
  void jsonReportsEveryLoss() throws Exception {
    Path orc = manyStripes();
    JsonNode second = stripes(orc).get(1);
    byte[] b = Files.readAllBytes(orc);
    b[(int) (second.get("offset").asLong() + second.get("indexLength").asLong()
        + second.get("dataLength").asLong() + 1)] ^= 0x7f;
    Path damaged = dir.resolve("damaged.orc");
    Files.write(damaged, b);
    Path out = dir.resolve("out.orc");
    Cli.Result r = Cli.run("salvage", damaged.toString(), out.toString(), "--json");
    assertThat(r.status()).isEqualTo(1);
    assertThat(r.err()).isEmpty();
    JsonNode j = new ObjectMapper().readTree(r.out());
    assertThat(j.get("file").asText()).isEqualTo(damaged.toString());
    assertThat(j.get("output").asText()).isEqualTo(out.toString());
    assertThat(j.get("format").asText()).isEqualTo("ORC");
    assertThat(j.get("rows").asLong()).isEqualTo(20_000);
    long lost = second.get("rows").asLong();
    assertThat(j.get("rows kept").asLong()).isEqualTo(20_000 - lost);
    assertThat(j.get("rows lost").asLong()).isEqualTo(lost);
    assertThat(j.get("lost")).hasSize(1);
    JsonNode loss = j.get("lost").get(0);
    assertThat(loss.get("part").asText()).isEqualTo("stripe 1");
    assertThat(loss.get("rows").asLong()).isEqualTo(lost);
    assertThat(loss.get("structure").asText()).startsWith("stripe 1 / footer");
    assertThat(loss.get("file offset").asLong()).isPositive();
  }

  @Test
  void aTrevniFileCutShortKeepsTheRowsBeforeTheCut() throws Exception {
    Path trv = dir.resolve("orders.trv");
    assertThat(Cli.run("convert", ORDERS.toString(), trv.toString(), "--format", "trevni",
        "--set", "trevni.checksum=crc32").status()).isZero();
    byte[] b = Files.readAllBytes(trv);
    Path cut = dir.resolve("cut.trv");
    Files.write(cut, Arrays.copyOf(b, b.length - 10));
    Path out = dir.resolve("out.trv");
    Cli.Result r = Cli.run("salvage", cut.toString(), out.toString());
    assertThat(r.status()).as(r.err()).isEqualTo(1);
    assertThat(r.err()).startsWith("colfile: " + cut + ": kept 0 of 300 rows (lost rows 0-299: ").contains("cut short");
    Cli.Result check = Cli.run("check", out.toString());
    assertThat(check.status()).as(check.out()).isZero();
    assertThat(check.out()).contains(": Trevni, 0 rows\n");
    Cli.Result notOrc = Cli.run("salvage", "--schema", "struct<a:int>", cut.toString(),
        dir.resolve("other.trv").toString());
    assertThat(notOrc.status()).isEqualTo(2);
    assertThat(notOrc.err()).isEqualTo("colfile: " + cut + ": --schema, --compression and "
        + "--like are for ORC files cut short\n");
  }

  @Test
  void aKuduCFileIsSalvagedAsACFile() throws Exception {
    Path rowset = dir.resolve("rowset");
    assertThat(Cli.run("convert", ORDERS.toString(), rowset.toString(), "--format", "kudu")
        .status()).isZero();
    Path cfile;
    try (Stream<Path> files = Files.walk(rowset)) {
      cfile = files.filter(Files::isRegularFile).filter(f -> {
        try {
          return CFile.hasMagic(Arrays.copyOf(Files.readAllBytes(f), 8));
        } catch (java.io.IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }).sorted().findFirst().orElseThrow();
    }
    Path out = dir.resolve("out.cfile");
    Cli.Result r = Cli.run("salvage", cfile.toString(), out.toString());
    assertThat(r.status()).as(r.err()).isZero();
    assertThat(r.err()).isEqualTo("colfile: " + cfile + ": kept 300 of 300 rows (all values)\n");
    assertThat(Cli.run("cat", out.toString()).out()).isEqualTo(Cli.run("cat", cfile.toString())
        .out());

    Cli.Result dirRefused = Cli.run("salvage", rowset.toString(), dir.resolve("x").toString());
    assertThat(dirRefused.status()).isEqualTo(2);
    assertThat(dirRefused.err()).isEqualTo("colfile: " + rowset + ": salvage copies single "
        + "files; for a Kudu rowset or tablet server's directory use 'colfile cat --salvage' or"
        + " 'colfile convert --salvage'\n");
  }

  @Test
  void anOrcFileWithoutItsTailIsRefusedAndNothingWritten() throws Exception {
    Path orc = dir.resolve("orders.orc");
    assertThat(Cli.run("convert", ORDERS.toString(), orc.toString()).status()).isZero();
    Path cut = dir.resolve("cut.orc");
    Files.write(cut, Arrays.copyOf(Files.readAllBytes(orc), 300));
    Path out = dir.resolve("out.orc");
    Cli.Result r = Cli.run("salvage", cut.toString(), out.toString());
    assertThat(r.status()).isEqualTo(1);
    assertThat(r.err()).startsWith("colfile: " + cut + ": ")
        .contains("; the tail holds the schema and where the stripes are: to scan for the "
            + "stripes without it, name the schema with --schema or an intact file of the same "
            + "writer with --like");
    assertThat(r.errLines()).hasSize(2); // one line and the final newline
    assertThat(out).doesNotExist();
    try (Stream<Path> left = Files.list(dir)) {
      assertThat(left.map(p -> p.getFileName().toString()))
          .containsExactlyInAnyOrder("orders.orc", "cut.orc");
    }
  }

  @Test
  void anOrcFileCutShortKeepsTheStripesBeforeTheCutGivenItsSchemaOrASibling() throws Exception {
    Path orc = manyStripes();
    JsonNode stripes = stripes(orc);
    JsonNode third = stripes.get(2);
    long end = third.get("offset").asLong() + third.get("indexLength").asLong()
        + third.get("dataLength").asLong() + third.get("footerLength").asLong();
    long rows = 0;
    for (int i = 0; i < 3; i++) {
      rows += stripes.get(i).get("rows").asLong();
    }
    Path cut = dir.resolve("cut.orc");
    Files.write(cut, Arrays.copyOf(Files.readAllBytes(orc), (int) end + 100));
    List<String> all = Cli.run("cat", orc.toString()).out().lines().toList();
    for (String[] how : new String[][] {{"--schema", "struct<id:bigint,name:string>"},
        {"--like", orc.toString()}}) {
      Path out = dir.resolve("out" + how[0] + ".orc");
      Cli.Result r = Cli.run("salvage", cut.toString(), out.toString(), how[0], how[1]);
      assertThat(r.status()).as(r.err()).isEqualTo(1);
      assertThat(r.err()).startsWith("colfile: " + cut + ": kept " + rows + " of " + rows
          + " rows (stripes 0-2; lost tail: the file's tail (footer, metadata, postscript) is "
          + "gone; stripes found by scanning, up to byte " + end + " of " + (end + 100));
      assertThat(Cli.run("cat", out.toString()).out().lines().toList())
          .isEqualTo(all.subList(0, (int) rows));
    }
  }

  @Test
  void refusals() throws Exception {
    Path orc = dir.resolve("orders.orc");
    assertThat(Cli.run("convert", ORDERS.toString(), orc.toString()).status()).isZero();
    byte[] original = Files.readAllBytes(orc);

    Cli.Result missing = Cli.run("salvage", dir.resolve("nope.orc").toString(),
        dir.resolve("o.orc").toString());
    assertThat(missing.status()).isEqualTo(1);
    assertThat(missing.err()).isEqualTo("colfile: " + dir.resolve("nope.orc")
        + ": no such file\n");

    Cli.Result directory = Cli.run("salvage", dir.toString(), dir.resolve("o.orc").toString());
    assertThat(directory.status()).isEqualTo(2);
    assertThat(directory.err()).isEqualTo("colfile: " + dir
        + ": is a directory; salvage copies one file\n");

    Path text = dir.resolve("notes.txt");
    Files.writeString(text, "not a column file\n");
    Cli.Result wrong = Cli.run("salvage", text.toString(), dir.resolve("o.orc").toString());
    assertThat(wrong.status()).isEqualTo(1);
    assertThat(wrong.err()).startsWith("colfile: " + text + ": not a file of any format");

    Path test = Cli.testFile(dir, "t.test", "rows=3");
    Cli.Result other = Cli.run("salvage", test.toString(), dir.resolve("o.test").toString());
    assertThat(other.status()).isEqualTo(2);
    assertThat(other.err()).isEqualTo("colfile: " + test
        + ": salvage copies ORC, Trevni and Kudu CFiles, not TEST files\n");

    Cli.Result same = Cli.run("salvage", orc.toString(),
        dir.resolve(".").resolve("orders.orc").toString());
    assertThat(same.status()).isEqualTo(2);
    assertThat(same.err()).isEqualTo("colfile: " + orc + ": OUT is IN: salvage never writes to "
        + "the damaged file; name another file\n");
    assertThat(Files.readAllBytes(orc)).isEqualTo(original);

    Path existing = dir.resolve("existing.orc");
    Files.writeString(existing, "keep me");
    Cli.Result exists = Cli.run("salvage", orc.toString(), existing.toString());
    assertThat(exists.status()).isEqualTo(2);
    assertThat(exists.err()).isEqualTo("colfile: " + orc + ": OUT " + existing
        + " exists; use --force to replace it\n");
    assertThat(Files.readString(existing)).isEqualTo("keep me");
    Cli.Result forced = Cli.run("salvage", "--force", orc.toString(), existing.toString());
    assertThat(forced.status()).as(forced.err()).isZero();
    assertThat(Files.readAllBytes(existing)).startsWith('O', 'R', 'C');

    Cli.Result noOut = Cli.run("salvage", orc.toString());
    assertThat(noOut.status()).isEqualTo(2);
    assertThat(noOut.err()).contains("Missing required parameter: 'OUT'");
    Cli.Result unknown = Cli.run("salvage", "--frobnicate", orc.toString(), "x.orc");
    assertThat(unknown.status()).isEqualTo(2);
    assertThat(unknown.err()).contains("--frobnicate");
  }

  @Test
  void helpSaysWhatTheExitStatusMeans() {
    Cli.Result r = Cli.run("salvage", "--help");
    assertThat(r.status()).isZero();
    assertThat(r.out()).contains("Exit status: 0 when OUT holds every row of IN, 1 when rows")
        .contains("--force").contains("--json").contains("colfile salvage damaged.orc");
  }
}
