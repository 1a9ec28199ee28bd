package io.colfile.trevni.avro;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.DecimalVector;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Maps Avro schemas to colfile's logical types and back.
 *
 * <p>Avro to colfile ({@link #toType}): record → struct, array → array, map → map with string
 * keys, a union of null and one type → that type (nullable, as every colfile value is), a union
 * of several types → uniontype of the non-null ones, enum → string (the symbol), fixed →
 * binary, null → boolean (always null); the logical types date, decimal, timestamp-millis /
 * micros / nanos (→ timestamp with local time zone) and local-timestamp-* (→ timestamp), and
 * Hive's varchar/char strings with maxLength, become the corresponding colfile types.
 *
 * <p>colfile to Avro ({@link #fromType}): a struct becomes a record named {@code Row} (nested
 * ones after their path: {@code Row_a}, {@code Row_a_element}, ...) whose fields are all {@code
 * ["null", T]} with default null; see the method for each type.
 */
public final class AvroTypes {
  private AvroTypes() {}

  /**
   * The colfile type of values of {@code s}.
   *
   * @throws IllegalArgumentException for recursive schemas
   */
  public static Type toType(AvroSchema s) {
    if (s.isRecursive()) {
      throw new IllegalArgumentException("recursive schemas cannot be stored in columns: "
          + s.fullName() + " contains itself");
    }
    return convert(s);
  }

  /**
   * The type of a file's rows: for a record schema its struct; for other schemas the values'
   * own type, bare (as ORC files may have a non-struct root), except that a struct (a union of
   * null and a record) is wrapped as {@code struct<value:...>} so that its nulls have a place.
   */
  public static Type rowType(AvroSchema s) {
    Type t = toType(s);
    if (s.kind() != AvroSchema.Kind.RECORD && t.kind() == TypeKind.STRUCT) {
      return Type.struct(List.of("value"), List.of(t));
    }
    return t;
  }

  /** Whether {@code s} admits null: the null schema, or a union with a null branch. */
  public static boolean isNullable(AvroSchema s) {
    if (s.kind() == AvroSchema.Kind.NULL) {
      return true;
    }
    if (s.kind() == AvroSchema.Kind.UNION) {
      for (AvroSchema b : s.branches()) {
        if (b.kind() == AvroSchema.Kind.NULL) {
          return true;
        }
      }
    }
    return false;
  }

  private static Type convert(AvroSchema s) {
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
        return "decimal".equals(logical) && validDecimal(s) ? Type.decimal(
            intProp(s, "precision"), Math.max(0, intProp(s, "scale"))) : Type.BINARY;
      case ENUM:
        return Type.STRING;
      case RECORD: {
        List<String> names = new ArrayList<>();
        List<Type> types = new ArrayList<>();
        for (AvroSchema.Field f : s.fields()) {
          names.add(f.name());
          types.add(convert(f.schema()));
        }
        return Type.struct(names, types);
      }
      case ARRAY:
        return Type.list(convert(s.elementType()));
      case MAP:
        return Type.map(Type.STRING, convert(s.valueType()));
      case UNION: {
        List<Type> branches = new ArrayList<>();
        for (AvroSchema b : s.branches()) {
          if (b.kind() != AvroSchema.Kind.NULL) {
            branches.add(convert(b));
          }
        }
        return branches.isEmpty() ? Type.BOOLEAN
            : branches.size() == 1 ? branches.get(0) : Type.union(branches);
      }
      default:
        throw new AssertionError(s.kind());
    }
  }

  /** Avro's rules for a decimal logical type, else it is ignored. */
  private static boolean validDecimal(AvroSchema s) {
    int precision = intProp(s, "precision");
    Object scaleProp = s.prop("scale");
    int scale = scaleProp == null ? 0 : intProp(s, "scale");
    if (precision < 1 || precision > Type.MAX_DECIMAL_PRECISION || scale < 0
        || scale > precision) {
      return false;
    }
    if (s.kind() == AvroSchema.Kind.FIXED) {
      // the most digits a two's-complement number of that many bytes holds
      long bits = 8L * s.fixedSize() - 1;
      return bits > 0 && precision <= Math.floor(bits * Math.log10(2));
    }
    return true;
  }

  private static int intProp(AvroSchema s, String key) {
    Object v = s.prop(key);
    if (v instanceof Long l && l >= Integer.MIN_VALUE && l <= Integer.MAX_VALUE) {
      return (int) (long) l;
    }
    return -1;
  }

  /**
   * The Avro record schema for rows of {@code rowType}, a struct: a record named {@code Row}
   * whose fields are {@code ["null", T]} with default null. BOOLEAN → boolean; tinyint, smallint,
   * int → int; bigint → long; float, double; string → string; varchar(n) and char(n) → string
   * with {@code logicalType} varchar/char and {@code maxLength} (Hive's convention); binary →
   * bytes; decimal(p,s) → bytes with the decimal logical type (Hive 0.11's decimals without
   * precision → decimal(38,6)); date → int/date; timestamp → long/local-timestamp-nanos;
   * timestamp with local time zone → long/timestamp-nanos; array → array of nullable elements;
   * map with string keys → map of nullable values, with other keys an array of {@code key}/{@code
   * value} records (Avro maps have string keys only); struct → record; uniontype → {@code
   * ["null", b1, ..., bn]}.
   *
   * @throws IllegalArgumentException when a field name is not a valid Avro name, or a union has
   *     two branches Avro cannot tell apart (say int and smallint)
   */
  public static AvroSchema fromType(Type rowType) {
    if (rowType.kind() != TypeKind.STRUCT) {
      throw new IllegalArgumentException("rows must be a struct to be Avro records, not "
          + rowType);
    }
    return record(rowType, "Row", "");
  }

  private static AvroSchema record(Type t, String name, String path) {
    List<AvroSchema.Field> fields = new ArrayList<>();
    for (int i = 0; i < t.children().size(); i++) {
      String field = t.fieldNames().get(i);
      String fieldPath = path.isEmpty() ? field : path + "." + field;
      try {
        AvroSchema.Field.of(field, AvroSchema.primitive(AvroSchema.Kind.NULL));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("field '" + field + "'"
            + (path.isEmpty() ? "" : " of " + path) + ": not a valid Avro name (letters, "
            + "digits and _, not starting with a digit)");
      }
      fields.add(AvroSchema.Field.of(field, nullable(t.child(i), name + "_" + field, fieldPath),
          AvroSchema.JSON_NULL));
    }
    return AvroSchema.record(name, fields);
  }

  private static AvroSchema nullable(Type t, String name, String path) {
    List<AvroSchema> branches = new ArrayList<>();
    branches.add(AvroSchema.primitive(AvroSchema.Kind.NULL));
    if (t.kind() == TypeKind.UNION) {
      Set<String> kinds = new HashSet<>();
      for (int i = 0; i < t.children().size(); i++) {
        AvroSchema b = of(t.child(i), name + "_" + i, path + "." + i);
        String key = b.kind() == AvroSchema.Kind.RECORD ? b.fullName() : b.kind().name();
        if (!kinds.add(key)) {
          throw new IllegalArgumentException("column " + path + ": " + t + " has two variants "
              + "that are both Avro " + b.kind().name().toLowerCase() + ", which an Avro union "
              + "cannot hold");
        }
        branches.add(b);
      }
    } else {
      branches.add(of(t, name, path));
    }
    return AvroSchema.union(branches);
  }

  private static AvroSchema logical(AvroSchema.Kind kind, String logicalType) {
    return AvroSchema.primitive(kind).withProp("logicalType", logicalType);
  }

  private static AvroSchema of(Type t, String name, String path) {
    switch (t.kind()) {
      case BOOLEAN:
        return AvroSchema.primitive(AvroSchema.Kind.BOOLEAN);
      case BYTE:
      case SHORT:
      case INT:
        return AvroSchema.primitive(AvroSchema.Kind.INT);
      case LONG:
        return AvroSchema.primitive(AvroSchema.Kind.LONG);
      case FLOAT:
        return AvroSchema.primitive(AvroSchema.Kind.FLOAT);
      case DOUBLE:
        return AvroSchema.primitive(AvroSchema.Kind.DOUBLE);
      case STRING:
        return AvroSchema.primitive(AvroSchema.Kind.STRING);
      case VARCHAR:
        return logical(AvroSchema.Kind.STRING, "varchar").withProp("maxLength",
            (long) t.maxLength());
      case CHAR:
        return logical(AvroSchema.Kind.STRING, "char").withProp("maxLength",
            (long) t.maxLength());
      case BINARY:
        return AvroSchema.primitive(AvroSchema.Kind.BYTES);
      case DECIMAL: {
        boolean unknown = t.precision() == 0;
        return logical(AvroSchema.Kind.BYTES, "decimal")
            .withProp("precision", (long) (unknown ? Type.MAX_DECIMAL_PRECISION : t.precision()))
            .withProp("scale",
                (long) (unknown ? DecimalVector.UNKNOWN_PRECISION_SCALE : t.scale()));
      }
      case DATE:
        return logical(AvroSchema.Kind.INT, "date");
      case TIMESTAMP:
        return logical(AvroSchema.Kind.LONG, "local-timestamp-nanos");
      case TIMESTAMP_INSTANT:
        return logical(AvroSchema.Kind.LONG, "timestamp-nanos");
      case STRUCT:
        return record(t, name, path);
      case LIST:
        return AvroSchema.array(nullable(t.child(0), name + "_element", path + "[]"));
      case MAP: {
        TypeKind key = t.child(0).kind();
        if (key == TypeKind.STRING || key == TypeKind.VARCHAR || key == TypeKind.CHAR) {
          return AvroSchema.map(nullable(t.child(1), name + "_value", path + ".value"));
        }
        // Avro maps have string keys: other maps become arrays of key/value records
        Type entry = Type.struct(List.of("key", "value"), List.of(t.child(0), t.child(1)));
        return AvroSchema.array(record(entry, name + "_entry", path));
      }
      case UNION:
        throw new IllegalArgumentException("column " + path + ": a union directly inside a "
            + "union cannot be stored in Avro");
      default:
        throw new IllegalArgumentException("column " + path + ": no Avro type for " + t);
    }
  }
}
