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

/** ORC files are split into byte ranges, each task reading the stripes that begin in its own. */
class SplitTest {
  @TempDir Path dir;

  @Test
  void aFileOfManyStripesIsReadByManyTasksEachRowOnce() throws Exception {
    SparkSession spark = SparkSessions.get();
    Path file = dir.resolve("t.orc");
    SparkSessions.writeLineItems("orc", file, 300_000, 5,
        WriteOptions.defaults().withBlockSize(512 * 1024));
    long bytes = Files.size(file);
    String before = spark.conf().get("spark.sql.files.maxPartitionBytes");
    spark.conf().set("spark.sql.files.maxPartitionBytes", Long.toString(bytes / 6));
    try {
      Dataset<Row> ours = spark.read().format("colfile").load(file.toString());
      assertThat(ours.rdd().getNumPartitions()).isGreaterThanOrEqualTo(6);
      assertThat(ours.count()).isEqualTo(300_000);
      assertThat(ours.select("l_orderkey", "l_linenumber").distinct().count()).isEqualTo(300_000);
      SparkSessions.assertSameRows(ours, spark.read().orc(file.toString()));
    } finally {
      spark.conf().set("spark.sql.files.maxPartitionBytes", before);
    }
  }
}
