package io.colfile.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.colfile.interop.kudu.KuduTabletDirs;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code colfile cat|meta|convert} on the directory of a tablet server the real Kudu wrote and
 * was killed in: each table as many rows as Kudu's own scan returned before the kill, the
 * server's tables and tablets with what their logs hold, a table converted to ORC.
 */
class KuduServerCliTest {
  @TempDir Path tmp;

  record Run(int status, String out, String err) {}

  static Run run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = Main.commandLine(out, new PrintStream(err, true, StandardCharsets.UTF_8))
        .execute(args);
    return new Run(status, out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void catMetaAndConvertATabletServersDirectory() throws Exception {
    Path gen = KuduTabletDirs.get("log");
    String server = gen.resolve("tserver").toString();
    JsonNode manifest = new ObjectMapper().readTree(gen.resolve("manifest.json").toFile());
    for (JsonNode t : manifest.get("tables")) {
      String table = t.get("table").asText();
      JsonNode expected = new ObjectMapper().readTree(
          gen.resolve("expected").resolve(table + ".json").toFile());
      Run cat = run("cat", server, "--table", table);
      assertThat(cat.status()).as(cat.err()).isZero();
      assertThat(cat.out().lines().count()).as(table)
          .isEqualTo(expected.get("row_count").asLong());
    }
    for (JsonNode point : manifest.get("asof_points")) {
      JsonNode expected = new ObjectMapper().readTree(gen.resolve("expected")
          .resolve("alltypes" + point.get("file_suffix").asText()).toFile());
      Run asOf = run("cat", server, "--table", "alltypes", "--as-of",
          point.get("micros").asText());
      assertThat(asOf.status()).as(asOf.err()).isZero();
      assertThat(asOf.out().lines().count()).as(point.get("name").asText())
          .isEqualTo(expected.get("row_count").asLong());
    }
    Run meta = run("meta", server);
    assertThat(meta.status()).as(meta.err()).isZero();
    assertThat(meta.out()).contains("block manager: log").contains("table: alltypes")
        .contains("row operations replayed");

    Run noTable = run("cat", server);
    assertThat(noTable.status()).isNotZero();
    assertThat(noTable.err()).contains("name a table with --table").contains("alltypes");
    Run unknown = run("cat", server, "--table", "nope");
    assertThat(unknown.err()).contains("no table 'nope'");

    Path orc = tmp.resolve("strkey.orc");
    Run convert = run("convert", server, orc.toString(), "--table", "strkey");
    assertThat(convert.status()).as(convert.err()).isZero();
    JsonNode strkey = new ObjectMapper().readTree(
        gen.resolve("expected").resolve("strkey.json").toFile());
    assertThat(run("cat", orc.toString()).out().lines().count())
        .isEqualTo(strkey.get("row_count").asLong());
  }
}
