package io.colfile.spark.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.types.Type;
import java.util.Optional;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.LiteralValue;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;

class PredicateTranslatorTest {
  static final Type SCHEMA = Type.parse("struct<i:int,s:string,f:double,c:char(3),"
      + "ts:timestamp,d:date,dec:decimal(10,2),st:struct<x:int>>");
  final PredicateTranslator t = new PredicateTranslator(SCHEMA);

  static Predicate p(String name, Expression... children) {
    return new Predicate(name, children);
  }

  static Expression col(String... names) {
    return Expressions.column(String.join(".", names));
  }

  static Expression lit(Object v, DataType type) {
    return new LiteralValue<>(v, type);
  }

  String text(Predicate p) {
    Optional<io.colfile.core.filter.Predicate> out = t.translate(p);
    return out.map(Object::toString).orElse(null);
  }

  @Test
  void comparisonsInAndNullTests() {
    assertThat(text(p(">", col("i"), lit(5, DataTypes.IntegerType)))).isEqualTo("i > 5");
    assertThat(text(p("<", lit(5, DataTypes.IntegerType), col("i")))).isEqualTo("i > 5");
    assertThat(text(p("IN", col("s"), lit(UTF8String.fromString("a"), DataTypes.StringType),
        lit(UTF8String.fromString("b"), DataTypes.StringType))))
        .isEqualTo("s IN ('a', 'b')");
    assertThat(text(p("IS_NULL", col("st", "x")))).isEqualTo("st.x IS NULL");
    assertThat(text(p("=", col("dec"), lit(Decimal.apply("1.50"), DataTypes.createDecimalType(10, 2)))))
        .isEqualTo("dec = 1.50");
  }

  @Test
  void nullSafeEqualIsNeverUnknown() {
    assertThat(text(p("<=>", col("i"), lit(3, DataTypes.IntegerType))))
        .isEqualTo("i IS NOT NULL AND i = 3");
    // with NULL it is left to Spark, as are IN lists holding NULL
    assertThat(text(p("<=>", col("i"), lit(null, DataTypes.IntegerType)))).isNull();
    assertThat(text(p("IN", col("i"), lit(1, DataTypes.IntegerType),
        lit(null, DataTypes.IntegerType)))).isNull();
  }

  @Test
  void timestampsCompareAtMicroseconds() {
    // 2024-01-01T00:00:00.000001 as Spark's microseconds
    long us = 1_704_067_200_000_001L;
    assertThat(text(p("=", col("ts"), lit(us, DataTypes.TimestampNTZType))))
        .isEqualTo("ts >= '2024-01-01 00:00:00.000001' AND ts < '2024-01-01 00:00:00.000002'");
    assertThat(text(p("<=", col("ts"), lit(us, DataTypes.TimestampNTZType))))
        .isEqualTo("ts < '2024-01-01 00:00:00.000002'");
    // an instant literal for a wall-clock column: left to Spark
    assertThat(text(p("=", col("ts"), lit(us, DataTypes.TimestampType)))).isNull();
  }

  @Test
  void whatColfileCannotDecideExactlyStaysWithSpark() {
    assertThat(text(p(">", col("f"), lit(1.0, DataTypes.DoubleType)))).isNull();
    assertThat(text(p("=", col("c"), lit(UTF8String.fromString("ab "), DataTypes.StringType))))
        .isNull();
    assertThat(text(p("STARTS_WITH", col("s"), lit(UTF8String.fromString("a"),
        DataTypes.StringType)))).isNull();
    // bytes that are no UTF-8, and collations other than UTF-8 binary
    assertThat(text(p("=", col("s"), lit(UTF8String.fromBytes(new byte[] {(byte) 0xff}),
        DataTypes.StringType)))).isNull();
    assertThat(text(p("=", col("s"), lit(UTF8String.fromString("a"),
        org.apache.spark.sql.types.StringType.apply("UTF8_LCASE"))))).isNull();
    // an AND with a part that cannot go is not pushed at all (it may sit under a NOT)
    assertThat(text(p("NOT", p("AND", p(">", col("i"), lit(1, DataTypes.IntegerType)),
        p(">", col("f"), lit(1.0, DataTypes.DoubleType)))))).isNull();
    assertThat(text(p("=", col("nope"), lit(1, DataTypes.IntegerType)))).isNull();
  }

  @Test
  void longChainsBecomeOneFlatList() {
    Predicate chain = p("=", col("i"), lit(0, DataTypes.IntegerType));
    for (int k = 1; k < 500; k++) {
      chain = p("OR", chain, p("=", col("i"), lit(k, DataTypes.IntegerType)));
    }
    String out = text(chain);
    assertThat(out).startsWith("i = 0 OR i = 1 OR i = 2").doesNotContain("(");
    assertThat(io.colfile.core.filter.Predicate.parse(out).toString()).isEqualTo(out);
  }
}
