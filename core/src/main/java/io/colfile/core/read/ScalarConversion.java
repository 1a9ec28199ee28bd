package io.colfile.core.read;

import io.colfile.core.vector.ColumnVector;

/**
 * Turns values of one scalar type into another's, as schema evolution reads them: rows {@code
 * [0, n)} of {@code from} into rows {@code [0, n)} of {@code to}. NULL stays NULL; a value the
 * target cannot hold becomes NULL, as Apache ORC reads it.
 */
interface ScalarConversion {
  void convert(ColumnVector from, ColumnVector to, int n);
}
