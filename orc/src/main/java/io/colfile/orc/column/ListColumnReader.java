package io.colfile.orc.column;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.ListVector;
import io.colfile.core.vector.MapVector;
import io.colfile.orc.index.ColumnPositions;
import io.colfile.orc.stream.IntegerDecoder;
import io.colfile.orc.stripe.StreamKind;
import java.io.IOException;

/**
 * Lists and maps: LENGTH holds each non-null row's element count (unsigned RLE); the element
 * (or key and value) columns hold the elements of all rows back to back.
 */
final class ListColumnReader extends ColumnReader {
  /** Children are read in slices so a corrupt length cannot demand a huge vector up front. */
  private static final int SLICE = 1 << 16;

  private final ColumnReader[] children;
  private IntegerDecoder lengths;
  private long maxValues;
  private long[] tmp = new long[0];

  ListColumnReader(int column, Type type, ColumnReader[] children) {
    super(column, type);
    this.children = children;
  }

  @Override
  ColumnReader[] children() {
    return children;
  }

  @Override
  public void startStripe(StripeStreams s) throws IOException {
    super.startStripe(s);
    maxValues = s.maxNestedValues();
    lengths = IntegerDecoder.create(s.orEmpty(column, StreamKind.LENGTH), false,
        s.encoding(column).isV2());
  }

  @Override
  public void read(ColumnVector cv, int off, int n, boolean[] parentNull) throws IOException {
    boolean isMap = type.kind() == TypeKind.MAP;
    int values = readNulls(cv, off, n, parentNull);
    int[] offsets = isMap ? ((MapVector) cv).offsets : ((ListVector) cv).offsets;
    int[] lens = isMap ? ((MapVector) cv).lengths : ((ListVector) cv).lengths;
    int childCount = isMap ? ((MapVector) cv).childCount : ((ListVector) cv).childCount;
    if (tmp.length < values) {
      tmp = new long[Math.max(values, tmp.length * 2)];
    }
    if (values > 0) {
      lengths.next(tmp, 0, values);
    }
    long total = 0;
    int j = 0;
    boolean dense = values == n;
    for (int i = off; i < off + n; i++) {
      if (dense || !cv.isNull[i]) {
        long len = tmp[j++];
        if (len < 0 || len > Integer.MAX_VALUE) {
          throw lengths.corrupt("element count %d is out of range", len);
        }
        if (childCount + total + len > Math.min(maxValues, Integer.MAX_VALUE - 16)) {
          throw lengths.corrupt(
              "the rows of one batch hold more than %d values (a row claims %d); if "
              + "the file is sound, read it with a higher ReadOptions.withMaxNestedValues or a "
              + "smaller batch", Math.min(maxValues, Integer.MAX_VALUE - 16), len);
        }
        offsets[i] = (int) (childCount + total);
        lens[i] = (int) len;
        total += len;
      } else {
        offsets[i] = (int) (childCount + total);
        lens[i] = 0;
      }
    }
    ColumnVector[] childVectors = isMap
        ? new ColumnVector[] {((MapVector) cv).keys, ((MapVector) cv).values}
        : new ColumnVector[] {((ListVector) cv).child};
    long done = 0;
    while (done < total) {
      int slice = (int) Math.min(SLICE, total - done);
      int at = (int) (childCount + done);
      for (int c = 0; c < children.length; c++) {
        childVectors[c].ensureCapacity(at + slice, true);
        children[c].read(childVectors[c], at, slice, null);
      }
      done += slice;
    }
    if (isMap) {
      ((MapVector) cv).childCount = (int) (childCount + total);
    } else {
      ((ListVector) cv).childCount = (int) (childCount + total);
    }
  }

  @Override
  void seekValues(ColumnPositions p) throws IOException {
    lengths.seek(p.integer(StreamKind.LENGTH));
  }

  /** Skips the lists' lengths, then all their elements at once (nothing is materialized). */
  @Override
  void skipValues(long values) throws IOException {
    long total = sumOfLengths(lengths, values, "element count");
    for (ColumnReader c : children) {
      c.skip(total);
    }
  }
}
