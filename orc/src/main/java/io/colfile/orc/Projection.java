package io.colfile.orc;

import io.colfile.core.ReadOptions;
import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The columns a read needs: the projected schema, the top-level fields read (in batch order;
 * null for all) and, by column id, whether a column's streams are read.
 */
record Projection(Type schema, List<Integer> fields, boolean[] included) {
  static Projection of(Type schema, ReadOptions options) {
    boolean[] included = new boolean[schema.columnCount()];
    included[0] = true;
    if (schema.kind() != TypeKind.STRUCT) {
      Arrays.fill(included, true);
      return new Projection(schema, null, included);
    }
    List<Integer> fields = null;
    Type projected = schema;
    if (options.columns().isPresent()) {
      fields = new ArrayList<>();
      List<String> names = new ArrayList<>();
      List<Type> types = new ArrayList<>();
      for (String name : options.columns().get()) {
        int i = schema.fieldIndex(name);
        if (i < 0) {
          throw new IllegalArgumentException("no column '" + name + "' in " + schema);
        }
        if (fields.contains(i)) {
          throw new IllegalArgumentException("column '" + name + "' is listed twice");
        }
        fields.add(i);
        names.add(name);
        types.add(schema.child(i));
      }
      projected = Type.struct(names, types);
    }
    int id = 1;
    for (int i = 0; i < schema.children().size(); i++) {
      int count = schema.child(i).columnCount();
      if (fields == null || fields.contains(i)) {
        Arrays.fill(included, id, id + count, true);
      }
      id += count;
    }
    return new Projection(projected, fields, included);
  }

  /**
   * Whether column {@code c} has a reader that seeks: every included column but a struct root,
   * whose rows never have nulls and which no reader positions.
   */
  boolean seeks(int c, Type fileSchema) {
    return included[c] && (c != 0 || fileSchema.kind() != TypeKind.STRUCT);
  }
}
