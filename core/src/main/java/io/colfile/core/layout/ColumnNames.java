package io.colfile.core.layout;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import java.util.ArrayList;
import java.util.List;

/**
 * The names {@code colfile layout} and {@code colfile sizes} give a schema's columns in
 * pre-order (column id {@code i} is the {@code i}-th node of {@link Type#flatten()}): struct
 * fields by their dotted path ({@code a.b}), list elements {@code _elem}, map keys and values
 * {@code _key} and {@code _value}, union variants by their number, as Apache ORC's tools name
 * them; the root is {@code (root)}.
 */
public final class ColumnNames {
  /** The root column's name. */
  public static final String ROOT = "(root)";

  private ColumnNames() {}

  /** The name of every column of {@code schema}, by pre-order column id. */
  public static List<String> preorder(Type schema) {
    List<String> out = new ArrayList<>();
    add(schema, null, out);
    return out;
  }

  private static void add(Type t, String name, List<String> out) {
    out.add(name == null ? ROOT : name);
    for (int i = 0; i < t.children().size(); i++) {
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
      add(t.children().get(i), name == null ? child : name + "." + child, out);
    }
  }
}
