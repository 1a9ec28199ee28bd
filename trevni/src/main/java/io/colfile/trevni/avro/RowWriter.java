package io.colfile.trevni.avro;

import io.colfile.core.vector.ColumnBatch;
import io.colfile.trevni.TrevniFileWriter;

/**
 * Writes rows of colfile vectors as Avro records shredded into Trevni columns, in the order and
 * with the length protocol of trevni-avro's {@code AvroColumnWriter}, by walking the {@link
 * RowTree} of the schema. The batch's schema is {@link AvroTypes#rowType} of the Avro schema.
 */
public final class RowWriter {
  final TrevniFileWriter out;
  private final RowTree tree;
  private long row;

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
  }

  /** Writes the batch's rows. */
  public void write(ColumnBatch batch) {
    DeepStack.run(tree.depth, () -> {
      writeRows(batch);
      return null;
    });
  }

  private void writeRows(ColumnBatch batch) {
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

  /** Bad data at the node at {@code path}, in the current row. */
  IllegalArgumentException error(String path, String problem) {
    return new IllegalArgumentException("row " + row + ", column "
        + (path.isEmpty() ? "(row)" : path) + ": " + problem);
  }
}
