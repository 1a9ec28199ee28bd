package io.colfile.core.filter;

import io.colfile.core.filter.BoundPredicate.Leaf;
import io.colfile.core.filter.BoundPredicate.Op;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.DecimalVector;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.LongVector;
import io.colfile.core.vector.TimestampVector;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;

/**
 * Compares the values of one vector with a leaf's literals, row by row: one subclass per kind
 * of vector, the literals turned into the vector's own representation once.
 */
abstract class ValueComparer {
  /** Literals sorted ascending (IN lists are; a comparison or BETWEEN has one or two). */
  protected final int literals;

  ValueComparer(int literals) {
    this.literals = literals;
  }

  static ValueComparer create(Leaf leaf, ColumnVector v) {
    List<Object> values = leaf.values();
    if (v instanceof LongVector) {
      return new Longs(values);
    }
    if (v instanceof DoubleVector) {
      return new Doubles(values);
    }
    if (v instanceof BytesVector) {
      return new Bytes(values);
    }
    if (v instanceof TimestampVector) {
      return new Timestamps(values);
    }
    if (v instanceof DecimalVector d) {
      return new Decimals(values, d.scale);
    }
    throw new IllegalArgumentException("column " + leaf.path() + " is read as "
        + v.getClass().getSimpleName() + ", which predicates do not compare");
  }

  /** Whether this comparer suits {@code v} (the same representation of literals). */
  boolean fits(ColumnVector v) {
    return true;
  }

  /** Takes the arrays of {@code v} for the next batch. */
  abstract void reset(ColumnVector v);

  /** The sign of row {@code row}'s value minus literal {@code k}. */
  abstract int compare(int row, int k);

  /**
   * Writes the truth of {@code value op literals} for rows {@code [0, n)} into {@code out};
   * rows flagged in {@code nulls} (when not null) are UNKNOWN and their values are not read.
   */
  void eval(Op op, int n, byte[] out, boolean[] nulls) {
    for (int i = 0; i < n; i++) {
      if (nulls != null && nulls[i]) {
        out[i] = RowFilter.UNKNOWN;
        continue;
      }
      boolean t;
      switch (op) {
        case EQ: t = compare(i, 0) == 0; break;
        case LT: t = compare(i, 0) < 0; break;
        case LE: t = compare(i, 0) <= 0; break;
        case GT: t = compare(i, 0) > 0; break;
        case GE: t = compare(i, 0) >= 0; break;
        case BETWEEN: t = compare(i, 0) >= 0 && compare(i, 1) <= 0; break;
        case IN: t = find(i); break;
        default: throw new IllegalStateException("unexpected " + op);
      }
      out[i] = t ? RowFilter.TRUE : RowFilter.FALSE;
    }
  }

  /** Binary search of row {@code row}'s value among the sorted literals. */
  private boolean find(int row) {
    int lo = 0;
    int hi = literals - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int c = compare(row, mid);
      if (c == 0) {
        return true;
      }
      if (c > 0) {
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return false;
  }

  /** Integers, booleans and dates: a tight loop for the common single comparisons. */
  private static final class Longs extends ValueComparer {
    private final long[] lits;
    private long[] values;

    Longs(List<Object> literals) {
      super(literals.size());
      lits = new long[literals.size()];
      for (int i = 0; i < lits.length; i++) {
        lits[i] = (Long) literals.get(i);
      }
    }

    @Override
    void reset(ColumnVector v) {
      values = ((LongVector) v).vector;
    }

    @Override
    int compare(int row, int k) {
      return Long.compare(values[row], lits[k]);
    }

    @Override
    void eval(Op op, int n, byte[] out, boolean[] nulls) {
      long x = lits[0];
      long[] v = values;
      switch (op) {
        case EQ: for (int i = 0; i < n; i++) { out[i] = truth(v[i] == x); } break;
        case LT: for (int i = 0; i < n; i++) { out[i] = truth(v[i] < x); } break;
        case LE: for (int i = 0; i < n; i++) { out[i] = truth(v[i] <= x); } break;
        case GT: for (int i = 0; i < n; i++) { out[i] = truth(v[i] > x); } break;
        case GE: for (int i = 0; i < n; i++) { out[i] = truth(v[i] >= x); } break;
        case BETWEEN: {
          long y = lits[1];
          for (int i = 0; i < n; i++) {
            out[i] = truth(v[i] >= x && v[i] <= y);
          }
          break;
        }
        default:
          for (int i = 0; i < n; i++) {
            out[i] = truth(Arrays.binarySearch(lits, v[i]) >= 0);
          }
          break;
      }
      markNulls(n, out, nulls);
    }
  }

  /** Floats and doubles by IEEE comparison: NaN is neither below, above nor equal to anything. */
  private static final class Doubles extends ValueComparer {
    private final double[] lits;
    private double[] values;

    Doubles(List<Object> literals) {
      super(literals.size());
      lits = new double[literals.size()];
      for (int i = 0; i < lits.length; i++) {
        lits[i] = (Double) literals.get(i);
      }
    }

    @Override
    void reset(ColumnVector v) {
      values = ((DoubleVector) v).vector;
    }

    @Override
    int compare(int row, int k) {
      throw new UnsupportedOperationException("doubles are compared in eval");
    }

    @Override
    void eval(Op op, int n, byte[] out, boolean[] nulls) {
      double x = lits[0];
      double[] v = values;
      switch (op) {
        case EQ: for (int i = 0; i < n; i++) { out[i] = truth(v[i] == x); } break;
        case LT: for (int i = 0; i < n; i++) { out[i] = truth(v[i] < x); } break;
        case LE: for (int i = 0; i < n; i++) { out[i] = truth(v[i] <= x); } break;
        case GT: for (int i = 0; i < n; i++) { out[i] = truth(v[i] > x); } break;
        case GE: for (int i = 0; i < n; i++) { out[i] = truth(v[i] >= x); } break;
        case BETWEEN: {
          double y = lits[1];
          for (int i = 0; i < n; i++) {
            out[i] = truth(v[i] >= x && v[i] <= y);
          }
          break;
        }
        default:
          for (int i = 0; i < n; i++) {
            double d = v[i];
            // NaN never equals a literal; -0.0 equals 0.0 (binarySearch would tell them apart)
            out[i] = truth(d == d && Arrays.binarySearch(lits, d == 0 ? 0.0 : d) >= 0);
          }
          break;
      }
      markNulls(n, out, nulls);
    }
  }

  /** Strings and binary: unsigned bytes. */
  private static final class Bytes extends ValueComparer {
    private final byte[][] lits;
    private BytesVector vector;

    Bytes(List<Object> literals) {
      super(literals.size());
      lits = literals.toArray(new byte[0][]);
    }

    @Override
    void reset(ColumnVector v) {
      vector = (BytesVector) v;
    }

    @Override
    int compare(int row, int k) {
      byte[] lit = lits[k];
      int start = vector.start[row];
      return Arrays.compareUnsigned(vector.vector[row], start, start + vector.length[row], lit,
          0, lit.length);
    }
  }

  /** Timestamps: seconds, then nanoseconds. */
  private static final class Timestamps extends ValueComparer {
    private final long[] seconds;
    private final int[] nanos;
    private TimestampVector vector;

    Timestamps(List<Object> literals) {
      super(literals.size());
      seconds = new long[literals.size()];
      nanos = new int[literals.size()];
      for (int i = 0; i < seconds.length; i++) {
        Instant t = (Instant) literals.get(i);
        seconds[i] = t.getEpochSecond();
        nanos[i] = t.getNano();
      }
    }

    @Override
    void reset(ColumnVector v) {
      vector = (TimestampVector) v;
    }

    @Override
    int compare(int row, int k) {
      int c = Long.compare(vector.seconds[row], seconds[k]);
      return c != 0 ? c : Integer.compare(vector.nanos[row], nanos[k]);
    }
  }

  /**
   * Decimals, compared as unscaled integers at the vector's scale. A literal with more
   * fractional digits than the scale lies strictly between two unscaled values: it is kept as
   * the one below plus a flag, so the comparison stays exact.
   */
  private static final class Decimals extends ValueComparer {
    private final int scale;
    private final BigDecimal[] scaled;
    private final long[] floor;
    /** 0: the literal is floor[k] exactly; 1: it lies above floor[k]; 2/-2: above/below every long. */
    private final int[] kind;
    private DecimalVector vector;

    Decimals(List<Object> literals, int scale) {
      super(literals.size());
      this.scale = scale;
      scaled = new BigDecimal[literals.size()];
      floor = new long[literals.size()];
      kind = new int[literals.size()];
      BigDecimal min = BigDecimal.valueOf(Long.MIN_VALUE);
      BigDecimal aboveMax = BigDecimal.valueOf(Long.MAX_VALUE).add(BigDecimal.ONE);
      for (int i = 0; i < scaled.length; i++) {
        // not movePointRight, which writes out every digit of 1e100000000
        BigDecimal s = ((BigDecimal) literals.get(i)).scaleByPowerOfTen(scale);
        scaled[i] = s;
        if (s.compareTo(aboveMax) >= 0) {
          kind[i] = 2;
        } else if (s.compareTo(min) < 0) {
          kind[i] = -2;
        } else {
          BigDecimal f = Binder.floor(s);
          floor[i] = f.longValueExact();
          kind[i] = f.compareTo(s) == 0 ? 0 : 1;
        }
      }
    }

    @Override
    boolean fits(ColumnVector v) {
      return ((DecimalVector) v).scale == scale;
    }

    @Override
    void reset(ColumnVector v) {
      vector = (DecimalVector) v;
    }

    @Override
    int compare(int row, int k) {
      if (vector.isWide) {
        BigInteger u = vector.wide[row];
        return new BigDecimal(u).compareTo(scaled[k]);
      }
      long u = vector.unscaled[row];
      switch (kind[k]) {
        case 2: return -1;
        case -2: return 1;
        case 0: return Long.compare(u, floor[k]);
        default: return u <= floor[k] ? -1 : 1;
      }
    }
  }

  static byte truth(boolean b) {
    return b ? RowFilter.TRUE : RowFilter.FALSE;
  }

  static void markNulls(int n, byte[] out, boolean[] nulls) {
    if (nulls != null) {
      for (int i = 0; i < n; i++) {
        if (nulls[i]) {
          out[i] = RowFilter.UNKNOWN;
        }
      }
    }
  }
}
