package io.colfile.trevni;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.trevni.avro.AvroColumns;
import io.colfile.trevni.avro.AvroSchema;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The columns of a file that hold exactly one value per row, each the value of one scalar field
 * of the rows: the plain root columns (no parent, no array flag). Only these can have first
 * values, and they are never NULL (except a {@code null} column, always NULL). In a file
 * without Avro schema each is a top-level field; in an Avro file, a field reached through
 * records alone (a nullable record is a union, stored as array columns).
 */
final class KeyColumns {
  private KeyColumns() {}

  /**
   * A plain root column and the field it holds.
   *
   * @param column the column's index in the file
   * @param path the field's names from the root of the rows
   * @param typeId the field's pre-order id in the rows' type (what bound predicates name)
   * @param order how its first values bound its blocks, or null when its values are ordered
   *     otherwise than as stored (enums, decimals) or it holds only NULLs
   * @param alwaysNull whether it is a {@code null} column
   */
  record Key(int column, List<String> path, int typeId, FirstValueOrder order,
      boolean alwaysNull) {}

  /** The keys of a file written with the column API: its plain root columns. */
  static List<Key> ofColumns(TrevniFile file, Type rows) {
    List<Key> out = new ArrayList<>();
    int[] ids = childIds(rows, 0);
    for (int i = 0; i < file.columnCount(); i++) {
      ColumnSpec c = file.column(i);
      int field = rows.fieldIndex(c.name());
      if (file.parentIndex(i) >= 0 || c.isArray() || field < 0) {
        continue;
      }
      out.add(new Key(i, List.of(c.name()), ids[field], order(c.type()),
          c.type() == ValueType.NULL));
    }
    return out;
  }

  /** The keys of a file of Avro records of {@code schema}, whose rows are {@code rows}. */
  static List<Key> ofRecords(TrevniFile file, AvroSchema schema, Type rows) {
    List<Key> out = new ArrayList<>();
    if (schema.kind() != AvroSchema.Kind.RECORD) {
      return out;
    }
    record Step(AvroSchema schema, Type type, int id, List<String> path) {}
    Deque<Step> todo = new ArrayDeque<>(); // no recursion: schemas may nest 1000 deep
    todo.push(new Step(schema, rows, 0, List.of()));
    while (!todo.isEmpty()) {
      Step s = todo.pop();
      List<AvroSchema.Field> fields = s.schema.fields();
      int[] ids = childIds(s.type, s.id);
      for (int k = fields.size() - 1; k >= 0; k--) {
        AvroSchema f = fields.get(k).schema();
        List<String> path = new ArrayList<>(s.path);
        path.add(fields.get(k).name());
        int id = ids[k];
        Type t = s.type.child(k);
        if (f.kind() == AvroSchema.Kind.RECORD) {
          todo.push(new Step(f, t, id, path));
          continue;
        }
        int column = AvroColumns.isSimple(f) ? file.columnIndex(String.join("#", path)) : -1;
        if (column < 0 || file.parentIndex(column) >= 0 || file.column(column).isArray()) {
          continue; // a union, array or map, stored in array columns
        }
        if (file.column(column).type() != AvroColumns.valueType(f)) {
          continue; // not what the schema says: reading it fails with the reason
        }
        out.add(new Key(column, List.copyOf(path), id, order(f, t),
            f.kind() == AvroSchema.Kind.NULL));
      }
    }
    return out;
  }

  /** The pre-order ids of the fields of the struct {@code struct} whose id is {@code id}. */
  private static int[] childIds(Type struct, int id) {
    int[] ids = new int[struct.children().size()];
    int child = id + 1;
    for (int j = 0; j < ids.length; j++) {
      ids[j] = child;
      child += struct.child(j).columnCount();
    }
    return ids;
  }

  private static FirstValueOrder order(ValueType t) {
    return switch (t) {
      case NULL -> null;
      case BOOLEAN, INT, LONG, FIXED32, FIXED64 -> FirstValueOrder.LONG;
      case FLOAT, DOUBLE -> FirstValueOrder.DOUBLE;
      case STRING -> FirstValueOrder.STRING;
      case BYTES -> FirstValueOrder.BYTES;
    };
  }

  /** The order of a simple Avro field read as {@code t} (see {@code AvroTypes.toType}). */
  private static FirstValueOrder order(AvroSchema s, Type t) {
    if (s.kind() == AvroSchema.Kind.ENUM || t.kind() == TypeKind.DECIMAL) {
      return null;
    }
    if (t.kind() == TypeKind.TIMESTAMP || t.kind() == TypeKind.TIMESTAMP_INSTANT) {
      String unit = s.logicalType();
      return unit.endsWith("millis") ? FirstValueOrder.TIMESTAMP_MILLIS
          : unit.endsWith("micros") ? FirstValueOrder.TIMESTAMP_MICROS
          : FirstValueOrder.TIMESTAMP_NANOS;
    }
    return order(switch (s.kind()) {
      case NULL -> ValueType.NULL;
      case BOOLEAN -> ValueType.BOOLEAN;
      case INT -> ValueType.INT;
      case LONG -> ValueType.LONG;
      case FLOAT -> ValueType.FLOAT;
      case DOUBLE -> ValueType.DOUBLE;
      case STRING -> ValueType.STRING;
      default -> ValueType.BYTES; // bytes and fixed
    });
  }
}
