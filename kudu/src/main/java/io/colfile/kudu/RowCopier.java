package io.colfile.kudu;

import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.DecimalVector;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.LongVector;
import io.colfile.core.vector.TimestampVector;

/**
 * Copies rows of the vectors a Kudu cell reads into ({@link KuduTypes#toType}), NULL flags
 * included: within a vector (a rowset read dropping dead rows) or from one vector to another
 * of the same type (a parallel CFile read joining the rows of two parts into one batch).
 */
public final class RowCopier {
  private RowCopier() {}

  /** Copies row {@code from} of {@code v} to its row {@code to}. */
  public static void move(ColumnVector v, int from, int to) {
    copy(v, from, v, to, 1);
  }

  /**
   * Copies rows {@code [from, from + n)} of {@code src} to rows {@code [to, to + n)} of {@code
   * dst}, a vector of the same class (and precision); binary rows keep pointing at their
   * buffers. Within one vector the rows must not overlap unless {@code to <= from}.
   */
  public static void copy(ColumnVector src, int from, ColumnVector dst, int to, int n) {
    for (int i = 0; i < n; i++) {
      if (src.isNull(from + i)) {
        dst.setNull(to + i);
      } else if (!dst.noNulls) {
        dst.isNull[to + i] = false;
      }
    }
    if (src instanceof LongVector l) {
      System.arraycopy(l.vector, from, ((LongVector) dst).vector, to, n);
    } else if (src instanceof DoubleVector d) {
      System.arraycopy(d.vector, from, ((DoubleVector) dst).vector, to, n);
    } else if (src instanceof BytesVector b) {
      BytesVector o = (BytesVector) dst;
      for (int i = 0; i < n; i++) {
        o.setRef(to + i, b.vector[from + i], b.start[from + i], b.length[from + i]);
      }
    } else if (src instanceof DecimalVector d) {
      DecimalVector o = (DecimalVector) dst;
      if (d.isWide != o.isWide) {
        throw new IllegalArgumentException("decimal vectors of different widths");
      }
      if (d.isWide) {
        System.arraycopy(d.wide, from, o.wide, to, n);
      } else {
        System.arraycopy(d.unscaled, from, o.unscaled, to, n);
      }
    } else if (src instanceof TimestampVector t) {
      TimestampVector o = (TimestampVector) dst;
      System.arraycopy(t.seconds, from, o.seconds, to, n);
      System.arraycopy(t.nanos, from, o.nanos, to, n);
    } else {
      throw new IllegalArgumentException("no row copies for " + src.getClass().getSimpleName());
    }
  }
}
