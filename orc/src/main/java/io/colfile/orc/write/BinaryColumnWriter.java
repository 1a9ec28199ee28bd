package io.colfile.orc.write;

import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnVector;
import io.colfile.orc.stripe.EncodingEntry;
import io.colfile.orc.stats.BinaryStats;
import io.colfile.orc.stats.GeospatialStats;
import io.colfile.orc.stream.IntegerEncoder;
import io.colfile.orc.stream.OrcOutputStream;
import io.colfile.orc.stripe.StreamKind;
import java.io.IOException;

/**
 * BINARY, GEOMETRY and GEOGRAPHY (WKB): the bytes in DATA, their lengths in LENGTH. Binary
 * statistics sum the lengths; geospatial ones read geometry values for their extent, as ORC
 * Java's GeospatialTreeWriter does (which fails on values that are not WKB; so does this).
 */
final class BinaryColumnWriter extends ColumnWriter {
  private final OrcOutputStream data;
  private final IntegerEncoder lengths;

  BinaryColumnWriter(int id, Type type, WriterContext ctx) {
    super(id, type, ctx);
    data = part(ctx.stream(id, StreamKind.DATA));
    lengths = part(ctx.integerEncoder(id, StreamKind.LENGTH, false));
  }

  @Override
  void writeValues(ColumnVector v, int offset, int length) throws IOException {
    BytesVector b = (BytesVector) v;
    BinaryStats stats = groupStats instanceof BinaryStats s ? s : null;
    GeospatialStats geo = stats == null ? (GeospatialStats) groupStats : null;
    boolean noNulls = v.noNulls;
    for (int i = offset, end = offset + length; i < end; i++) {
      if (noNulls || !v.isNull[i]) {
        int len = b.length[i];
        data.write(b.vector[i], b.start[i], len);
        lengths.write(len);
        if (stats != null) {
          stats.update(len, 1);
        } else {
          geo.update(b.vector[i], b.start[i], len);
        }
        if (bloom != null) {
          bloom.addBytes(b.vector[i], b.start[i], len);
        }
      }
    }
  }

  @Override
  EncodingEntry encoding() {
    return directEncoding();
  }
}
