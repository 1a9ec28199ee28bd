package io.colfile.spark.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A table of a killed Kudu tablet server's directory (written by the real Kudu 1.17.1 through
 * ../shared's kudu-oracle, the last wave only in the write-ahead logs) read through Spark, a
 * tablet per task: the rows Kudu's own scan returned just before the kill, and as of a time.
 */
class KuduTabletServerTest {
  @TempDir static Path tmp;

  @Test
  void aTableOfAKilledTabletServerReadsAsKuduScannedIt() throws Exception {
    Path shared = SparkSessions.shared();
    assumeThat(shared).as("../shared holds the generator of tablet server directories")
        .isNotNull();
    Path tool = shared.resolve("tools/kudu-oracle/kudu-oracle");
    assumeThat(Files.isExecutable(tool)).as("kudu-oracle in ../shared").isTrue();
    assumeThat(System.getProperty("os.name") + " " + System.getProperty("os.arch"))
        .as("Kudu's binaries run on Linux x86_64").matches("Linux (amd64|x86_64)");
    Path gen = tmp.resolve("gen");
    Process p = new ProcessBuilder(tool.toString(), "gen-tablets", gen.toString(),
        "--block-manager", "log", "--tables", "small")
        .redirectErrorStream(true).redirectOutput(tmp.resolve("gen.log").toFile()).start();
    assertThat(p.waitFor(10, TimeUnit.MINUTES)).isTrue();
    assertThat(p.exitValue()).as(Files.readString(tmp.resolve("gen.log"))).isZero();

    ObjectMapper json = new ObjectMapper();
    JsonNode manifest = json.readTree(gen.resolve("manifest.json").toFile());
    String server = gen.resolve("tserver").toString();
    for (String table : List.of("alltypes", "nonunique", "strkey")) {
      JsonNode expected = json.readTree(gen.resolve("expected/" + table + ".json").toFile());
      Dataset<Row> rows = SparkSessions.get().read().format("colfile").option("table", table)
          .load(server);
      int tablets = 0;
      for (JsonNode t : manifest.get("tables")) {
        if (t.get("table").asText().equals(table)) {
          tablets = t.get("tablets").size();
        }
      }
      // a tablet per task once tasks take no more than one (Spark packs small units together)
      String before = SparkSessions.get().conf().get("spark.sql.files.maxPartitionBytes");
      SparkSessions.get().conf().set("spark.sql.files.maxPartitionBytes", "1");
      try {
        assertThat(SparkSessions.get().read().format("colfile").option("table", table)
            .load(server).rdd().getNumPartitions()).isEqualTo(tablets);
      } finally {
        SparkSessions.get().conf().set("spark.sql.files.maxPartitionBytes", before);
      }
      assertThat(rows.count()).as(table).isEqualTo(expected.get("row_count").asLong());
      String key = expected.get("key").get(0).asText();
      List<String> want = new ArrayList<>();
      int k = 0;
      for (JsonNode c : expected.get("schema")) {
        if (c.get("name").asText().equals(key)) {
          break;
        }
        k++;
      }
      for (JsonNode r : expected.get("rows")) {
        want.add(r.get(k).asText());
      }
      List<String> got = new ArrayList<>();
      for (Row r : rows.select(key).collectAsList()) {
        got.add(r.get(0) instanceof byte[] b ? new String(b) : String.valueOf(r.get(0)));
      }
      assertThat(got).as(table).containsExactlyInAnyOrderElementsOf(want);
    }
    JsonNode point = manifest.get("asof_points").get(0);
    JsonNode then = json.readTree(gen.resolve("expected/alltypes"
        + point.get("file_suffix").asText()).toFile());
    assertThat(SparkSessions.get().read().format("colfile").option("table", "alltypes")
        .option("asOf", point.get("micros").asText()).load(server).count())
        .isEqualTo(then.get("row_count").asLong());
  }
}
