package io.colfile.trevni.avro;

import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.ListVector;
import io.colfile.core.vector.MapVector;
import io.colfile.core.vector.StructVector;
import java.io.IOException;
import java.util.BitSet;

/**
 * One node of a {@link RowTree}: a part of a row (a value, a record, an array, a map, a union)
 * and the Trevni columns it is stored in, with how to read it from them into a vector ({@link
 * RowReader}) and how to write it to them from a vector ({@link RowWriter}). Nodes are immutable:
 * a tree is built once per schema, and the reader or writer passed in holds the cursors or the
 * file writer and the row being worked on.
 *
 * <p>Columns are numbered as the tree's shredding numbers them ({@link AvroColumns}; for a file
 * without an Avro schema, as the file does).
 */
abstract class RowNode {
  /** Where in the row the node is, for messages: {@code a.b[]}, or a column's name. */
  final String path;

  RowNode(String path) {
    this.path = path;
  }

  /** Reads the current row's value of this node into {@code v} at {@code i}. */
  abstract void read(RowReader in, ColumnVector v, int i) throws IOException;

  /**
   * Reads the next {@code n} rows of this node, a top node of its tree (a field of the root
   * record, or the root), into {@code v} at {@code [0, n)}, its columns' rows started too, when
   * it can do so a column at a time; returns false, having read nothing, when it cannot (the
   * reader then reads it row by row).
   */
  boolean readRows(RowReader in, ColumnVector v, int n) throws IOException {
    return false;
  }

  /** Writes {@code v} at {@code i}, which is not null where the schema is not nullable. */
  abstract void write(RowWriter out, ColumnVector v, int i);

  /**
   * This node pruned to {@code want}, a part of its rows' type with structs pruned to some of
   * their fields (null: all of it). Only records, and the record of a union of null and one
   * record, prune; other nodes keep all they hold.
   *
   * @throws IllegalArgumentException if {@code want} is not such a pruning
   */
  RowNode project(Type want) {
    return this;
  }

  /** Adds the columns this node reads or writes to {@code out}. */
  abstract void columns(BitSet out);

  /** Checks that {@code v} holds a value at {@code i}, where the schema does not allow null. */
  final void checkNotNull(RowWriter out, ColumnVector v, int i) {
    if (v.isNull(i)) {
      throw out.error(path, "null where the Avro schema has no null");
    }
  }

  /** Sets {@code v} null at {@code i}, its nested vectors too, and empty where it is a list. */
  static void setNull(ColumnVector v, int i) {
    v.setNull(i);
    if (v instanceof StructVector s) {
      for (ColumnVector f : s.fields) {
        setNull(f, i);
      }
    } else if (v instanceof ListVector l) {
      l.offsets[i] = l.childCount;
      l.lengths[i] = 0;
    } else if (v instanceof MapVector m) {
      m.offsets[i] = m.childCount;
      m.lengths[i] = 0;
    }
  }
}
