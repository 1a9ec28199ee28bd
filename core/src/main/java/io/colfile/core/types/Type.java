package io.colfile.core.types;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * An immutable node of the logical type tree. Primitive types are shared constants; compound
 * types hold their children (struct fields with names). Columns are numbered in pre-order with
 * the root as 0, as ORC numbers them: {@link #flatten()} lists them in that order.
 *
 * <p>{@link #toString()} prints the ORC type string ({@code struct<a:int,b:map<string,double>>})
 * and {@link #parse(String)} reads it back.
 *
 * <p><b>Nullability</b> is a property of a child in its parent, not of a type: whether a struct
 * field, a list element or a map value may be null ({@link #isChildNullable}). Avro's required
 * fields and Kudu's NOT NULL columns say so; ORC cannot, so every child of an ORC file is
 * nullable, and so is every child made without saying otherwise (the factories and {@link
 * StructBuilder#field(String, Type)}). Map keys are never null (no format stores a null key);
 * union variants always "are" nullable, a union value's nullness being the union's own. The root
 * has no parent: a file's rows are never null. Nullability takes part in {@link #equals}: two
 * schemas that differ in it accept different values (Spark's {@code StructType} compares it
 * too); compare {@link #allNullable()} of both to ignore it. A type whose children are all
 * nullable prints exactly as ORC prints it; a non-null child is followed by {@code not null}
 * ({@code struct<id:bigint not null,name:string>}), an extension that no ORC type string has
 * (see {@link TypeParser}).
 *
 * <p><b>Attributes</b> are string pairs on a type node, as ORC's footer keeps them on each type
 * (Iceberg's {@code iceberg.id}, {@code iceberg.required}, ...): {@link #attributes()}, {@link
 * #withAttributes}. They are metadata beside the type, not part of its shape: {@link #equals} and
 * {@link #toString()} leave them out (an ORC type string has none), so a schema parsed from text
 * equals the same schema read from a file that carries attributes; compare {@link
 * #attributes()} node by node to check them. Names are kept sorted, the order ORC Java writes
 * them in.
 */
public final class Type {
  public static final Type BOOLEAN = new Type(TypeKind.BOOLEAN);
  public static final Type BYTE = new Type(TypeKind.BYTE);
  public static final Type SHORT = new Type(TypeKind.SHORT);
  public static final Type INT = new Type(TypeKind.INT);
  public static final Type LONG = new Type(TypeKind.LONG);
  public static final Type FLOAT = new Type(TypeKind.FLOAT);
  public static final Type DOUBLE = new Type(TypeKind.DOUBLE);
  public static final Type STRING = new Type(TypeKind.STRING);
  public static final Type BINARY = new Type(TypeKind.BINARY);
  public static final Type DATE = new Type(TypeKind.DATE);
  public static final Type TIMESTAMP = new Type(TypeKind.TIMESTAMP);
  public static final Type TIMESTAMP_INSTANT = new Type(TypeKind.TIMESTAMP_INSTANT);

  /** ORC's (and Hive's) default decimal when none is given. */
  public static final int DEFAULT_DECIMAL_PRECISION = 38;
  public static final int DEFAULT_DECIMAL_SCALE = 10;
  public static final int MAX_DECIMAL_PRECISION = 38;
  /** ORC Java's coordinate reference system for geometry and geography when none is given. */
  public static final String DEFAULT_CRS = "OGC:CRS84";
  /** Geometry with {@link #DEFAULT_CRS}. */
  public static final Type GEOMETRY = geometry(DEFAULT_CRS);
  /** Geography with {@link #DEFAULT_CRS} and spherical edges, ORC Java's defaults. */
  public static final Type GEOGRAPHY = geography(DEFAULT_CRS, EdgeInterpolation.SPHERICAL);

  private final TypeKind kind;
  private final List<Type> children;
  private final List<String> fieldNames;
  /** One per child: whether it may be null. */
  private final List<Boolean> nullable;
  private final int maxLength;
  private final int precision;
  private final int scale;
  /** Sorted by name, unmodifiable; empty for most types. */
  private final SortedMap<String, String> attributes;
  /** Geometry and geography: the coordinate reference system; null for other kinds. */
  private final String crs;
  /** Geography: how edges between points are interpolated; null for other kinds. */
  private final EdgeInterpolation edgeInterpolation;
  private Type(TypeKind kind) {
    this(kind, List.of(), List.of(), 0, 0, 0);
  }

  private Type(TypeKind kind, List<Type> children, List<String> fieldNames,
      int maxLength, int precision, int scale) {
    this(kind, children, fieldNames, allNullable(kind, children.size()), maxLength, precision,
        scale);
  }

  private Type(TypeKind kind, List<Type> children, List<String> fieldNames,
      List<Boolean> nullable, int maxLength, int precision, int scale) {
    this(kind, children, fieldNames, nullable, maxLength, precision, scale,
        Collections.emptySortedMap());
  }

  private Type(TypeKind kind, List<Type> children, List<String> fieldNames,
      List<Boolean> nullable, int maxLength, int precision, int scale,
      SortedMap<String, String> attributes) {
    this(kind, children, fieldNames, nullable, maxLength, precision, scale, attributes, null,
        null);
  }

  private Type(TypeKind kind, List<Type> children, List<String> fieldNames,
      List<Boolean> nullable, int maxLength, int precision, int scale,
      SortedMap<String, String> attributes, String crs, EdgeInterpolation edgeInterpolation) {
    this.crs = crs;
    this.edgeInterpolation = edgeInterpolation;
    this.attributes = attributes;
    this.kind = kind;
    this.children = children;
    this.fieldNames = fieldNames;
    this.nullable = nullable;
    this.maxLength = maxLength;
    this.precision = precision;
    this.scale = scale;
  }

  /** The primitive type of {@code kind}; compound and parameterized kinds have factories. */
  public static Type primitive(TypeKind kind) {
    switch (kind) {
      case BOOLEAN: return BOOLEAN;
      case BYTE: return BYTE;
      case SHORT: return SHORT;
      case INT: return INT;
      case LONG: return LONG;
      case FLOAT: return FLOAT;
      case DOUBLE: return DOUBLE;
      case STRING: return STRING;
      case BINARY: return BINARY;
      case DATE: return DATE;
      case TIMESTAMP: return TIMESTAMP;
      case TIMESTAMP_INSTANT: return TIMESTAMP_INSTANT;
      default: throw new IllegalArgumentException(kind + " is not a plain primitive type");
    }
  }

  public static Type varchar(int maxLength) {
    checkLength(maxLength);
    return new Type(TypeKind.VARCHAR, List.of(), List.of(), maxLength, 0, 0);
  }

  public static Type charType(int maxLength) {
    checkLength(maxLength);
    return new Type(TypeKind.CHAR, List.of(), List.of(), maxLength, 0, 0);
  }

  private static void checkLength(int maxLength) {
    if (maxLength < 1) {
      throw new IllegalArgumentException("char/varchar length must be at least 1: " + maxLength);
    }
  }

  /**
   * A decimal. Precision 0 is accepted for Hive 0.11 files, whose decimals carry no precision or
   * scale (each value keeps its own scale).
   */
  public static Type decimal(int precision, int scale) {
    if (precision < 0 || precision > MAX_DECIMAL_PRECISION || scale < 0
        || (precision > 0 && scale > precision)) {
      throw new IllegalArgumentException(
          "decimal(" + precision + "," + scale + ") is out of range");
    }
    return new Type(TypeKind.DECIMAL, List.of(), List.of(), 0, precision, scale);
  }

  /**
   * A geometry column (ORC 2.x): values are WKB (ISO well-known binary) held as bytes, planar
   * edges, in coordinate reference system {@code crs} (ORC Java writes {@link #DEFAULT_CRS} when
   * none is given).
   */
  public static Type geometry(String crs) {
    return new Type(TypeKind.GEOMETRY, List.of(), List.of(), List.of(), 0, 0, 0,
        Collections.emptySortedMap(), checkCrs(crs), null);
  }

  /**
   * A geography column (ORC 2.x): WKB values on an ellipsoid, in coordinate reference system
   * {@code crs}, edges interpolated by {@code algorithm}.
   */
  public static Type geography(String crs, EdgeInterpolation algorithm) {
    return new Type(TypeKind.GEOGRAPHY, List.of(), List.of(), List.of(), 0, 0, 0,
        Collections.emptySortedMap(), checkCrs(crs), Objects.requireNonNull(algorithm,
            "algorithm"));
  }

  /**
   * Any text is a crs, as ORC's footer keeps it; the type string prints it unquoted, as ORC Java
   * does, so one holding ')' does not parse back ({@link #parse} ends a crs at the first ')').
   */
  private static String checkCrs(String crs) {
    return Objects.requireNonNull(crs, "crs");
  }

  /** Every child nullable, but a map's key. */
  private static List<Boolean> allNullable(TypeKind kind, int children) {
    return switch (children) {
      case 0 -> List.of();
      case 1 -> List.of(true);
      case 2 -> kind == TypeKind.MAP ? List.of(false, true) : List.of(true, true);
      default -> Collections.nCopies(children, true);
    };
  }

  /** A list whose elements may be null. */
  public static Type list(Type element) {
    return list(element, true);
  }

  public static Type list(Type element, boolean elementNullable) {
    return new Type(TypeKind.LIST, List.of(element), List.of(), List.of(elementNullable), 0, 0,
        0);
  }

  /** A map whose values may be null (its keys never are). */
  public static Type map(Type key, Type value) {
    return map(key, value, true);
  }

  public static Type map(Type key, Type value, boolean valueNullable) {
    return new Type(TypeKind.MAP, List.of(key, value), List.of(), List.of(false, valueNullable),
        0, 0, 0);
  }

  public static Type union(List<Type> variants) {
    return new Type(TypeKind.UNION, List.copyOf(variants), List.of(), 0, 0, 0);
  }

  /** A struct whose fields may all be null. */
  public static Type struct(List<String> names, List<Type> types) {
    return struct(names, types, Collections.nCopies(types.size(), true));
  }

  /** A struct whose field i may be null when {@code nullable.get(i)} is true. */
  public static Type struct(List<String> names, List<Type> types, List<Boolean> nullable) {
    if (names.size() != types.size() || nullable.size() != types.size()) {
      throw new IllegalArgumentException("struct has " + names.size() + " names, "
          + types.size() + " types and " + nullable.size() + " nullabilities");
    }
    return new Type(TypeKind.STRUCT, List.copyOf(types), List.copyOf(names),
        List.copyOf(nullable), 0, 0, 0);
  }

  /** Starts a struct: {@code Type.structBuilder().field("a", Type.INT).build()}. */
  public static StructBuilder structBuilder() {
    return new StructBuilder();
  }

  /** Parses an ORC type string such as {@code struct<a:int,b:array<string>>}. */
  public static Type parse(String text) {
    return TypeParser.parse(text);
  }

  public TypeKind kind() {
    return kind;
  }

  /** Children: struct fields, the list element, the map key and value, union variants. */
  public List<Type> children() {
    return children;
  }

  public Type child(int i) {
    return children.get(i);
  }

  /**
   * Whether child {@code i} may be null: a struct field, the list element, the map value (see
   * the class comment). Always false for a map's key, always true for a union's variants.
   */
  public boolean isChildNullable(int i) {
    return nullable.get(i);
  }

  /**
   * This type with every struct field, list element and map value nullable, at any depth: what
   * a format without nullability (ORC) stores, and the way to compare types ignoring it.
   */
  public Type allNullable() {
    if (children.isEmpty()) {
      return this;
    }
    List<Type> all = new ArrayList<>(children.size());
    boolean same = nullable.equals(allNullable(kind, children.size()));
    for (Type c : children) {
      Type n = c.allNullable();
      same &= n == c;
      all.add(n);
    }
    return same ? this : new Type(kind, List.copyOf(all), fieldNames,
        allNullable(kind, children.size()), maxLength, precision, scale, attributes);
  }

  /** This type's attributes, sorted by name (empty when it has none; see the class comment). */
  public SortedMap<String, String> attributes() {
    return attributes;
  }

  /** The value of attribute {@code name}, or null. */
  public String attribute(String name) {
    return attributes.get(name);
  }

  /**
   * This type (children unchanged) with exactly {@code attributes} as its attributes; names and
   * values must not be null.
   */
  public Type withAttributes(Map<String, String> attributes) {
    SortedMap<String, String> copy = new TreeMap<>();
    for (Map.Entry<String, String> e : attributes.entrySet()) {
      copy.put(Objects.requireNonNull(e.getKey(), "attribute name"),
          Objects.requireNonNull(e.getValue(), "attribute value"));
    }
    if (copy.equals(this.attributes)) {
      return this;
    }
    return new Type(kind, children, fieldNames, nullable, maxLength, precision, scale,
        copy.isEmpty() ? Collections.emptySortedMap() : Collections.unmodifiableSortedMap(copy),
        crs, edgeInterpolation);
  }

  /** This type with attribute {@code name} set to {@code value} (removed when value is null). */
  public Type withAttribute(String name, String value) {
    SortedMap<String, String> copy = new TreeMap<>(attributes);
    if (value == null) {
      copy.remove(Objects.requireNonNull(name));
    } else {
      copy.put(Objects.requireNonNull(name), value);
    }
    return withAttributes(copy);
  }

  /**
   * This type with {@code children} in place of its own (same count, names, nullability and
   * attributes): how attributes are put on a subtree's nodes.
   */
  public Type withChildren(List<Type> children) {
    if (children.size() != this.children.size()) {
      throw new IllegalArgumentException(
          "a " + kind + " has " + this.children.size() + " children, not " + children.size());
    }
    if (sameNodes(children, this.children)) {
      return this;
    }
    return new Type(kind, List.copyOf(children), fieldNames, nullable, maxLength, precision,
        scale, attributes);
  }

  private static boolean sameNodes(List<Type> a, List<Type> b) {
    for (int i = 0; i < a.size(); i++) {
      if (a.get(i) != b.get(i)) {
        return false;
      }
    }
    return true;
  }

  /** Whether this subtree and {@code other} have the same attributes node by node (pre-order). */
  public boolean sameAttributes(Type other) {
    List<Type> a = flatten();
    List<Type> b = other.flatten();
    if (a.size() != b.size()) {
      return false;
    }
    for (int i = 0; i < a.size(); i++) {
      if (!a.get(i).attributes.equals(b.get(i).attributes)) {
        return false;
      }
    }
    return true;
  }

  /** Struct field names (empty for other kinds). */
  public List<String> fieldNames() {
    return fieldNames;
  }

  /** Structs of more fields than this look names up in {@link #fieldIndexes}. */
  private static final int INDEXED_FIELDS = 16;
  /**
   * Of a wide struct, each field name's first index, made on the first lookup: finding every
   * field of a struct of 10,000 by scanning the names took 50 million comparisons.
   */
  private volatile Map<String, Integer> fieldIndexes;

  /** The index of a struct field, or -1. */
  public int fieldIndex(String name) {
    if (fieldNames.size() <= INDEXED_FIELDS) {
      return fieldNames.indexOf(name);
    }
    Map<String, Integer> m = fieldIndexes;
    if (m == null) {
      m = new HashMap<>(fieldNames.size() * 2);
      for (int i = 0; i < fieldNames.size(); i++) {
        m.putIfAbsent(fieldNames.get(i), i);
      }
      fieldIndexes = m;
    }
    Integer i = name == null ? null : m.get(name);
    return i == null ? -1 : i;
  }

  /** char/varchar maximum length in characters (0 for other kinds). */
  public int maxLength() {
    return maxLength;
  }

  public int precision() {
    return precision;
  }

  public int scale() {
    return scale;
  }

  /** Geometry and geography: the coordinate reference system (null for other kinds). */
  public String crs() {
    return crs;
  }

  /** Geography: the edge interpolation algorithm (null for other kinds). */
  public EdgeInterpolation edgeInterpolation() {
    return edgeInterpolation;
  }

  /** Geometry or geography: WKB values held as binary. */
  public boolean isGeospatial() {
    return kind == TypeKind.GEOMETRY || kind == TypeKind.GEOGRAPHY;
  }

  /** Number of columns in this subtree, itself included (pre-order numbering). */
  public int columnCount() {
    int n = 1;
    for (Type c : children) {
      n += c.columnCount();
    }
    return n;
  }

  /** This subtree's nodes in pre-order: index i is column id i relative to this node. */
  public List<Type> flatten() {
    List<Type> out = new ArrayList<>();
    flattenInto(out);
    return Collections.unmodifiableList(out);
  }

  private void flattenInto(List<Type> out) {
    out.add(this);
    for (Type c : children) {
      c.flattenInto(out);
    }
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof Type)) {
      return false;
    }
    Type t = (Type) o;
    return kind == t.kind && maxLength == t.maxLength && precision == t.precision
        && scale == t.scale && children.equals(t.children) && fieldNames.equals(t.fieldNames)
        && nullable.equals(t.nullable) && Objects.equals(crs, t.crs)
        && edgeInterpolation == t.edgeInterpolation;
  }

  @Override
  public int hashCode() {
    return Objects.hash(kind, children, fieldNames, nullable, maxLength, precision, scale, crs,
        edgeInterpolation);
  }

  /** The ORC type string, with {@code not null} after each non-null child (see the class). */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder();
    TypeParser.print(this, sb);
    return sb.toString();
  }

  /** Builds a struct field by field. */
  public static final class StructBuilder {
    private final List<String> names = new ArrayList<>();
    private final List<Type> types = new ArrayList<>();
    private final List<Boolean> nullable = new ArrayList<>();

    private StructBuilder() {}

    /** Adds a field that may be null. */
    public StructBuilder field(String name, Type type) {
      return field(name, type, true);
    }

    /** Adds a field that may be null only when {@code nullable} is set. */
    public StructBuilder field(String name, Type type, boolean nullable) {
      names.add(Objects.requireNonNull(name));
      types.add(Objects.requireNonNull(type));
      this.nullable.add(nullable);
      return this;
    }

    public Type build() {
      return struct(names, types, nullable);
    }
  }
}
