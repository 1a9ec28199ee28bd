package io.colfile.core.vector;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;

/**
 * Decimals as unscaled integers at the column's scale. Precision up to 18 uses {@link #unscaled}
 * (no objects per value); wider decimals, and Hive 0.11 decimals without a precision, use {@link
 * #wide}.
 */
public final class DecimalVector extends ColumnVector {
  /** The largest precision whose unscaled values always fit in a long. */
  public static final int MAX_LONG_PRECISION = 18;
  /** The scale of decimals whose type has no precision (Hive 0.11 files). */
  public static final int UNKNOWN_PRECISION_SCALE = 6;

  public final int precision;
  public final int scale;
  /** True when values live in {@link #wide} rather than {@link #unscaled}. */
  public final boolean isWide;
  public long[] unscaled;
  public BigInteger[] wide;

  public DecimalVector(int precision, int scale, int capacity) {
    super(capacity);
    this.precision = precision;
    this.scale = scale;
    this.isWide = precision == 0 || precision > MAX_LONG_PRECISION;
    if (isWide) {
      wide = new BigInteger[capacity];
    } else {
      unscaled = new long[capacity];
    }
  }

  /** The unscaled value of row {@code row}. */
  public BigInteger unscaledBig(int row) {
    return isWide ? wide[row] : BigInteger.valueOf(unscaled[row]);
  }

  /** Row {@code row} as a BigDecimal at the column's scale. */
  public BigDecimal get(int row) {
    return new BigDecimal(unscaledBig(row), scale);
  }

  @Override
  public void keep(int[] rows, int count) {
    super.keep(rows, count);
    if (isWide) {
      for (int i = 0; i < count; i++) {
        wide[i] = wide[rows[i]];
      }
    } else {
      for (int i = 0; i < count; i++) {
        unscaled[i] = unscaled[rows[i]];
      }
    }
  }

  @Override
  protected void grow(int newCapacity, boolean preserve) {
    if (isWide) {
      wide = preserve ? Arrays.copyOf(wide, newCapacity) : new BigInteger[newCapacity];
    } else {
      unscaled = preserve ? Arrays.copyOf(unscaled, newCapacity) : new long[newCapacity];
    }
  }

  @Override
  public void validate(int size) {
    super.validate(size);
    if (isWide) {
      for (int i = 0; i < size; i++) {
        if (!isNull(i) && wide[i] == null) {
          throw new IllegalStateException("row " + i + " has no value");
        }
      }
    }
  }
}
