package io.colfile.orc.write;

import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.LongVector;
import io.colfile.orc.stats.BooleanStats;
import io.colfile.orc.stream.BooleanEncoder;
import io.colfile.orc.stripe.StreamKind;
import java.io.IOException;

/**
 * BOOLEAN: boolean RLE. Like ORC Java, a bloom filter requested for a boolean column is written
 * but never receives values.
 */
final class BooleanColumnWriter extends ColumnWriter {
  private final BooleanEncoder data;

  BooleanColumnWriter(int id, Type type, WriterContext ctx) {
    super(id, type, ctx);
    data = part(new BooleanEncoder(ctx.stream(id, StreamKind.DATA)));
  }

  @Override
  void writeValues(ColumnVector v, int offset, int length) throws IOException {
    long[] values = ((LongVector) v).vector;
    BooleanStats stats = (BooleanStats) groupStats;
    boolean noNulls = v.noNulls;
    for (int i = offset, end = offset + length; i < end; i++) {
      if (noNulls || !v.isNull[i]) {
        boolean b = values[i] != 0;
        data.write(b);
        stats.update(b, 1);
      }
    }
  }
}
