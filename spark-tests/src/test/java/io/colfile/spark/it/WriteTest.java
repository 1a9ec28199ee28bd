package io.colfile.spark.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.TaskContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writes through {@code df.write.format("colfile")}: Spark's commit protocol, partitionBy,
 * SaveModes, and files Spark's own ORC source reads (and the other way round).
 */
class WriteTest {
  @TempDir Path dir;

  static Dataset<Row> data(int rows) {
    return SparkSessions.get().range(0, rows).selectExpr(
        "id",
        "cast(id % 7 as int) as day",
        "concat('name-', id) as name",
        "cast(id / 3 as decimal(12, 2)) as price",
        "cast(id * 12345678901 as decimal(30, 4)) as big",
        "date_add(date'2024-01-01', cast(id % 400 as int)) as d",
        "timestamp_micros(1700000000000000 + id * 1000003) as ts",
        "cast(timestamp_micros(1700000000000000 + id * 7) as timestamp_ntz) as ntz",
        "if(id % 5 = 0, null, id * 1.5d) as maybe",
        "array(id, id + 1, if(id % 3 = 0, null, id)) as arr",
        "named_struct('a', id % 10, 'b', concat('b', id % 4)) as s",
        "if(id % 4 = 0, null, map('k', cast(id as string))) as m");
  }

  @Test
  void orcWrittenByColfileReadsInSparksOrcSourceAndBack() {
    SparkSession spark = SparkSessions.get();
    Dataset<Row> df = data(20_000);
    df.write().format("colfile").save(dir.resolve("ours").toString());
    assertThat(dataFiles(dir.resolve("ours"))).allMatch(f -> f.endsWith(".zstd.orc"));
    Dataset<Row> back = spark.read().orc(dir.resolve("ours").toString());
    SparkSessions.assertSameRows(json(timestamps(back)), json(df));
    // an ORC timestamp is a wall clock: colfile reads it as TIMESTAMP_NTZ (UTC is the session's
    // zone here, the zone it was written in)
    Dataset<Row> backOurs = spark.read().format("colfile").load(dir.resolve("ours").toString());
    assertThat(backOurs.schema().apply("ts").dataType()).isEqualTo(DataTypes.TimestampNTZType);
    SparkSessions.assertSameRows(json(timestamps(backOurs)), json(df));
    // written as instants, colfile reads them back as TIMESTAMP
    df.write().format("colfile").option("timestampType", "instant")
        .save(dir.resolve("instants").toString());
    Dataset<Row> instants = spark.read().format("colfile")
        .load(dir.resolve("instants").toString());
    assertThat(instants.schema().apply("ts").dataType()).isEqualTo(DataTypes.TimestampType);
    SparkSessions.assertSameRows(json(instants), json(df));

    df.write().orc(dir.resolve("theirs").toString());
    Dataset<Row> theirs = spark.read().format("colfile").load(dir.resolve("theirs").toString());
    // Spark's ORC source writes TIMESTAMP_NTZ as an ORC bigint of microseconds, marked by an ORC
    // type attribute (spark.sql.catalyst.type) that colfile does not read yet: the column reads
    // as the bigint Spark stored
    assertThat(theirs.schema().apply("ntz").dataType()).isEqualTo(DataTypes.LongType);
    SparkSessions.assertSameRows(json(timestamps(theirs.withColumn("ntz",
        org.apache.spark.sql.functions.timestamp_micros(
            org.apache.spark.sql.functions.col("ntz"))))), json(df));
  }

  @Test
  void trevniWithOptionsRoundTrips() {
    Dataset<Row> df = data(5_000).drop("m"); // Trevni maps have string keys: kept to those
    df.write().format("colfile").option("format", "trevni").option("compression", "snappy")
        .save(dir.resolve("t").toString());
    assertThat(dataFiles(dir.resolve("t"))).allMatch(f -> f.endsWith(".snappy.trevni"));
    Dataset<Row> back = SparkSessions.get().read().format("colfile")
        .load(dir.resolve("t").toString());
    SparkSessions.assertSameRows(json(back), json(df));
  }

  @Test
  void partitionByWritesKeyValueDirectoriesAndReadsBackWithPruning() throws Exception {
    Dataset<Row> df = data(14_000);
    Path out = dir.resolve("parts");
    df.write().format("colfile").partitionBy("day").save(out.toString());
    for (int day = 0; day < 7; day++) {
      assertThat(out.resolve("day=" + day)).isDirectory();
    }
    Dataset<Row> all = SparkSessions.get().read().format("colfile").load(out.toString());
    assertThat(all.schema().apply("day").dataType()).isEqualTo(DataTypes.IntegerType);
    SparkSessions.assertSameRows(
        json(timestamps(all).select(df.columns()[0], rest(df.columns()))), json(df));
    // Spark's own ORC source reads the same directories
    SparkSessions.assertSameRows(
        json(timestamps(SparkSessions.get().read().orc(out.toString()))
            .select(df.columns()[0], rest(df.columns()))), json(df));

    Dataset<Row> day3 = all.where("day = 3");
    String plan = day3.queryExecution().executedPlan().toString();
    assertThat(plan).contains("PushedFilters").contains("day = 3");
    List<Row> rows = day3.collectAsList();
    assertThat(rows).hasSize(2000).allMatch(r -> r.getInt(r.fieldIndex("day")) == 3);
    long files = PushdownTest.metric(PushdownTest.scan(day3), "colfileFilesRead");
    assertThat(files).isEqualTo(dataFiles(out.resolve("day=3")).size());
  }

  @Test
  void saveModes() {
    Path out = dir.resolve("modes");
    data(100).write().format("colfile").save(out.toString());
    assertThatThrownBy(() -> data(100).write().format("colfile").save(out.toString()))
        .hasMessageContaining("already exists");
    data(50).write().format("colfile").mode(SaveMode.Ignore).save(out.toString());
    assertThat(read(out).count()).isEqualTo(100);
    data(30).write().format("colfile").mode(SaveMode.Append).save(out.toString());
    assertThat(read(out).count()).isEqualTo(130);
    data(20).write().format("colfile").mode(SaveMode.Overwrite).save(out.toString());
    assertThat(read(out).count()).isEqualTo(20);
  }

  @Test
  void aFailingJobLeavesNoDataFiles() {
    SparkSession spark = SparkSessions.get();
    spark.udf().register("failAt", (UDF1<Long, Long>) id -> {
      if (id == 7_777) {
        throw new IllegalStateException("boom at row 7777");
      }
      return id;
    }, DataTypes.LongType);
    Path out = dir.resolve("failed");
    assertThatThrownBy(() -> data(10_000).repartition(4).selectExpr("failAt(id) as id", "name")
        .write().format("colfile").save(out.toString()))
        .hasStackTraceContaining("boom at row 7777");
    assertThat(dataFiles(out)).isEmpty();
  }

  @Test
  void aRetriedTaskIsNotWrittenTwice() {
    SparkSession spark = SparkSessions.get();
    spark.udf().register("failFirstAttempt", (UDF1<Long, Long>) id -> {
      TaskContext t = TaskContext.get();
      if (id % 1000 == 999 && t.attemptNumber() == 0 && t.partitionId() == 1) {
        throw new IllegalStateException("first attempt fails");
      }
      return id;
    }, DataTypes.LongType);
    Path out = dir.resolve("retried");
    data(8_000).repartition(4).selectExpr("failFirstAttempt(id) as id", "name")
        .write().format("colfile").save(out.toString());
    Dataset<Row> back = read(out);
    assertThat(back.count()).isEqualTo(8_000);
    assertThat(back.select("id").distinct().count()).isEqualTo(8_000);
    assertThat(dataFiles(out)).hasSize(4);
  }

  /**
   * ORC's {@code timestamp} is a wall clock: Spark's ORC source reads it as TIMESTAMP in the
   * session's zone (NTZ columns too: it knows them only by an ORC type attribute colfile does
   * not write yet), colfile as TIMESTAMP_NTZ. Both are the written values once cast back in
   * the session's zone (UTC here, the zone they were written in).
   */
  static Dataset<Row> timestamps(Dataset<Row> d) {
    return d.withColumn("ts", org.apache.spark.sql.functions.col("ts").cast("timestamp"))
        .withColumn("ntz", org.apache.spark.sql.functions.col("ntz").cast("timestamp_ntz"));
  }

  private static Dataset<Row> read(Path p) {
    return SparkSessions.get().read().format("colfile").load(p.toString());
  }

  private static String[] rest(String[] columns) {
    return java.util.Arrays.copyOfRange(columns, 1, columns.length);
  }

  /** Rows as JSON text: maps cannot take part in set operations. */
  static Dataset<Row> json(Dataset<Row> d) {
    return d.selectExpr("to_json(struct(*)) as row");
  }

  static List<String> dataFiles(Path dir) {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> all = Files.walk(dir)) {
      return all.filter(Files::isRegularFile).map(p -> p.getFileName().toString())
          .filter(n -> !n.startsWith(".") && !n.startsWith("_")).toList();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
