package io.colfile.trevni.avro;

import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.ListVector;
import io.colfile.core.vector.MapVector;
import io.colfile.trevni.ColumnCursor;
import io.colfile.trevni.TrevniFileWriter;
import java.io.IOException;
import java.util.BitSet;

/**
 * An array: its column holds a length per row (or per element of its parent), then the elements.
 * A simple element is stored in the array column itself; any other element is a {@code null}
 * value in the array column (the <em>marker</em>) followed by the element's own columns.
 */
final class ArrayNode extends RowNode {
  final int col;
  final RowNode element;
  /** Whether each element is led by a {@code null} value in this column. */
  final boolean marker;

  /** An array column, the node of its elements, and whether each element has a marker. */
  record Elements(int col, RowNode node, boolean marker) {}

  ArrayNode(String path, int col, RowNode element, boolean marker) {
    super(path);
    this.col = col;
    this.element = element;
    this.marker = marker;
  }

  ArrayNode(String path, Elements elements) {
    this(path, elements.col, elements.node, elements.marker);
  }

  @Override
  void read(RowReader in, ColumnVector v, int i) throws IOException {
    ColumnCursor c = in.cursors[col];
    ListVector l = (ListVector) v;
    int n = c.nextLength();
    int off = l.childCount;
    in.checkNested(col, path, (long) off + n);
    l.offsets[i] = off;
    l.lengths[i] = n;
    l.childCount = off + n;
    for (int k = 0; k < n; k++) {
      // grown as elements arrive, so a damaged length fails on the data, not on memory
      l.child.ensureCapacity(off + k + 1, true);
      if (marker) {
        c.nextNull();
      }
      element.read(in, l.child, off + k);
    }
  }

  @Override
  void write(RowWriter w, ColumnVector v, int i) {
    checkNotNull(w, v, i);
    TrevniFileWriter out = w.out;
    if (v instanceof MapVector m) {
      writeEntries(w, m, i);
      return;
    }
    ListVector l = (ListVector) v;
    int n = l.lengths[i];
    int off = l.offsets[i];
    out.writeLength(col, n);
    for (int k = 0; k < n; k++) {
      if (marker) {
        out.writeNull(col);
      }
      element.write(w, l.child, off + k);
    }
  }

  /** A map whose keys Avro cannot hold, as an array of key/value records. */
  private void writeEntries(RowWriter w, MapVector m, int i) {
    RecordNode entry = (RecordNode) element;
    int n = m.lengths[i];
    int off = m.offsets[i];
    w.out.writeLength(col, n);
    for (int k = 0; k < n; k++) {
      w.out.writeNull(col);
      entry.fields[0].write(w, m.keys, off + k);
      entry.fields[1].write(w, m.values, off + k);
    }
  }

  @Override
  void columns(BitSet out) {
    out.set(col);
    element.columns(out);
  }
}
