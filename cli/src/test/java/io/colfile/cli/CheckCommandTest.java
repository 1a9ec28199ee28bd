package io.colfile.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CheckCommandTest {
  @TempDir Path dir;

  private Path orc(String name) throws Exception {
    Path out = dir.resolve(name);
    Cli.Result r = Cli.run("convert", Path.of("../testdata/csv/orders.csv").toString(),
        out.toString());
    assertThat(r.status()).as(r.err()).isZero();
    return out;
  }

  @Test
  void goodFilesAreOkAndDamagedOnesNamedWithTheirPlace() throws Exception {
    Path good = orc("good.orc");
    Path bad = dir.resolve("bad.orc");
    byte[] b = Files.readAllBytes(good);
    b[b.length / 3] ^= 0x55; // inside the stripe's data
    Files.write(bad, b);
    Path cut = dir.resolve("cut.orc");
    Files.write(cut, java.util.Arrays.copyOf(b, 300));

    Cli.Result ok = Cli.run("check", good.toString());
    assertThat(ok.status()).isZero();
    assertThat(ok.out()).isEqualTo("ok       " + good + ": ORC, 300 rows\n");

    Cli.Result r = Cli.run("check", good.toString(), bad.toString(), cut.toString());
    assertThat(r.status()).isEqualTo(1);
    String[] lines = r.out().split("\n");
    assertThat(lines).hasSize(5);
    assertThat(lines[0]).startsWith("ok ");
    assertThat(lines[1]).isEqualTo("DAMAGED  " + bad + ": 0 rows readable of 300");
    // one damaged column, named, the others whole
    assertThat(lines[2]).startsWith("         column ").contains("stripe 0 / column")
        .contains("file offset");
    assertThat(lines[3]).isEqualTo("DAMAGED  " + cut + ": 0 rows readable");
    assertThat(lines[4]).contains("file offset");
  }

  @Test
  void aDamagedStripeLeavesTheOthersReadable() throws Exception {
    StringBuilder csv = new StringBuilder("id,name\n");
    for (int i = 0; i < 20_000; i++) {
      csv.append(i).append(",name-").append(i * 7919 % 100_003).append('\n');
    }
    Path in = dir.resolve("many.csv");
    Files.writeString(in, csv);
    Path orc = dir.resolve("many.orc");
    Cli.Result w = Cli.run("convert", in.toString(), orc.toString(), "--block-size", "16384",
        "--compression", "none");
    assertThat(w.status()).as(w.err()).isZero();
    Cli.Result meta = Cli.run("meta", orc.toString(), "--json");
    com.fasterxml.jackson.databind.JsonNode stripes =
        new com.fasterxml.jackson.databind.ObjectMapper().readTree(meta.out()).get("stripes");
    assertThat(stripes.size()).isGreaterThan(2);
    com.fasterxml.jackson.databind.JsonNode second = stripes.get(1);
    long offset = second.get("offset").asLong();
    long rows = second.get("rows").asLong();
    byte[] b = Files.readAllBytes(orc);
    // the second stripe's footer: its streams can no longer be found
    int at = (int) (offset + second.get("indexLength").asLong()
        + second.get("dataLength").asLong() + 1);
    b[at] ^= 0x7f;
    Files.write(orc, b);

    Cli.Result r = Cli.run("check", orc.toString());
    assertThat(r.status()).isEqualTo(1);
    assertThat(r.out()).startsWith("DAMAGED  " + orc + ": " + (20_000 - rows)
        + " rows readable of 20000");
  }

  @Test
  void directoriesAreWalkedAndJsonSaysWhere() throws Exception {
    orc("a.orc");
    Path hidden = orc("_skipped.orc");
    Files.write(hidden, new byte[] {1, 2, 3}); // damaged, but hidden: not checked
    Path sub = Files.createDirectories(dir.resolve("sub"));
    Files.write(sub.resolve("b.orc"), new byte[] {'O', 'R', 'C', 0, 0, 0});

    Cli.Result r = Cli.run("check", dir.toString(), "--json");
    assertThat(r.status()).isEqualTo(1);
    com.fasterxml.jackson.databind.JsonNode report =
        new com.fasterxml.jackson.databind.ObjectMapper().readTree(r.out());
    assertThat(report.get("damaged").asInt()).isEqualTo(1);
    assertThat(report.get("files")).hasSize(2);
    assertThat(report.get("files").get(0).get("status").asText()).isEqualTo("ok");
    assertThat(report.get("files").get(1).get("file").asText()).endsWith("b.orc");
    assertThat(report.get("files").get(1).get("status").asText()).isEqualTo("damaged");
  }
}
