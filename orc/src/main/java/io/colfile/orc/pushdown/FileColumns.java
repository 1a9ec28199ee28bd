package io.colfile.orc.pushdown;

import io.colfile.core.types.Type;
import java.util.List;

/** A file's columns by id (pre-order, the root 0): their types and the structs above them. */
final class FileColumns {
  private final List<Type> types;
  private final int[] parents;

  FileColumns(Type schema) {
    this.types = schema.flatten();
    this.parents = new int[types.size()];
    parents[0] = -1;
    link(schema, 0);
  }

  private void link(Type t, int id) {
    int child = id + 1;
    for (Type c : t.children()) {
      parents[child] = id;
      link(c, child);
      child += c.columnCount();
    }
  }

  int count() {
    return types.size();
  }

  Type type(int column) {
    return types.get(column);
  }

  /** The columns from the top-level one down to {@code column}, the root left out. */
  int[] path(int column) {
    int depth = 0;
    for (int c = column; c > 0; c = parents[c]) {
      depth++;
    }
    int[] out = new int[depth];
    for (int c = column; c > 0; c = parents[c]) {
      out[--depth] = c;
    }
    return out;
  }
}
