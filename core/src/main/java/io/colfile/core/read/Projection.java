package io.colfile.core.read;

import io.colfile.core.filter.ColumnPath;
import io.colfile.core.filter.PredicateSyntaxException;
import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Column paths resolved against a schema, and schemas pruned to them: {@code a.b} keeps, of
 * struct {@code a}, only field {@code b} (and all of it). Paths go through structs only.
 */
final class Projection {
  private Projection() {}

  /**
   * The paths that {@code names} (from {@code ReadOptions.withColumns}) denote in {@code
   * schema}: a name that is a top-level field as written is that field, anything else is read
   * as a path.
   *
   * @throws IllegalArgumentException for an unknown column or one listed twice
   */
  static List<ColumnPath> resolve(Type schema, List<String> names) {
    if (schema.kind() != TypeKind.STRUCT) {
      throw new IllegalArgumentException("columns can be chosen only from rows of named "
          + "columns; the rows are " + schema);
    }
    List<ColumnPath> out = new ArrayList<>();
    for (String name : names) {
      ColumnPath path = path(schema, name);
      if (out.contains(path)) {
        throw new IllegalArgumentException("column '" + name + "' is listed twice");
      }
      out.add(path);
    }
    return out;
  }

  /**
   * A name as a path ({@code a.b}, {@code `a b`}), as predicates read it; a name that is no
   * path of the schema but a top-level column as written ({@code my col}, {@code a.b} when there
   * is no struct {@code a}) is that column.
   */
  private static ColumnPath path(Type schema, String name) {
    try {
      ColumnPath path = ColumnPath.parse(name);
      find(schema, path);
      return path;
    } catch (IllegalArgumentException e) {
      if (schema.fieldIndex(name) >= 0) {
        return ColumnPath.of(name);
      }
      if (e instanceof PredicateSyntaxException) {
        throw new IllegalArgumentException("no column '" + name + "'; the columns are "
            + String.join(", ", schema.fieldNames()));
      }
      throw e;
    }
  }

  /** The type at {@code path}, or an error naming what is missing. */
  static Type find(Type schema, ColumnPath path) {
    Type t = schema;
    for (int level = 0; level < path.names().size(); level++) {
      String name = path.names().get(level);
      if (t.kind() != TypeKind.STRUCT) {
        throw new IllegalArgumentException("no column '" + path + "': "
            + new ColumnPath(path.names().subList(0, level)) + " is " + t + ", not a struct");
      }
      int i = t.fieldIndex(name);
      if (i < 0) {
        throw new IllegalArgumentException("no column '" + path + "'; "
            + (level == 0 ? "the columns are " : new ColumnPath(path.names().subList(0, level))
                + " has fields ") + String.join(", ", t.fieldNames()));
      }
      t = t.child(i);
    }
    return t;
  }

  /**
   * {@code schema} (a struct) pruned to {@code paths}. With {@code mentionOrder}, fields come
   * in the order the paths first name them; otherwise in the schema's order.
   */
  static Type prune(Type schema, List<ColumnPath> paths, boolean mentionOrder) {
    Node root = new Node();
    for (ColumnPath p : paths) {
      Node n = root;
      for (String name : p.names()) {
        if (n.whole) {
          break;
        }
        n = n.children.computeIfAbsent(name, k -> new Node());
      }
      n.whole = true;
      n.children.clear();
    }
    return prune(schema, root, mentionOrder);
  }

  private static Type prune(Type t, Node node, boolean mentionOrder) {
    if (node.whole) {
      return t;
    }
    List<String> names = new ArrayList<>();
    List<Type> types = new ArrayList<>();
    List<Boolean> nullable = new ArrayList<>();
    if (mentionOrder) {
      for (Map.Entry<String, Node> e : node.children.entrySet()) {
        int i = t.fieldIndex(e.getKey());
        names.add(e.getKey());
        types.add(prune(t.child(i), e.getValue(), true));
        nullable.add(t.isChildNullable(i));
      }
    } else {
      for (int i = 0; i < t.children().size(); i++) {
        Node child = node.children.get(t.fieldNames().get(i));
        if (child != null) {
          names.add(t.fieldNames().get(i));
          types.add(prune(t.child(i), child, false));
          nullable.add(t.isChildNullable(i));
        }
      }
    }
    return Type.struct(names, types, nullable);
  }

  private static final class Node {
    final Map<String, Node> children = new LinkedHashMap<>();
    boolean whole;
  }

  /** The pre-order id of the column at {@code path} of {@code schema}. */
  static int columnId(Type schema, List<String> path) {
    Type t = schema;
    int id = 0;
    for (String name : path) {
      int i = t.fieldIndex(name);
      id++;
      for (int k = 0; k < i; k++) {
        id += t.child(k).columnCount();
      }
      t = t.child(i);
    }
    return id;
  }
}
