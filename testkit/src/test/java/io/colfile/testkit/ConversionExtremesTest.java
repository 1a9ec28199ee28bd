package io.colfile.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.ReadOptions;
import io.colfile.core.read.ReadPlan;
import io.colfile.core.types.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every conversion of values at the edges, and beyond what any file should hold (a damaged file
 * can hold anything): days and seconds at the ends of a long, 38-digit decimals, NaN and
 * infinities, invalid UTF-8. A conversion gives a value or NULL; it never throws, and the
 * vectors it makes are valid.
 */
class ConversionExtremesTest {
  private static final BigInteger MAX38 = BigInteger.TEN.pow(38).subtract(BigInteger.ONE);
  private static final Map<String, List<Object>> VALUES = Map.ofEntries(
      Map.entry("boolean", List.of(true, false)),
      Map.entry("tinyint", List.of(-128, 127, 0)),
      Map.entry("smallint", List.of(-32768, 32767)),
      Map.entry("int", List.of(Integer.MIN_VALUE, Integer.MAX_VALUE)),
      Map.entry("bigint", List.of(Long.MIN_VALUE, Long.MAX_VALUE, -1L, 0L)),
      Map.entry("float", List.of(Float.NaN, Float.POSITIVE_INFINITY, -Float.MAX_VALUE,
          Float.MIN_VALUE, -0f)),
      Map.entry("double", List.of(Double.NaN, Double.NEGATIVE_INFINITY, Double.MAX_VALUE,
          Double.MIN_VALUE, -0.0, 9.223372036854776E18)),
      Map.entry("decimal(38,0)", List.of(new BigDecimal(MAX38), new BigDecimal(MAX38.negate()))),
      Map.entry("decimal(38,38)", List.of(new BigDecimal(MAX38, 38), BigDecimal.ZERO)),
      Map.entry("decimal(10,2)", List.of(new BigDecimal("-99999999.99"))),
      Map.entry("string", List.of("", "\uFFFD", "+999999999-12-31 23:59:59.999999999 UTC",
          "-999999999-01-01", "9".repeat(400), "1e99", "-9223372036854775809")),
      Map.entry("varchar(3)", List.of("ééé", "")),
      Map.entry("char(3)", List.of("   ", "日本語")),
      Map.entry("binary", List.of(new byte[0], new byte[] {(byte) 0xFF, (byte) 0xFE, 0x20})),
      Map.entry("date", List.of(Long.MAX_VALUE, Long.MIN_VALUE, (long) Integer.MAX_VALUE,
          LocalDate.of(-999_999_999, 1, 1))),
      Map.entry("timestamp", List.of(new long[] {Long.MAX_VALUE, 999_999_999},
          new long[] {Long.MIN_VALUE, 0}, LocalDateTime.MAX, LocalDateTime.MIN,
          new long[] {-1, 1})),
      Map.entry("timestamp with local time zone", List.of(new long[] {Long.MAX_VALUE, 1},
          new long[] {Long.MIN_VALUE, 999_999_999}, Instant.MAX, Instant.MIN)));
  private static final List<String> TARGETS = List.of("boolean", "tinyint", "smallint", "int",
      "bigint", "float", "double", "decimal(38,0)", "decimal(38,38)", "decimal(1,0)", "string",
      "varchar(1)", "char(2)", "binary", "date", "timestamp", "timestamp with local time zone");

  @Test
  void everyConversionOfExtremeValuesGivesAValueOrNull() {
    int conversions = 0;
    for (Map.Entry<String, List<Object>> from : VALUES.entrySet()) {
      Type file = Type.parse("struct<v:" + from.getKey() + ">");
      List<Object> rows = new ArrayList<>();
      from.getValue().forEach(v -> rows.add(Collections.singletonList(v)));
      rows.add(Collections.singletonList(null));
      MemoryFile memory = ValueBatches.file(file, rows);
      for (String to : TARGETS) {
        ReadOptions options = ReadOptions.defaults().withSchema(Type.parse("struct<v:" + to
            + ">")).withDefaultZone(ZoneId.of("America/New_York"));
        if (to.equals(from.getKey())) {
          continue; // read as it is, no conversion
        }
        try {
          ReadPlan.create(file, options);
        } catch (IllegalArgumentException e) {
          continue; // no such conversion
        }
        List<Object> read = ValueBatches.read(memory, options); // validates every batch
        assertThat(read).as(from.getKey() + " -> " + to).hasSize(rows.size());
        assertThat(read.get(rows.size() - 1)).isEqualTo(Arrays.asList((Object) null));
        conversions++;
      }
    }
    assertThat(conversions).isGreaterThan(150);
  }
}
