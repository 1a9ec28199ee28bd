package io.colfile.core.types;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * An immutable node of the logical type tree. Primitive types are shared constants; compound
 * types hold their children (struct fields with names). Columns are numbered in pre-order with
 * the root as 0, as ORC numbers them: {@link #flatten()} lists them in that order.
 *
 * <p>{@link #toString()} prints the ORC type string ({@code struct<a:int,b:map<string,double>>})
 * and {@link #parse(String)} reads it back.
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

  private final TypeKind kind;
  private final List<Type> children;
  private final List<String> fieldNames;
  private final int maxLength;
  private final int precision;
  private final int scale;

  private Type(TypeKind kind) {
    this(kind, List.of(), List.of(), 0, 0, 0);
  }

  private Type(TypeKind kind, List<Type> children, List<String> fieldNames,
      int maxLength, int precision, int scale) {
    this.kind = kind;
    this.children = children;
    this.fieldNames = fieldNames;
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

  public static Type list(Type element) {
    return new Type(TypeKind.LIST, List.of(element), List.of(), 0, 0, 0);
  }

  public static Type map(Type key, Type value) {
    return new Type(TypeKind.MAP, List.of(key, value), List.of(), 0, 0, 0);
  }

  public static Type union(List<Type> variants) {
    return new Type(TypeKind.UNION, List.copyOf(variants), List.of(), 0, 0, 0);
  }

  public static Type struct(List<String> names, List<Type> types) {
    if (names.size() != types.size()) {
      throw new IllegalArgumentException("struct has " + names.size() + " names and "
          + types.size() + " types");
    }
    return new Type(TypeKind.STRUCT, List.copyOf(types), List.copyOf(names), 0, 0, 0);
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

  /** Struct field names (empty for other kinds). */
  public List<String> fieldNames() {
    return fieldNames;
  }

  /** The index of a struct field, or -1. */
  public int fieldIndex(String name) {
    return fieldNames.indexOf(name);
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
        && scale == t.scale && children.equals(t.children) && fieldNames.equals(t.fieldNames);
  }

  @Override
  public int hashCode() {
    return Objects.hash(kind, children, fieldNames, maxLength, precision, scale);
  }

  /** The ORC type string. */
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

    private StructBuilder() {}

    public StructBuilder field(String name, Type type) {
      names.add(Objects.requireNonNull(name));
      types.add(Objects.requireNonNull(type));
      return this;
    }

    public Type build() {
      return struct(names, types);
    }
  }
}
