package io.colfile.orc.pushdown;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.filter.ColumnRange;
import io.colfile.core.types.Type;
import io.colfile.orc.stats.BooleanStatistics;
import io.colfile.orc.stats.ColumnStatistics;
import io.colfile.orc.stats.DateStatistics;
import io.colfile.orc.stats.DecimalStatistics;
import io.colfile.orc.stats.DoubleStatistics;
import io.colfile.orc.stats.IntegerStatistics;
import io.colfile.orc.stats.StringStatistics;
import io.colfile.orc.stats.TimestampStatistics;
import io.colfile.orc.stats.TypedStatistics;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/** ORC statistics become ranges only where they bound every value colfile reads. */
class ColumnRangesTest {
  private static final WriterFixes CURRENT = new WriterFixes(0, 9);
  private static final WriterFixes ORIGINAL = new WriterFixes(0, 0);

  private static ColumnRange range(String type, TypedStatistics typed) {
    return range(type, typed, CURRENT, ZoneOffset.UTC);
  }

  private static ColumnRange range(String type, TypedStatistics typed, WriterFixes fixes,
      ZoneId zone) {
    return ColumnRanges.of(Type.parse(type), new ColumnStatistics(10, false, null, typed), fixes,
        zone);
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void integersAndDates() {
    ColumnRange r = range("int", new IntegerStatistics(-5L, 7L, 2L));
    assertThat(r.min()).isEqualTo(-5L);
    assertThat(r.max()).isEqualTo(7L);
    assertThat(r.valueCount()).isEqualTo(10);
    assertThat(r.hasNull()).isFalse();
    r = range("date", new DateStatistics(-3, 400));
    assertThat(r.min()).isEqualTo(-3L);
    assertThat(r.max()).isEqualTo(400L);
  }

  @Test
  void doublesMayHoldNaNUnlessTheSumSaysNot() {
    ColumnRange r = range("double", new DoubleStatistics(-1.5, 2.5, 3.0));
    assertThat(r.mayHaveNaN()).isFalse();
    assertThat(r.min()).isEqualTo(-1.5);
    // a NaN value makes the sum NaN; without a sum nothing says there is none
    assertThat(range("double", new DoubleStatistics(-1.5, 2.5, Double.NaN)).mayHaveNaN())
        .isTrue();
    assertThat(range("float", new DoubleStatistics(-1.5, 2.5, null)).mayHaveNaN()).isTrue();
    // a NaN first value became Java's minimum and maximum: no bounds at all
    r = range("double", new DoubleStatistics(Double.NaN, Double.NaN, Double.NaN));
    assertThat(r.min()).isNull();
    assertThat(r.max()).isNull();
    assertThat(r.mayHaveNaN()).isTrue();
    // infinities are values, and bounds
    r = range("double", new DoubleStatistics(Double.NEGATIVE_INFINITY, 1.0,
        Double.NEGATIVE_INFINITY));
    assertThat(r.min()).isEqualTo(Double.NEGATIVE_INFINITY);
    assertThat(r.mayHaveNaN()).isFalse();
  }

  @Test
  void truncatedStringBoundsStandIn() {
    ColumnRange r = range("string", new StringStatistics(null, null, "abc", "abd", 99L));
    assertThat((byte[]) r.min()).isEqualTo(utf8("abc"));
    assertThat((byte[]) r.max()).isEqualTo(utf8("abd"));
    r = range("string", new StringStatistics("a", "zz", "ignored", "ignored", 3L));
    assertThat((byte[]) r.min()).isEqualTo(utf8("a"));
    assertThat((byte[]) r.max()).isEqualTo(utf8("zz"));
  }

  @Test
  void boundsThatWereNotUtf8AreCutAtTheReplacementCharacter() {
    // bytes ab FF arrive as "ab\uFFFD": the minimum is at least "ab", the maximum below "ac"
    ColumnRange r = range("string", new StringStatistics("ab\uFFFDz", "ab\uFFFD", null, null,
        3L));
    assertThat((byte[]) r.min()).isEqualTo(utf8("ab"));
    assertThat((byte[]) r.max()).isEqualTo(utf8("ac"));
    r = range("string", new StringStatistics("\uFFFD", "\uFFFDx", null, null, 3L));
    assertThat((byte[]) r.min()).isEmpty();
    assertThat(r.max()).isNull();
  }

  @Test
  void charMaximumsOfOldWritersAreNotUsed() {
    ColumnRange r = range("char(3)", new StringStatistics("a  ", "b  ", null, null, 3L),
        new WriterFixes(0, 2), ZoneOffset.UTC);
    assertThat((byte[]) r.min()).isEqualTo(utf8("a  "));
    assertThat(r.max()).isNull();
    r = range("char(3)", new StringStatistics("a  ", "b  ", null, null, 3L));
    assertThat((byte[]) r.max()).isEqualTo(utf8("b  "));
  }

  @Test
  void decimalsAreBoundedAtTheScaleTheyAreRead() {
    ColumnRange r = range("decimal(10,2)", new DecimalStatistics("-1.239", "5.5", null));
    assertThat(r.min()).isEqualTo(new BigDecimal("-1.23"));
    assertThat(r.max()).isEqualTo(new BigDecimal("5.50"));
    assertThat(r.hasNull()).isFalse();
    // Hive 0.11 decimals are read at scale 6
    r = range("decimal(0,0)", new DecimalStatistics("1.2345678", "2", null));
    assertThat(r.min()).isEqualTo(new BigDecimal("1.234567"));
    // values beyond 38 digits read as NULL
    r = range("decimal(0,0)", new DecimalStatistics("1", "1e40", null));
    assertThat(r.hasNull()).isTrue();
    r = range("decimal(38,2)", new DecimalStatistics(null, "1", null));
    assertThat(r.hasNull()).isTrue();
    // without bounds (here an old writer's, not trusted) a wide decimal may read NULL
    assertThat(range("decimal(0,0)", new DecimalStatistics("1", "2", null), ORIGINAL,
        ZoneOffset.UTC).hasNull()).isTrue();
    assertThat(range("decimal(10,2)", new DecimalStatistics("1", "2", null), ORIGINAL,
        ZoneOffset.UTC).hasNull()).isFalse();
    // text that is no decimal: nothing known
    assertThat(range("decimal(10,2)", new DecimalStatistics("x", "1", null)))
        .isEqualTo(ColumnRange.UNKNOWN);
  }

  @Test
  void timestampsReachTheEndOfTheirMillisecondUnlessTheNanosSayOtherwise() {
    TimestampStatistics t = new TimestampStatistics(null, null, 1_000_000_000_123L,
        1_000_000_000_456L, null, null);
    ColumnRange r = range("timestamp", t);
    assertThat(r.min()).isEqualTo(Instant.ofEpochMilli(1_000_000_000_123L));
    assertThat(r.max()).isEqualTo(Instant.ofEpochMilli(1_000_000_000_456L).plusNanos(999_999));
    t = new TimestampStatistics(null, null, 1_000_000_000_123L, 1_000_000_000_456L, 5, 7);
    r = range("timestamp", t);
    assertThat(r.min()).isEqualTo(Instant.ofEpochMilli(1_000_000_000_123L).plusNanos(5));
    assertThat(r.max()).isEqualTo(Instant.ofEpochMilli(1_000_000_000_456L).plusNanos(7));
    // nanos no writer stores are ignored, not trusted
    t = new TimestampStatistics(null, null, 1_000_000_000_123L, 1_000_000_000_456L, -1,
        2_000_000);
    r = range("timestamp with local time zone", t);
    assertThat(r.min()).isEqualTo(Instant.ofEpochMilli(1_000_000_000_123L));
    assertThat(r.max()).isEqualTo(Instant.ofEpochMilli(1_000_000_000_456L).plusNanos(999_999));
  }

  @Test
  void timestampsWidenWhereTheReaderMayShiftThem() {
    TimestampStatistics t = new TimestampStatistics(null, null, 1_000_000_000_000L,
        1_000_000_000_000L, null, null);
    ColumnRange r = range("timestamp", t, CURRENT, null);
    assertThat(r.min()).isEqualTo(Instant.ofEpochMilli(1_000_000_000_000L)
        .minus(ColumnRanges.ZONE_SLACK));
    // instants never depend on the zone
    r = range("timestamp with local time zone", t, CURRENT, null);
    assertThat(r.min()).isEqualTo(Instant.ofEpochMilli(1_000_000_000_000L));
    // near 1970 a value of ORC C++ may read one second later than its statistics say
    WriterFixes cpp = new WriterFixes(1, 6);
    t = new TimestampStatistics(null, null, -2000L, -600L, null, null);
    r = range("timestamp", t, cpp, ZoneOffset.UTC);
    assertThat(r.max()).isEqualTo(Instant.ofEpochMilli(-600L).plusNanos(999_999).plusSeconds(1));
    assertThat(r.min()).isEqualTo(Instant.ofEpochMilli(-2000L));
    // ... but no value above 1970's day reads later
    t = new TimestampStatistics(null, null, -2000L, 1_000_000_000L, null, null);
    r = range("timestamp", t, cpp, ZoneOffset.UTC);
    assertThat(r.max()).isEqualTo(Instant.ofEpochMilli(1_000_000_000L).plusNanos(999_999));
    // ORC Java's statistics hold the values as they read (ORC-306)
    t = new TimestampStatistics(null, null, -2000L, -600L, null, null);
    r = range("timestamp", t);
    assertThat(r.max()).isEqualTo(Instant.ofEpochMilli(-600L).plusNanos(999_999));
    // before 1900 ORC Java's wall clocks lack local mean time: a day either way, in zones
    // with rules; a maximum beyond that stays
    ZoneId york = ZoneId.of("America/New_York");
    long y1890 = Instant.parse("1890-06-01T00:00:00Z").toEpochMilli();
    long y2000 = Instant.parse("2000-06-01T00:00:00Z").toEpochMilli();
    r = range("timestamp", new TimestampStatistics(null, null, y1890, y1890, null, 0), CURRENT,
        york);
    assertThat(r.min()).isEqualTo(Instant.ofEpochMilli(y1890).minus(ColumnRanges.LMT_SLACK));
    assertThat(r.max()).isEqualTo(Instant.ofEpochMilli(y1890).plus(ColumnRanges.LMT_SLACK));
    r = range("timestamp", new TimestampStatistics(null, null, y1890, y2000, null, 0), CURRENT,
        york);
    assertThat(r.max()).isEqualTo(Instant.ofEpochMilli(y2000));
    r = range("timestamp", new TimestampStatistics(null, null, y1890, y1890, null, 0), CURRENT,
        ZoneOffset.ofHours(3));
    assertThat(r.min()).isEqualTo(Instant.ofEpochMilli(y1890));
    r = range("timestamp", new TimestampStatistics(null, null, y2000, y2000, null, 0), CURRENT,
        york);
    assertThat(r.min()).isEqualTo(Instant.ofEpochMilli(y2000));
  }

  @Test
  void writerVersionsApacheOrcDistrusts() {
    // ORIGINAL: C++ ignores these kinds' bounds
    for (String type : new String[] {"string", "char(2)", "varchar(3)", "decimal(10,2)",
        "date", "timestamp", "boolean"}) {
      ColumnRange r = ColumnRanges.of(Type.parse(type), new ColumnStatistics(10, false, null,
          sample(type)), ORIGINAL, ZoneOffset.UTC);
      assertThat(r.min()).as(type).isNull();
      assertThat(r.max()).as(type).isNull();
      assertThat(r.valueCount()).as(type).isEqualTo(10);
    }
    assertThat(range("int", new IntegerStatistics(1L, 2L, 3L), ORIGINAL, ZoneOffset.UTC).min())
        .isEqualTo(1L);
    // timestamps before ORC-135 were local times
    TimestampStatistics local = new TimestampStatistics(5L, 9L, null, null, null, null);
    assertThat(range("timestamp", local, new WriterFixes(0, 5), ZoneOffset.UTC).min()).isNull();
    assertThat(range("timestamp", new TimestampStatistics(null, null, 5L, 9L, null, null),
        new WriterFixes(0, 5), ZoneOffset.UTC).min()).isNull();
    // ORC-517: ORC Java 1.5.0-1.5.5 decimal64 bounds; ORC C++'s version 6 is not that writer
    DecimalStatistics d = new DecimalStatistics("1", "2", null);
    assertThat(range("decimal(18,2)", d, new WriterFixes(0, 6), ZoneOffset.UTC).min()).isNull();
    assertThat(range("decimal(19,2)", d, new WriterFixes(0, 6), ZoneOffset.UTC).min()).isNotNull();
    assertThat(range("decimal(18,2)", d, new WriterFixes(1, 6), ZoneOffset.UTC).min()).isNotNull();
    assertThat(range("decimal(18,2)", d, new WriterFixes(0, 7), ZoneOffset.UTC).min()).isNotNull();
  }

  private static TypedStatistics sample(String type) {
    switch (Type.parse(type).kind()) {
      case DECIMAL: return new DecimalStatistics("1", "2", "3");
      case DATE: return new DateStatistics(1, 2);
      case TIMESTAMP: return new TimestampStatistics(null, null, 1L, 2L, null, null);
      case BOOLEAN: return new BooleanStatistics(3L);
      default: return new StringStatistics("a", "b", null, null, 2L);
    }
  }

  @Test
  void booleansFromTheTrueCount() {
    assertThat(range("boolean", new BooleanStatistics(10L)).min()).isEqualTo(1L);
    assertThat(range("boolean", new BooleanStatistics(0L)).max()).isEqualTo(0L);
    ColumnRange r = range("boolean", new BooleanStatistics(4L));
    assertThat(r.min()).isEqualTo(0L);
    assertThat(r.max()).isEqualTo(1L);
    assertThat(range("boolean", new BooleanStatistics(11L))).isEqualTo(ColumnRange.UNKNOWN);
  }

  @Test
  void statisticsThatContradictThemselvesTellNothing() {
    assertThat(range("int", new IntegerStatistics(7L, -5L, null)))
        .isEqualTo(ColumnRange.UNKNOWN);
    assertThat(range("string", new IntegerStatistics(1L, 2L, null)))
        .isEqualTo(ColumnRange.UNKNOWN);
    assertThat(ColumnRanges.of(Type.parse("int"),
        new ColumnStatistics(0, true, null, new IntegerStatistics(1L, 2L, 3L)), CURRENT, ZoneOffset.UTC))
        .isEqualTo(ColumnRange.UNKNOWN);
    assertThat(ColumnRanges.of(Type.parse("int"), new ColumnStatistics(-1, false, null, null),
        CURRENT, ZoneOffset.UTC)).isEqualTo(ColumnRange.UNKNOWN);
    // NaN bounds are bounds too: of no values they cannot be, so "only nulls" is not believed
    assertThat(ColumnRanges.of(Type.parse("float"), new ColumnStatistics(0, true, null,
        new DoubleStatistics(Double.NaN, Double.NaN, Double.NaN)), CURRENT, ZoneOffset.UTC))
        .isEqualTo(ColumnRange.UNKNOWN);
  }
}
