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
    assertThat(lines).hasSize(3);
    assertThat(lines[0]).startsWith("ok ");
    assertThat(lines[1]).startsWith("DAMAGED  " + bad + ": ").contains("stripe 0 / column")
        .contains("file offset").contains("rows readable of 300");
    assertThat(lines[2]).startsWith("DAMAGED  " + cut + ": ").contains("file offset");
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
