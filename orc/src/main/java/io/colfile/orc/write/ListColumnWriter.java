package io.colfile.orc.write;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.ListVector;
import io.colfile.core.vector.MapVector;
import io.colfile.orc.stripe.EncodingEntry;
import io.colfile.orc.stats.CollectionStats;
import io.colfile.orc.stream.IntegerEncoder;
import io.colfile.orc.stripe.StreamKind;
import java.io.IOException;

/**
 * LIST and MAP: element counts in LENGTH; the children get the elements of the non-null rows,
 * in contiguous runs of the child vectors.
 */
final class ListColumnWriter extends ColumnWriter {
  private final IntegerEncoder lengths;
  private final ColumnWriter[] children;
  private final boolean map;

  ListColumnWriter(int id, Type type, WriterContext ctx, ColumnWriter[] children) {
    super(id, type, ctx);
    this.children = children;
    this.map = type.kind() == TypeKind.MAP;
    lengths = part(ctx.integerEncoder(id, StreamKind.LENGTH, false));
  }

  @Override
  ColumnWriter[] children() {
    return children;
  }

  @Override
  void writeValues(ColumnVector v, int offset, int length) throws IOException {
    int[] offsets;
    int[] counts;
    ColumnVector[] childVectors;
    int childCount;
    if (map) {
      MapVector m = (MapVector) v;
      offsets = m.offsets;
      counts = m.lengths;
      childVectors = new ColumnVector[] {m.keys, m.values};
      childCount = m.childCount;
    } else {
      ListVector l = (ListVector) v;
      offsets = l.offsets;
      counts = l.lengths;
      childVectors = new ColumnVector[] {l.child};
      childCount = l.childCount;
    }
    CollectionStats stats = (CollectionStats) groupStats;
    boolean noNulls = v.noNulls;
    int runStart = -1;
    int runEnd = -1;
    for (int i = offset, end = offset + length; i < end; i++) {
      if (noNulls || !v.isNull[i]) {
        int n = counts[i];
        int start = offsets[i];
        if (n < 0 || start < 0 || (long) start + n > childCount) {
          throw badValue(i, "elements [" + start + ", " + ((long) start + n)
              + ") are outside the child vector's " + childCount + " values");
        }
        lengths.write(n);
        stats.update(n);
        if (bloom != null) {
          bloom.addLong(n);
        }
        if (n == 0) {
          continue;
        }
        if (start == runEnd) {
          runEnd += n;
        } else {
          writeChildren(childVectors, runStart, runEnd);
          runStart = start;
          runEnd = start + n;
        }
      }
    }
    writeChildren(childVectors, runStart, runEnd);
  }

  private void writeChildren(ColumnVector[] vectors, int start, int end) throws IOException {
    if (end > start) {
      for (int c = 0; c < children.length; c++) {
        children[c].write(vectors[c], start, end - start);
      }
    }
  }

  @Override
  EncodingEntry encoding() {
    return directEncoding();
  }
}
