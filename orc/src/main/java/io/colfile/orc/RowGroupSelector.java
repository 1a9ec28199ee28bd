package io.colfile.orc;

import io.colfile.orc.index.StripeIndex;
import java.io.IOException;

/**
 * Chooses the row groups of each stripe a reader reads (what predicate pushdown plugs into):
 * asked once per stripe, before any of its data is read, with the stripe's index (statistics
 * and bloom filters per row group, read on demand).
 */
@FunctionalInterface
public interface RowGroupSelector {
  /** Every row group of every stripe. */
  RowGroupSelector ALL = index -> RowGroupSet.all();

  RowGroupSet select(StripeIndex index) throws IOException;
}
