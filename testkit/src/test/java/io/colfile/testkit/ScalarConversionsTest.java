package io.colfile.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.ReadOptions;
import io.colfile.core.types.Type;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The values schema evolution gives, one conversion at a time, through a memory file read with
 * a reader schema: each case states a result of orc-core 2.1's conversions (interop-tests
 * compare with orc-core itself on random files; these pin the rules down where they surprise).
 */
class ScalarConversionsTest {
  private static final ZoneId NEW_YORK = ZoneId.of("America/New_York");

  static Object convert(String from, Object value, String to) {
    return convert(from, value, to, ZoneOffset.UTC);
  }

  static Object convert(String from, Object value, String to, ZoneId zone) {
    MemoryFile file = ValueBatches.file(Type.parse("struct<v:" + from + ">"),
        List.of(Collections.singletonList(value)));
    List<Object> rows = ValueBatches.read(file, ReadOptions.defaults()
        .withSchema(Type.parse("struct<v:" + to + ">")).withDefaultZone(zone));
    return ((List<?>) rows.get(0)).get(0);
  }

  @Test
  void integersNarrowToNullAndWidenAsTheyAre() {
    assertThat(convert("bigint", 300L, "tinyint")).isNull();
    assertThat(convert("bigint", -128L, "tinyint")).isEqualTo(-128L);
    assertThat(convert("int", 300, "smallint")).isEqualTo(300L);
    assertThat(convert("bigint", 1L << 40, "int")).isNull();
    assertThat(convert("tinyint", -5, "bigint")).isEqualTo(-5L);
    assertThat(convert("int", 5, "boolean")).isEqualTo(true);
    assertThat(convert("int", 0, "boolean")).isEqualTo(false);
    assertThat(convert("boolean", true, "int")).isEqualTo(1L);
    assertThat(convert("int", null, "bigint")).isNull();
  }

  @Test
  void integersAsNumbersTextAndTime() {
    assertThat(convert("boolean", true, "string")).isEqualTo("TRUE");
    assertThat(convert("boolean", false, "varchar(3)")).isEqualTo("FAL");
    assertThat(convert("bigint", -12345L, "string")).isEqualTo("-12345");
    assertThat(convert("bigint", 12345L, "char(3)")).isEqualTo("123");
    assertThat(convert("bigint", 12L, "char(4)")).isEqualTo("12  ");   // CHAR stays padded
    assertThat(convert("bigint", 99L, "decimal(4,2)")).isEqualTo(new BigDecimal("99.00"));
    assertThat(convert("bigint", 100L, "decimal(4,2)")).isNull();
    // through a double first, then to float: as orc-core's FLOAT vector is cast
    assertThat(convert("bigint", 16_777_217L, "float")).isEqualTo(16_777_216.0);
    assertThat(convert("bigint", (1L << 53) + 1, "double")).isEqualTo((double) (1L << 53));
    assertThat(convert("bigint", 1234L, "timestamp"))
        .isEqualTo(LocalDateTime.of(1970, 1, 1, 0, 20, 34));
    assertThat(convert("int", -1, "timestamp with local time zone", NEW_YORK))
        .isEqualTo(Instant.ofEpochSecond(-1));
    // orc-core multiplies by 1000 and wraps around; colfile has no such time
    assertThat(convert("bigint", Long.MAX_VALUE, "timestamp")).isNull();
  }

  @Test
  void floatingPointTruncatesToIntegersAndPrintsAsJava() {
    assertThat(convert("double", 3.9, "int")).isEqualTo(3L);
    assertThat(convert("double", -3.9, "int")).isEqualTo(-3L);
    assertThat(convert("double", 1e10, "int")).isNull();
    assertThat(convert("double", 9.3e18, "bigint")).isNull();
    assertThat(convert("double", Double.NaN, "bigint")).isNull();
    assertThat(convert("double", 0.5, "boolean")).isEqualTo(false);     // truncated first
    assertThat(convert("double", 0.1, "string")).isEqualTo("0.1");
    assertThat(convert("float", 0.1f, "string")).isEqualTo("0.10000000149011612");
    assertThat(convert("double", 1e-5, "string")).isEqualTo("1.0E-5");
    assertThat(convert("double", Double.NaN, "string")).isNull();
    assertThat(convert("double", Double.NEGATIVE_INFINITY, "string")).isEqualTo("-Infinity");
    assertThat(convert("double", 0.1, "float")).isEqualTo((double) 0.1f);
    assertThat(convert("float", 0.1f, "double")).isEqualTo((double) 0.1f);
  }

  @Test
  void floatingPointAsDecimalsAndTimestamps() {
    assertThat(convert("double", 0.125, "decimal(3,2)")).isEqualTo(new BigDecimal("0.13"));
    assertThat(convert("double", -0.125, "decimal(3,2)")).isEqualTo(new BigDecimal("-0.13"));
    assertThat(convert("double", 1e-5, "decimal(10,6)")).isEqualTo(new BigDecimal("0.000010"));
    assertThat(convert("double", Double.MIN_VALUE, "decimal(10,2)")).isNull(); // 4.9E-324
    assertThat(convert("double", Double.POSITIVE_INFINITY, "decimal(10,2)")).isNull();
    assertThat(convert("double", 1.5, "timestamp"))
        .isEqualTo(LocalDateTime.of(1970, 1, 1, 0, 0, 1, 500_000_000));
    assertThat(convert("double", 0.0005, "timestamp"))                 // whole milliseconds
        .isEqualTo(LocalDateTime.of(1970, 1, 1, 0, 0, 0, 1_000_000));
    assertThat(convert("double", 1e300, "timestamp")).isNull();
  }

  @Test
  void decimalsTruncateToIntegersRoundToScalesAndPrintPlain() {
    assertThat(convert("decimal(5,2)", new BigDecimal("0.50"), "boolean")).isEqualTo(true);
    assertThat(convert("decimal(5,2)", new BigDecimal("0.50"), "int")).isEqualTo(0L);
    assertThat(convert("decimal(5,2)", new BigDecimal("127.99"), "tinyint")).isEqualTo(127L);
    assertThat(convert("decimal(5,2)", new BigDecimal("128.50"), "tinyint")).isNull();
    assertThat(convert("decimal(5,2)", new BigDecimal("-1.50"), "string")).isEqualTo("-1.5");
    assertThat(convert("decimal(5,2)", new BigDecimal("0.00"), "string")).isEqualTo("0");
    assertThat(convert("decimal(10,3)", new BigDecimal("1.235"), "decimal(10,2)"))
        .isEqualTo(new BigDecimal("1.24"));
    assertThat(convert("decimal(10,3)", new BigDecimal("-1.235"), "decimal(10,2)"))
        .isEqualTo(new BigDecimal("-1.24"));
    assertThat(convert("decimal(10,3)", new BigDecimal("999.995"), "decimal(5,2)")).isNull();
    assertThat(convert("decimal(20,9)", new BigDecimal("-1.500000000"), "timestamp"))
        .isEqualTo(LocalDateTime.of(1969, 12, 31, 23, 59, 58, 500_000_000));
    assertThat(convert("decimal(38,0)", new BigDecimal("1e30"), "timestamp")).isNull();
    assertThat(convert("decimal(20,1)", new BigDecimal("0.1"), "double")).isEqualTo(0.1);
  }

  @Test
  void textParsesStrictlyAsJavaAndHiveDo() {
    assertThat(convert("string", "+12", "int")).isEqualTo(12L);
    assertThat(convert("string", " 12", "int")).isNull();
    assertThat(convert("string", "128", "tinyint")).isNull();
    assertThat(convert("string", "true", "boolean")).isNull();      // a number or nothing
    assertThat(convert("string", "2", "boolean")).isEqualTo(true);
    assertThat(convert("char(5)", "12   ", "int")).isEqualTo(12L);  // CHAR loses its padding
    assertThat(convert("string", " 1.5 ", "double")).isEqualTo(1.5); // Java trims
    assertThat(convert("string", "0x1p3", "double")).isEqualTo(8.0);
    assertThat(convert("string", "NaN", "double")).isEqualTo(Double.NaN);
    assertThat(convert("string", " 1.5 ", "decimal(5,2)")).isEqualTo(new BigDecimal("1.50"));
    assertThat(convert("string", ".5", "decimal(5,2)")).isEqualTo(new BigDecimal("0.50"));
    assertThat(convert("string", ".5 ", "decimal(5,2)")).isNull(); // Hive's naked dot
    assertThat(convert("string", "1e3", "decimal(5,0)")).isEqualTo(new BigDecimal("1000"));
    assertThat(convert("string", "1e100", "decimal(38,0)")).isNull(); // three-digit exponent
    assertThat(convert("string", "1e-39", "decimal(38,38)"))
        .isEqualTo(new BigDecimal("0E-38"));
  }

  @Test
  void textToTextCutsByCharactersAndPadsChar() {
    assertThat(convert("string", "héllo", "char(2)")).isEqualTo("hé");
    assertThat(convert("string", "héllo", "varchar(3)")).isEqualTo("hél");
    assertThat(convert("string", "héllo", "char(7)")).isEqualTo("héllo  ");
    assertThat(convert("string", "ab  ", "char(3)")).isEqualTo("ab ");
    assertThat(convert("string", "ab  ", "varchar(3)")).isEqualTo("ab ");
    assertThat(convert("char(4)", "ab  ", "string")).isEqualTo("ab");
    assertThat(convert("char(4)", "ab  ", "binary")).isEqualTo("61622020"); // stored bytes
    assertThat(convert("binary", new byte[] {10, -1}, "string")).isEqualTo("0a ff");
    assertThat(convert("binary", new byte[0], "string")).isEqualTo("");
    assertThat(convert("binary", new byte[] {10, -1}, "varchar(4)")).isEqualTo("0a f");
  }

  @Test
  void textAsDatesAndTimestamps() {
    assertThat(convert("string", "2020-02-29", "date")).isEqualTo(LocalDate.of(2020, 2, 29));
    assertThat(convert("string", "2019-02-29", "date")).isNull();   // dates are strict
    assertThat(convert("string", "+10000-01-01", "date")).isEqualTo(LocalDate.of(10000, 1, 1));
    assertThat(convert("string", "2019-01-01 ", "date")).isNull();
    assertThat(convert("string", "2019-07-09 13:11", "timestamp"))
        .isEqualTo(LocalDateTime.of(2019, 7, 9, 13, 11));
    assertThat(convert("string", "2019-07-09 13:11:00.5", "timestamp"))
        .isEqualTo(LocalDateTime.of(2019, 7, 9, 13, 11, 0, 500_000_000));
    assertThat(convert("string", "2019-02-30 00:00:00", "timestamp")) // timestamps are not
        .isEqualTo(LocalDateTime.of(2019, 2, 28, 0, 0));
    assertThat(convert("string", "2019-07-09T13:11:00", "timestamp")).isNull();
    assertThat(convert("string", "2019-07-09 13:11:00 America/Los_Angeles",
        "timestamp with local time zone")).isEqualTo(Instant.parse("2019-07-09T20:11:00Z"));
    assertThat(convert("string", "2019-07-09 13:11:00", "timestamp with local time zone"))
        .isNull();
    // beyond a long of milliseconds, orc-core fails; colfile has no such time
    assertThat(convert("string", "+999999999-01-01 00:00", "timestamp")).isNull();
    // an epoch day beyond an int, which orc-core wraps around
    assertThat(convert("string", "+9999999-01-01", "date")).isNull();
  }

  @Test
  void datesAsTextAndMidnights() {
    assertThat(convert("date", LocalDate.of(2019, 7, 9), "string")).isEqualTo("2019-07-09");
    assertThat(convert("date", LocalDate.of(10000, 1, 1), "string")).isEqualTo("+10000-01-01");
    assertThat(convert("date", LocalDate.of(2019, 7, 9), "timestamp", NEW_YORK))
        .isEqualTo(LocalDateTime.of(2019, 7, 9, 0, 0));
    // midnight UTC, not the reader's zone's
    assertThat(convert("date", LocalDate.of(2019, 7, 9), "timestamp with local time zone",
        NEW_YORK)).isEqualTo(Instant.parse("2019-07-09T00:00:00Z"));
  }

  @Test
  void timestampsAsNumbersTextAndDates() {
    LocalDateTime t = LocalDateTime.of(1970, 1, 1, 0, 0, 1, 500_000_000);
    assertThat(convert("timestamp", t, "bigint")).isEqualTo(1L);
    assertThat(convert("timestamp", t, "double")).isEqualTo(1.5);
    assertThat(convert("timestamp", t, "decimal(10,3)")).isEqualTo(new BigDecimal("1.500"));
    assertThat(convert("timestamp", t, "string")).isEqualTo("1970-01-01 00:00:01.5");
    assertThat(convert("timestamp", t.withNano(0), "string")).isEqualTo("1970-01-01 00:00:01");
    LocalDateTime before = LocalDateTime.of(1969, 12, 31, 23, 59, 59, 500_000_000);
    assertThat(convert("timestamp", before, "bigint")).isEqualTo(-1L);
    assertThat(convert("timestamp", before, "double")).isEqualTo(-0.5);
    // orc-core's slips, kept: the sign of (-1 s, 0) as a decimal, and a second late as a date
    assertThat(convert("timestamp", before, "decimal(10,3)")).isEqualTo(new BigDecimal("0.500"));
    assertThat(convert("timestamp", before, "date")).isEqualTo(LocalDate.of(1970, 1, 1));
    assertThat(convert("timestamp", before.withNano(0), "date"))
        .isEqualTo(LocalDate.of(1969, 12, 31));
  }

  @Test
  void timestampsMeetInstantsInTheReadersZone() {
    LocalDateTime noon = LocalDateTime.of(2019, 7, 9, 12, 0);
    assertThat(convert("timestamp", noon, "bigint", NEW_YORK))
        .isEqualTo(Instant.parse("2019-07-09T16:00:00Z").getEpochSecond());
    assertThat(convert("timestamp", noon, "timestamp with local time zone", NEW_YORK))
        .isEqualTo(Instant.parse("2019-07-09T16:00:00Z"));
    // a skipped wall clock moves forward, a repeated one takes the earlier offset
    assertThat(convert("timestamp", LocalDateTime.of(2021, 3, 14, 2, 30),
        "timestamp with local time zone", NEW_YORK)).isEqualTo(Instant.parse("2021-03-14T07:30:00Z"));
    assertThat(convert("timestamp", LocalDateTime.of(2021, 11, 7, 1, 30),
        "timestamp with local time zone", NEW_YORK)).isEqualTo(Instant.parse("2021-11-07T05:30:00Z"));
    Instant late = Instant.parse("2019-07-10T02:00:00Z");
    assertThat(convert("timestamp with local time zone", late, "timestamp", NEW_YORK))
        .isEqualTo(LocalDateTime.of(2019, 7, 9, 22, 0));
    assertThat(convert("timestamp with local time zone", late, "string", NEW_YORK))
        .isEqualTo("2019-07-09 22:00:00 America/New_York");
    assertThat(convert("timestamp with local time zone", late, "string", ZoneOffset.UTC))
        .isEqualTo("2019-07-10 02:00:00 UTC");
    // the date of an instant is its date in UTC, of a wall clock its own
    assertThat(convert("timestamp with local time zone", late, "date", NEW_YORK))
        .isEqualTo(LocalDate.of(2019, 7, 10));
    assertThat(convert("timestamp", LocalDateTime.of(2019, 7, 9, 22, 0), "date", NEW_YORK))
        .isEqualTo(LocalDate.of(2019, 7, 9));
  }

  @Test
  void textOfEveryKindConvertsBackAndForth() {
    byte[] utf8 = "日本".getBytes(StandardCharsets.UTF_8);
    assertThat(convert("binary", utf8, "char(5)")).isEqualTo("e6 97");
    assertThat(convert("varchar(10)", "12.50", "decimal(4,1)")).isEqualTo(new BigDecimal("12.5"));
    assertThat(convert("char(10)", "2019-07-09", "date")).isEqualTo(LocalDate.of(2019, 7, 9));
  }
}
