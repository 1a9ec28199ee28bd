package io.colfile.orc.write;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/** Column names of a schema by column id, and option lists of names resolved to ids. */
final class ColumnSelection {
  private ColumnSelection() {}

  /** Dotted names by pre-order column id: {@code root}, {@code a}, {@code a.b}, ... */
  static String[] names(Type schema) {
    List<String> out = new ArrayList<>();
    collect(schema, "root", out, true);
    return out.toArray(new String[0]);
  }

  private static void collect(Type t, String name, List<String> out, boolean root) {
    out.add(name);
    String prefix = root ? "" : name + ".";
    List<Type> children = t.children();
    for (int i = 0; i < children.size(); i++) {
      String child;
      if (t.kind() == TypeKind.STRUCT) {
        child = t.fieldNames().get(i);
      } else if (t.kind() == TypeKind.LIST) {
        child = "_elem";
      } else if (t.kind() == TypeKind.MAP) {
        child = i == 0 ? "_key" : "_value";
      } else {
        child = Integer.toString(i);
      }
      collect(children.get(i), prefix + child, out, false);
    }
  }

  /**
   * Marks the columns named (top-level field names or dotted paths, each with its subtree, as
   * ORC Java does) in an array indexed by column id.
   */
  static boolean[] select(Type schema, Collection<String> wanted, String what) {
    String[] names = names(schema);
    boolean[] result = new boolean[names.length];
    List<Type> flat = schema.flatten();
    for (String w : wanted) {
      String name = w.trim();
      int found = -1;
      for (int id = 1; id < names.length; id++) {
        if (names[id].equals(name)) {
          found = id;
          break;
        }
      }
      if (found < 0) {
        throw new IllegalArgumentException(
            "no column named '" + name + "' for " + what + " in " + schema);
      }
      int end = found + flat.get(found).columnCount();
      for (int id = found; id < end; id++) {
        result[id] = true;
      }
    }
    return result;
  }
}
