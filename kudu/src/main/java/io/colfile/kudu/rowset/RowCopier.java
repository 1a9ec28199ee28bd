package io.colfile.kudu.rowset;

import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.DecimalVector;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.LongVector;
import io.colfile.core.vector.TimestampVector;

/** Moves a row within a vector of a scalar type, NULL flag included (for dropping dead rows). */
final class RowCopier {
  private RowCopier() {}

  static void move(ColumnVector v, int from, int to) {
    if (v.isNull(from)) {
      v.setNull(to);
      return;
    }
    if (!v.noNulls) {
      v.isNull[to] = false;
    }
    if (v instanceof LongVector l) {
      l.vector[to] = l.vector[from];
    } else if (v instanceof DoubleVector d) {
      d.vector[to] = d.vector[from];
    } else if (v instanceof BytesVector b) {
      b.setRef(to, b.vector[from], b.start[from], b.length[from]);
    } else if (v instanceof DecimalVector d) {
      if (d.isWide) {
        d.wide[to] = d.wide[from];
      } else {
        d.unscaled[to] = d.unscaled[from];
      }
    } else if (v instanceof TimestampVector t) {
      t.seconds[to] = t.seconds[from];
      t.nanos[to] = t.nanos[from];
    } else {
      throw new IllegalArgumentException("no row moves for " + v.getClass().getSimpleName());
    }
  }
}
