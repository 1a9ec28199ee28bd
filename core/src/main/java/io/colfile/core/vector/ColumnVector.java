package io.colfile.core.vector;

import io.colfile.core.types.Type;
import java.util.Arrays;

/**
 * Values of one column for a batch of rows: plain arrays plus null flags. A reader fills rows
 * {@code [0, size)}; {@link #isNull} is meaningful only when {@link #noNulls} is false. Vectors
 * grow on demand ({@link #ensureCapacity}) and are reused across batches.
 */
public abstract class ColumnVector {
  /** Null flags, at least {@link #capacity()} long; valid only when {@code noNulls} is false. */
  public boolean[] isNull;
  /** True when no row in the batch is null; readers set it false before setting any flag. */
  public boolean noNulls = true;

  protected int capacity;

  protected ColumnVector(int capacity) {
    this.capacity = capacity;
    this.isNull = new boolean[capacity];
  }

  /** Creates the vector that holds values of {@code type}. */
  public static ColumnVector create(Type type, int capacity) {
    switch (type.kind()) {
      case BOOLEAN: case BYTE: case SHORT: case INT: case LONG: case DATE:
        return new LongVector(capacity);
      case FLOAT: case DOUBLE:
        return new DoubleVector(capacity);
      case STRING: case VARCHAR: case CHAR: case BINARY: case GEOMETRY: case GEOGRAPHY:
        return new BytesVector(capacity);
      case DECIMAL:
        // Hive 0.11 decimals carry no precision or scale; they are read at scale 6, as Apache
        // ORC C++ reads them.
        return new DecimalVector(type.precision(),
            type.precision() == 0 ? DecimalVector.UNKNOWN_PRECISION_SCALE : type.scale(),
            capacity);
      case TIMESTAMP: case TIMESTAMP_INSTANT:
        return new TimestampVector(capacity);
      case STRUCT: {
        ColumnVector[] fields = new ColumnVector[type.children().size()];
        for (int i = 0; i < fields.length; i++) {
          fields[i] = create(type.child(i), capacity);
        }
        return new StructVector(capacity, fields);
      }
      case LIST:
        return new ListVector(capacity, create(type.child(0), capacity));
      case MAP:
        return new MapVector(capacity, create(type.child(0), capacity),
            create(type.child(1), capacity));
      case UNION: {
        ColumnVector[] variants = new ColumnVector[type.children().size()];
        for (int i = 0; i < variants.length; i++) {
          variants[i] = create(type.child(i), capacity);
        }
        return new UnionVector(capacity, variants);
      }
      default:
        throw new IllegalArgumentException("no vector for " + type);
    }
  }

  public final int capacity() {
    return capacity;
  }

  /** Whether row {@code row} is null. */
  public final boolean isNull(int row) {
    return !noNulls && isNull[row];
  }

  /** Marks row {@code row} null. */
  public final void setNull(int row) {
    if (noNulls) {
      Arrays.fill(isNull, 0, capacity, false);
      noNulls = false;
    }
    isNull[row] = true;
  }

  /** Prepares the vector for a new batch: no nulls, children reset. */
  public void reset() {
    noNulls = true;
  }

  /**
   * Makes room for {@code n} rows. With {@code preserve}, rows already present are kept (used by
   * readers that fill list children incrementally); otherwise their contents are undefined.
   */
  public final void ensureCapacity(int n, boolean preserve) {
    if (n <= capacity) {
      return;
    }
    int newCapacity = Math.max(n, (int) Math.min(Integer.MAX_VALUE - 8, capacity * 2L));
    isNull = preserve ? Arrays.copyOf(isNull, newCapacity) : new boolean[newCapacity];
    grow(newCapacity, preserve);
    capacity = newCapacity;
  }

  /**
   * Keeps only rows {@code rows[0, count)}, which must ascend, moving them to rows {@code [0,
   * count)} in that order. Children of lists, maps and unions stay as they are (the kept rows
   * still point into them); struct fields keep the same rows.
   */
  public void keep(int[] rows, int count) {
    if (!noNulls) {
      for (int i = 0; i < count; i++) {
        isNull[i] = isNull[rows[i]];
      }
    }
  }

  /**
   * Makes this vector's null flags those of {@code from}: the same array, the same capacity.
   * For vectors that are views of others (a struct with fewer fields, a list with converted
   * elements), refreshed for each batch.
   */
  public void shareNulls(ColumnVector from) {
    isNull = from.isNull;
    noNulls = from.noNulls;
    capacity = from.capacity;
  }

  /** Grows the value arrays to {@code newCapacity}. */
  protected abstract void grow(int newCapacity, boolean preserve);

  /**
   * Checks the invariants of rows {@code [0, size)} (lengths in range, offsets monotone, children
   * large enough) and throws {@link IllegalStateException} naming the first violation. Tests call
   * it on every vector a reader returns.
   */
  public void validate(int size) {
    if (size < 0 || size > capacity) {
      throw new IllegalStateException("size " + size + " outside capacity " + capacity);
    }
    if (!noNulls && isNull.length < size) {
      throw new IllegalStateException("null flags shorter than size " + size);
    }
  }
}
