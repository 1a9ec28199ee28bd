package io.colfile.orc.tail;

import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.FileRegion;
import io.colfile.core.error.UnsupportedFeatureException;
import io.colfile.core.types.EdgeInterpolation;
import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The footer's pre-order type list to a schema and back (orc.md section 2.1). */
public final class OrcTypes {
  /** char/varchar without a recorded length read as Hive's default length. */
  private static final int DEFAULT_CHAR_LENGTH = 255;

  private OrcTypes() {}

  /**
   * Builds the type tree from the footer's pre-order type list, checking what Apache ORC C++
   * checks: at least one type, field names matching children, and child ids strictly
   * increasing, greater than the parent's and inside the list (which also rules out cycles).
   *
   * @param where the footer's type list, named in errors
   */
  public static Type schema(FileRegion where, List<OrcType> types)
      throws CorruptFileException, UnsupportedFeatureException {
    if (types.isEmpty()) {
      throw where.corrupt("the file has no types");
    }
    int[] next = {0};
    Type root = type(where, types, next, 0);
    if (next[0] != types.size()) {
      throw where.corrupt("the type tree numbers %d of the %d types", next[0], types.size());
    }
    return root;
  }

  /**
   * Reads the type numbered {@code next[0]} and its subtree. Ids must be exactly the pre-order
   * numbering (each child is the next id not yet used), as Apache ORC Java checks: this rules
   * out shared children, cycles and skipped ids, so the tree is never larger than the list.
   */
  private static Type type(FileRegion where, List<OrcType> types, int[] next, int depth)
      throws CorruptFileException, UnsupportedFeatureException {
    int id = next[0];
    Type plain = plainType(where, types, next, depth);
    Map<String, String> attributes = types.get(id).attributes();
    return attributes.isEmpty() ? plain : plain.withAttributes(attributes);
  }

  /** {@link #type} without the attributes. */
  private static Type plainType(FileRegion where, List<OrcType> types, int[] next, int depth)
      throws CorruptFileException, UnsupportedFeatureException {
    int id = next[0]++;
    OrcType t = types.get(id);
    if (depth > 1000) {
      throw where.corrupt("types nest too deeply");
    }
    if (t.kind() == null) {
      throw where.corrupt("type %d has no kind colfile knows", id);
    }
    List<Type> children = new ArrayList<>();
    for (int sub : t.subtypes()) {
      if (sub != next[0] || sub >= types.size()) {
        throw where.corrupt(
            "type %d has child id %d where the pre-order numbering needs %d (of %d types)", id,
            Integer.toUnsignedLong(sub), next[0], types.size());
      }
      children.add(type(where, types, next, depth + 1));
    }
    switch (t.kind()) {
      case BOOLEAN: return leaf(where, id, children, Type.BOOLEAN);
      case BYTE: return leaf(where, id, children, Type.BYTE);
      case SHORT: return leaf(where, id, children, Type.SHORT);
      case INT: return leaf(where, id, children, Type.INT);
      case LONG: return leaf(where, id, children, Type.LONG);
      case FLOAT: return leaf(where, id, children, Type.FLOAT);
      case DOUBLE: return leaf(where, id, children, Type.DOUBLE);
      case STRING: return leaf(where, id, children, Type.STRING);
      case BINARY: return leaf(where, id, children, Type.BINARY);
      case TIMESTAMP: return leaf(where, id, children, Type.TIMESTAMP);
      case TIMESTAMP_INSTANT: return leaf(where, id, children, Type.TIMESTAMP_INSTANT);
      case DATE: return leaf(where, id, children, Type.DATE);
      case VARCHAR:
        return leaf(where, id, children, Type.varchar(charLength(t)));
      case CHAR:
        return leaf(where, id, children, Type.charType(charLength(t)));
      case DECIMAL: {
        int precision = t.precision() == null ? 0 : t.precision();
        int scale = t.scale() == null ? 0 : t.scale();
        if (precision < 0 || scale < 0 || precision > Type.MAX_DECIMAL_PRECISION
            || (precision > 0 && scale > precision) || (precision == 0 && scale != 0)) {
          throw where.corrupt("type %d is decimal(%d,%d)", id, precision, scale);
        }
        return leaf(where, id, children, Type.decimal(precision, scale));
      }
      case LIST:
        count(where, id, children, 1);
        return Type.list(children.get(0));
      case MAP:
        count(where, id, children, 2);
        return Type.map(children.get(0), children.get(1));
      case UNION:
        if (children.isEmpty() || children.size() > 256) {
          throw where.corrupt("union type %d has %d variants", id, children.size());
        }
        return Type.union(children);
      case STRUCT:
        if (t.fieldNames().size() != children.size()) {
          throw where.corrupt("struct type %d has %d children but %d field names", id,
              children.size(),
              t.fieldNames().size());
        }
        Set<String> names = new HashSet<>();
        for (String name : t.fieldNames()) {
          if (!names.add(name)) {
            // columns are found by name: a second one would read as the first
            throw where.corrupt("struct type %d has the field name '%s' twice", id, name);
          }
        }
        return Type.struct(t.fieldNames(), children);
      case GEOMETRY:
        return leaf(where, id, children, Type.geometry(crs(t)));
      case GEOGRAPHY: {
        EdgeInterpolation[] all = EdgeInterpolation.values();
        // ORC Java reads an absent (or unknown) algorithm as the enum's first, SPHERICAL
        int a = t.algorithm() == null ? 0 : t.algorithm();
        if (a < 0 || a >= all.length) {
          throw where.corrupt("type %d has edge interpolation algorithm %d", id, a);
        }
        return leaf(where, id, children, Type.geography(crs(t), all[a]));
      }
      default:
        throw where.corrupt("type %d has kind %s, which colfile does not read", id, t.kind());
    }
  }

  /** The crs, ORC Java's default when the file has none. */
  private static String crs(OrcType t) {
    return t.crs() == null ? Type.DEFAULT_CRS : t.crs();
  }

  private static int charLength(OrcType t) {
    return t.maximumLength() != null && t.maximumLength() > 0 ? t.maximumLength()
        : DEFAULT_CHAR_LENGTH;
  }

  private static Type leaf(FileRegion where, int id, List<Type> children, Type t)
      throws CorruptFileException {
    count(where, id, children, 0);
    return t;
  }

  private static void count(FileRegion where, int id, List<Type> children, int expected)
      throws CorruptFileException {
    if (children.size() != expected) {
      throw where.corrupt("type %d has %d children, expected %d", id, children.size(), expected);
    }
  }

  /** The footer's pre-order type list for a schema, as the writer stores it. */
  public static List<OrcType> of(Type schema) {
    List<OrcType> out = new ArrayList<>();
    add(schema, out);
    return out;
  }

  private static void add(Type t, List<OrcType> out) {
    int slot = out.size();
    out.add(null);
    List<Integer> subtypes = new ArrayList<>();
    for (int i = 0; i < t.children().size(); i++) {
      subtypes.add(out.size());
      add(t.child(i), out);
    }
    Integer maxLength = null;
    Integer precision = null;
    Integer scale = null;
    if (t.kind() == TypeKind.CHAR || t.kind() == TypeKind.VARCHAR) {
      maxLength = t.maxLength();
    } else if (t.kind() == TypeKind.DECIMAL && t.precision() > 0) {
      // Hive 0.11 decimals (precision 0) record neither, as Hive 0.11 wrote them
      precision = t.precision();
      scale = t.scale();
    }
    List<String> names = t.kind() == TypeKind.STRUCT ? t.fieldNames() : List.of();
    // attributes() is sorted by name: the order ORC Java writes them in
    // ORC Java writes the crs of both kinds and the algorithm of a geography
    out.set(slot, new OrcType(kind(t), subtypes, names, maxLength, precision, scale,
        t.attributes(), t.crs(),
        t.edgeInterpolation() == null ? null : t.edgeInterpolation().ordinal()));
  }

  private static OrcTypeKind kind(Type t) {
    switch (t.kind()) {
      case BOOLEAN: return OrcTypeKind.BOOLEAN;
      case BYTE: return OrcTypeKind.BYTE;
      case SHORT: return OrcTypeKind.SHORT;
      case INT: return OrcTypeKind.INT;
      case LONG: return OrcTypeKind.LONG;
      case FLOAT: return OrcTypeKind.FLOAT;
      case DOUBLE: return OrcTypeKind.DOUBLE;
      case STRING: return OrcTypeKind.STRING;
      case VARCHAR: return OrcTypeKind.VARCHAR;
      case CHAR: return OrcTypeKind.CHAR;
      case BINARY: return OrcTypeKind.BINARY;
      case DECIMAL: return OrcTypeKind.DECIMAL;
      case DATE: return OrcTypeKind.DATE;
      case TIMESTAMP: return OrcTypeKind.TIMESTAMP;
      case TIMESTAMP_INSTANT: return OrcTypeKind.TIMESTAMP_INSTANT;
      case STRUCT: return OrcTypeKind.STRUCT;
      case LIST: return OrcTypeKind.LIST;
      case MAP: return OrcTypeKind.MAP;
      case UNION: return OrcTypeKind.UNION;
      case GEOMETRY: return OrcTypeKind.GEOMETRY;
      case GEOGRAPHY: return OrcTypeKind.GEOGRAPHY;
      default: throw new IllegalArgumentException("no ORC kind for " + t);
    }
  }
}
