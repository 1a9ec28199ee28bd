package io.colfile.spark.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.WriteOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.metric.SQLMetric;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scala.jdk.javaapi.CollectionConverters;

/** Filters, columns and LIMIT reach colfile, show in the plan, and make it read less. */
class PushdownTest {
  static final int ROWS = 200_000;

  @TempDir static Path dir;
  static Path file;

  @BeforeAll
  static void write() throws Exception {
    file = dir.resolve("lineitem.orc");
    // the rows are sorted by l_orderkey: a range of keys is a range of row groups
    SparkSessions.writeLineItems("orc", file, ROWS, 7, WriteOptions.defaults());
  }

  @Test
  void aSelectiveFilterOnASortedColumnIsPushedAndSkipsRowGroups() throws Exception {
    SparkSession spark = SparkSessions.get();
    Dataset<Row> q = spark.read().format("colfile").load(file.toString())
        .where("l_orderkey < 1000").select("l_orderkey", "l_comment");
    String plan = q.queryExecution().executedPlan().toString();
    assertThat(plan).contains("PushedFilters").contains("l_orderkey < 1000");
    long n = q.count();
    Dataset<Row> theirs = spark.read().orc(file.toString())
        .where("l_orderkey < 1000").select("l_orderkey", "l_comment");
    assertThat(n).isEqualTo(theirs.count()).isPositive();
    SparkSessions.assertSameRows(q, theirs);

    q.collectAsList();
    SparkPlan scan = scan(q);
    long decoded = metric(scan, "colfileRowsDecoded");
    long bytes = metric(scan, "colfileBytesRead");
    long skipped = metric(scan, "colfileUnitsSkipped");
    // one row group of 10,000 rows holds every key below 1000; the other 19 are skipped
    assertThat(decoded).isLessThan(ROWS / 10).isGreaterThanOrEqualTo(n);
    assertThat(bytes).isLessThan(Files.size(file) / 5);
    assertThat(skipped).isPositive();
    // colfile decided the filter exactly: no Filter above the scan
    assertThat(plan).doesNotContain("Filter (");
  }

  @Test
  void aFullScanReadsEveryRow() throws Exception {
    Dataset<Row> q = SparkSessions.get().read().format("colfile").load(file.toString());
    assertThat(q.count()).isEqualTo(ROWS);
    Dataset<Row> all = q.select("l_orderkey");
    all.collectAsList();
    assertThat(metric(scan(all), "colfileRowsDecoded")).isEqualTo(ROWS);
  }

  @Test
  void predicatesColfileCannotDecideStayWithSpark() {
    Dataset<Row> q = SparkSessions.get().read().format("colfile").load(file.toString())
        .where("l_quantity > 49.0 AND l_comment LIKE '%final%'");
    String plan = q.queryExecution().executedPlan().toString();
    assertThat(plan).contains("Filter");
    Dataset<Row> theirs = SparkSessions.get().read().orc(file.toString())
        .where("l_quantity > 49.0 AND l_comment LIKE '%final%'");
    SparkSessions.assertSameRows(q, theirs);
  }

  @Test
  void limitIsPushedAndReadsLittle() {
    Dataset<Row> q = SparkSessions.get().read().format("colfile").load(file.toString())
        .select("l_orderkey").limit(10);
    assertThat(q.queryExecution().executedPlan().toString()).contains("limit 10");
    assertThat(q.collectAsList()).hasSize(10);
    assertThat(metric(scan(q), "colfileRowsDecoded")).isLessThan(ROWS / 10);
  }

  @Test
  void statisticsComeFromTheFooter() throws Exception {
    Dataset<Row> q = SparkSessions.get().read().format("colfile").load(file.toString());
    var stats = q.queryExecution().optimizedPlan().stats();
    assertThat(stats.rowCount().isDefined()).isTrue();
    assertThat(stats.rowCount().get().longValue()).isEqualTo(ROWS);
    assertThat(stats.sizeInBytes().longValue()).isEqualTo(Files.size(file));
  }

  static SparkPlan scan(Dataset<Row> q) {
    SparkPlan plan = q.queryExecution().executedPlan();
    if (plan instanceof org.apache.spark.sql.execution.adaptive.AdaptiveSparkPlanExec a) {
      plan = a.finalPhysicalPlan();
    }
    for (SparkPlan p : CollectionConverters.asJava(plan.collectLeaves())) {
      if (p.metrics().contains("colfileRowsDecoded")) {
        return p;
      }
    }
    throw new AssertionError("no colfile scan in " + plan);
  }

  static long metric(SparkPlan scan, String name) {
    SQLMetric m = scan.metrics().get(name).get();
    return m.value();
  }
}
