package io.colfile.core.filter;

/**
 * The statistics of one unit of a file (a stripe, a row group, a block, a rowset) that a format
 * offers {@link Pruner}, by column id of the schema the predicate was bound to.
 */
public interface UnitStatistics {
  /** The column's statistics in this unit, or null when there are none. */
  ColumnRange range(int column);

  /**
   * Whether the unit may hold a value equal to {@code value} (of the column's {@link Domain}):
   * false only when an index such as a bloom filter rules it out. The default knows nothing.
   */
  default boolean mightContain(int column, Object value) {
    return true;
  }
}
