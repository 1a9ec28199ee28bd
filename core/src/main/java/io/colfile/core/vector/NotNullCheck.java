package io.colfile.core.vector;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;

/**
 * Finds NULLs where a schema says there are none (a struct field, list element or map value that
 * is not nullable, {@link Type#isChildNullable}). Vectors cannot refuse a NULL themselves, so the
 * places that promise non-null values check them: writers of formats that store non-null columns
 * (a NULL written there would be a crash or, worse, a silent default), and reads whose reader
 * schema is stricter than the file's (refused at the first NULL met, as Avro's schema resolution
 * refuses it). Made once per schema; subtrees without a non-null child cost nothing.
 *
 * <p>Map keys are not checked: every format's keys are non-null by construction, and no reader
 * schema can make them stricter.
 */
public final class NotNullCheck {
  /**
   * A NULL where none may be.
   *
   * @param column the column's path: field names joined by dots, {@code []} for a list's
   *     elements, {@code .value} for a map's values, {@code .<i>} for union variant i
   * @param row the row of the batch whose value holds it
   */
  public record Violation(String column, int row) {}

  private final Node root;

  private NotNullCheck(Node root) {
    this.root = root;
  }

  /** The check for batches of {@code schema}; null when the schema has no non-null child. */
  public static NotNullCheck of(Type schema) {
    Node root = Node.of(schema, true, "");
    return root == null ? null : new NotNullCheck(root);
  }

  /** The first NULL (lowest row, then first column) in the filled rows of {@code batch}. */
  public Violation find(ColumnBatch batch) {
    return find(batch.cols, batch.size);
  }

  /**
   * The first NULL in rows {@code [0, size)} of {@code cols}, the vectors of a batch of the
   * schema (one per field of a struct, else the root alone); null when there is none.
   */
  public Violation find(ColumnVector[] cols, int size) {
    Violation first = null;
    if (root.type.kind() == TypeKind.STRUCT) {
      for (int i = 0; i < cols.length; i++) {
        Node n = root.children[i];
        if (n != null) {
          Violation v = n.first(cols[i], 0, first == null ? size : first.row());
          if (v != null) {
            first = v;
          }
        }
      }
    } else {
      first = root.first(cols[0], 0, size);
    }
    return first;
  }

  /** One child position with a non-null child in or under it. */
  private static final class Node {
    final Type type;
    final boolean nullable;
    final String path;
    /** Per child of {@code type}: its node, or null where nothing below can be refused. */
    final Node[] children;
    /** Whether nothing below can be refused: only this position's own NULLs count. */
    final boolean leaf;

    private Node(Type type, boolean nullable, String path, Node[] children) {
      this.type = type;
      this.nullable = nullable;
      this.path = path;
      this.children = children;
      boolean leaf = true;
      for (Node c : children) {
        leaf &= c == null;
      }
      this.leaf = leaf;
    }

    static Node of(Type t, boolean nullable, String path) {
      Node[] children = new Node[t.children().size()];
      boolean any = !nullable;
      for (int i = 0; i < children.length; i++) {
        if (t.kind() == TypeKind.MAP && i == 0) {
          continue; // keys are not checked
        }
        children[i] = of(t.child(i), t.isChildNullable(i), childPath(t, i, path));
        any |= children[i] != null;
      }
      return any ? new Node(t, nullable, path, children) : null;
    }

    private static String childPath(Type t, int i, String path) {
      return switch (t.kind()) {
        case STRUCT -> path.isEmpty() ? t.fieldNames().get(i) : path + "." + t.fieldNames().get(i);
        case LIST -> path + "[]";
        case MAP -> path + ".value";
        default -> path + "." + i;
      };
    }

    /** The first of rows {@code [from, to)} of {@code v} that is or holds a refused NULL. */
    Violation first(ColumnVector v, int from, int to) {
      if (leaf && v.noNulls) {
        return null;
      }
      for (int r = from; r < to; r++) {
        if (v.isNull(r)) {
          if (!nullable) {
            return new Violation(path, r);
          }
        } else if (!leaf) {
          String column = below(v, r);
          if (column != null) {
            return new Violation(column, r);
          }
        }
      }
      return null;
    }

    /** The column of the first refused NULL inside the (non-null) value at row {@code r}. */
    private String below(ColumnVector v, int r) {
      switch (type.kind()) {
        case STRUCT: {
          StructVector s = (StructVector) v;
          for (int i = 0; i < children.length; i++) {
            Violation x = children[i] == null ? null : children[i].first(s.fields[i], r, r + 1);
            if (x != null) {
              return x.column();
            }
          }
          return null;
        }
        case LIST: {
          ListVector l = (ListVector) v;
          return column(children[0], l.child, l.offsets[r], l.offsets[r] + l.lengths[r]);
        }
        case MAP: {
          MapVector m = (MapVector) v;
          return column(children[1], m.values, m.offsets[r], m.offsets[r] + m.lengths[r]);
        }
        case UNION: {
          UnionVector u = (UnionVector) v;
          int tag = u.tags[r];
          return column(children[tag], u.fields[tag], u.offsets[r], u.offsets[r] + 1);
        }
        default:
          return null;
      }
    }

    private static String column(Node n, ColumnVector v, int from, int to) {
      Violation x = n == null ? null : n.first(v, from, to);
      return x == null ? null : x.column();
    }
  }
}
