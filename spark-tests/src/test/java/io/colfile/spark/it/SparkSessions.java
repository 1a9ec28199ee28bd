package io.colfile.spark.it;

import io.colfile.core.ColFile;
import io.colfile.core.FileWriter;
import io.colfile.core.WriteOptions;
import io.colfile.core.types.Type;
import io.colfile.testkit.LineItems;
import io.colfile.testkit.ValueFill;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/** One Spark session in local mode for every test class of the JVM. */
final class SparkSessions {
  private static SparkSession session;

  private SparkSessions() {}

  static synchronized SparkSession get() {
    if (session == null) {
      session = SparkSession.builder()
          .master("local[2,3]") // 2 threads, a task may be tried 3 times
          .appName("colfile-spark-tests")
          .config("spark.ui.enabled", "false")
          .config("spark.sql.shuffle.partitions", "2")
          .config("spark.sql.session.timeZone", "UTC")
          .config("spark.driver.host", "127.0.0.1")
          .config("spark.driver.bindAddress", "127.0.0.1")
          .config("spark.sql.warehouse.dir", warehouse())
          .getOrCreate();
      session.sparkContext().setLogLevel("WARN");
    }
    return session;
  }

  /** A fresh directory for the catalog's tables (removed with the JVM's temporary files). */
  private static String warehouse() {
    try {
      Path dir = java.nio.file.Files.createTempDirectory("colfile-spark-warehouse");
      dir.toFile().deleteOnExit();
      return dir.toUri().toString();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** The rows of {@code a} not in {@code b} and the other way round: both empty when equal. */
  static void assertSameRows(Dataset<Row> a, Dataset<Row> b) {
    long ca = a.count();
    long cb = b.count();
    if (ca != cb) {
      throw new AssertionError("row counts differ: " + ca + " and " + cb);
    }
    List<Row> onlyA = a.exceptAll(b).limit(5).collectAsList();
    List<Row> onlyB = b.exceptAll(a).limit(5).collectAsList();
    if (!onlyA.isEmpty() || !onlyB.isEmpty()) {
      throw new AssertionError("rows differ: only in the first " + onlyA
          + ", only in the second " + onlyB);
    }
  }

  /** Writes {@code n} lineitem-like rows of {@code seed} as a colfile file. */
  static void writeLineItems(String format, Path file, int n, long seed, WriteOptions options)
      throws IOException {
    Type schema = Type.parse(LineItems.SCHEMA);
    LineItems items = new LineItems(seed);
    try (FileWriter w = ColFile.writer(format, file, schema, options)) {
      int left = n;
      while (left > 0) {
        int k = Math.min(left, 4096);
        w.write(ValueFill.batch(schema, items.rows(k)));
        left -= k;
      }
    }
  }

  /** The directory of the shared example files, or null when it is absent. */
  static Path shared() {
    Path p = Path.of(System.getProperty("colfile.shared.dir", "../../shared"));
    return java.nio.file.Files.isDirectory(p) ? p : null;
  }
}
