package io.colfile.orc.write;

import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.DecimalVector;
import io.colfile.orc.stats.DecimalStats;
import io.colfile.orc.stream.IntegerEncoder;
import io.colfile.orc.stream.RleV2Encoder;
import io.colfile.orc.stripe.StreamKind;
import java.io.IOException;

/**
 * DECIMAL with precision ≤ 18 in [1,9999] files: the unscaled value at the column's scale as
 * signed RLE v2, no SECONDARY. Encoding kind DIRECT, as ORC Java writes it; bloom filters hash
 * the unscaled long, as ORC Java's decimal64 writer does.
 */
final class Decimal64ColumnWriter extends ColumnWriter {
  private final IntegerEncoder data;
  private final long limit;

  Decimal64ColumnWriter(int id, Type type, WriterContext ctx) {
    super(id, type, ctx);
    // orc-core's Decimal64TreeWriter packs aligned whatever the encoding strategy
    data = part(new RleV2Encoder(ctx.stream(id, StreamKind.DATA), true, true));
    long l = 1;
    for (int i = 0; i < type.precision(); i++) {
      l *= 10;
    }
    limit = l;
  }

  @Override
  void writeValues(ColumnVector v, int offset, int length) throws IOException {
    DecimalVector d = (DecimalVector) v;
    DecimalStats stats = (DecimalStats) groupStats;
    boolean noNulls = v.noNulls;
    int scale = type.scale();
    for (int i = offset, end = offset + length; i < end; i++) {
      if (noNulls || !v.isNull[i]) {
        long u = d.unscaled[i];
        if (u >= limit || u <= -limit) {
          throw badValue(i, d.get(i) + " has more than " + type.precision() + " digits");
        }
        data.write(u);
        stats.update(u, scale);
        if (bloom != null) {
          bloom.addLong(u);
        }
      }
    }
  }
}
