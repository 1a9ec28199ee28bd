package io.colfile.core.vector;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;

/**
 * A batch of rows of one schema. For a struct schema, {@link #cols} holds one vector per field
 * (the root struct itself is never null); for any other schema, {@code cols[0]} holds the root.
 */
public final class ColumnBatch {
  public static final int DEFAULT_SIZE = 1024;

  private final Type schema;
  public final ColumnVector[] cols;
  /** Rows filled, at most {@link #capacity()}. */
  public int size;
  private final int capacity;

  public ColumnBatch(Type schema, int capacity) {
    this.schema = schema;
    this.capacity = capacity;
    if (schema.kind() == TypeKind.STRUCT) {
      cols = new ColumnVector[schema.children().size()];
      for (int i = 0; i < cols.length; i++) {
        cols[i] = ColumnVector.create(schema.child(i), capacity);
      }
    } else {
      cols = new ColumnVector[] {ColumnVector.create(schema, capacity)};
    }
  }

  public Type schema() {
    return schema;
  }

  public int capacity() {
    return capacity;
  }

  /** Empties the batch for reuse. */
  public void reset() {
    size = 0;
    for (ColumnVector c : cols) {
      c.reset();
    }
  }

  /** Keeps only rows {@code rows[0, count)} (ascending), moved to the front, and sets the size. */
  public void keep(int[] rows, int count) {
    if (count == size) {
      return; // every row kept: rows is 0, 1, 2, ...
    }
    for (ColumnVector c : cols) {
      c.keep(rows, count);
    }
    size = count;
  }

  /** Checks every vector's invariants for the filled rows. */
  public void validate() {
    for (ColumnVector c : cols) {
      c.validate(size);
    }
  }
}
