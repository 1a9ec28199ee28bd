package io.colfile.trevni.avro;

import io.colfile.core.error.CorruptFileException;
import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.ColumnVector;
import io.colfile.trevni.ColumnCursor;
import io.colfile.trevni.ColumnSpec;
import io.colfile.trevni.TrevniFile;
import java.io.IOException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Reassembles rows from their Trevni columns into colfile vectors by walking a {@link RowTree}.
 * For Avro records it is the reverse of {@link RowWriter}, and what trevni-avro's {@code
 * AvroColumnReader} does, for the part of the rows asked for: columns are found by the names the
 * file schema's shredding gives them, and only the blocks of the columns that part needs are
 * read: a record field left out of the projection costs nothing, and a path {@code a.b.c}
 * through records (nullable or not) reads the column of {@code c} and, for each nullable record
 * on the way, the column that says whether it is there. A file without an Avro schema reads as
 * its root columns ({@link #ofColumns}).
 */
public final class RowReader {
  private final TrevniFile file;
  private final long maxNestedValues;
  private final Type type;
  private final RowTree tree;
  /** The cursors of the tree's columns, by the tree's column number; null where unused. */
  final ColumnCursor[] cursors;
  private final ColumnCursor[] used;
  /** The nodes read a column at a time: the root record's fields, or the root. */
  private final RowNode[] tops;
  /** The cursors of each of {@link #tops}, whose rows it starts. */
  private final ColumnCursor[][] topCursors;
  /** Whether node paths are column names (a file without an Avro schema). */
  private final boolean byColumn;
  private long row;
  /** The row being read one at a time, for messages. */
  private long current;

  /**
   * A reader of {@code projection}, the rows' type ({@link AvroTypes#rowType}) of {@code
   * schema} with structs pruned to some of their fields (at any depth, in the schema's order),
   * or of the whole rows when it is null.
   *
   * @throws IllegalArgumentException if {@code projection} is not such a pruning
   */
  public RowReader(TrevniFile file, AvroSchema schema, Type projection,
      long maxNestedValues) throws IOException {
    this.file = file;
    this.maxNestedValues = maxNestedValues;
    this.byColumn = false;
    Type full = AvroTypes.rowType(schema);
    this.type = projection == null ? full : projection;
    RowTree whole = RowTree.of(schema);
    if (whole.recordRoot) {
      this.tree = whole.project(type);
    } else {
      // bare values; a nullable record's are wrapped as struct<value:...>
      this.tree = whole.project(full.kind() == TypeKind.STRUCT ? only(type, "value") : type);
    }
    AvroColumns columns = whole.columns;
    this.cursors = new ColumnCursor[columns.size()];
    List<ColumnCursor> opened = new ArrayList<>();
    BitSet need = tree.usedColumns();
    for (int k = need.nextSetBit(0); k >= 0; k = need.nextSetBit(k + 1)) {
      cursors[k] = cursor(columns.specs().get(k));
      opened.add(cursors[k]);
    }
    this.used = opened.toArray(new ColumnCursor[0]);
    this.tops = tree.recordRoot ? ((RecordNode) tree.root).fields : new RowNode[] {tree.root};
    this.topCursors = cursorsOf(tops, cursors);
  }

  private RowReader(TrevniFile file, List<String> names, long maxNestedValues)
      throws IOException {
    this.file = file;
    this.maxNestedValues = maxNestedValues;
    this.byColumn = true;
    this.tree = RowTree.ofColumns(file, names);
    this.type = tree.type;
    this.cursors = new ColumnCursor[file.columnCount()];
    List<ColumnCursor> opened = new ArrayList<>();
    BitSet need = tree.usedColumns();
    for (int k = need.nextSetBit(0); k >= 0; k = need.nextSetBit(k + 1)) {
      cursors[k] = file.cursor(k);
      opened.add(cursors[k]);
    }
    this.used = opened.toArray(new ColumnCursor[0]);
    this.tops = tree.recordRoot ? ((RecordNode) tree.root).fields : new RowNode[] {tree.root};
    this.topCursors = cursorsOf(tops, cursors);
  }

  /** For each of {@code nodes}, the cursors of its columns. */
  private static ColumnCursor[][] cursorsOf(RowNode[] nodes, ColumnCursor[] cursors) {
    ColumnCursor[][] out = new ColumnCursor[nodes.length][];
    for (int f = 0; f < nodes.length; f++) {
      BitSet own = new BitSet();
      nodes[f].columns(own);
      out[f] = own.stream().mapToObj(k -> cursors[k]).toArray(ColumnCursor[]::new);
    }
    return out;
  }

  /**
   * A reader of a file that has no Avro schema (written with the column API), as rows with one
   * field per root column named in {@code names} (null: all of them): a plain column is a
   * primitive field; an array column without children is a list of its type; an array column
   * with children is a list of structs, one field per child column (named without the parent's
   * prefix), led by a {@code value} field when the array column's own type is not {@code null}.
   * {@code int} and {@code fixed32} read as int, {@code long} and {@code fixed64} as bigint,
   * {@code bytes} as binary, {@code null} as an always-null boolean.
   *
   * @throws IllegalArgumentException if a name is not a root column's
   */
  public static RowReader ofColumns(TrevniFile file, List<String> names,
      long maxNestedValues) throws IOException {
    return new RowReader(file, names, maxNestedValues);
  }

  /** The type of the batches: the projection asked for. */
  public Type type() {
    return type;
  }

  /** The index of the next row {@link #next} reads. */
  public long row() {
    return row;
  }

  /**
   * Fills {@code batch} with up to its capacity of rows; false when none were left. What the
   * batches filled before reference stays valid only until this call ({@link #next(ColumnBatch,
   * int)}).
   */
  public boolean next(ColumnBatch batch) throws IOException {
    int n = (int) Math.min(file.rowCount() - row, batch.capacity());
    next(batch, n);
    return n > 0;
  }

  /**
   * Resets {@code batch} and fills it with the next {@code rows} rows, which must exist. As a
   * {@code BatchReader}'s batches, what the batches filled before reference (string and bytes
   * values point into the blocks read) stays valid only until this call: the arrays of blocks
   * read for them are used again ({@link ColumnCursor#recycleBlocks}).
   */
  public void next(ColumnBatch batch, int rows) throws IOException {
    batch.reset();
    if (rows < 0 || rows > batch.capacity() || rows > file.rowCount() - row) {
      throw new IllegalArgumentException(rows + " rows do not fit the batch or the file");
    }
    for (ColumnCursor c : used) {
      c.recycleBlocks();
    }
    DeepStack.run(tree.depth, () -> {
      readRows(batch, rows);
      return null;
    });
    batch.size = rows;
  }

  /**
   * Reads a column at a time: each top node's rows in one go where it can ({@link
   * RowNode#readRows}), else row by row over its own columns; the nodes' columns are disjoint,
   * so the order does not matter.
   */
  private void readRows(ColumnBatch batch, int rows) throws IOException {
    for (int f = 0; f < tops.length; f++) {
      RowNode node = tops[f];
      ColumnVector v = batch.cols[tree.recordRoot ? f : 0];
      if (node.readRows(this, v, rows)) {
        continue;
      }
      ColumnCursor[] own = topCursors[f];
      for (int i = 0; i < rows; i++) {
        current = row + i;
        for (ColumnCursor c : own) {
          c.startRow();
        }
        node.read(this, v, i);
      }
    }
    row += rows;
  }

  /**
   * Reads rows {@code [from, n)} of the batch being read (relative to {@link #row()}) of {@code
   * node}, a top node stored in {@code cursor} alone, one at a time.
   */
  void readEach(RowNode node, ColumnCursor cursor, ColumnVector v, int from, int n)
      throws IOException {
    for (int i = from; i < n; i++) {
      current = row + i;
      cursor.startRow();
      node.read(this, v, i);
    }
  }

  /**
   * Positions every column read so that the next row read is {@code target} (the row count for
   * the end), nested columns included ({@link ColumnCursor#seekRow}).
   */
  public void seek(long target) throws IOException {
    for (ColumnCursor c : used) {
      c.seekRow(target);
    }
    row = target;
  }

  private static Type only(Type struct, String name) {
    if (struct.kind() != TypeKind.STRUCT || struct.fieldIndex(name) != 0
        || struct.children().size() != 1) {
      throw new IllegalArgumentException("not a projection of the file's rows: " + struct);
    }
    return struct.child(0);
  }

  /** The cursor of the file's column that {@code want}, a column of the schema, is. */
  private ColumnCursor cursor(ColumnSpec want) throws IOException {
    String name = want.name();
    int i = file.columnIndex(name);
    if (i < 0) {
      throw file.headerRegion().corrupt("the Avro schema calls for a column named '%s', which the"
          + " file does not have", name);
    }
    ColumnSpec spec = file.column(i);
    if (spec.type() != want.type() || spec.isArray() != want.isArray()) {
      throw file.headerRegion().corrupt("column '%s' is %s in the file; its Avro schema calls for"
          + " %s", name, spec, want);
    }
    return file.cursor(i);
  }

  /**
   * Bad data at the node at {@code path}, in the current row: values assembled from several
   * columns' cursors, so no single file offset is theirs.
   */
  /**
   * A problem with the value at {@code path} of the current row, found in column {@code col}:
   * named at that column's place in the file (its current block).
   */
  CorruptFileException corrupt(int col, String path, String problem) {
    return cursors[col].corrupt(problem + " (row " + current + ", "
        + (byColumn ? "column '" + path + "'" : "field " + path) + ")");
  }

  /** Checks that a batch's nested vectors at {@code path} are to hold {@code count} values. */
  void checkNested(int col, String path, long count) throws CorruptFileException {
    if (count > maxNestedValues) {
      throw corrupt(col, path, "more than " + maxNestedValues + " nested values in one batch "
          + (byColumn ? "(ReadOptions.withMaxNestedValues raises the limit)"
              : "(ReadOptions.withMaxNestedValues raises the limit; a smaller batch also helps)"));
    }
  }

  /**
   * Decodes each column's next block on {@code tasks} while the rows of its current one are
   * read ({@link ColumnCursor#decodeAhead}): the same rows, and the same errors.
   */
  public void decodeAhead(io.colfile.core.read.DecodeTasks tasks) {
    for (ColumnCursor c : used) {
      c.decodeAhead(tasks);
    }
  }
}
