package io.colfile.trevni.avro;

import io.colfile.core.encoding.Endian;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.DecimalVector;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.LongVector;
import io.colfile.core.vector.TimestampVector;
import io.colfile.trevni.TrevniFileWriter;
import java.math.BigInteger;
import java.util.Arrays;

/**
 * A field of a flat record ({@link RowWriter}), a simple value or a nullable one ({@code
 * ["null", X]}), written a column at a time ({@link TrevniFileWriter#startRows}): the same bytes
 * as {@link ValueNode#write} row by row. Each kind goes through the bulk method of its column's
 * type, converted where the row path converts: timestamps to their long units, enums to their
 * ordinals, wide decimals to their bytes, decimals in a fixed to its size. The conversions' arrays
 * are the field's own, kept from batch to batch; as {@link TrevniFileWriter#writeColumns} writes
 * each column on one thread, a field is written by one thread at a time.
 */
final class FlatField {
  private static final int[] NO_INTS = {};
  private static final byte[] NO_BYTES = {};

  final ValueNode node;
  /** Whether the field is {@code ["null", X]}: a column of 0 or 1 values a row. */
  final boolean nullable;

  /** Timestamps' units or enums' ordinals, a row each. */
  private long[] longs = new long[0];
  /** Decimals' bytes: a row's value is {@code data[i][start[i], start[i] + length[i])}. */
  private byte[][] data = new byte[0][];
  private int[] start = NO_INTS;
  private int[] length = NO_INTS;
  /** Decimals in a fixed, {@link ValueNode#fixedSize} bytes a row after 8 bytes of slack. */
  private byte[] fixed = NO_BYTES;

  FlatField(ValueNode node, boolean nullable) {
    this.node = node;
    this.nullable = nullable;
  }

  /**
   * Whether {@link #writeColumn} writes the field's rows from {@code v}: the vector that holds
   * the node's values (a nullable field's colfile union, a {@code UnionVector}, is written row by
   * row).
   */
  boolean writesColumn(ColumnVector v) {
    return switch (node.kind) {
      case NULL -> true;
      case BOOLEAN, INT -> v instanceof LongVector;
      case LONG -> node.type == TypeKind.LONG ? v instanceof LongVector
          : v instanceof TimestampVector;
      case FLOAT, DOUBLE -> v instanceof DoubleVector;
      case STRING, ENUM -> v instanceof BytesVector;
      case BYTES, FIXED -> node.type == TypeKind.DECIMAL ? v instanceof DecimalVector
          : v instanceof BytesVector;
      default -> false;
    };
  }

  /**
   * The first of rows {@code [0, n)} of {@code v} that {@link ValueNode#write} refuses, or -1:
   * a null where the field is not nullable, a value where it is {@code null}, an int out of
   * range, a timestamp outside its units' long, a fixed of another size, a decimal too wide for
   * its fixed, a string that is no symbol of the enum (and a wide decimal without a value, on
   * which the row path fails too). Rows that are null in a nullable field are not looked at.
   * For an enum, this finds the ordinals {@link #writeColumn} writes. For a vector that {@link
   * #writesColumn}.
   */
  int firstRefused(ColumnVector v, int n) {
    if (node.kind == AvroSchema.Kind.NULL) {
      for (int i = 0; i < n; i++) {
        if (!v.isNull(i)) {
          return i;
        }
      }
      return -1;
    }
    int end = n; // the first null where there may be none, else n
    if (!nullable && !v.noNulls) {
      for (int i = 0; i < n; i++) {
        if (v.isNull[i]) {
          end = i;
          break;
        }
      }
    }
    int bad = firstBadValue(v, end);
    return bad >= 0 ? bad : end < n ? end : -1;
  }

  /** The first of rows {@code [0, end)} whose value the row path refuses (nulls aside), or -1. */
  private int firstBadValue(ColumnVector v, int end) {
    boolean[] isNull = v.noNulls ? null : v.isNull;
    switch (node.kind) {
      case INT -> {
        long[] x = ((LongVector) v).vector;
        long outside = 0; // a bit set where some value differs from its int: none, mostly
        for (int i = 0; i < end; i++) {
          outside |= x[i] ^ (int) x[i];
        }
        for (int i = 0; i < end && outside != 0; i++) {
          if (x[i] != (int) x[i] && (isNull == null || !isNull[i])) {
            return i;
          }
        }
      }
      case LONG -> {
        if (node.type != TypeKind.LONG) {
          return firstOutOfRange((TimestampVector) v, end, isNull);
        }
      }
      case ENUM -> {
        BytesVector b = (BytesVector) v;
        long[] ordinals = longs(end);
        for (int i = 0; i < end; i++) {
          if (isNull == null || !isNull[i]) {
            int k = node.ordinal(b.vector[i], b.start[i], b.length[i]);
            if (k < 0) {
              return i;
            }
            ordinals[i] = k;
          }
        }
      }
      case BYTES -> {
        if (v instanceof DecimalVector d && d.isWide) {
          for (int i = 0; i < end; i++) {
            if (d.wide[i] == null && (isNull == null || !isNull[i])) {
              return i;
            }
          }
        }
      }
      case FIXED -> {
        return firstNotFixed(v, end, isNull);
      }
      default -> { }
    }
    return -1;
  }

  /** The first of rows {@code [0, end)} whose timestamp does not fit a long of units, or -1. */
  private int firstOutOfRange(TimestampVector t, int end, boolean[] isNull) {
    long perSecond = node.perSecond();
    // seconds within this bound fit whatever their nanos (an int); beyond it, exactly checked
    long bound = (Long.MAX_VALUE >> 1) / perSecond;
    for (int i = 0; i < end; i++) {
      long s = t.seconds[i];
      if ((s > bound || s < -bound) && (isNull == null || !isNull[i])) {
        try {
          ValueNode.units(s, t.nanos[i], perSecond);
        } catch (ArithmeticException e) {
          return i;
        }
      }
    }
    return -1;
  }

  /** The first of rows {@code [0, end)} that is not a fixed of its size, or -1. */
  private int firstNotFixed(ColumnVector v, int end, boolean[] isNull) {
    int size = node.fixedSize;
    for (int i = 0; i < end; i++) {
      if (isNull != null && isNull[i]) {
        continue;
      }
      boolean fits;
      if (v instanceof BytesVector b) {
        fits = b.length[i] == size;
      } else if (v instanceof DecimalVector d && d.isWide) {
        // the bytes of BigInteger.toByteArray(), as the row path counts them
        fits = d.wide[i] != null && d.wide[i].bitLength() / 8 + 1 <= size;
      } else {
        // the bits above a size-byte number's sign bit are all its sign
        long x = ((DecimalVector) v).unscaled[i];
        fits = size >= 8 || (x >> (8 * size - 1)) == (x >> 63);
      }
      if (!fits) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Writes rows {@code [0, n)} of {@code v}, the {@link TrevniFileWriter#startRows} rows: the
   * same bytes as {@link ValueNode#write} row by row. For a vector that {@link #writesColumn},
   * of which {@link #firstRefused} refused no row just before.
   */
  void writeColumn(TrevniFileWriter out, ColumnVector v, int n) {
    int col = node.col;
    if (nullable) {
      out.writeNulls(col, v.noNulls ? null : v.isNull, 0);
    }
    switch (node.kind) {
      case NULL -> out.writeNullValues(col);
      case BOOLEAN -> out.writeBooleans(col, ((LongVector) v).vector, 0);
      case INT -> out.writeInts(col, ((LongVector) v).vector, 0);
      case LONG -> out.writeLongs(col, node.type == TypeKind.LONG ? ((LongVector) v).vector
          : units((TimestampVector) v, n), 0);
      case FLOAT -> out.writeFloats(col, ((DoubleVector) v).vector, 0);
      case DOUBLE -> out.writeDoubles(col, ((DoubleVector) v).vector, 0);
      case ENUM -> out.writeInts(col, longs, 0); // the ordinals firstRefused found
      case STRING, BYTES, FIXED -> {
        if (!(v instanceof DecimalVector d)) {
          BytesVector b = (BytesVector) v;
          out.writeBytes(col, b.vector, b.start, b.length, 0);
        } else if (node.kind == AvroSchema.Kind.FIXED) {
          fixedDecimals(d, n);
          out.writeBytes(col, data, start, length, 0);
        } else if (d.isWide) {
          wideDecimals(d, n);
          out.writeBytes(col, data, start, length, 0);
        } else {
          out.writeDecimals(col, d.unscaled, 0);
        }
      }
      default -> throw new AssertionError(node.kind);
    }
  }

  /** The rows' timestamps as long units of the logical type (0 where null). */
  private long[] units(TimestampVector t, int n) {
    long[] out = longs(n);
    long perSecond = node.perSecond();
    boolean[] isNull = t.noNulls ? null : t.isNull;
    for (int i = 0; i < n; i++) {
      out[i] = isNull != null && isNull[i] ? 0 : ValueNode.units(t.seconds[i], t.nanos[i],
          perSecond);
    }
    return out;
  }

  /** Wide decimals' bytes, {@link BigInteger#toByteArray()} of each (none where null). */
  private void wideDecimals(DecimalVector d, int n) {
    bytes(n);
    boolean[] isNull = d.noNulls ? null : d.isNull;
    for (int i = 0; i < n; i++) {
      byte[] b = isNull != null && isNull[i] ? NO_BYTES : d.wide[i].toByteArray();
      data[i] = b;
      start[i] = 0;
      length[i] = b.length;
    }
  }

  /**
   * Decimals as fixeds of their size, big-endian two's complement sign-extended to it, in
   * {@link #fixed} (zeros where null).
   */
  private void fixedDecimals(DecimalVector d, int n) {
    int size = node.fixedSize;
    bytes(n);
    if (fixed.length < 8 + n * size) {
      fixed = new byte[8 + n * size];
    }
    boolean[] isNull = d.noNulls ? null : d.isNull;
    // from the last row back: a row's 8 bytes of a long reach back into the rows before it
    // (fixeds under 8 bytes), which are written after it
    for (int i = n - 1; i >= 0; i--) {
      int at = 8 + i * size;
      data[i] = fixed;
      start[i] = at;
      length[i] = size;
      if (isNull != null && isNull[i]) {
        Arrays.fill(fixed, at, at + size, (byte) 0);
      } else if (d.isWide) {
        ValueNode.putFixed(d.wide[i].toByteArray(), fixed, at, size);
      } else {
        long x = d.unscaled[i];
        Endian.putLongBE(fixed, at + size - 8, x);
        Arrays.fill(fixed, at, Math.max(at, at + size - 8), (byte) (x >> 63));
      }
    }
  }

  private long[] longs(int n) {
    if (longs.length < n) {
      longs = new long[n];
    }
    return longs;
  }

  /** Makes {@link #data}, {@link #start} and {@link #length} hold {@code n} rows. */
  private void bytes(int n) {
    if (data.length < n) {
      data = new byte[n][];
      start = new int[n];
      length = new int[n];
    }
  }
}
