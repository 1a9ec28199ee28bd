package io.colfile.spark.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.ColFile;
import io.colfile.core.FileWriter;
import io.colfile.core.WriteOptions;
import io.colfile.core.types.Type;
import io.colfile.testkit.TestSeed;
import io.colfile.testkit.ValueFill;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Random predicates (comparisons, {@code <=>}, IN with and without NULL, IS [NOT] NULL, NOT,
 * AND, OR; NULLs everywhere) give through {@code colfile}, which decides the ones it can
 * exactly and tells Spark not to evaluate them again, the rows Spark itself selects from the
 * same file read by its ORC source with its pushdown off.
 */
@ExtendWith(TestSeed.class)
class FilterDifferentialTest {
  static final String SCHEMA = "struct<id:bigint,i:int,l:bigint,s:string,d:date,ts:timestamp,"
      + "dec:decimal(10,2),b:boolean,st:struct<x:int,y:string>>";
  static final int ROWS = 3000;
  static final int QUERIES = 120;

  @TempDir Path dir;

  @Test
  void colfileSelectsTheRowsSparkSelects() throws Exception {
    Random r = TestSeed.random("spark-filters", 0);
    Path file = dir.resolve("f.orc");
    Type schema = Type.parse(SCHEMA);
    List<Object> rows = new ArrayList<>();
    for (int k = 0; k < ROWS; k++) {
      rows.add(Arrays.asList((long) k, maybe(r, r.nextInt(20) - 10), maybe(r, r.nextLong(50) - 25),
          maybe(r, "s" + r.nextInt(15)), maybe(r, LocalDate.ofEpochDay(18000 + r.nextInt(20))),
          maybe(r, LocalDateTime.of(2024, 1, 1, 0, 0, 0).plusSeconds(r.nextInt(10))
              .plusNanos(r.nextInt(4) * 250_000_000L + r.nextInt(3) * 1000 + r.nextInt(2))),
          maybe(r, BigDecimal.valueOf(r.nextInt(40) - 20, 1).setScale(2)),
          maybe(r, r.nextBoolean()),
          r.nextInt(8) == 0 ? null : Arrays.asList(maybe(r, r.nextInt(6)),
              maybe(r, "y" + r.nextInt(4)))));
    }
    try (FileWriter w = ColFile.writer("orc", file, schema,
        WriteOptions.defaults().withBlockSize(64 * 1024))) {
      w.write(ValueFill.batch(schema, rows));
    }
    SparkSession spark = SparkSessions.get();
    Dataset<Row> ours = spark.read().format("colfile").load(file.toString());
    String before = spark.conf().get("spark.sql.orc.filterPushdown");
    spark.conf().set("spark.sql.orc.filterPushdown", "false");
    int pushed = 0;
    try {
      Dataset<Row> theirs = spark.read().orc(file.toString());
      for (int q = 0; q < QUERIES; q++) {
        Random qr = TestSeed.random("spark-filters", q + 1);
        String[] p = predicate(qr, 0);
        Dataset<Row> a = ours.where(p[0]).select("id");
        if (a.queryExecution().executedPlan().toString().contains("colfile filter")) {
          pushed++;
        }
        List<Long> got = ids(a);
        List<Long> want = ids(theirs.where(p[1]).select("id"));
        assertThat(got).as("%s (%s)", p[0], TestSeed.replay()).isEqualTo(want);
      }
    } finally {
      spark.conf().set("spark.sql.orc.filterPushdown", before);
    }
    // most predicates reach colfile; the rest (floating point, LIKE...) never occur here
    assertThat(pushed).as(TestSeed.replay()).isGreaterThan(QUERIES / 2);
  }

  private static List<Long> ids(Dataset<Row> d) {
    return d.collectAsList().stream().map(x -> x.getLong(0)).sorted().toList();
  }

  private static Object maybe(Random r, Object v) {
    return r.nextInt(6) == 0 ? null : v;
  }

  /**
   * A predicate as text for colfile's table and for Spark's ORC source's (which reads ORC's
   * timestamp as TIMESTAMP, colfile as TIMESTAMP_NTZ; the session's zone is UTC).
   */
  private static String[] predicate(Random r, int depth) {
    int kind = depth >= 3 ? 0 : r.nextInt(8);
    if (kind == 5) {
      String[] a = predicate(r, depth + 1);
      return new String[] {"NOT (" + a[0] + ")", "NOT (" + a[1] + ")"};
    }
    if (kind == 6 || kind == 7) {
      String[] a = predicate(r, depth + 1);
      String[] b = predicate(r, depth + 1);
      String op = kind == 6 ? " AND " : " OR ";
      return new String[] {"(" + a[0] + op + b[0] + ")", "(" + a[1] + op + b[1] + ")"};
    }
    String[] columns = {"i", "l", "s", "d", "ts", "dec", "b", "st.x", "st.y"};
    String c = columns[r.nextInt(columns.length)];
    int form = r.nextInt(10);
    if (form == 0) {
      String t = c + (r.nextBoolean() ? " IS NULL" : " IS NOT NULL");
      return new String[] {t, t};
    }
    if (form == 1) {
      List<String[]> items = new ArrayList<>();
      int n = 1 + r.nextInt(4);
      for (int k = 0; k < n; k++) {
        items.add(r.nextInt(6) == 0 ? new String[] {"NULL", "NULL"} : literal(r, c));
      }
      StringBuilder a = new StringBuilder(c + " IN (");
      StringBuilder b = new StringBuilder(c + " IN (");
      for (int k = 0; k < n; k++) {
        a.append(k > 0 ? ", " : "").append(items.get(k)[0]);
        b.append(k > 0 ? ", " : "").append(items.get(k)[1]);
      }
      return new String[] {a + ")", b + ")"};
    }
    String[] ops = {"=", "<>", "<", "<=", ">", ">=", "<=>"};
    String op = ops[r.nextInt(ops.length)];
    String[] lit = literal(r, c);
    if (r.nextInt(5) == 0) { // the literal first
      return new String[] {lit[0] + " " + op + " " + c, lit[1] + " " + op + " " + c};
    }
    return new String[] {c + " " + op + " " + lit[0], c + " " + op + " " + lit[1]};
  }

  private static String[] literal(Random r, String column) {
    String v = switch (column) {
      case "i", "st.x" -> Integer.toString(r.nextInt(24) - 12);
      case "l" -> r.nextInt(54) - 27 + "L";
      case "s" -> "'s" + r.nextInt(16) + "'";
      case "st.y" -> "'y" + r.nextInt(5) + "'";
      case "d" -> "date'" + LocalDate.ofEpochDay(17999 + r.nextInt(22)) + "'";
      case "dec" -> BigDecimal.valueOf(r.nextInt(44) - 22, 1).setScale(2) + "BD";
      case "b" -> Boolean.toString(r.nextBoolean());
      case "ts" -> null;
      default -> throw new IllegalArgumentException(column);
    };
    if (v != null) {
      return new String[] {v, v};
    }
    String t = LocalDateTime.of(2024, 1, 1, 0, 0, 0).plusSeconds(r.nextInt(11))
        .plusNanos(r.nextInt(4) * 250_000_000L + r.nextInt(3) * 1000).toString().replace('T', ' ');
    return new String[] {"timestamp_ntz'" + t + "'", "timestamp'" + t + "'"};
  }
}
