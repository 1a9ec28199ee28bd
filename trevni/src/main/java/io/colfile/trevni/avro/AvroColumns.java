package io.colfile.trevni.avro;

import io.colfile.trevni.ColumnSpec;
import io.colfile.trevni.ValueType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

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
 * <p>Each column also has a <em>width</em>: 1 plus the number of its descendant columns, which
 * follow it directly; readers and writers skip a subtree with it.
 */
public final class AvroColumns {
  private final List<ColumnSpec> specs = new ArrayList<>();
  private final List<Integer> parents = new ArrayList<>();
  private final List<Integer> widths = new ArrayList<>();
  private final Map<AvroSchema, Boolean> open = new IdentityHashMap<>();

  private AvroColumns(AvroSchema schema) {
    shred(null, schema, -1);
  }

  /**
   * The columns of {@code schema}.
   *
   * @throws IllegalArgumentException for recursive schemas, which cannot be shredded
   */
  public static AvroColumns of(AvroSchema schema) {
    return DeepStack.run(schema.depth(), () -> new AvroColumns(schema));
  }

  /** The column specs, in file order. */
  public List<ColumnSpec> specs() {
    return Collections.unmodifiableList(specs);
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

  /**
   * How many columns {@code s}, which {@link #of} has shredded (so it is not recursive), takes:
   * the size of {@code of(s)}, without the names.
   */
  static int count(AvroSchema s) {
    if (isSimple(s)) {
      return 1;
    }
    int n = 0;
    switch (s.kind()) {
      case RECORD -> {
        for (AvroSchema.Field f : s.fields()) {
          n += count(f.schema());
        }
      }
      case ARRAY -> n = isSimple(s.elementType()) ? 1 : 1 + count(s.elementType());
      case MAP -> n = 2 + count(s.valueType());
      case UNION -> {
        for (AvroSchema b : s.branches()) {
          if (b.kind() != AvroSchema.Kind.NULL) {
            n += isSimple(b) ? 1 : 1 + count(b);
          }
        }
      }
      default -> throw new AssertionError(s.kind());
    }
    return n;
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

  private void shred(String path, AvroSchema s, int parent) {
    if (isSimple(s)) {
      add(path == null ? s.fullName() : path, valueType(s), parent, false);
      return;
    }
    if (open.containsKey(s)) {
      throw new IllegalArgumentException("recursive schemas cannot be stored in columns: "
          + s.fullName() + " contains itself");
    }
    open.put(s, Boolean.TRUE);
    switch (s.kind()) {
      case MAP -> {
        String p = path == null ? ">" : path + ">";
        int start = add(p, ValueType.NULL, parent, true);
        add(p + "key", ValueType.STRING, start, false);
        shred(p + "value", s.valueType(), start);
        widths.set(start, specs.size() - start);
      }
      case RECORD -> {
        for (AvroSchema.Field f : s.fields()) {
          shred(path == null ? f.name() : path + "#" + f.name(), f.schema(), parent);
        }
      }
      case ARRAY -> addArray(path == null ? "[]" : path + "[]", s.elementType(), parent);
      case UNION -> {
        for (AvroSchema branch : s.branches()) {
          if (branch.kind() != AvroSchema.Kind.NULL) {
            addArray(path == null ? branch.fullName() : path + "/" + branch.fullName(), branch,
                parent);
          }
        }
      }
      default -> throw new AssertionError(s.kind());
    }
    open.remove(s);
  }

  private void addArray(String path, AvroSchema element, int parent) {
    if (isSimple(element)) {
      add(path, valueType(element), parent, true);
      return;
    }
    int start = add(path, ValueType.NULL, parent, true);
    shred(path, element, start);
    widths.set(start, specs.size() - start);
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
