package io.colfile.orc.write;

import io.colfile.core.types.Type;
import java.util.List;

/** Builds the tree of column writers for a schema, numbering columns in pre-order. */
final class ColumnWriters {
  private ColumnWriters() {}

  static ColumnWriter create(Type schema, WriterContext ctx) {
    return create(schema, ctx, new int[] {0});
  }

  /** The writers of a subtree whose root is column {@code firstId} of the file's schema. */
  static ColumnWriter createAt(Type subtree, WriterContext ctx, int firstId) {
    return create(subtree, ctx, new int[] {firstId});
  }

  private static ColumnWriter create(Type type, WriterContext ctx, int[] next) {
    int id = next[0]++;
    List<Type> children = type.children();
    switch (type.kind()) {
      case BOOLEAN:
        return new BooleanColumnWriter(id, type, ctx);
      case BYTE:
        return new ByteColumnWriter(id, type, ctx);
      case SHORT:
      case INT:
      case LONG:
      case DATE:
        return new IntegerColumnWriter(id, type, ctx);
      case FLOAT:
      case DOUBLE:
        return new FloatingColumnWriter(id, type, ctx);
      case STRING:
      case VARCHAR:
      case CHAR:
        return new StringColumnWriter(id, type, ctx);
      case BINARY: case GEOMETRY: case GEOGRAPHY:
        return new BinaryColumnWriter(id, type, ctx);
      case DECIMAL:
        return ctx.decimal64(type)
            ? new Decimal64ColumnWriter(id, type, ctx)
            : new DecimalColumnWriter(id, type, ctx);
      case TIMESTAMP:
      case TIMESTAMP_INSTANT:
        return new TimestampColumnWriter(id, type, ctx);
      case STRUCT: {
        StructColumnWriter w = new StructColumnWriter(id, type, ctx, kids(children, ctx, next));
        return w;
      }
      case LIST:
      case MAP:
        return new ListColumnWriter(id, type, ctx, kids(children, ctx, next));
      case UNION:
        return new UnionColumnWriter(id, type, ctx, kids(children, ctx, next));
      default:
        throw new IllegalArgumentException("ORC cannot write " + type);
    }
  }

  private static ColumnWriter[] kids(List<Type> types, WriterContext ctx, int[] next) {
    ColumnWriter[] out = new ColumnWriter[types.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = create(types.get(i), ctx, next);
    }
    return out;
  }
}
