package io.colfile.orc.column;

import io.colfile.core.types.Type;

/** Builds the reader tree for a schema, numbering columns in pre-order as ORC does. */
public final class ColumnReaders {
  private ColumnReaders() {}

  /**
   * The reader of the file's rows, reading only the columns {@code included} marks (by column
   * id of {@code fileSchema}; a struct whose fields are partly included reads its own PRESENT
   * stream and only those fields). Batches hold {@code fileSchema} pruned to the included
   * columns, fields in the file's order.
   */
  public static RootReader root(Type fileSchema, boolean[] included) {
    if (included.length != fileSchema.columnCount() || !included[0]) {
      throw new IllegalArgumentException("included columns do not fit " + fileSchema);
    }
    return new RootReader(fileSchema, included);
  }

  /**
   * The reader of column {@code column}, of type {@code type}: struct fields that {@code
   * included} leaves out get no reader, at any depth (a struct in a list or map too: a reader
   * schema may drop its fields); lists, maps and unions read all their children.
   */
  static ColumnReader create(Type type, int column, boolean[] included) {
    switch (type.kind()) {
      case BOOLEAN: case BYTE: case SHORT: case INT: case LONG: case DATE:
        return new LongColumnReader(column, type);
      case FLOAT: case DOUBLE:
        return new DoubleColumnReader(column, type);
      case STRING: case VARCHAR: case CHAR: case BINARY: case GEOMETRY: case GEOGRAPHY:
        return new BytesColumnReader(column, type);
      case DECIMAL:
        return new DecimalColumnReader(column, type);
      case TIMESTAMP: case TIMESTAMP_INSTANT:
        return new TimestampColumnReader(column, type);
      case STRUCT:
        return new StructColumnReader(column, type, fields(type, column, included));
      case LIST: case MAP:
        return new ListColumnReader(column, type, children(type, column, included));
      case UNION:
        return new UnionColumnReader(column, type, children(type, column, included));
      default:
        throw new IllegalArgumentException("no reader for " + type);
    }
  }

  /** The readers of a struct's fields; null for a field that is not read. */
  static ColumnReader[] fields(Type struct, int column, boolean[] included) {
    ColumnReader[] out = new ColumnReader[struct.children().size()];
    int id = column + 1;
    for (int i = 0; i < out.length; i++) {
      if (included == null || included[id]) {
        out[i] = create(struct.child(i), id, included);
      }
      id += struct.child(i).columnCount();
    }
    return out;
  }

  private static ColumnReader[] children(Type type, int column, boolean[] included) {
    ColumnReader[] out = new ColumnReader[type.children().size()];
    int id = column + 1;
    for (int i = 0; i < out.length; i++) {
      out[i] = create(type.child(i), id, included);
      id += type.child(i).columnCount();
    }
    return out;
  }
}
