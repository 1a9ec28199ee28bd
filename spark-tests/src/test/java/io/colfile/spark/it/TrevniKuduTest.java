package io.colfile.spark.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.BatchReader;
import io.colfile.core.ColFile;
import io.colfile.core.FileReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.WriteOptions;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.LongVector;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Trevni files and Kudu rowsets written by colfile read through Spark with the rows colfile's
 * own reader gives, and with the rows Spark's ORC source reads from an ORC file of the same
 * data.
 */
class TrevniKuduTest {
  static final int ROWS = 30_000;
  static final long SEED = 11;

  @TempDir static Path dir;

  @BeforeAll
  static void write() throws Exception {
    Files.createDirectories(dir.resolve("orc"));
    SparkSessions.writeLineItems("orc", dir.resolve("orc/items.orc"), ROWS, SEED,
        WriteOptions.defaults());
    Files.createDirectories(dir.resolve("trevni"));
    SparkSessions.writeLineItems("trevni", dir.resolve("trevni/items.trevni"), ROWS, SEED,
        WriteOptions.defaults());
    Files.createDirectories(dir.resolve("kudu"));
    SparkSessions.writeLineItems("kudu", dir.resolve("kudu/rowset-0"), ROWS, SEED,
        WriteOptions.defaults().withProperty("kudu.key", "l_orderkey,l_linenumber"));
  }

  @Test
  void trevniReadsAsColfileAndAsTheSameDataInOrc() throws Exception {
    check(dir.resolve("trevni/items.trevni"), "trevni", dir.resolve("trevni"));
  }

  @Test
  void kuduRowsetsReadAsColfileAndAsTheSameDataInOrc() throws Exception {
    check(dir.resolve("kudu/rowset-0"), "kudu", dir.resolve("kudu"));
    // the rowset directory itself, with the format found from it
    Dataset<Row> one = SparkSessions.get().read().format("colfile")
        .load(dir.resolve("kudu/rowset-0").toString());
    assertThat(one.count()).isEqualTo(ROWS);
  }

  @Test
  void theFormatOptionMustMatchTheFiles() {
    assertThatThrownBy(() -> SparkSessions.get().read().format("colfile")
        .option("format", "orc").load(dir.resolve("trevni").toString()).count())
        .hasStackTraceContaining("not orc");
    assertThatThrownBy(() -> SparkSessions.get().read().format("colfile")
        .option("format", "parquet").load(dir.resolve("trevni").toString()))
        .hasStackTraceContaining("option format: parquet is none of orc, trevni, kudu");
  }

  private static void check(Path colfilePath, String format, Path sparkPath) throws Exception {
    SparkSession spark = SparkSessions.get();
    Dataset<Row> ours = spark.read().format("colfile").option("format", format)
        .load(sparkPath.toString());
    Dataset<Row> orc = spark.read().orc(dir.resolve("orc").toString());
    org.apache.spark.sql.Column[] columns = java.util.Arrays.stream(orc.schema().fieldNames())
        .map(org.apache.spark.sql.functions::col).toArray(org.apache.spark.sql.Column[]::new);
    SparkSessions.assertSameRows(ours.select(columns), orc.select(columns));

    List<String> viaSpark = new ArrayList<>();
    for (Row r : ours.select("l_orderkey", "l_linenumber", "l_comment").collectAsList()) {
      viaSpark.add(r.getLong(0) + "/" + r.getInt(1) + "/" + r.getString(2));
    }
    List<String> viaColfile = new ArrayList<>();
    try (FileReader f = Files.isDirectory(colfilePath) ? ColFile.openDirectory(colfilePath)
            : ColFile.open(colfilePath);
        BatchReader r = f.read(ReadOptions.columns("l_orderkey", "l_linenumber", "l_comment"))) {
      ColumnBatch b = r.newBatch();
      while (r.next(b)) {
        for (int i = 0; i < b.size; i++) {
          viaColfile.add(((LongVector) b.cols[0]).vector[i] + "/"
              + ((LongVector) b.cols[1]).vector[i] + "/"
              + ((BytesVector) b.cols[2]).getString(i));
        }
      }
    }
    assertThat(viaSpark).hasSize(ROWS).isEqualTo(viaColfile);
  }
}
