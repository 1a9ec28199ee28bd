package io.colfile.orc.column;

import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.UnionVector;
import io.colfile.orc.stream.ByteRleDecoder;
import io.colfile.orc.stripe.StreamKind;
import java.io.IOException;

/** Unions: DATA holds each non-null row's tag (byte RLE); variant k holds the rows tagged k. */
final class UnionColumnReader extends ColumnReader {
  private final ColumnReader[] variants;
  private ByteRleDecoder tags;
  private long[] tmp = new long[0];
  private final int[] perVariant;

  UnionColumnReader(int column, Type type, ColumnReader[] variants) {
    super(column, type);
    this.variants = variants;
    this.perVariant = new int[variants.length];
  }

  @Override
  public void startStripe(StripeStreams s) throws IOException {
    super.startStripe(s);
    tags = new ByteRleDecoder(s.orEmpty(column, StreamKind.DATA));
    for (ColumnReader c : variants) {
      c.startStripe(s);
    }
  }

  @Override
  public void read(ColumnVector cv, int off, int n, boolean[] parentNull) throws IOException {
    UnionVector v = (UnionVector) cv;
    int values = readNulls(v, off, n, parentNull);
    if (values == 0) {
      return;
    }
    if (tmp.length < values) {
      tmp = new long[Math.max(values, tmp.length * 2)];
    }
    tags.next(tmp, 0, values);
    java.util.Arrays.fill(perVariant, 0);
    boolean dense = values == n;
    int j = 0;
    for (int i = off; i < off + n; i++) {
      if (dense || !v.isNull[i]) {
        int tag = (int) (tmp[j++] & 0xff);
        if (tag >= variants.length) {
          throw corrupt("union tag %d but the type has %d variants", tag, variants.length);
        }
        v.tags[i] = tag;
        v.offsets[i] = v.counts[tag] + perVariant[tag]++;
      }
    }
    for (int k = 0; k < variants.length; k++) {
      int count = perVariant[k];
      if (count > 0) {
        v.fields[k].ensureCapacity(v.counts[k] + count, true);
        variants[k].read(v.fields[k], v.counts[k], count, null);
        v.counts[k] += count;
      }
    }
  }
}
