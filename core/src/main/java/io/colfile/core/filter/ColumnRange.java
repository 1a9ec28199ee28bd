package io.colfile.core.filter;

/**
 * What a format knows of one column's values in one unit (a file, stripe, row group, block or
 * rowset), for {@link Pruner}. Every bound must hold for every value in the unit; a bound that
 * is not itself a value (a truncated string's lower bound) is fine, a bound that could be
 * wrong (statistics a writer got wrong) must be left out.
 *
 * @param min a value of the column's {@link Domain} at most every non-null value, or null when
 *     unknown
 * @param max a value at least every non-null value, or null when unknown
 * @param hasNull whether some value may be NULL (true when unknown)
 * @param valueCount the number of non-null values, or -1 when unknown
 * @param mayHaveNaN for float and double columns: whether some value may be NaN, which lies
 *     outside every range (true when unknown)
 */
public record ColumnRange(Object min, Object max, boolean hasNull, long valueCount,
    boolean mayHaveNaN) {

  /** Nothing known. */
  public static final ColumnRange UNKNOWN = new ColumnRange(null, null, true, -1, true);

  /** Only nulls and counts known: {@code valueCount} non-null values, {@code hasNull}. */
  public static ColumnRange counts(long valueCount, boolean hasNull) {
    return new ColumnRange(null, null, hasNull, valueCount, true);
  }

  /** Whether the unit surely has no non-null value. */
  public boolean allNull() {
    return valueCount == 0;
  }
}
