package io.colfile.trevni.avro;

import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.UnionVector;
import io.colfile.trevni.ColumnCursor;
import io.colfile.trevni.TrevniFileWriter;
import java.io.IOException;
import java.util.BitSet;
import java.util.List;

/**
 * A union: per non-null branch an array column holding length 1 where the row's value is in
 * that branch and 0 elsewhere; no branch holding a value is null. A simple branch's value is in
 * its array column; any other branch's is a {@code null} marker there followed by the branch's
 * own columns. One non-null branch reads into the branch's vector, several into a {@link
 * UnionVector}.
 */
final class UnionNode extends RowNode {
  /** A non-null branch: its array column and the node of its value. */
  record Branch(int col, RowNode node, boolean marker) {}

  final Branch[] branches;
  final boolean nullable;

  UnionNode(String path, List<Branch> branches, boolean nullable) {
    super(path);
    this.branches = branches.toArray(new Branch[0]);
    this.nullable = nullable;
  }

  /** A union of null and one simple type stored as it is: a column of 0 or 1 values a row. */
  @Override
  boolean readRows(RowReader in, ColumnVector v, int n) throws IOException {
    if (branches.length != 1 || branches[0].marker
        || !(branches[0].node instanceof ValueNode value) || !value.readsAsStored()) {
      return false;
    }
    in.cursors[branches[0].col].readRows(v, 0, n);
    return true;
  }

  @Override
  void read(RowReader in, ColumnVector v, int i) throws IOException {
    int selected = -1;
    for (int k = 0; k < branches.length; k++) {
      Branch b = branches[k];
      ColumnCursor c = in.cursors[b.col];
      int n = c.nextLength();
      if (n == 0) {
        continue;
      }
      if (n != 1 || selected >= 0) {
        throw in.corrupt(b.col, path, n != 1 ? "union branch length " + n + " (0 or 1 expected)"
            : "two union branches hold a value");
      }
      selected = k;
      ColumnVector target = v;
      int index = i;
      if (branches.length > 1) {
        UnionVector u = (UnionVector) v;
        u.tags[i] = k;
        index = u.counts[k]++;
        u.offsets[i] = index;
        target = u.fields[k];
        target.ensureCapacity(index + 1, true);
      }
      if (b.marker) {
        c.nextNull();
      }
      b.node.read(in, target, index);
    }
    if (selected < 0) {
      setNull(v, i);
    }
  }

  @Override
  void write(RowWriter w, ColumnVector v, int i) {
    TrevniFileWriter out = w.out;
    int selected = -1;
    ColumnVector child = v;
    int index = i;
    if (v.isNull(i)) {
      if (!nullable) {
        throw w.error(path, "null where the Avro union has no null branch");
      }
    } else if (v instanceof UnionVector u) {
      // a colfile union: one Avro branch per variant (a single variant, ["null", X], too)
      selected = u.tags[i];
      child = u.fields[selected];
      index = u.offsets[i];
      if (child.isNull(index)) {
        // Avro's branches cannot hold null: a union holding a null variant is stored as null
        if (!nullable) {
          throw w.error(path, "a union variant holding null, and the Avro union has no null");
        }
        selected = -1;
      }
    } else {
      selected = 0;
    }
    for (int k = 0; k < branches.length; k++) {
      Branch b = branches[k];
      if (k != selected) {
        out.writeLength(b.col, 0);
        continue;
      }
      out.writeLength(b.col, 1);
      if (b.marker) {
        out.writeNull(b.col);
      }
      b.node.write(w, child, index);
    }
  }

  /** A union of null and one record is a nullable struct, which projections may prune. */
  @Override
  UnionNode project(Type want) {
    if (want == null || branches.length != 1) {
      return this;
    }
    Branch b = branches[0];
    return new UnionNode(path, List.of(new Branch(b.col, b.node.project(want), b.marker)),
        nullable);
  }

  @Override
  void columns(BitSet out) {
    for (Branch b : branches) {
      out.set(b.col);
      b.node.columns(out);
    }
  }
}
