package io.colfile.core.types;

/** The kinds of the logical type tree: the full ORC type system, shared by every format. */
public enum TypeKind {
  BOOLEAN("boolean"),
  BYTE("tinyint"),
  SHORT("smallint"),
  INT("int"),
  LONG("bigint"),
  FLOAT("float"),
  DOUBLE("double"),
  STRING("string"),
  VARCHAR("varchar"),
  CHAR("char"),
  BINARY("binary"),
  DECIMAL("decimal"),
  DATE("date"),
  TIMESTAMP("timestamp"),
  TIMESTAMP_INSTANT("timestamp with local time zone"),
  STRUCT("struct"),
  LIST("array"),
  MAP("map"),
  UNION("uniontype"),
  /** ORC 2.x: WKB values, planar edges (see {@link Type#geometry}). */
  GEOMETRY("geometry"),
  /** ORC 2.x: WKB values on an ellipsoid (see {@link Type#geography}). */
  GEOGRAPHY("geography");

  private final String typeName;

  TypeKind(String typeName) {
    this.typeName = typeName;
  }

  /** The name in ORC type strings, e.g. {@code bigint} or {@code array}. */
  public String typeName() {
    return typeName;
  }

  /** True for struct, list, map and union. */
  public boolean isCompound() {
    return this == STRUCT || this == LIST || this == MAP || this == UNION;
  }
}
