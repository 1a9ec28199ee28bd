package io.colfile.orc.column;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.DoubleVector;
import io.colfile.orc.stream.OrcInputStream;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** float (4-byte IEEE little-endian) and double (8-byte) columns. */
final class DoubleColumnReader extends ColumnReader {
  private static final VarHandle LE_INT =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LE_LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private final int width;
  private OrcInputStream data;
  private byte[] buf = new byte[0];

  DoubleColumnReader(int column, Type type) {
    super(column, type);
    this.width = type.kind() == TypeKind.FLOAT ? 4 : 8;
  }

  @Override
  public void startStripe(StripeStreams s) throws IOException {
    super.startStripe(s);
    data = s.required(column, StreamKind.DATA);
  }

  @Override
  public void read(ColumnVector cv, int off, int n, boolean[] parentNull) throws IOException {
    DoubleVector v = (DoubleVector) cv;
    int values = readNulls(v, off, n, parentNull);
    if (values == 0) {
      return;
    }
    int bytes = values * width;
    if (buf.length < bytes) {
      buf = new byte[Math.max(bytes, buf.length * 2)];
    }
    data.readFully(buf, 0, bytes);
    double[] dst = v.vector;
    if (width == 4) {
      for (int i = 0; i < values; i++) {
        dst[off + i] = Float.intBitsToFloat((int) LE_INT.get(buf, i << 2));
      }
    } else {
      for (int i = 0; i < values; i++) {
        dst[off + i] = Double.longBitsToDouble((long) LE_LONG.get(buf, i << 3));
      }
    }
    if (values < n) {
      spread(dst, off, n, values, v.isNull);
    }
  }
}
