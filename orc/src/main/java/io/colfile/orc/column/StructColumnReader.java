package io.colfile.orc.column;

import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.StructVector;
import io.colfile.orc.index.ColumnPositions;
import io.colfile.orc.index.PositionSource;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Structs: a PRESENT stream of their own; fields hold values only where the struct is set. A
 * struct read in part (a projection of some of its fields) fills a vector of only those fields,
 * in the file's order.
 */
final class StructColumnReader extends ColumnReader {
  private final ColumnReader[] fields;
  /** The fields that are read (not projected away). */
  private final ColumnReader[] read;
  /** The vector field (for the root: the batch column) each field is read into; -1: not read. */
  private final int[] target;

  /** {@code fields[i]} null means field i is not read (projected away). */
  StructColumnReader(int column, Type type, ColumnReader[] fields) {
    super(column, type);
    this.fields = fields;
    this.target = new int[fields.length];
    List<ColumnReader> present = new ArrayList<>();
    for (int i = 0; i < fields.length; i++) {
      target[i] = fields[i] == null ? -1 : present.size();
      if (fields[i] != null) {
        present.add(fields[i]);
      }
    }
    this.read = present.toArray(NO_CHILDREN);
  }

  @Override
  ColumnReader[] children() {
    return read;
  }

  @Override
  public void read(ColumnVector cv, int off, int n, boolean[] parentNull) throws IOException {
    StructVector v = (StructVector) cv;
    int values = readNulls(v, off, n, parentNull);
    boolean[] mask = values == n ? null : v.isNull;
    for (int i = 0; i < fields.length; i++) {
      if (fields[i] != null) {
        fields[i].read(v.fields[target[i]], off, n, mask);
      }
    }
  }

  @Override
  void seekValues(ColumnPositions p) {}

  @Override
  void skipValues(long values) throws IOException {
    for (ColumnReader f : read) {
      f.skip(values);
    }
  }

  /**
   * Seeks the root struct's fields; the root itself has no nulls and no positions to use (as
   * {@link #readRoot} and {@link #skipRoot} never read its PRESENT stream).
   */
  void seekRoot(PositionSource source) throws IOException {
    for (ColumnReader f : read) {
      f.seek(source);
    }
  }

  /** Skips {@code n} rows of the root struct's fields. */
  void skipRoot(long n) throws IOException {
    skipValues(n);
  }

  /** Reads the root struct's fields straight into a batch's columns (the root has no nulls). */
  void readRoot(ColumnVector[] cols, int n) throws IOException {
    for (int i = 0; i < fields.length; i++) {
      if (fields[i] != null) {
        fields[i].read(cols[target[i]], 0, n, null);
      }
    }
  }
}
