package io.colfile.core.filter;

import io.colfile.core.filter.BoundPredicate.Leaf;
import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.StructVector;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Evaluates a bound predicate on the rows of batches, a batch at a time, with SQL's
 * three-valued logic: {@link #select} lists the rows where it is TRUE. A value is NULL where its
 * vector says so or where a struct around it is NULL. Truth values are bytes: FALSE 0, UNKNOWN
 * 1, TRUE 2, so that AND is the minimum, OR the maximum and NOT the difference from 2.
 */
public final class RowFilter {
  static final byte FALSE = 0;
  static final byte UNKNOWN = 1;
  static final byte TRUE = 2;

  private final Node root;
  private byte[] result = new byte[0];

  /**
   * A filter for batches of {@code schema}, the schema {@code predicate} was bound to.
   *
   * @throws IllegalArgumentException if the predicate names columns {@code schema} lacks
   */
  public RowFilter(BoundPredicate predicate, Type schema) {
    this.root = compile(predicate, schema);
  }

  /**
   * Writes the indexes of the rows of {@code batch} where the predicate is TRUE into {@code
   * selected}, in ascending order, and returns how many there are.
   */
  public int select(ColumnBatch batch, int[] selected) {
    int n = batch.size;
    if (result.length < n) {
      result = new byte[Math.max(n, 16)];
    }
    root.eval(batch, n, result);
    int k = 0;
    for (int i = 0; i < n; i++) {
      selected[k] = i;
      k += result[i] == TRUE ? 1 : 0;
    }
    return k;
  }

  /** Evaluates into {@code out[0, n)}. */
  abstract static class Node {
    abstract void eval(ColumnBatch batch, int n, byte[] out);
  }

  private static Node compile(BoundPredicate p, Type schema) {
    if (p instanceof BoundPredicate.And a) {
      return new Combine(compileAll(a.terms(), schema), true);
    }
    if (p instanceof BoundPredicate.Or o) {
      return new Combine(compileAll(o.terms(), schema), false);
    }
    if (p instanceof BoundPredicate.Not n) {
      return new Negate(compile(n.term(), schema));
    }
    if (p instanceof BoundPredicate.Opaque o) {
      throw new IllegalArgumentException("cannot evaluate " + o.description() + " on rows");
    }
    Leaf leaf = (Leaf) p;
    return new LeafNode(leaf, fieldIndexes(leaf.path(), schema));
  }

  private static List<Node> compileAll(List<BoundPredicate> terms, Type schema) {
    List<Node> out = new ArrayList<>();
    terms.forEach(t -> out.add(compile(t, schema)));
    return out;
  }

  private static int[] fieldIndexes(ColumnPath path, Type schema) {
    int[] idx = new int[path.names().size()];
    Type t = schema;
    for (int i = 0; i < idx.length; i++) {
      if (t.kind() != TypeKind.STRUCT || (idx[i] = t.fieldIndex(path.names().get(i))) < 0) {
        throw new IllegalArgumentException("no column " + path + " in " + schema);
      }
      t = t.child(idx[i]);
    }
    return idx;
  }

  private static final class Combine extends Node {
    private final Node[] terms;
    private final boolean and;
    private byte[] scratch = new byte[0];

    Combine(List<Node> terms, boolean and) {
      this.terms = terms.toArray(new Node[0]);
      this.and = and;
    }

    @Override
    void eval(ColumnBatch batch, int n, byte[] out) {
      terms[0].eval(batch, n, out);
      if (terms.length == 1) {
        return;
      }
      if (scratch.length < n) {
        scratch = new byte[out.length];
      }
      for (int t = 1; t < terms.length; t++) {
        terms[t].eval(batch, n, scratch);
        if (and) {
          for (int i = 0; i < n; i++) {
            out[i] = (byte) Math.min(out[i], scratch[i]);
          }
        } else {
          for (int i = 0; i < n; i++) {
            out[i] = (byte) Math.max(out[i], scratch[i]);
          }
        }
      }
    }
  }

  private static final class Negate extends Node {
    private final Node term;

    Negate(Node term) {
      this.term = term;
    }

    @Override
    void eval(ColumnBatch batch, int n, byte[] out) {
      term.eval(batch, n, out);
      for (int i = 0; i < n; i++) {
        out[i] = (byte) (TRUE - out[i]);
      }
    }
  }

  /** One leaf: finds its vector (and the structs around it) in the batch, then compares. */
  private static final class LeafNode extends Node {
    private final Leaf leaf;
    private final int[] path;
    private final ColumnVector[] ancestors;
    private ValueComparer comparer;
    private ColumnVector comparerFor;
    private boolean[] nullScratch = new boolean[0];

    LeafNode(Leaf leaf, int[] path) {
      this.leaf = leaf;
      this.path = path;
      this.ancestors = new ColumnVector[path.length - 1];
    }

    @Override
    void eval(ColumnBatch batch, int n, byte[] out) {
      ColumnVector v = batch.cols[path[0]];
      for (int i = 1; i < path.length; i++) {
        ancestors[i - 1] = v;
        v = ((StructVector) v).fields[path[i]];
      }
      boolean[] nulls = nulls(v, n);
      switch (leaf.op()) {
        case IS_NULL:
          for (int i = 0; i < n; i++) {
            out[i] = nulls != null && nulls[i] ? TRUE : FALSE;
          }
          return;
        case ALWAYS: Arrays.fill(out, 0, n, TRUE); break;
        case NEVER: Arrays.fill(out, 0, n, FALSE); break;
        default: comparer(v).eval(leaf.op(), n, out, nulls); return;
      }
      if (nulls != null) {
        for (int i = 0; i < n; i++) {
          if (nulls[i]) {
            out[i] = UNKNOWN;
          }
        }
      }
    }

    /** The rows where the value or a struct around it is NULL, or null when none is. */
    private boolean[] nulls(ColumnVector v, int n) {
      boolean any = !v.noNulls;
      for (ColumnVector a : ancestors) {
        any |= !a.noNulls;
      }
      if (!any) {
        return null;
      }
      if (ancestors.length == 0) {
        return v.isNull;
      }
      if (nullScratch.length < n) {
        nullScratch = new boolean[Math.max(n, v.isNull.length)];
      }
      for (int i = 0; i < n; i++) {
        boolean isNull = v.isNull(i);
        for (ColumnVector a : ancestors) {
          isNull |= a.isNull(i);
        }
        nullScratch[i] = isNull;
      }
      return nullScratch;
    }

    private ValueComparer comparer(ColumnVector v) {
      if (comparerFor != v || !comparer.fits(v)) {
        comparer = ValueComparer.create(leaf, v);
        comparerFor = v;
      }
      comparer.reset(v);
      return comparer;
    }
  }
}
