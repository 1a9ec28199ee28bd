package io.colfile.spark.bench;

import io.colfile.core.ColFile;
import io.colfile.core.FileWriter;
import io.colfile.core.WriteOptions;
import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.types.Type;
import io.colfile.testkit.LineItems;
import io.colfile.testkit.ValueFill;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A full scan and a selective scan of lineitem-like rows (16 columns, sorted by {@code
 * l_orderkey}) through {@code spark.read.format("colfile")} and through Spark's own vectorized
 * ORC reader ({@code spark.read.orc}), in one Spark session ({@code local[2]}), on the same ORC
 * files (written once by colfile, in 8 files of 250,000 rows). The full scan hands every column
 * of every row to Spark's {@code noop} sink; the selective scan counts the rows of 1 % of the
 * keys ({@code l_orderkey < 80000}), where both sources push the filter down.
 *
 * <p>{@code -Dcolfile.bench.dir} (default {@code $TMPDIR/colfile-spark-bench}) holds the files.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g", "-Duser.timezone=UTC",
    "--add-opens=java.base/java.lang=ALL-UNNAMED",
    "--add-opens=java.base/java.lang.invoke=ALL-UNNAMED",
    "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
    "--add-opens=java.base/java.io=ALL-UNNAMED",
    "--add-opens=java.base/java.net=ALL-UNNAMED",
    "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "--add-opens=java.base/java.util=ALL-UNNAMED",
    "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
    "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
    "--add-opens=java.base/jdk.internal.ref=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.cs=ALL-UNNAMED",
    "--add-opens=java.base/sun.security.action=ALL-UNNAMED",
    "--add-opens=java.base/sun.util.calendar=ALL-UNNAMED",
    "-Djdk.reflect.useDirectMethodHandle=false",
    "-Dio.netty.tryReflectionSetAccessible=true"})
public class SparkScanBenchmark {
  static final int FILES = 8;
  static final int ROWS_PER_FILE = 250_000;

  /** {@code colfile}, or {@code orc} for Spark's own ORC source. */
  @Param({"colfile", "orc"})
  public String source;

  /** The files' codec. */
  @Param({"NONE", "ZSTD"})
  public String codec;

  private SparkSession spark;
  private Dataset<Row> table;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    Path dir = Path.of(System.getProperty("colfile.bench.dir",
        System.getProperty("java.io.tmpdir") + "/colfile-spark-bench"), codec.toLowerCase());
    write(dir, CompressionCodec.valueOf(codec));
    spark = SparkSession.builder().master("local[2]").appName("colfile-spark-bench")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.session.timeZone", "UTC")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .getOrCreate();
    spark.sparkContext().setLogLevel("ERROR");
    table = source.equals("orc") ? spark.read().orc(dir.toString())
        : spark.read().format("colfile").load(dir.toString());
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    spark.stop();
  }

  @Benchmark
  public void fullScan() {
    table.write().format("noop").mode("overwrite").save();
  }

  @Benchmark
  public long selectiveScan() {
    return table.where("l_orderkey < 80000").count();
  }

  /** Writes the files once; a directory holding them all is reused. */
  static void write(Path dir, CompressionCodec codec) throws IOException {
    if (Files.exists(dir.resolve("part-" + (FILES - 1) + ".orc"))) {
      return;
    }
    Files.createDirectories(dir);
    Type schema = Type.parse(LineItems.SCHEMA);
    LineItems items = new LineItems(20261127L);
    for (int f = 0; f < FILES; f++) {
      try (FileWriter w = ColFile.writer("orc", dir.resolve("part-" + f + ".orc"), schema,
          WriteOptions.defaults().withCompression(codec))) {
        for (int left = ROWS_PER_FILE; left > 0; left -= 1024) {
          w.write(ValueFill.batch(schema, items.rows(Math.min(left, 1024))));
        }
      }
    }
  }
}
