package io.colfile.spark.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.ColFile;
import io.colfile.core.FileWriter;
import io.colfile.core.WriteOptions;
import io.colfile.core.types.Type;
import io.colfile.testkit.Rows;
import io.colfile.testkit.ValueFill;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nested structs (pruned to the fields a query names), unions, char and varchar, both kinds of
 * timestamp, arrays of structs and a reader schema, on an ORC file whose values are known.
 */
class NestedTypesTest {
  static final int ROWS = 3000;
  static final String SCHEMA = "struct<id:bigint,"
      + "s:struct<a:int,b:string,c:struct<x:double,y:date>>,"
      + "u:uniontype<int,string>,ch:char(5),vc:varchar(10),"
      + "arr:array<struct<p:int,q:string>>,ts:timestamp with local time zone,tsn:timestamp,"
      + "dec:decimal(25,3)>";

  @TempDir static Path dir;
  static Path file;

  static Object row(int i) {
    List<Object> c = i % 5 == 0 ? null
        : Arrays.asList(i * 0.5, LocalDate.ofEpochDay(i));
    List<Object> s = i % 10 == 0 ? null
        : Arrays.asList(i % 7 == 0 ? null : i % 13, "b" + i, c);
    Object u = i % 9 == 0 ? null
        : i % 2 == 0 ? new Rows.Variant(0, i) : new Rows.Variant(1, "u" + i);
    List<Object> arr = new ArrayList<>();
    for (int k = 0; k < i % 3; k++) {
      arr.add(Arrays.asList(i + k, "q" + k));
    }
    return Arrays.asList((long) i, s, u, String.format("%-5s", "c" + i % 100), "v" + i, arr,
        Instant.ofEpochSecond(1_700_000_000L + i, 123_456_789),
        LocalDateTime.of(2020, 1, 1, 0, 0).plusSeconds(i * 3601L).plusNanos(999_999_999),
        new BigDecimal("12345678901234567890.123").add(BigDecimal.valueOf(i)));
  }

  @BeforeAll
  static void write() throws Exception {
    file = dir.resolve("nested.orc");
    Type schema = Type.parse(SCHEMA);
    List<Object> rows = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      rows.add(row(i));
    }
    try (FileWriter w = ColFile.writer("orc", file, schema, WriteOptions.defaults())) {
      w.write(ValueFill.batch(schema, rows));
    }
  }

  static Dataset<Row> table() {
    return SparkSessions.get().read().format("colfile").load(file.toString());
  }

  @Test
  void typesMapAsDocumented() {
    StructType t = table().schema();
    assertThat(t.apply("u").dataType().simpleString())
        .isEqualTo("struct<tag:tinyint,field0:int,field1:string>");
    assertThat(t.apply("ch").dataType()).isEqualTo(DataTypes.StringType);
    assertThat(t.apply("ch").metadata().getString("__CHAR_VARCHAR_TYPE_STRING"))
        .isEqualTo("char(5)");
    assertThat(t.apply("vc").metadata().getString("__CHAR_VARCHAR_TYPE_STRING"))
        .isEqualTo("varchar(10)");
    assertThat(t.apply("ts").dataType()).isEqualTo(DataTypes.TimestampType);
    assertThat(t.apply("tsn").dataType()).isEqualTo(DataTypes.TimestampNTZType);
    assertThat(t.apply("dec").dataType()).isEqualTo(DataTypes.createDecimalType(25, 3));
  }

  @Test
  void nestedFieldsArePrunedAndFiltered() {
    Dataset<Row> q = table().where("s.a > 5").select("id", "s.b", "s.c.x");
    String plan = q.queryExecution().executedPlan().toString();
    assertThat(plan).contains("columns: id, s.b, s.c.x").contains("PushedFilters");
    List<Row> got = q.orderBy("id").collectAsList();
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      if (i % 10 != 0 && i % 7 != 0 && i % 13 > 5) {
        expected.add(i + "/b" + i + "/" + (i % 5 == 0 ? "null" : Double.toString(i * 0.5)));
      }
    }
    assertThat(got.stream().map(r -> r.get(0) + "/" + r.get(1) + "/" + r.get(2)).toList())
        .isEqualTo(expected);
  }

  @Test
  void everyValueReadsBack() {
    List<Row> got = table().orderBy("id").collectAsList();
    assertThat(got).hasSize(ROWS);
    for (int i = 0; i < ROWS; i++) {
      Row r = got.get(i);
      @SuppressWarnings("unchecked")
      List<Object> want = (List<Object>) row(i);
      assertThat(r.getLong(0)).isEqualTo(i);
      if (want.get(1) == null) {
        assertThat(r.isNullAt(1)).isTrue();
      } else {
        Row s = r.getStruct(1);
        assertThat(s.isNullAt(0)).isEqualTo(i % 7 == 0);
        if (i % 7 != 0) {
          assertThat(s.getInt(0)).isEqualTo(i % 13);
        }
        assertThat(s.getString(1)).isEqualTo("b" + i);
        assertThat(s.isNullAt(2)).isEqualTo(i % 5 == 0);
        if (i % 5 != 0) {
          assertThat(s.getStruct(2).getDouble(0)).isEqualTo(i * 0.5);
          assertThat(s.getStruct(2).getDate(1).toLocalDate()).isEqualTo(LocalDate.ofEpochDay(i));
        }
      }
      if (i % 9 == 0) {
        assertThat(r.isNullAt(2)).isTrue();
      } else {
        Row u = r.getStruct(2);
        assertThat(u.getByte(0)).isEqualTo((byte) (i % 2));
        assertThat(u.get(1)).isEqualTo(i % 2 == 0 ? i : null);
        assertThat(u.get(2)).isEqualTo(i % 2 == 1 ? "u" + i : null);
      }
      assertThat(r.getString(3)).isEqualTo(want.get(3)).hasSize(5);
      assertThat(r.getString(4)).isEqualTo(want.get(4));
      List<Row> arr = r.getList(5);
      assertThat(arr).hasSize(i % 3);
      for (int k = 0; k < arr.size(); k++) {
        assertThat(arr.get(k).getInt(0)).isEqualTo(i + k);
        assertThat(arr.get(k).getString(1)).isEqualTo("q" + k);
      }
      // Spark keeps microseconds: the nanoseconds below them are cut off
      assertThat(r.getTimestamp(6).toInstant())
          .isEqualTo(Instant.ofEpochSecond(1_700_000_000L + i, 123_456_000));
      assertThat(r.<LocalDateTime>getAs(7)).isEqualTo(((LocalDateTime) want.get(7)).withNano(999_999_000));
      assertThat(r.getDecimal(8)).isEqualTo(want.get(8));
    }
  }

  @Test
  void timestampFiltersCompareAtSparksMicroseconds() {
    // the stored value is 2020-01-01 01:00:01.999999999; Spark sees .999999
    Dataset<Row> q = table().where("tsn = timestamp_ntz'2020-01-01 01:00:01.999999'");
    assertThat(q.queryExecution().executedPlan().toString()).contains("PushedFilters");
    assertThat(q.select("id").collectAsList()).extracting(r -> r.getLong(0)).containsExactly(1L);
    Instant at = LocalDateTime.of(2023, 11, 14, 22, 13, 25).toInstant(ZoneOffset.UTC);
    assertThat(at.getEpochSecond()).isEqualTo(1_700_000_005L);
    assertThat(table().where("ts <= timestamp'2023-11-14 22:13:25.123456'").count())
        .isEqualTo(6);
    assertThat(table().where("ts < timestamp'2023-11-14 22:13:25.123456'").count())
        .isEqualTo(5);
    assertThat(table().where("ts > timestamp'2023-11-14 22:13:25.123456'").count())
        .isEqualTo(ROWS - 6);
  }

  @Test
  void aReaderSchemaReadsByNameWithNullsForMissingFields() {
    Dataset<Row> q = SparkSessions.get().read().format("colfile")
        .schema("id bigint, missing string, s struct<a:bigint, b:string>")
        .load(file.toString());
    List<Row> got = q.orderBy("id").limit(20).collectAsList();
    assertThat(got).hasSize(20);
    for (Row r : got) {
      int i = (int) r.getLong(0);
      assertThat(r.isNullAt(1)).isTrue();
      if (i % 10 == 0) {
        assertThat(r.isNullAt(2)).isTrue();
      } else if (i % 7 != 0) {
        assertThat(r.getStruct(2).getLong(0)).isEqualTo(i % 13);
      }
    }
    assertThat(q.where("s.a = 3").count()).isEqualTo(
        java.util.stream.IntStream.range(0, ROWS)
            .filter(i -> i % 10 != 0 && i % 7 != 0 && i % 13 == 3).count());
  }

  @Test
  void countOfNoColumns() {
    assertThat(table().count()).isEqualTo(ROWS);
    assertThat(table().where("id >= 100").count()).isEqualTo(ROWS - 100);
  }
}
