package io.colfile.spark.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.WriteOptions;
import java.nio.file.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReadSmokeTest {
  @TempDir Path dir;

  @Test
  void orcWrittenByColfileReadsAsSparksOrcSourceReadsIt() throws Exception {
    SparkSession spark = SparkSessions.get();
    SparkSessions.writeLineItems("orc", dir.resolve("a.orc"), 5000, 1, WriteOptions.defaults());
    Dataset<Row> ours = spark.read().format("colfile").load(dir.toString());
    Dataset<Row> theirs = spark.read().orc(dir.toString());
    assertThat(ours.schema().fieldNames()).containsExactly(theirs.schema().fieldNames());
    SparkSessions.assertSameRows(ours, theirs);
    assertThat(ours.where("l_orderkey < 100").count())
        .isEqualTo(theirs.where("l_orderkey < 100").count());
    assertThat(ours.select("l_comment").where("l_linenumber = 3").count())
        .isEqualTo(theirs.select("l_comment").where("l_linenumber = 3").count());
  }
}
