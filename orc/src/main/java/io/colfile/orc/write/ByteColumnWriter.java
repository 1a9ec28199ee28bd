package io.colfile.orc.write;

import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.LongVector;
import io.colfile.orc.stats.IntegerStats;
import io.colfile.orc.stream.ByteRleEncoder;
import io.colfile.orc.stripe.StreamKind;
import java.io.IOException;

/** TINYINT: byte RLE. */
final class ByteColumnWriter extends ColumnWriter {
  private final ByteRleEncoder data;

  ByteColumnWriter(int id, Type type, WriterContext ctx) {
    super(id, type, ctx);
    data = part(new ByteRleEncoder(ctx.stream(id, StreamKind.DATA)));
  }

  @Override
  void writeValues(ColumnVector v, int offset, int length) throws IOException {
    long[] values = ((LongVector) v).vector;
    IntegerStats stats = (IntegerStats) groupStats;
    boolean noNulls = v.noNulls;
    for (int i = offset, end = offset + length; i < end; i++) {
      if (noNulls || !v.isNull[i]) {
        long x = values[i];
        if (x != (byte) x) {
          throw badValue(i, x + " does not fit tinyint");
        }
        data.write((byte) x);
        stats.update(x, 1);
        if (bloom != null) {
          bloom.addLong(x);
        }
      }
    }
  }
}
