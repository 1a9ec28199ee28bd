package io.colfile.orc.column;

import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.UnionVector;
import io.colfile.orc.index.ColumnPositions;
import io.colfile.orc.stream.ByteRleDecoder;
import io.colfile.orc.stripe.StreamKind;
import java.io.IOException;
import java.util.Arrays;

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
  ColumnReader[] children() {
    return variants;
  }

  @Override
  public void startStripe(StripeStreams s) throws IOException {
    super.startStripe(s);
    tags = new ByteRleDecoder(s.orEmpty(column, StreamKind.DATA));
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
    Arrays.fill(perVariant, 0);
    boolean dense = values == n;
    int j = 0;
    for (int i = off; i < off + n; i++) {
      if (dense || !v.isNull[i]) {
        int tag = tag(tmp[j++]);
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

  private int tag(long stored) throws IOException {
    int tag = (int) (stored & 0xff);
    if (tag >= variants.length) {
      throw tags.stream().corrupt("union tag %d but the type has %d variants", tag,
          variants.length);
    }
    return tag;
  }

  @Override
  void seekValues(ColumnPositions p) throws IOException {
    tags.seek(p.byteRle(StreamKind.DATA));
  }

  /** Skips the tags, counting them per variant, then each variant's share of the rows. */
  @Override
  void skipValues(long values) throws IOException {
    if (tmp.length < SKIP_CHUNK) {
      tmp = new long[SKIP_CHUNK];
    }
    long[] counts = new long[variants.length];
    for (long done = 0; done < values; ) {
      int k = (int) Math.min(SKIP_CHUNK, values - done);
      tags.next(tmp, 0, k);
      for (int i = 0; i < k; i++) {
        counts[tag(tmp[i])]++;
      }
      done += k;
    }
    for (int k = 0; k < variants.length; k++) {
      variants[k].skip(counts[k]);
    }
  }
}
