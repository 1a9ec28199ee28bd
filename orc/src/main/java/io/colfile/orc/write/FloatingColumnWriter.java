package io.colfile.orc.write;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.DoubleVector;
import io.colfile.orc.stats.DoubleStats;
import io.colfile.orc.stream.OrcOutputStream;
import io.colfile.orc.stripe.StreamKind;
import java.io.IOException;

/**
 * FLOAT and DOUBLE: raw little-endian IEEE 754. A FLOAT value is narrowed from the vector's
 * double; statistics and bloom filters see the narrowed value widened back, as in ORC Java.
 */
final class FloatingColumnWriter extends ColumnWriter {
  private final OrcOutputStream data;
  private final boolean isFloat;

  FloatingColumnWriter(int id, Type type, WriterContext ctx) {
    super(id, type, ctx);
    data = part(ctx.stream(id, StreamKind.DATA));
    isFloat = type.kind() == TypeKind.FLOAT;
  }

  @Override
  void writeValues(ColumnVector v, int offset, int length) throws IOException {
    double[] values = ((DoubleVector) v).vector;
    DoubleStats stats = (DoubleStats) groupStats;
    boolean noNulls = v.noNulls;
    for (int i = offset, end = offset + length; i < end; i++) {
      if (noNulls || !v.isNull[i]) {
        double x = values[i];
        if (isFloat) {
          float f = (float) x;
          data.writeFloat(f);
          x = f;
        } else {
          data.writeDouble(x);
        }
        stats.update(x);
        if (bloom != null) {
          bloom.addDouble(x);
        }
      }
    }
  }
}
