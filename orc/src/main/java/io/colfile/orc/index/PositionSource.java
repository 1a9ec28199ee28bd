package io.colfile.orc.index;

/**
 * Where each column's readers resume: the positions of one row group, or of the stripe start.
 */
@FunctionalInterface
public interface PositionSource {
  /** The start of the stripe for every column. */
  PositionSource STRIPE_START = column -> ColumnPositions.STRIPE_START;

  ColumnPositions positions(int column);
}
