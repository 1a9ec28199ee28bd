package io.colfile.orc.column;

import io.colfile.core.types.Type;
import java.util.List;

/** Builds the reader tree for a schema, numbering columns in pre-order as ORC does. */
public final class ColumnReaders {
  private ColumnReaders() {}

  /**
   * The reader of the root struct, reading only the fields in {@code included} (indexes into
   * the root's fields; null for all).
   */
  public static RootReader root(Type schema, List<Integer> included) {
    return new RootReader(schema, included);
  }

  static ColumnReader create(Type type, int column) {
    switch (type.kind()) {
      case BOOLEAN: case BYTE: case SHORT: case INT: case LONG: case DATE:
        return new LongColumnReader(column, type);
      case FLOAT: case DOUBLE:
        return new DoubleColumnReader(column, type);
      case STRING: case VARCHAR: case CHAR: case BINARY:
        return new BytesColumnReader(column, type);
      case DECIMAL:
        return new DecimalColumnReader(column, type);
      case TIMESTAMP: case TIMESTAMP_INSTANT:
        return new TimestampColumnReader(column, type);
      case STRUCT: {
        ColumnReader[] fields = children(type, column);
        return new StructColumnReader(column, type, fields);
      }
      case LIST: case MAP:
        return new ListColumnReader(column, type, children(type, column));
      case UNION:
        return new UnionColumnReader(column, type, children(type, column));
      default:
        throw new IllegalArgumentException("no reader for " + type);
    }
  }

  private static ColumnReader[] children(Type type, int column) {
    ColumnReader[] out = new ColumnReader[type.children().size()];
    int id = column + 1;
    for (int i = 0; i < out.length; i++) {
      out[i] = create(type.child(i), id);
      id += type.child(i).columnCount();
    }
    return out;
  }
}
