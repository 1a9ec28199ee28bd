package io.colfile.orc;

import java.util.List;

/**
 * Where the rows a filter selects may be in an ORC file, as predicate pushdown decides it from
 * the file's statistics, each stripe's statistics and each row group's statistics and bloom
 * filters, without reading any data stream ({@link OrcReader#probe}).
 *
 * @param fileExclusion why no row of the file can match by its statistics, or null
 * @param stripes every stripe, in file order
 * @param notes what pushdown could not use (encrypted columns, statistics a writer got wrong)
 */
public record FilterProbe(String fileExclusion, List<StripeVerdict> stripes, List<String> notes) {
  public FilterProbe {
    stripes = List.copyOf(stripes);
    notes = List.copyOf(notes);
  }

  /** What a part of the file may hold. */
  public enum Verdict {
    /** Its statistics and bloom filters allow matching rows. */
    MAY_HOLD,
    /** Its statistics (or the file's, or its stripe's) rule matching rows out. */
    EXCLUDED_BY_STATISTICS,
    /** Its bloom filter rules the value out. */
    EXCLUDED_BY_BLOOM_FILTER
  }

  /**
   * One stripe.
   *
   * @param verdict {@link Verdict#MAY_HOLD} when some row group may hold a matching row
   * @param reason why it is excluded (null when it may hold one)
   * @param rowGroups its row groups; empty when the stripe's statistics exclude it (its index is
   *     then not read) or it has no row index
   */
  public record StripeVerdict(int stripe, long rows, Verdict verdict, String reason,
      List<RowGroupVerdict> rowGroups) {
    public StripeVerdict {
      rowGroups = List.copyOf(rowGroups);
    }
  }

  /** One row group of a stripe: rows from {@code firstRow} (within the stripe). */
  public record RowGroupVerdict(int rowGroup, long firstRow, long rows, Verdict verdict,
      String reason) {}
}
