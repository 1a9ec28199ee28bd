package io.colfile.trevni.avro;

import io.colfile.core.types.Type;
import io.colfile.trevni.ColumnSpec;
import io.colfile.trevni.TrevniFile;
import io.colfile.trevni.ValueType;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one tree of {@link RowNode}s that maps rows to Trevni columns, built once per schema and
 * walked by {@link RowReader} and {@link RowWriter}: for an Avro schema, by the same depth-first
 * walk that shreds it into its columns ({@link AvroColumns}), so that the nodes' columns are the
 * shredding's by construction; for a file without an Avro schema, from its root columns (see
 * {@link #ofColumns}).
 *
 * <p>The root of a record schema is a {@link RecordNode} whose fields are the batch's columns;
 * any other root is one value, the batch's only column.
 */
final class RowTree {
  final RowNode root;
  final boolean recordRoot;
  /** The columns of an Avro schema's tree, null for a file's own columns. */
  final AvroColumns columns;
  /** The Avro schema the tree was built from, null for a file's own columns. */
  final AvroSchema schema;
  /** How many levels reading or writing recurses, for {@link DeepStack}. */
  final int depth;
  /** The rows' type for a file's own columns; null for an Avro schema (see AvroTypes). */
  final Type type;

  RowTree(RowNode root, boolean recordRoot, AvroColumns columns, AvroSchema schema, int depth,
      Type type) {
    this.root = root;
    this.recordRoot = recordRoot;
    this.columns = columns;
    this.schema = schema;
    this.depth = depth;
    this.type = type;
  }

  /**
   * The tree and columns of {@code schema}.
   *
   * @throws IllegalArgumentException for recursive schemas, which cannot be shredded
   */
  static RowTree of(AvroSchema schema) {
    return DeepStack.run(schema.depth(), () -> new Shredder().tree(schema));
  }

  /** This tree with its root pruned to {@code want} (see {@link RowNode#project}). */
  RowTree project(Type want) {
    RowNode pruned = DeepStack.run(depth, () -> root.project(want));
    return pruned == root ? this : new RowTree(pruned, recordRoot, columns, schema, depth, type);
  }

  /** The columns the tree reads or writes, ascending. */
  BitSet usedColumns() {
    BitSet out = new BitSet();
    DeepStack.run(depth, () -> {
      root.columns(out);
      return null;
    });
    return out;
  }

  /**
   * The tree of a file without an Avro schema, whose rows have one field per root column named
   * in {@code names} (null: all): a plain column is a primitive field; an array column without
   * children is a list of its type; an array column with children is a list of structs, one
   * field per child column (named without the parent's prefix), led by a {@code value} field
   * when the array column's own type is not {@code null}. Node columns are the file's.
   *
   * @throws IllegalArgumentException if a name is not a root column's
   */
  static RowTree ofColumns(TrevniFile file, List<String> names) {
    int n = file.columnCount();
    List<String> rootNames = new ArrayList<>();
    int[] levels = new int[n];
    int depth = 1;
    for (int i = 0; i < n; i++) {
      int p = file.parentIndex(i);
      if (p < 0) {
        rootNames.add(file.column(i).name());
      } else {
        levels[i] = levels[p] + 1; // parents come first
        depth = Math.max(depth, levels[i] + 1);
      }
    }
    List<String> wanted = names == null ? rootNames : names;
    List<RowNode> nodes = new ArrayList<>();
    List<Type> types = new ArrayList<>();
    for (String name : wanted) {
      int i = file.columnIndex(name);
      if (i < 0 || file.parentIndex(i) >= 0) {
        throw new IllegalArgumentException("no top-level column '" + name + "' in "
            + file.name() + " (columns: " + rootNames + ")");
      }
      Column c = DeepStack.run(depth, () -> column(file, i));
      nodes.add(c.node);
      types.add(c.type);
    }
    return new RowTree(new RecordNode("", wanted, nodes), true, null, null, depth,
        Type.struct(wanted, types));
  }

  /** A file's column's node and the type of its values. */
  private record Column(RowNode node, Type type) {}

  private static Column column(TrevniFile file, int column) {
    ColumnSpec spec = file.column(column);
    String name = spec.name();
    ValueNode value = ValueNode.ofColumn(spec.type(), name, column);
    Type valueType = typeOf(spec.type());
    if (!spec.isArray()) {
      return new Column(value, valueType);
    }
    List<Integer> children = new ArrayList<>();
    for (int i = column + 1; i < file.columnCount(); i++) {
      if (file.parentIndex(i) == column) {
        children.add(i);
      }
    }
    if (children.isEmpty()) {
      return new Column(new ArrayNode(name, column, value, false), Type.list(valueType));
    }
    List<String> names = new ArrayList<>();
    List<RowNode> parts = new ArrayList<>();
    List<Type> types = new ArrayList<>();
    if (spec.type() != ValueType.NULL) {
      names.add("value");
      parts.add(value);
      types.add(valueType);
    }
    for (int child : children) {
      String part = file.column(child).name();
      if (part.startsWith(name) && part.length() > name.length()) {
        part = part.substring(name.length());
        if (part.startsWith("#")) {
          part = part.substring(1);
        }
      }
      Column c = column(file, child);
      names.add(part);
      parts.add(c.node);
      types.add(c.type);
    }
    // the elements of a null array column are null values in it, before their children's
    return new Column(new ArrayNode(name, column, new RecordNode(name, names, parts),
        spec.type() == ValueType.NULL), Type.list(Type.struct(names, types)));
  }

  private static Type typeOf(ValueType t) {
    return switch (t) {
      case NULL, BOOLEAN -> Type.BOOLEAN;
      case INT, FIXED32 -> Type.INT;
      case LONG, FIXED64 -> Type.LONG;
      case FLOAT -> Type.FLOAT;
      case DOUBLE -> Type.DOUBLE;
      case STRING -> Type.STRING;
      case BYTES -> Type.BINARY;
    };
  }

  /**
   * The one walk over an Avro schema: adds each column as trevni-avro's shredder does (names,
   * types, parents, array flags, widths; see {@link AvroColumns}) and builds the node that
   * reads and writes it.
   */
  private static final class Shredder {
    private final List<ColumnSpec> specs = new ArrayList<>();
    private final List<Integer> parents = new ArrayList<>();
    private final List<Integer> widths = new ArrayList<>();
    private final Map<AvroSchema, Boolean> open = new IdentityHashMap<>();

    RowTree tree(AvroSchema schema) {
      boolean record = schema.kind() == AvroSchema.Kind.RECORD;
      RowNode root = node(null, record ? "" : "value", schema, -1);
      return new AvroColumns(specs, parents, widths, root, record, schema).tree;
    }

    /**
     * The node of {@code s}, whose columns are named below {@code name} (null at the top) and
     * whose values are at {@code path} in the row; its columns' parent is {@code parent}.
     */
    private RowNode node(String name, String path, AvroSchema s, int parent) {
      if (AvroColumns.isSimple(s)) {
        int col = add(name == null ? s.fullName() : name, AvroColumns.valueType(s), parent,
            false);
        return ValueNode.of(s, path, col);
      }
      if (open.containsKey(s)) {
        throw new IllegalArgumentException("recursive schemas cannot be stored in columns: "
            + s.fullName() + " contains itself");
      }
      open.put(s, Boolean.TRUE);
      RowNode node = switch (s.kind()) {
        case MAP -> {
          String p = name == null ? ">" : name + ">";
          int col = add(p, ValueType.NULL, parent, true);
          add(p + "key", ValueType.STRING, col, false);
          RowNode value = node(p + "value", path + ".value", s.valueType(), col);
          widths.set(col, specs.size() - col);
          yield new MapNode(path, col, value);
        }
        case RECORD -> {
          List<String> names = new ArrayList<>();
          List<RowNode> fields = new ArrayList<>();
          for (AvroSchema.Field f : s.fields()) {
            names.add(f.name());
            fields.add(node(name == null ? f.name() : name + "#" + f.name(),
                path.isEmpty() ? f.name() : path + "." + f.name(), f.schema(), parent));
          }
          yield new RecordNode(path, names, fields);
        }
        case ARRAY -> new ArrayNode(path, array(name == null ? "[]" : name + "[]", path + "[]",
            s.elementType(), parent));
        case UNION -> {
          List<UnionNode.Branch> branches = new ArrayList<>();
          boolean nullable = false;
          for (AvroSchema b : s.branches()) {
            if (b.kind() == AvroSchema.Kind.NULL) {
              nullable = true;
              continue;
            }
            // a branch is an array, 0 or 1 long, of its value, which is at the union's path
            String branch = name == null ? b.fullName() : name + "/" + b.fullName();
            ArrayNode.Elements a = array(branch, path, b, parent);
            branches.add(new UnionNode.Branch(a.col(), a.node(), a.marker()));
          }
          yield new UnionNode(path, branches, nullable);
        }
        default -> throw new AssertionError(s.kind());
      };
      open.remove(s);
      return node;
    }

    /**
     * Adds the array column named {@code name} of {@code element}s, whose values are at {@code
     * path}: one column of the element's type when it is simple, else a {@code null} column
     * (holding a marker per element) followed by the element's columns as its children.
     */
    private ArrayNode.Elements array(String name, String path, AvroSchema element, int parent) {
      if (AvroColumns.isSimple(element)) {
        int col = add(name, AvroColumns.valueType(element), parent, true);
        return new ArrayNode.Elements(col, ValueNode.of(element, path, col), false);
      }
      int col = add(name, ValueType.NULL, parent, true);
      RowNode node = node(name, path, element, col);
      widths.set(col, specs.size() - col);
      return new ArrayNode.Elements(col, node, true);
    }

    private int add(String name, ValueType type, int parent, boolean array) {
      ColumnSpec spec = ColumnSpec.of(name, type);
      if (parent >= 0) {
        spec = spec.withParent(specs.get(parent).name());
      }
      if (array) {
        spec = spec.asArray();
      }
      specs.add(spec);
      parents.add(parent);
      widths.add(1);
      return specs.size() - 1;
    }
  }
}
