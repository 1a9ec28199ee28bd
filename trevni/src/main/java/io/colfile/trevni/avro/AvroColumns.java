package io.colfile.trevni.avro;

import io.colfile.trevni.ColumnSpec;
import io.colfile.trevni.ValueType;
import java.util.List;

/**
 * The columns an Avro schema is shredded into, exactly as Apache Avro's trevni-avro does it, so
 * that each reads the other's files: one depth-first walk; a simple schema (primitive, enum,
 * fixed) is one column; a record adds no column of its own; an array of a simple type is one
 * array column, of anything else a {@code null} array column whose descendants follow as its
 * children; a map is a {@code null} array column, a {@code key} string column and the value's
 * columns; a union has one array column (length 0 or 1 per row) per non-null branch.
 *
 * <p>Names are paths: {@code a#b} for record fields, {@code []} after an array, {@code >} after
 * a map with {@code >key} and {@code >value} below it, {@code /branch-full-name} for a union
 * branch; a top-level simple schema is named by its type's full name.
 *
 * <p>The walk that shreds a schema also builds the {@link RowTree} that reads and writes its rows
 * in these columns.
 *
 * <p>Each column also has a <em>width</em>: 1 plus the number of its descendant columns, which
 * follow it directly; readers and writers skip a subtree with it.
 */
public final class AvroColumns {
  private final List<ColumnSpec> specs;
  private final List<Integer> parents;
  private final List<Integer> widths;
  /** The rows' tree, built by the same walk. */
  final RowTree tree;

  /** The columns the walk added, and the tree rooted at {@code root} it built with them. */
  AvroColumns(List<ColumnSpec> specs, List<Integer> parents, List<Integer> widths, RowNode root,
      boolean recordRoot, AvroSchema schema) {
    this.specs = List.copyOf(specs);
    this.parents = List.copyOf(parents);
    this.widths = List.copyOf(widths);
    this.tree = new RowTree(root, recordRoot, this, schema, schema.depth(), null);
  }

  /**
   * The columns of {@code schema}.
   *
   * @throws IllegalArgumentException for recursive schemas, which cannot be shredded
   */
  public static AvroColumns of(AvroSchema schema) {
    return RowTree.of(schema).columns;
  }

  /** The column specs, in file order. */
  public List<ColumnSpec> specs() {
    return specs;
  }

  public int size() {
    return specs.size();
  }

  /** The index of column {@code i}'s parent column, or -1. */
  public int parent(int i) {
    return parents.get(i);
  }

  /** 1 plus the number of descendant columns that follow column {@code i}. */
  public int width(int i) {
    return widths.get(i);
  }

  /** Whether Avro stores {@code s} in a single column of its own. */
  public static boolean isSimple(AvroSchema s) {
    return switch (s.kind()) {
      case NULL, BOOLEAN, INT, LONG, FLOAT, DOUBLE, BYTES, STRING, ENUM, FIXED -> true;
      default -> false;
    };
  }

  /** The column type a simple schema is stored as. */
  public static ValueType valueType(AvroSchema s) {
    return switch (s.kind()) {
      case NULL -> ValueType.NULL;
      case BOOLEAN -> ValueType.BOOLEAN;
      case INT, ENUM -> ValueType.INT;
      case LONG -> ValueType.LONG;
      case FLOAT -> ValueType.FLOAT;
      case DOUBLE -> ValueType.DOUBLE;
      case BYTES, FIXED -> ValueType.BYTES;
      case STRING -> ValueType.STRING;
      default -> throw new IllegalArgumentException(s.kind() + " is not a simple schema");
    };
  }
}
