package io.colfile.trevni.avro;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.DecimalVector;
import io.colfile.trevni.avro.AvroSchema.Field;
import io.colfile.trevni.avro.AvroSchema.Kind;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Maps Avro schemas to colfile's logical types and back.
 *
 * <p>Avro to colfile ({@link #toType}): record → struct, array → array, map → map with string
 * keys, a union of null and one type → that type, a union of several types → uniontype of the
 * non-null ones, enum → string (the symbol), fixed →
 * binary, null → boolean (always null); the logical types date, decimal, timestamp-millis /
 * micros / nanos (→ timestamp with local time zone) and local-timestamp-* (→ timestamp), and
 * Hive's varchar/char strings with maxLength, become the corresponding colfile types. Logical
 * types Avro finds invalid are ignored, as Avro ignores them. A record field, array element or
 * map value is nullable ({@link Type#isChildNullable}) when its schema admits null ({@link
 * #isNullable}: a union with a null branch, or null itself), and not null otherwise: Avro's
 * required fields.
 *
 * <p>colfile to Avro ({@link #fromType}): a struct becomes a record named {@code Row} (nested
 * ones after their path: {@code Row_a}, {@code Row_a_element}, ...) whose nullable fields are
 * {@code ["null", T]} with default null and whose non-null fields are plain {@code T} without a
 * default, so that a type read from an Avro schema gives that schema's shape back; see the
 * method for each type.
 */
public final class AvroTypes {
  /** The most columns {@link #toType} makes: named types reused by name multiply columns. */
  static final int MAX_COLUMNS = 100_000;

  private AvroTypes() {}

  /**
   * The colfile type of values of {@code s}.
   *
   * @throws IllegalArgumentException for recursive schemas, and schemas of more than 100,000
   *     columns
   */
  public static Type toType(AvroSchema s) {
    AvroSchema recursive = s.recursiveRecord();
    if (recursive != null) {
      throw new IllegalArgumentException("recursive schemas cannot be stored in columns: "
          + "record " + recursive.fullName() + " refers to itself");
    }
    return DeepStack.run(s.depth(), () -> convert(s, new int[1]));
  }

  /**
   * The type of a file's rows: for a record schema its struct; for other schemas the values'
   * own type, bare (as ORC files may have a non-struct root), except that a struct (a union of
   * null and a record) is wrapped as {@code struct<value:...>} so that its nulls have a place.
   */
  public static Type rowType(AvroSchema s) {
    Type t = toType(s);
    if (s.kind() != Kind.RECORD && t.kind() == TypeKind.STRUCT) {
      return Type.struct(List.of("value"), List.of(t));
    }
    return t;
  }

  /** Whether {@code s} admits null: the null schema, or a union with a null branch. */
  public static boolean isNullable(AvroSchema s) {
    if (s.kind() == Kind.NULL) {
      return true;
    }
    for (AvroSchema b : s.branches()) {
      if (b.kind() == Kind.NULL) {
        return true;
      }
    }
    return false;
  }

  private static Type convert(AvroSchema s, int[] columns) {
    if (++columns[0] > MAX_COLUMNS) {
      throw new IllegalArgumentException("the Avro schema has more than " + MAX_COLUMNS
          + " columns once its named types are expanded");
    }
    String logical = s.logicalType();
    switch (s.kind()) {
      case NULL:
      case BOOLEAN:
        return Type.BOOLEAN;
      case INT:
        return "date".equals(logical) ? Type.DATE : Type.INT;
      case LONG:
        if (logical != null && logical.matches("timestamp-(millis|micros|nanos)")) {
          return Type.TIMESTAMP_INSTANT;
        }
        if (logical != null && logical.matches("local-timestamp-(millis|micros|nanos)")) {
          return Type.TIMESTAMP;
        }
        return Type.LONG;
      case FLOAT:
        return Type.FLOAT;
      case DOUBLE:
        return Type.DOUBLE;
      case STRING: {
        int length = intProp(s, "maxLength");
        if ("varchar".equals(logical) && length >= 1) {
          return Type.varchar(length);
        }
        if ("char".equals(logical) && length >= 1) {
          return Type.charType(length);
        }
        return Type.STRING;
      }
      case BYTES:
      case FIXED:
        return "decimal".equals(logical) && validDecimal(s)
            ? Type.decimal(intProp(s, "precision"), s.prop("scale") == null ? 0
                : intProp(s, "scale"))
            : Type.BINARY;
      case ENUM:
        return Type.STRING;
      case RECORD: {
        List<String> names = new ArrayList<>();
        List<Type> types = new ArrayList<>();
        List<Boolean> nullable = new ArrayList<>();
        for (Field f : s.fields()) {
          names.add(f.name());
          types.add(convert(f.schema(), columns));
          nullable.add(isNullable(f.schema()));
        }
        return Type.struct(names, types, nullable);
      }
      case ARRAY:
        return Type.list(convert(s.elementType(), columns), isNullable(s.elementType()));
      case MAP:
        return Type.map(Type.STRING, convert(s.valueType(), columns),
            isNullable(s.valueType()));
      case UNION: {
        List<Type> branches = new ArrayList<>();
        for (AvroSchema b : s.branches()) {
          if (b.kind() != Kind.NULL) {
            branches.add(convert(b, columns));
          }
        }
        return branches.isEmpty() ? Type.BOOLEAN
            : branches.size() == 1 ? branches.get(0) : Type.union(branches);
      }
      default:
        throw new AssertionError(s.kind());
    }
  }

  /**
   * Avro's rules for the decimal logical type (int precision at least 1, int scale from 0 to
   * the precision, absent meaning 0; for fixed, no more digits than its bytes hold) and colfile's
   * (precision at most 38).
   */
  private static boolean validDecimal(AvroSchema s) {
    int precision = intProp(s, "precision");
    int scale = s.prop("scale") == null ? 0 : intProp(s, "scale");
    if (precision < 1 || precision > Type.MAX_DECIMAL_PRECISION || scale < 0
        || scale > precision) {
      return false;
    }
    if (s.kind() == Kind.FIXED) {
      // the digits a two's-complement number of that many bytes always holds, counted as Avro
      // counts them (in int arithmetic)
      long maxPrecision = Math.round(Math.floor(Math.log10(2) * (8 * s.fixedSize() - 1)));
      return precision <= maxPrecision;
    }
    return true;
  }

  /** A property holding a non-negative int, else -1 (logical types want JSON integers). */
  private static int intProp(AvroSchema s, String key) {
    if (s.prop(key) instanceof Long l && l >= 0 && l <= Integer.MAX_VALUE) {
      return (int) (long) l;
    }
    return -1;
  }

  /**
   * The Avro record schema for rows of {@code rowType}, a struct: a record named {@code Row}
   * whose nullable fields are {@code ["null", T]} with default null and whose non-null fields
   * are {@code T} without a default (likewise array elements and map values: {@code ["null",
   * T]} or {@code T}). boolean → boolean; tinyint, smallint, int → int; bigint → long; float,
   * double; string → string; varchar(n) and char(n)
   * → string with {@code logicalType} varchar/char and {@code maxLength} (Hive's convention);
   * binary → bytes; decimal(p,s) → bytes with the decimal logical type (Hive 0.11's decimals
   * without precision → decimal(38,6)); date → int/date; timestamp → long/local-timestamp-nanos;
   * timestamp with local time zone → long/timestamp-nanos; array → array; map with string,
   * varchar or char keys → map, with other keys an array of {@code key}/{@code value} records
   * (Avro maps have string keys only; the key field is nullable, as before colfile types had
   * nullability); struct → record; uniontype → {@code ["null", b1, ..., bn]}, or {@code [b1,
   * ..., bn]} where it cannot be null.
   *
   * <p>Nested records are named after their place: {@code Row_a} for struct field {@code a},
   * {@code <parent>_element} for a list's element, {@code <parent>_value} for a map's value,
   * {@code <parent>_entry} for a map's entry, {@code <parent>_<i>} for union branch i; a name
   * already used in the schema gets a further {@code _2}, {@code _3}, ... so that each is unique.
   *
   * @throws IllegalArgumentException when a field name is not a valid Avro name, or a union has
   *     two branches Avro cannot tell apart (say int and smallint, or two arrays)
   */
  public static AvroSchema fromType(Type rowType) {
    if (rowType.kind() != TypeKind.STRUCT) {
      throw new IllegalArgumentException("rows must be a struct to be Avro records, not "
          + rowType);
    }
    return DeepStack.run(depth(rowType), () -> new FromType().record(rowType, "Row", "", 0));
  }

  /** How deep {@code t} nests, found without recursion (up to just past Avro's limit). */
  private static int depth(Type t) {
    int deepest = 0;
    Deque<Type> todo = new ArrayDeque<>(List.of(t));
    Deque<Integer> levels = new ArrayDeque<>(List.of(0));
    while (!todo.isEmpty() && deepest <= AvroSchema.MAX_DEPTH) {
      Type x = todo.pop();
      int level = levels.pop();
      deepest = Math.max(deepest, level);
      for (Type c : x.children()) {
        todo.push(c);
        levels.push(level + 1);
      }
    }
    return deepest;
  }

  /** One conversion: the record names used so far. */
  private static final class FromType {
    private final Set<String> names = new HashSet<>();

    AvroSchema record(Type t, String name, String path, int depth) {
      String unique = name;
      for (int n = 2; !names.add(unique); n++) {
        unique = name + "_" + n;
      }
      List<Field> fields = new ArrayList<>();
      for (int i = 0; i < t.children().size(); i++) {
        String field = t.fieldNames().get(i);
        if (!AvroNames.isValid(field)) {
          throw new IllegalArgumentException("field '" + field + "' of "
              + (path.isEmpty() ? "the row" : path) + ": not a valid Avro name (letters, "
              + "digits and _ , not starting with a digit)");
        }
        String fieldPath = path.isEmpty() ? field : path + "." + field;
        AvroSchema schema = child(t, i, unique + "_" + field, fieldPath, depth + 1);
        fields.add(t.isChildNullable(i) ? Field.of(field, schema, AvroSchema.JSON_NULL)
            : Field.of(field, schema));
      }
      return AvroSchema.record(unique, fields);
    }

    /** The schema of child {@code i} of {@code parent}: a union with null where nullable. */
    private AvroSchema child(Type parent, int i, String name, String path, int depth) {
      Type t = parent.child(i);
      boolean nullable = parent.isChildNullable(i);
      if (!nullable && t.kind() != TypeKind.UNION) {
        return of(t, name, path, depth);
      }
      List<AvroSchema> branches = new ArrayList<>();
      if (nullable) {
        branches.add(AvroSchema.primitive(Kind.NULL));
      }
      if (t.kind() == TypeKind.UNION) {
        for (int k = 0; k < t.children().size(); k++) {
          branches.add(of(t.child(k), name + "_" + k, path + "." + k, depth + 1));
        }
      } else {
        branches.add(of(t, name, path, depth));
      }
      try {
        return AvroSchema.union(branches);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("column " + path + ": " + t + " cannot be an Avro "
            + "union: " + e.getMessage(), e);
      }
    }

    private AvroSchema of(Type t, String name, String path, int depth) {
      if (depth > AvroSchema.MAX_DEPTH) {
        throw new IllegalArgumentException("column " + path + ": nested deeper than Avro "
            + "schemas may be");
      }
      switch (t.kind()) {
        case BOOLEAN:
          return AvroSchema.primitive(Kind.BOOLEAN);
        case BYTE:
        case SHORT:
        case INT:
          return AvroSchema.primitive(Kind.INT);
        case LONG:
          return AvroSchema.primitive(Kind.LONG);
        case FLOAT:
          return AvroSchema.primitive(Kind.FLOAT);
        case DOUBLE:
          return AvroSchema.primitive(Kind.DOUBLE);
        case STRING:
          return AvroSchema.primitive(Kind.STRING);
        case VARCHAR:
          return logical(Kind.STRING, "varchar").withProp("maxLength", t.maxLength());
        case CHAR:
          return logical(Kind.STRING, "char").withProp("maxLength", t.maxLength());
        case BINARY:
          return AvroSchema.primitive(Kind.BYTES);
        case DECIMAL: {
          boolean unknown = t.precision() == 0;
          return logical(Kind.BYTES, "decimal")
              .withProp("precision", unknown ? Type.MAX_DECIMAL_PRECISION : t.precision())
              .withProp("scale", unknown ? DecimalVector.UNKNOWN_PRECISION_SCALE : t.scale());
        }
        case DATE:
          return logical(Kind.INT, "date");
        case TIMESTAMP:
          return logical(Kind.LONG, "local-timestamp-nanos");
        case TIMESTAMP_INSTANT:
          return logical(Kind.LONG, "timestamp-nanos");
        case STRUCT:
          return record(t, name, path, depth);
        case LIST:
          return AvroSchema.array(child(t, 0, name + "_element", path + "[]", depth + 1));
        case MAP: {
          TypeKind key = t.child(0).kind();
          if (key == TypeKind.STRING || key == TypeKind.VARCHAR || key == TypeKind.CHAR) {
            return AvroSchema.map(child(t, 1, name + "_value", path + ".value", depth + 1));
          }
          // Avro maps have string keys: other maps become arrays of key/value records
          Type entry = Type.struct(List.of("key", "value"), List.of(t.child(0), t.child(1)),
              List.of(true, t.isChildNullable(1)));
          return AvroSchema.array(record(entry, name + "_entry", path, depth + 1));
        }
        case UNION:
          throw new IllegalArgumentException("column " + path + ": a union directly inside a "
              + "union cannot be stored in Avro");
        case GEOMETRY: case GEOGRAPHY:
          throw new IllegalArgumentException("column " + path + ": " + t + " has no Avro type "
              + "(Trevni keeps no crs); only ORC stores it");
        default:
          throw new AssertionError(t.kind());
      }
    }

    private static AvroSchema logical(Kind kind, String logicalType) {
      return AvroSchema.primitive(kind).withProp("logicalType", logicalType);
    }
  }
}
