package io.colfile.trevni.avro;

import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.MapVector;
import io.colfile.trevni.ColumnCursor;
import io.colfile.trevni.TrevniFileWriter;
import java.io.IOException;
import java.util.BitSet;

/**
 * A map: a {@code null} array column (a length, then a {@code null} marker per entry), the
 * {@code string} key column right after it, then the value's columns.
 */
final class MapNode extends RowNode {
  final int col;
  final RowNode value;

  MapNode(String path, int col, RowNode value) {
    super(path);
    this.col = col;
    this.value = value;
  }

  @Override
  void read(RowReader in, ColumnVector v, int i) throws IOException {
    ColumnCursor c = in.cursors[col];
    ColumnCursor keys = in.cursors[col + 1];
    MapVector m = (MapVector) v;
    int n = c.nextLength();
    int off = m.childCount;
    in.checkNested(col, path, (long) off + n);
    m.offsets[i] = off;
    m.lengths[i] = n;
    m.childCount = off + n;
    BytesVector kv = (BytesVector) m.keys;
    for (int k = 0; k < n; k++) {
      m.keys.ensureCapacity(off + k + 1, true);
      m.values.ensureCapacity(off + k + 1, true);
      c.nextNull();
      int len = keys.nextBytesLength();
      kv.setRef(off + k, keys.buffer(), keys.position() - len, len);
      value.read(in, m.values, off + k);
    }
  }

  @Override
  void write(RowWriter w, ColumnVector v, int i) {
    checkNotNull(w, v, i);
    TrevniFileWriter out = w.out;
    MapVector m = (MapVector) v;
    BytesVector keys = (BytesVector) m.keys;
    int n = m.lengths[i];
    int off = m.offsets[i];
    out.writeLength(col, n);
    for (int k = 0; k < n; k++) {
      out.writeNull(col);
      if (keys.isNull(off + k)) {
        throw w.error(path, "a null map key (Avro map keys are strings)");
      }
      out.writeBytes(col + 1, keys.vector[off + k], keys.start[off + k],
          keys.length[off + k]);
      value.write(w, m.values, off + k);
    }
  }

  @Override
  void columns(BitSet out) {
    out.set(col);
    out.set(col + 1);
    value.columns(out);
  }
}
