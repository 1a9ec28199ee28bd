package io.colfile.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.AbstractMap.SimpleImmutableEntry;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ValueFillTest {
  private static final Type SCHEMA = Type.parse("struct<b:boolean,i:int,l:bigint,f:float,"
      + "s:string,bin:binary,d:decimal(10,2),w:decimal(38,4),day:date,ts:timestamp,"
      + "st:struct<x:int,y:string>,li:array<bigint>,m:map<string,int>,u:uniontype<int,string>>");

  @Test
  void everyFormReadsBackAsRowsHasIt() {
    List<Object> first = Arrays.asList(true, 7, Long.MIN_VALUE, 1.5f, "Zürich",
        new byte[] {1, 2}, new BigDecimal("12.3"), new BigDecimal("-1.0001"),
        LocalDate.of(2024, 2, 29), LocalDateTime.of(1969, 12, 31, 23, 59, 59, 5),
        Arrays.asList(1, "x"), List.of(1L, 2L, 3L),
        List.of(new SimpleImmutableEntry<>("k", 1), new SimpleImmutableEntry<>("k", 2)),
        new Rows.Variant(1, "s"));
    List<Object> second = Arrays.asList(false, -1, 0L, -0.0, "", new byte[0],
        new BigDecimal("0.00"), BigDecimal.ZERO, -719_528L, new long[] {-1, 999_999_999},
        null, List.of(), List.of(), new Rows.Variant(0, 5));
    List<Object> nulls = Arrays.asList(new Object[SCHEMA.children().size()]);
    ColumnBatch batch = ValueFill.batch(SCHEMA, List.of(first, second, nulls));

    assertThat(batch.size).isEqualTo(3);
    assertThat(Rows.row(batch, 0)).isEqualTo(Arrays.asList(true, 7L, Long.MIN_VALUE, 1.5,
        utf8("Zürich"), ByteBuffer.wrap(new byte[] {1, 2}), new BigDecimal("12.30"),
        new BigDecimal("-1.0001"), LocalDate.of(2024, 2, 29).toEpochDay(),
        Instant.parse("1969-12-31T23:59:59.000000005Z"), Arrays.asList(1L, utf8("x")),
        List.of(1L, 2L, 3L),
        List.of(new SimpleImmutableEntry<>(utf8("k"), 1L),
            new SimpleImmutableEntry<>(utf8("k"), 2L)),
        new Rows.Variant(1, utf8("s"))));
    assertThat(Rows.row(batch, 1)).isEqualTo(Arrays.asList(false, -1L, 0L, -0.0, utf8(""),
        ByteBuffer.wrap(new byte[0]), new BigDecimal("0.00"), new BigDecimal("0.0000"),
        -719_528L, Instant.ofEpochSecond(-1, 999_999_999), null, List.of(), List.of(),
        new Rows.Variant(0, 5L)));
    assertThat(Rows.row(batch, 2)).isEqualTo(nulls);
  }

  @Test
  void aSchemaThatIsNoStructTakesTheValuesThemselves() {
    ColumnBatch batch = ValueFill.batch(Type.parse("array<int>"),
        Arrays.asList(List.of(1, 2), null, List.of()));
    assertThat(List.of(Rows.row(batch, 0), Rows.row(batch, 2))).containsExactly(
        List.of(1L, 2L), List.of());
    assertThat(Rows.row(batch, 1)).isNull();
  }

  private static ByteBuffer utf8(String s) {
    return ByteBuffer.wrap(s.getBytes(StandardCharsets.UTF_8));
  }
}
