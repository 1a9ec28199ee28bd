package io.colfile.orc.column;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.LongVector;
import io.colfile.orc.index.ColumnPositions;
import io.colfile.orc.stream.BooleanDecoder;
import io.colfile.orc.stream.ByteRleDecoder;
import io.colfile.orc.stream.IntegerDecoder;
import io.colfile.orc.stripe.StreamKind;
import java.io.IOException;

/**
 * boolean (boolean RLE), tinyint (byte RLE), smallint/int/bigint/date (signed integer RLE):
 * everything that lands in a {@link LongVector}.
 */
final class LongColumnReader extends ColumnReader {
  private BooleanDecoder booleans;
  private ByteRleDecoder bytes;
  private IntegerDecoder ints;

  LongColumnReader(int column, Type type) {
    super(column, type);
  }

  @Override
  public void startStripe(StripeStreams s) throws IOException {
    super.startStripe(s);
    booleans = null;
    bytes = null;
    ints = null;
    TypeKind kind = type.kind();
    if (kind == TypeKind.BOOLEAN) {
      booleans = new BooleanDecoder(s.orEmpty(column, StreamKind.DATA));
    } else if (kind == TypeKind.BYTE) {
      bytes = new ByteRleDecoder(s.orEmpty(column, StreamKind.DATA));
    } else {
      ints = IntegerDecoder.create(s.orEmpty(column, StreamKind.DATA), true,
          s.encoding(column).isV2());
    }
  }

  @Override
  public void read(ColumnVector cv, int off, int n, boolean[] parentNull) throws IOException {
    LongVector v = (LongVector) cv;
    int values = readNulls(v, off, n, parentNull);
    if (values == 0) {
      return;
    }
    long[] dst = v.vector;
    if (values == n) {
      if (booleans != null) {
        booleans.next(dst, off, n);
      } else if (bytes != null) {
        bytes.next(dst, off, n);
      } else {
        ints.next(dst, off, n);
      }
    } else if (booleans != null) {
      booleans.next(dst, off, n, v.isNull);
    } else if (bytes != null) {
      bytes.next(dst, off, n, v.isNull);
    } else {
      ints.next(dst, off, n, v.isNull);
    }
  }

  @Override
  void seekValues(ColumnPositions p) throws IOException {
    if (booleans != null) {
      booleans.seek(p.bool(StreamKind.DATA));
    } else if (bytes != null) {
      bytes.seek(p.byteRle(StreamKind.DATA));
    } else {
      ints.seek(p.integer(StreamKind.DATA));
    }
  }

  @Override
  void skipValues(long values) throws IOException {
    if (booleans != null) {
      booleans.skip(values);
    } else if (bytes != null) {
      bytes.skip(values);
    } else {
      ints.skip(values);
    }
  }
}
