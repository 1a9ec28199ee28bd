package io.colfile.spark.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.WriteOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tables in Spark's catalog ({@code CREATE TABLE ... USING colfile}; {@code saveAsTable} and {@code INSERT INTO} with colfile as a V1 source), which
 * Spark reads through its file-format path rather than the V2 scan.
 */
class CatalogTableTest {
  @TempDir Path dir;

  @Test
  void asAV1SourceCatalogTablesAreWrittenAndRead() {
    SparkSession spark = SparkSessions.get();
    String key = "spark.sql.sources.useV1SourceList";
    String before = spark.conf().get(key);
    spark.conf().set(key, before + ",colfile");
    Dataset<Row> df = WriteTest.data(3000).drop("m");
    try {
      df.write().format("colfile").option("timestampType", "instant").saveAsTable("colfile_saved");
      df.limit(100).write().insertInto("colfile_saved");
      Dataset<Row> t = spark.table("colfile_saved");
      // Spark's file-format path, served by colfile's buildReader
      assertThat(t.queryExecution().executedPlan().toString()).contains("FileScan colfile");
      assertThat(t.count()).isEqualTo(3100);
      SparkSessions.assertSameRows(WriteTest.json(t.where("id >= 100")),
          WriteTest.json(df.where("id >= 100")));
      assertThat(spark.sql("SELECT count(*) FROM colfile_saved WHERE day = 3 AND id > 100")
          .first().getLong(0)).isEqualTo(df.where("day = 3 AND id > 100").count());
    } finally {
      spark.sql("DROP TABLE IF EXISTS colfile_saved");
      spark.conf().set(key, before);
    }
  }

  @Test
  void createTableUsingColfileOverFilesColfileWrote() throws Exception {
    SparkSession spark = SparkSessions.get();
    Path files = dir.resolve("items");
    Files.createDirectories(files);
    SparkSessions.writeLineItems("orc", files.resolve("a.orc"), 20_000, 3,
        WriteOptions.defaults().withBlockSize(256 * 1024));
    SparkSessions.writeLineItems("orc", files.resolve("b.orc"), 10_000, 4,
        WriteOptions.defaults());
    spark.sql("CREATE TABLE colfile_items USING colfile LOCATION '" + files.toUri() + "'");
    try {
      Dataset<Row> t = spark.table("colfile_items");
      assertThat(t.queryExecution().executedPlan().toString()).contains("BatchScan");
      SparkSessions.assertSameRows(t, spark.read().orc(files.toString()));
      assertThat(spark.sql("SELECT sum(l_quantity) FROM colfile_items WHERE l_orderkey < 500")
          .first().getDouble(0)).isEqualTo(spark.read().orc(files.toString())
          .where("l_orderkey < 500").selectExpr("sum(l_quantity)").first().getDouble(0));
    } finally {
      spark.sql("DROP TABLE IF EXISTS colfile_items");
    }
  }
}
