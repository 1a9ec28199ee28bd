package io.colfile.trevni.avro;

import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.ColumnVector;
import io.colfile.trevni.TrevniFileWriter;

/**
 * Writes rows of colfile vectors as Avro records shredded into Trevni columns, in the order and
 * with the length protocol of trevni-avro's {@code AvroColumnWriter}, by walking the {@link
 * RowTree} of the schema. The batch's schema is {@link AvroTypes#rowType} of the Avro schema.
 */
public final class RowWriter {
  final TrevniFileWriter out;
  private final RowTree tree;
  /**
   * The root record's fields when they are all values in plain columns, or nullable values in
   * columns of 0 or 1 values a row (a flat record), which may then be written a column at a
   * time; else null.
   */
  private final FlatField[] flat;
  /** The columns of {@link #flat}'s fields, in field order. */
  private final int[] flatColumns;
  private long row;
  /** Whether flat records are written a column at a time (tests compare them row by row). */
  static volatile boolean columnAtATime = true;

  /**
   * A writer of rows of {@code schema} into {@code out}, whose columns are {@code columns}
   * ({@link AvroColumns#of} of the schema, whose walk built the tree this writer walks).
   */
  public RowWriter(AvroSchema schema, AvroColumns columns, TrevniFileWriter out) {
    this.out = out;
    this.tree = columns.tree.schema == schema ? columns.tree : RowTree.of(schema);
    if (tree.columns.size() != columns.size()) {
      throw new IllegalStateException("shredding mismatch: " + tree.columns.size() + " of "
          + columns.size() + " columns");
    }
    RowNode[] fields = tree.recordRoot ? ((RecordNode) tree.root).fields : null;
    this.flat = flatFields(fields, tree);
    this.flatColumns = flat == null ? null : new int[flat.length];
    for (int f = 0; flat != null && f < flat.length; f++) {
      flatColumns[f] = flat[f].node.col;
    }
  }

  private static FlatField[] flatFields(RowNode[] fields, RowTree tree) {
    if (fields == null || fields.length != tree.columns.size()) {
      return null;
    }
    FlatField[] out = new FlatField[fields.length];
    for (int f = 0; f < fields.length; f++) {
      if (fields[f] instanceof ValueNode v) {
        out[f] = new FlatField(v, false);
      } else if (fields[f] instanceof UnionNode u && u.nullable && u.branches.length == 1
          && !u.branches[0].marker() && u.branches[0].node() instanceof ValueNode v
          && v.col == u.branches[0].col()) {
        // ["null", simple]: a column of 0 or 1 values a row, the value's column itself
        out[f] = new FlatField(v, true);
      } else {
        return null;
      }
    }
    return out;
  }

  /** Writes the batch's rows. */
  public void write(ColumnBatch batch) {
    DeepStack.run(tree.depth, () -> {
      writeRows(batch);
      return null;
    });
  }

  private void writeRows(ColumnBatch batch) {
    if (flat != null && writesColumns(batch)) {
      // a column at a time: the same bytes, without a walk of the tree per row; the columns on
      // several threads with a parallelism above 1
      out.startRows(batch.size);
      out.writeColumns(flatColumns, f -> flat[f].writeColumn(out, batch.cols[f], batch.size));
      out.endRows();
      row += batch.size;
      return;
    }
    RowNode root = tree.root;
    for (int i = 0; i < batch.size; i++) {
      out.startRow();
      if (tree.recordRoot) {
        ((RecordNode) root).writeFields(this, batch.cols, i);
      } else {
        root.write(this, batch.cols[0], i);
      }
      out.endRow();
      row++;
    }
  }

  /**
   * Whether every field of the flat record is written a column at a time from its vector, with
   * no row refused (a batch with a refused row is written row by row, to fail where it does).
   */
  private boolean writesColumns(ColumnBatch batch) {
    if (!columnAtATime || batch.cols.length != flat.length) {
      return false;
    }
    for (int f = 0; f < flat.length; f++) {
      ColumnVector v = batch.cols[f];
      if (!flat[f].writesColumn(v) || flat[f].firstRefused(v, batch.size) >= 0) {
        return false;
      }
    }
    return true;
  }

  /** Bad data at the node at {@code path}, in the current row. */
  IllegalArgumentException error(String path, String problem) {
    return new IllegalArgumentException("row " + row + ", column "
        + (path.isEmpty() ? "(row)" : path) + ": " + problem);
  }
}
