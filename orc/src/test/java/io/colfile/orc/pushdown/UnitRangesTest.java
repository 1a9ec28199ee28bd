package io.colfile.orc.pushdown;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.filter.ColumnRange;
import io.colfile.core.types.Type;
import io.colfile.orc.stats.ColumnStatistics;
import io.colfile.orc.stats.IntegerStatistics;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A unit's ranges take the nulls of the structs above a column, and counts must add up. */
class UnitRangesTest {
  /** struct<a:int, s:struct<x:int>>: ids 1 (a), 2 (s), 3 (s.x). */
  private static final FileColumns COLUMNS =
      new FileColumns(Type.parse("struct<a:int,s:struct<x:int>>"));
  private static final WriterFixes FIXES = new WriterFixes(0, 9);

  private static ColumnStatistics stats(long count, boolean hasNull) {
    return new ColumnStatistics(count, hasNull, null, new IntegerStatistics(1L, 5L, null));
  }

  private static ColumnStatistics struct(long count, boolean hasNull) {
    return new ColumnStatistics(count, hasNull, null, null);
  }

  private static UnitRanges unit(long rows, Map<Integer, ColumnStatistics> stats) {
    return new UnitRanges(COLUMNS, stats::get, rows, FIXES, ZoneOffset.UTC, null);
  }

  @Test
  void aFieldOfANullStructIsNull() {
    Map<Integer, ColumnStatistics> m = new HashMap<>();
    m.put(2, struct(8, true));
    m.put(3, stats(8, false)); // every non-null struct has an x
    ColumnRange x = unit(10, m).range(3);
    assertThat(x.hasNull()).isTrue();
    assertThat(x.min()).isEqualTo(1L);
    m.put(2, struct(10, false));
    m.put(3, stats(10, false));
    assertThat(unit(10, m).range(3).hasNull()).isFalse();
    // without the struct's statistics, its nulls are unknown
    m.remove(2);
    assertThat(unit(10, m).range(3).hasNull()).isTrue();
  }

  @Test
  void countsThatDoNotAddUpMakeTheColumnUnknown() {
    Map<Integer, ColumnStatistics> m = new HashMap<>();
    // ORC Java without a row index: zeros at stripe and file level
    m.put(1, new ColumnStatistics(0, false, null, new IntegerStatistics(null, null, null)));
    assertThat(unit(10, m).range(1)).isEqualTo(ColumnRange.UNKNOWN);
    m.put(1, stats(11, false)); // more values than rows
    assertThat(unit(10, m).range(1)).isEqualTo(ColumnRange.UNKNOWN);
    m.put(1, stats(9, false)); // fewer, but no nulls
    assertThat(unit(10, m).range(1)).isEqualTo(ColumnRange.UNKNOWN);
    m.put(1, stats(9, true));
    assertThat(unit(10, m).range(1).min()).isEqualTo(1L);
    m.put(2, struct(6, true));
    m.put(3, stats(7, false)); // more x values than structs
    assertThat(unit(10, m).range(3)).isEqualTo(ColumnRange.UNKNOWN);
    assertThat(unit(10, m).range(2)).isNotEqualTo(ColumnRange.UNKNOWN);
    assertThat(unit(10, Map.of()).range(1)).isNull();
  }
}
