package io.colfile.orc.pushdown;

import io.colfile.core.filter.ColumnRange;
import io.colfile.core.filter.UnitStatistics;
import io.colfile.orc.stats.ColumnStatistics;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * The statistics of one unit (the file, a stripe, a row group) as {@link UnitStatistics}: each
 * column's {@link ColumnRanges} checked against the columns above it.
 *
 * <p>ORC counts a column's values (number_of_values) and notes its nulls (has_null) only where
 * its parent struct has a value: a field of a NULL struct is NULL when read but not counted
 * anywhere. So a field's range takes the nulls of every struct above it. The counts must also
 * add up: a top-level column has at most the unit's rows, and fewer only with nulls; a field
 * has at most its struct's values. Counts that do not (the zeros ORC Java writes at stripe and
 * file level when it builds no row index, damaged or lying statistics) make the column's
 * statistics unknown.
 */
final class UnitRanges implements UnitStatistics {
  /** A bloom filter lookup for the unit: may column {@code column} hold {@code value}? */
  @FunctionalInterface
  interface Bloom {
    boolean mightContain(int column, Object value);
  }

  private final FileColumns columns;
  private final IntFunction<ColumnStatistics> stats;
  private final long rows;
  private final WriterFixes fixes;
  private final ZoneId writerZone;
  private final Bloom bloom;
  private final Map<Integer, ColumnRange> ranges = new HashMap<>();

  /**
   * @param stats the statistics of a column in this unit, or null where there are none
   * @param rows the unit's rows
   * @param writerZone the zone its TIMESTAMP values are read in, as the writer named it; null
   *     when unknown (a file, a stripe whose footer is not read, a stripe naming none)
   * @param bloom the unit's bloom filters, or null
   */
  UnitRanges(FileColumns columns, IntFunction<ColumnStatistics> stats, long rows,
      WriterFixes fixes, ZoneId writerZone, Bloom bloom) {
    this.columns = columns;
    this.stats = stats;
    this.rows = rows;
    this.fixes = fixes;
    this.writerZone = writerZone;
    this.bloom = bloom;
  }

  @Override
  public ColumnRange range(int column) {
    if (!ranges.containsKey(column)) {
      ranges.put(column, compute(column));
    }
    return ranges.get(column);
  }

  @Override
  public boolean mightContain(int column, Object value) {
    return bloom == null || bloom.mightContain(column, value);
  }

  private ColumnRange compute(int column) {
    ColumnStatistics own = stats.apply(column);
    if (own == null) {
      return null;
    }
    long expected = rows; // values the column may have: -1 when unknown
    boolean nullAbove = false;
    for (int c : columns.path(column)) {
      ColumnStatistics s = c == column ? own : stats.apply(c);
      if (s == null) {
        expected = -1;
        nullAbove = true;
        continue;
      }
      long count = s.numberOfValues();
      if (count < 0 || expected >= 0 && (count > expected || count < expected && !s.hasNull())) {
        return ColumnRange.UNKNOWN;
      }
      expected = count;
      if (c != column) {
        nullAbove |= s.hasNull();
      }
    }
    ColumnRange r = ColumnRanges.of(columns.type(column), own, fixes, writerZone);
    return nullAbove && !r.hasNull()
        ? new ColumnRange(r.min(), r.max(), true, r.valueCount(), r.mayHaveNaN()) : r;
  }
}
