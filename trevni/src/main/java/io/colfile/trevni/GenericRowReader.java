package io.colfile.trevni;

import io.colfile.core.error.CorruptFileException;
import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.ListVector;
import io.colfile.core.vector.LongVector;
import io.colfile.core.vector.StructVector;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a Trevni file that has no Avro schema (written with the column API) as rows: one field
 * per root column. A plain column is a primitive field; an array column without children is a
 * list of its type; an array column with children is a list of structs, one field per child
 * column (named without the parent's prefix), led by a {@code value} field when the array
 * column's own type is not {@code null}. {@code int} and {@code fixed32} read as int, {@code
 * long} and {@code fixed64} as bigint, {@code bytes} as binary, {@code null} as an always-null
 * boolean.
 */
final class GenericRowReader implements RowSource {
  private final TrevniFileReader file;
  private final long maxNestedValues;
  private final Node[] fields;
  private final Type type;
  private final List<ColumnCursor> cursors = new ArrayList<>();
  private long row;

  GenericRowReader(TrevniFileReader file, List<String> names, long maxNestedValues)
      throws IOException {
    this.file = file;
    this.maxNestedValues = maxNestedValues;
    List<Integer> roots = new ArrayList<>();
    List<String> rootNames = new ArrayList<>();
    for (int i = 0; i < file.columnCount(); i++) {
      if (file.parentIndex(i) < 0) {
        roots.add(i);
        rootNames.add(file.column(i).name());
      }
    }
    List<String> wanted = names == null ? rootNames : names;
    List<Node> nodes = new ArrayList<>();
    List<Type> types = new ArrayList<>();
    for (String name : wanted) {
      int i = file.columnIndex(name);
      if (i < 0 || file.parentIndex(i) >= 0) {
        throw new IllegalArgumentException("no top-level column '" + name + "' in "
            + file.name() + " (columns: " + rootNames + ")");
      }
      Node n = build(i);
      nodes.add(n);
      types.add(n.type);
    }
    this.fields = nodes.toArray(new Node[0]);
    this.type = Type.struct(wanted, types);
  }

  /** The Type of the rows of a file without an Avro schema (all root columns). */
  static Type typeOf(TrevniFileReader file) throws IOException {
    return new GenericRowReader(file, null, 1).type;
  }

  @Override
  public Type type() {
    return type;
  }

  @Override
  public long row() {
    return row;
  }

  /** Fills {@code batch} with up to its capacity of rows; false when none were left. */
  boolean next(ColumnBatch batch) throws IOException {
    int n = (int) Math.min(file.rowCount() - row, batch.capacity());
    read(batch, n);
    return n > 0;
  }

  @Override
  public void seek(long target) throws IOException {
    for (ColumnCursor c : cursors) {
      c.seekRow(target);
    }
    row = target;
  }

  @Override
  public void read(ColumnBatch batch, int n) throws IOException {
    batch.reset();
    for (int i = 0; i < n; i++) {
      for (ColumnCursor c : cursors) {
        c.startRow();
      }
      for (int f = 0; f < fields.length; f++) {
        fields[f].read(batch.cols[f], i);
      }
      row++;
    }
    batch.size = n;
  }

  private Node build(int column) throws IOException {
    ColumnSpec spec = file.column(column);
    ColumnCursor c = file.cursor(column);
    cursors.add(c);
    if (!spec.isArray()) {
      return new Value(c, spec.type());
    }
    List<Integer> children = new ArrayList<>();
    for (int i = column + 1; i < file.columnCount(); i++) {
      if (file.parentIndex(i) == column) {
        children.add(i);
      }
    }
    if (children.isEmpty()) {
      return new Array(c, new Value(c, spec.type()));
    }
    List<String> names = new ArrayList<>();
    List<Node> parts = new ArrayList<>();
    if (spec.type() != ValueType.NULL) {
      names.add("value");
      parts.add(new Value(c, spec.type()));
    }
    for (int child : children) {
      String name = file.column(child).name();
      String prefix = spec.name();
      if (name.startsWith(prefix) && name.length() > prefix.length()) {
        name = name.substring(prefix.length());
        if (name.startsWith("#")) {
          name = name.substring(1);
        }
      }
      names.add(name);
      parts.add(build(child));
    }
    List<Type> types = new ArrayList<>();
    for (Node p : parts) {
      types.add(p.type);
    }
    return new Array(c, new Element(Type.struct(names, types), parts,
        spec.type() == ValueType.NULL ? c : null));
  }

  private abstract static class Node {
    final Type type;

    Node(Type type) {
      this.type = type;
    }

    abstract void read(ColumnVector v, int i) throws IOException;
  }

  private static Type typeOf(ValueType t) {
    return switch (t) {
      case NULL, BOOLEAN -> Type.BOOLEAN;
      case INT, FIXED32 -> Type.INT;
      case LONG, FIXED64 -> Type.LONG;
      case FLOAT -> Type.FLOAT;
      case DOUBLE -> Type.DOUBLE;
      case STRING -> Type.STRING;
      case BYTES -> Type.BINARY;
    };
  }

  private static final class Value extends Node {
    final ColumnCursor c;
    final ValueType t;

    Value(ColumnCursor c, ValueType t) {
      super(typeOf(t));
      this.c = c;
      this.t = t;
    }

    @Override
    void read(ColumnVector v, int i) throws IOException {
      switch (t) {
        case NULL -> v.setNull(i);
        case BOOLEAN -> ((LongVector) v).vector[i] = c.nextBoolean() ? 1 : 0;
        case INT, FIXED32 -> ((LongVector) v).vector[i] = c.nextInt();
        case LONG, FIXED64 -> ((LongVector) v).vector[i] = c.nextLong();
        case FLOAT -> ((DoubleVector) v).vector[i] = c.nextFloat();
        case DOUBLE -> ((DoubleVector) v).vector[i] = c.nextDouble();
        case STRING, BYTES -> {
          int n = c.nextBytesLength();
          ((BytesVector) v).setRef(i, c.buffer(), c.position() - n, n);
        }
      }
    }
  }

  /** One element of an array column with children: the children's values for it. */
  private static final class Element extends Node {
    final Node[] parts;
    final ColumnCursor nullParent;

    Element(Type type, List<Node> parts, ColumnCursor nullParent) {
      super(type);
      this.parts = parts.toArray(new Node[0]);
      this.nullParent = nullParent;
    }

    @Override
    void read(ColumnVector v, int i) throws IOException {
      if (nullParent != null) {
        nullParent.nextNull();
      }
      StructVector s = (StructVector) v;
      for (int k = 0; k < parts.length; k++) {
        parts[k].read(s.fields[k], i);
      }
    }
  }

  private final class Array extends Node {
    final ColumnCursor c;
    final Node element;

    Array(ColumnCursor c, Node element) {
      super(Type.list(element.type));
      this.c = c;
      this.element = element;
    }

    @Override
    void read(ColumnVector v, int i) throws IOException {
      ListVector l = (ListVector) v;
      int n = c.nextLength();
      int off = l.childCount;
      if ((long) off + n > maxNestedValues) {
        throw new CorruptFileException(file.name(), "row " + row + ", column '"
            + c.column().name() + "'", -1, "more than " + maxNestedValues
            + " nested values in one batch (ReadOptions.withMaxNestedValues raises the limit)");
      }
      l.offsets[i] = off;
      l.lengths[i] = n;
      l.childCount = off + n;
      for (int k = 0; k < n; k++) {
        l.child.ensureCapacity(off + k + 1, true);
        element.read(l.child, off + k);
      }
    }
  }
}
