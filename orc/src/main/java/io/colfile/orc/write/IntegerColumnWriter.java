package io.colfile.orc.write;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.LongVector;
import io.colfile.orc.stripe.EncodingEntry;
import io.colfile.orc.stats.DateStats;
import io.colfile.orc.stats.IntegerStats;
import io.colfile.orc.stream.IntegerEncoder;
import io.colfile.orc.stripe.StreamKind;
import java.io.IOException;

/** SMALLINT, INT, BIGINT and DATE (days since 1970-01-01): signed integer RLE. */
final class IntegerColumnWriter extends ColumnWriter {
  private final IntegerEncoder data;
  private final long min;
  private final long max;
  private final boolean date;

  IntegerColumnWriter(int id, Type type, WriterContext ctx) {
    super(id, type, ctx);
    data = part(ctx.integerEncoder(id, StreamKind.DATA, true));
    date = type.kind() == TypeKind.DATE;
    switch (type.kind()) {
      case SHORT:
        min = Short.MIN_VALUE;
        max = Short.MAX_VALUE;
        break;
      case INT:
      case DATE:
        min = Integer.MIN_VALUE;
        max = Integer.MAX_VALUE;
        break;
      default:
        min = Long.MIN_VALUE;
        max = Long.MAX_VALUE;
    }
  }

  @Override
  void writeValues(ColumnVector v, int offset, int length) throws IOException {
    long[] values = ((LongVector) v).vector;
    boolean noNulls = v.noNulls;
    if (noNulls && bloom == null) {
      // statistics and checks first, then the values to the encoder in one call
      if (date) {
        DateStats stats = (DateStats) groupStats;
        for (int i = offset, end = offset + length; i < end; i++) {
          long x = values[i];
          if (x < min || x > max) {
            throw badValue(i, x + " does not fit " + type);
          }
          stats.update((int) x);
        }
      } else {
        IntegerStats stats = (IntegerStats) groupStats;
        for (int i = offset, end = offset + length; i < end; i++) {
          long x = values[i];
          if (x < min || x > max) {
            throw badValue(i, x + " does not fit " + type);
          }
          stats.update(x, 1);
        }
      }
      data.write(values, offset, length);
      return;
    }
    for (int i = offset, end = offset + length; i < end; i++) {
      if (noNulls || !v.isNull[i]) {
        long x = values[i];
        if (x < min || x > max) {
          throw badValue(i, x + " does not fit " + type);
        }
        data.write(x);
        if (date) {
          ((DateStats) groupStats).update((int) x);
        } else {
          ((IntegerStats) groupStats).update(x, 1);
        }
        if (bloom != null) {
          bloom.addLong(x);
        }
      }
    }
  }

  @Override
  EncodingEntry encoding() {
    return directEncoding();
  }
}
