package io.colfile.text;

import io.colfile.core.vector.ColumnVector;

/**
 * Prints the values of one node of the type tree. {@link ValuePrinters#create} builds one tree of
 * printers per schema, once, so the per-row work is a null check, a cast and the formatting:
 * no type switch, no field-name encoding, no allocation.
 */
abstract class ValuePrinter {
  private static final byte[] NULL = {'n', 'u', 'l', 'l'};

  /** Prints row {@code row} of {@code v}, or {@code null}, at any depth. */
  final void print(ByteSink out, ColumnVector v, int row) {
    if (!v.noNulls && v.isNull[row]) {
      out.put(NULL);
    } else {
      printValue(out, v, row);
    }
  }

  /** Prints the non-null value at row {@code row}. */
  abstract void printValue(ByteSink out, ColumnVector v, int row);
}
