package io.colfile.trevni;

/**
 * How a filtered read ({@link TrevniReader#read(io.colfile.core.ReadOptions, FirstValueUse)})
 * uses first values ({@code trevni.values}) to skip blocks. First values bound a column's blocks
 * only if the column is sorted (in Java's order, trevni.md section 8), and nothing in Trevni
 * makes it so: Apache Avro's writer and colfile's {@link ColumnSpec#withFirstValues()} store
 * them on any column. Whatever is chosen, a column whose first values are themselves out of
 * order is never used, and the rows read are always filtered exactly.
 */
public enum FirstValueUse {
  /** First values are not used: every row is read and filtered. */
  NONE,
  /**
   * The default: the rows returned are exactly a full read's, filtered, for every legal file. A
   * column declared sorted ({@link ColumnSpec#sorted()}, {@link TrevniMetadata#SORTED}: colfile's
   * writer refused values out of order) is used as it is; each row read is checked against its
   * block's first values, and a row outside them fails the read with a {@code
   * CorruptFileException}. Any other column is checked first: the blocks the filter would skip
   * are read in that column alone, and the column is used only if each of their values lies
   * within its block's first value and the next block's; otherwise the filter is planned again
   * without it. What was checked is kept with the open file for later reads.
   */
  CHECKED,
  /**
   * The caller's promise that every column with first values in order is sorted: blocks are
   * skipped without reading them, as for a column declared sorted. Each row read is checked,
   * and a row outside its block's first values fails the read with a {@code
   * CorruptFileException}; rows of skipped blocks cannot be checked, so a file that breaks the
   * promise there loses them.
   */
  TRUSTED
}
