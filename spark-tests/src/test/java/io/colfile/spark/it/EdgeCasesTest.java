package io.colfile.spark.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.colfile.core.BatchReader;
import io.colfile.core.ColFile;
import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.LongVector;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Partition columns asked for in part, and bare-value files (Kudu CFiles). */
class EdgeCasesTest {
  @TempDir Path dir;

  @Test
  void somePartitionColumnsOfSeveral() {
    SparkSession spark = SparkSessions.get();
    Path out = dir.resolve("ym");
    spark.range(0, 400).selectExpr("id", "cast(2020 + id % 2 as int) as year",
        "concat('m', id % 4) as month").write().format("colfile")
        .partitionBy("year", "month").save(out.toString());
    Dataset<Row> ours = spark.read().format("colfile").load(out.toString());
    Dataset<Row> theirs = spark.read().orc(out.toString());
    SparkSessions.assertSameRows(ours.select("month"), theirs.select("month"));
    SparkSessions.assertSameRows(ours.select("month", "id"), theirs.select("month", "id"));
    assertThat(ours.where("month = 'm2'").count()).isEqualTo(100);
    assertThat(ours.where("month = 'm2' AND year = 2020").select("id").collectAsList())
        .hasSize(100).allMatch(r -> r.getLong(0) % 4 == 2);
    assertThat(ours.where("year = 2021").select("month").distinct().count()).isEqualTo(2);
  }

  @Test
  void aKuduCFileReadsAsOneColumnAndCounts() throws Exception {
    Path shared = SparkSessions.shared();
    assumeTrue(shared != null, "../shared is absent: no CFile written by Kudu to read");
    Path cfile = shared.resolve("kudu-cfiles/s_bool/rs0.col.id.cfile");
    List<Long> want = new ArrayList<>();
    try (FileReader f = ColFile.open(cfile); BatchReader r = f.read(ReadOptions.defaults())) {
      ColumnBatch b = r.newBatch();
      while (r.next(b)) {
        for (int i = 0; i < b.size; i++) {
          want.add(((LongVector) b.cols[0]).vector[i]);
        }
      }
    }
    SparkSession spark = SparkSessions.get();
    for (Dataset<Row> d : List.of(spark.read().format("colfile").load(cfile.toString()),
        spark.read().format("colfile").option("format", "kudu").load(cfile.toString()))) {
      assertThat(d.schema().fieldNames()).containsExactly("_col0");
      assertThat(d.count()).isEqualTo(want.size());
      List<Long> got = new ArrayList<>();
      for (Row r : d.collectAsList()) {
        got.add(((Number) r.get(0)).longValue());
      }
      assertThat(got).isEqualTo(want);
    }
  }
}
