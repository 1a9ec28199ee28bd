package io.colfile.orc.column;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.DoubleVector;
import io.colfile.orc.index.ColumnPositions;
import io.colfile.orc.stream.Nulls;
import io.colfile.orc.stream.OrcInputStream;
import io.colfile.orc.stripe.StreamKind;
import java.io.IOException;

/** float (4-byte IEEE little-endian) and double (8-byte) columns. */
final class DoubleColumnReader extends ColumnReader {
  private final int width;
  private OrcInputStream data;

  DoubleColumnReader(int column, Type type) {
    super(column, type);
    this.width = type.kind() == TypeKind.FLOAT ? 4 : 8;
  }

  @Override
  public void startStripe(StripeStreams s) throws IOException {
    super.startStripe(s);
    data = s.orEmpty(column, StreamKind.DATA);
  }

  @Override
  public void read(ColumnVector cv, int off, int n, boolean[] parentNull) throws IOException {
    DoubleVector v = (DoubleVector) cv;
    int values = readNulls(v, off, n, parentNull);
    if (values == 0) {
      return;
    }
    double[] dst = v.vector;
    if (width == 4) {
      data.readFloats(dst, off, values);
    } else {
      data.readDoubles(dst, off, values);
    }
    if (values < n) {
      Nulls.spread(dst, off, n, values, v.isNull);
    }
  }

  @Override
  void seekValues(ColumnPositions p) throws IOException {
    data.seek(p.raw(StreamKind.DATA).offset());
  }

  @Override
  void skipValues(long values) throws IOException {
    if (values > Long.MAX_VALUE / width) {
      throw data.corrupt("cannot skip %d values", values);
    }
    data.skip(values * width);
  }
}
