package io.colfile.trevni.avro;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * An Avro schema: colfile's own small, immutable model, so that Trevni files can carry Avro
 * records without Apache Avro on the class path.
 *
 * <p>{@link #parse} accepts exactly what Avro 1.12's {@code new Schema.Parser().parse(json)}
 * accepts and {@link #toString()} prints, byte for byte, the compact JSON Avro's {@code
 * Schema.toString()} prints for it (which is what trevni-avro stores under {@code avro.schema}).
 * A record may refer to itself; such a schema is a graph, not a tree ({@link #isRecursive()}).
 *
 * <p>Defaults and properties are JSON values held as Java objects: String, Long (BigInteger
 * beyond a long), Double, BigDecimal, Boolean, unmodifiable List and insertion-ordered Map, and
 * {@link #JSON_NULL}.
 *
 * <p>Schemas are equal as Avro's are: same kinds, full names, properties, record fields (name,
 * schema, default, order, properties), enum symbols, fixed sizes and children; docs, aliases,
 * enum defaults and whether a record is an {@code error} are not compared.
 */
public final class AvroSchema {
  /** The kinds of Avro schema. */
  public enum Kind {
    NULL, BOOLEAN, INT, LONG, FLOAT, DOUBLE, BYTES, STRING, RECORD, ENUM, ARRAY, MAP, UNION, FIXED;

    final String typeName = name().toLowerCase(Locale.ROOT);

    boolean isPrimitive() {
      return ordinal() <= STRING.ordinal();
    }

    boolean isNamed() {
      return this == RECORD || this == ENUM || this == FIXED;
    }
  }

  /** JSON's null, as a default value or a property value. */
  public static final Object JSON_NULL = new Object() {
    @Override
    public String toString() {
      return "null";
    }
  };

  /** The most levels of records, arrays, maps and unions a schema may nest (as Avro's JSON). */
  static final int MAX_DEPTH = 1000;
  /** Avro's limit on a fixed's size (its largest Java array). */
  static final int MAX_FIXED_SIZE = Integer.MAX_VALUE - 8;

  static final Set<String> RESERVED = Set.of("doc", "fields", "items", "name",
      "namespace", "size", "symbols", "values", "type", "aliases");
  static final Set<String> ENUM_RESERVED = Set.of("doc", "fields", "items", "name",
      "namespace", "size", "symbols", "values", "type", "aliases", "default");
  static final Set<String> FIELD_RESERVED =
      Set.of("default", "doc", "name", "order", "type", "aliases");

  private final Kind kind;
  private final String name;
  private final String namespace;
  private final String doc;
  private final List<String> aliases;
  private final boolean error;
  private final List<String> symbols;
  private final String enumDefault;
  private final int size;
  private final AvroSchema child;
  private final List<AvroSchema> branches;
  private final Map<String, Object> props;
  private final String referencedAt;
  // Set after construction (by the parser twice: as read, then resolved): records may recur.
  private List<Field> fields = List.of();
  private int depth;

  private AvroSchema(Kind kind, String name, String namespace, String doc, List<String> aliases,
      boolean error, List<String> symbols, String enumDefault, int size, AvroSchema child,
      List<AvroSchema> branches, Map<String, Object> props, String referencedAt) {
    this.kind = kind;
    this.name = name;
    this.namespace = namespace;
    this.doc = doc;
    this.aliases = aliases;
    this.error = error;
    this.symbols = symbols;
    this.enumDefault = enumDefault;
    this.size = size;
    this.child = child;
    this.branches = branches;
    this.props = props;
    this.referencedAt = referencedAt;
    int d = child == null ? 0 : above(child.depth);
    for (AvroSchema b : branches) {
      d = Math.max(d, above(b.depth));
    }
    setDepth(d);
  }

  private static AvroSchema unnamed(Kind kind, AvroSchema child, List<AvroSchema> branches) {
    return new AvroSchema(kind, null, null, null, List.of(), false, List.of(), null, 0, child,
        branches, Map.of(), null);
  }

  private static AvroSchema named(Kind kind, String[] name, String doc, List<String> aliases,
      boolean error, List<String> symbols, String enumDefault, int size,
      Map<String, Object> props) {
    return new AvroSchema(kind, name[1], name[0], doc, aliases, error, symbols, enumDefault, size,
        null, List.of(), props, null);
  }

  /** The depth of a schema that holds a record holding itself: no bound. */
  static final int CYCLIC = Integer.MAX_VALUE;

  /** The depth of a schema holding one of {@code depth}. */
  static int above(int depth) {
    return depth == CYCLIC ? CYCLIC : depth + 1;
  }

  private void setDepth(int d) {
    if (d > MAX_DEPTH && d != CYCLIC) {
      throw new IllegalArgumentException("Avro schema nested deeper than " + MAX_DEPTH
          + " levels");
    }
    depth = d;
  }

  // ---- factories ----

  /** The schema of a primitive kind: null, boolean, int, long, float, double, bytes, string. */
  public static AvroSchema primitive(Kind kind) {
    if (!kind.isPrimitive()) {
      throw new IllegalArgumentException(kind + " is not a primitive Avro type");
    }
    return unnamed(kind, null, List.of());
  }

  /**
   * A record named {@code fullName} (dotted when it has a namespace). Named types inside it
   * that share a full name must be equal, and none may share the record's.
   */
  public static AvroSchema record(String fullName, List<Field> fields) {
    AvroSchema s = named(Kind.RECORD, AvroNames.split(fullName, null), null, List.of(), false,
        List.of(), null, 0, Map.of());
    List<AvroSchema> types = new ArrayList<>();
    fields.forEach(f -> types.add(f.schema));
    checkNames(s, types);
    s.setFields(List.copyOf(fields));
    return s;
  }

  /** An enum named {@code fullName} with {@code symbols}, and no default symbol. */
  public static AvroSchema enumeration(String fullName, List<String> symbols) {
    return parsedEnum(AvroNames.split(fullName, null), null, List.of(), List.copyOf(symbols),
        null, Map.of());
  }

  /** A fixed named {@code fullName} of {@code size} bytes. */
  public static AvroSchema fixed(String fullName, int size) {
    return parsedFixed(AvroNames.split(fullName, null), null, List.of(), size, Map.of());
  }

  /** An array of {@code items}. */
  public static AvroSchema array(AvroSchema items) {
    return unnamed(Kind.ARRAY, Objects.requireNonNull(items), List.of());
  }

  /** A map from strings to {@code values}. */
  public static AvroSchema map(AvroSchema values) {
    return unnamed(Kind.MAP, Objects.requireNonNull(values), List.of());
  }

  /**
   * A union of {@code branches}: no branch may be a union, and no two may have the same type,
   * or for named types the same full name. Named types inside that share a full name must be
   * equal.
   */
  public static AvroSchema union(List<AvroSchema> branches) {
    AvroSchema u = parsedUnion(branches);
    checkNames(null, branches);
    return u;
  }

  /**
   * Checks that the named types in {@code parts} that share a full name are equal (Avro prints
   * every one after the first by name), and that none has the name of {@code self}.
   */
  private static void checkNames(AvroSchema self, List<AvroSchema> parts) {
    Map<String, AvroSchema> named = new HashMap<>();
    if (self != null) {
      named.put(self.fullName(), self);
    }
    Set<AvroSchema> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    int depth = 0;
    for (AvroSchema p : parts) {
      depth = Math.max(depth, p.depth);
    }
    DeepStack.run(depth, () -> {
      for (AvroSchema p : parts) {
        collectNames(p, named, seen);
      }
      return null;
    });
  }

  private static void collectNames(AvroSchema s, Map<String, AvroSchema> named,
      Set<AvroSchema> seen) {
    if (!seen.add(s)) {
      return;
    }
    if (s.kind.isNamed()) {
      AvroSchema other = named.putIfAbsent(s.fullName(), s);
      if (other != null && !other.equals(s)) {
        throw new IllegalArgumentException("two different types are named " + s.fullName());
      }
    }
    for (Field f : s.fields) {
      collectNames(f.schema, named, seen);
    }
    if (s.child != null) {
      collectNames(s.child, named, seen);
    }
    for (AvroSchema b : s.branches) {
      collectNames(b, named, seen);
    }
  }

  /**
   * A copy with property {@code key} set to the JSON value {@code value} (for example {@code
   * logicalType}, {@code precision}, {@code scale} or {@code maxLength}). Unions have none.
   */
  public AvroSchema withProp(String key, Object value) {
    if ((kind == Kind.ENUM ? ENUM_RESERVED : RESERVED).contains(key)) {
      throw new IllegalArgumentException("'" + key + "' is part of an Avro " + kind.typeName
          + ", not a property");
    }
    Map<String, Object> p = new LinkedHashMap<>(props);
    p.put(Objects.requireNonNull(key), AvroJson.normalize(value));
    return withProps(Collections.unmodifiableMap(p));
  }

  // ---- for the parser ----

  /** A record whose fields are set later ({@link #setFields}), as they may refer to it. */
  static AvroSchema parsedRecord(String[] name, String doc, List<String> aliases, boolean error,
      Map<String, Object> props) {
    return named(Kind.RECORD, name, doc, aliases, error, List.of(), null, 0, props);
  }

  static AvroSchema parsedEnum(String[] name, String doc, List<String> aliases,
      List<String> symbols, String enumDefault, Map<String, Object> props) {
    Set<String> seen = new HashSet<>();
    for (String s : symbols) {
      AvroNames.check(s, "symbol of enum " + name[1]);
      if (!seen.add(s)) {
        throw new IllegalArgumentException("enum " + name[1] + " has the symbol " + s
            + " twice");
      }
    }
    if (enumDefault != null && !seen.contains(enumDefault)) {
      throw new IllegalArgumentException("enum " + name[1] + ": the default " + enumDefault
          + " is not one of its symbols");
    }
    return named(Kind.ENUM, name, doc, aliases, false, symbols, enumDefault, 0, props);
  }

  static AvroSchema parsedFixed(String[] name, String doc, List<String> aliases, int size,
      Map<String, Object> props) {
    if (size < 0 || size > MAX_FIXED_SIZE) {
      throw new IllegalArgumentException("fixed " + name[1] + ": size " + size
          + " is not from 0 to " + MAX_FIXED_SIZE);
    }
    return named(Kind.FIXED, name, doc, aliases, false, List.of(), null, size, props);
  }

  /** A union, checked but for names inside its branches, which the parser checks itself. */
  static AvroSchema parsedUnion(List<AvroSchema> branches) {
    Set<String> seen = new HashSet<>();
    for (AvroSchema b : branches) {
      if (b.kind == Kind.UNION) {
        throw new IllegalArgumentException("a union cannot contain a union directly");
      }
      if (!seen.add(b.fullName())) {
        throw new IllegalArgumentException("a union cannot contain " + b.fullName() + " twice");
      }
    }
    return unnamed(Kind.UNION, null, List.copyOf(branches));
  }

  /** A reference to a named type not yet defined; the parser replaces it once all are. */
  static AvroSchema reference(String fullName, String where) {
    return new AvroSchema(Kind.RECORD, fullName, null, null, List.of(), false, List.of(), null,
        0, null, List.of(), Map.of(), where);
  }

  /** Where a reference made by {@link #reference} was made, or null for other schemas. */
  String referencedAt() {
    return referencedAt;
  }

  boolean isError() {
    return error;
  }

  void setFields(List<Field> fields) {
    Set<String> seen = new HashSet<>();
    int d = 0;
    for (Field f : fields) {
      if (!seen.add(f.name)) {
        throw new IllegalArgumentException("record " + fullName() + " has two fields named '"
            + f.name + "'");
      }
      d = Math.max(d, above(f.schema.depth));
    }
    setDepth(d);
    this.fields = fields;
  }

  /**
   * Levels of records, arrays, maps and unions in this schema (0 for primitives, enums and
   * fixed), at most {@link #MAX_DEPTH}; {@code Integer.MAX_VALUE} when a record holds itself.
   * What {@link DeepStack} needs to know of work that recurses through the schema.
   */
  int depth() {
    return depth;
  }

  /** Sets the depth {@link AvroDepths#settle} found. */
  void settleDepth(int d) {
    setDepth(d);
  }

  AvroSchema withProps(Map<String, Object> props) {
    if (kind == Kind.UNION) {
      throw new IllegalArgumentException("an Avro union has no properties");
    }
    AvroSchema s = new AvroSchema(kind, name, namespace, doc, aliases, error, symbols,
        enumDefault, size, child, branches, props, referencedAt);
    if (kind == Kind.RECORD) {
      s.setFields(fields);
    }
    return s;
  }

  // ---- accessors ----

  /** What kind of schema this is. */
  public Kind kind() {
    return kind;
  }

  /** The simple name of a named type; for the others the type's name ("int", "array", ...). */
  public String name() {
    return name != null ? name : kind.typeName;
  }

  /** The namespace of a named type, or null. */
  public String namespace() {
    return namespace;
  }

  /** {@code namespace.name} of a named type (the name alone without one), else {@link #name()}. */
  public String fullName() {
    return AvroNames.full(namespace, name());
  }

  /** The documentation of a named type, or null. */
  public String doc() {
    return doc;
  }

  /** The full names of a named type's aliases. */
  public List<String> aliases() {
    return aliases;
  }

  /** A record's fields (empty for other kinds). */
  public List<Field> fields() {
    return fields;
  }

  /** The record field called {@code fieldName}, or null. */
  public Field field(String fieldName) {
    for (Field f : fields) {
      if (f.name.equals(fieldName)) {
        return f;
      }
    }
    return null;
  }

  /** An enum's symbols (empty for other kinds). */
  public List<String> symbols() {
    return symbols;
  }

  /** The ordinal of {@code symbol} in an enum, or -1. */
  public int enumOrdinal(String symbol) {
    return symbols.indexOf(symbol);
  }

  /** An enum's default symbol, or null. */
  public String enumDefault() {
    return enumDefault;
  }

  /** A fixed's size in bytes (0 for other kinds). */
  public int fixedSize() {
    return size;
  }

  /** An array's items, or null. */
  public AvroSchema elementType() {
    return kind == Kind.ARRAY ? child : null;
  }

  /** A map's values, or null. */
  public AvroSchema valueType() {
    return kind == Kind.MAP ? child : null;
  }

  /** A union's branches (empty for other kinds). */
  public List<AvroSchema> branches() {
    return branches;
  }

  /** The {@code logicalType} property if it is a string, else null; valid or not. */
  public String logicalType() {
    return props.get("logicalType") instanceof String s ? s : null;
  }

  /** A property's JSON value, or null if there is none. */
  public Object prop(String key) {
    return props.get(key);
  }

  /** The properties (everything not part of the schema itself, logicalType included), in order. */
  public Map<String, Object> props() {
    return props;
  }

  /** Whether a record contains itself, through any path of fields, items, values and branches. */
  public boolean isRecursive() {
    return recursiveRecord() != null;
  }

  /** A record that contains itself, or null. */
  AvroSchema recursiveRecord() {
    return depth != CYCLIC ? null : DeepStack.run(depth, () -> recursive(this,
        Collections.newSetFromMap(new IdentityHashMap<>()),
        Collections.newSetFromMap(new IdentityHashMap<>())));
  }

  /** Depth-first search for a record met again while {@code open}; {@code done} are clear. */
  private static AvroSchema recursive(AvroSchema s, Set<AvroSchema> open, Set<AvroSchema> done) {
    if (s.kind == Kind.RECORD) {
      if (done.contains(s)) {
        return null;
      }
      if (!open.add(s)) {
        return s;
      }
      for (Field f : s.fields) {
        AvroSchema r = recursive(f.schema, open, done);
        if (r != null) {
          return r;
        }
      }
      open.remove(s);
      done.add(s);
    } else if (s.child != null) {
      return recursive(s.child, open, done);
    } else {
      for (AvroSchema b : s.branches) {
        AvroSchema r = recursive(b, open, done);
        if (r != null) {
          return r;
        }
      }
    }
    return null;
  }

  // ---- text and equality ----

  /**
   * Parses Avro schema JSON as Avro 1.12's {@code Schema.Parser} does.
   *
   * @throws IllegalArgumentException saying what is wrong and where
   */
  public static AvroSchema parse(String json) {
    return AvroSchemaParser.parse(json);
  }

  /** The compact JSON {@code org.apache.avro.Schema#toString()} prints for this schema. */
  @Override
  public String toString() {
    return DeepStack.run(depth, () -> AvroSchemaPrinter.print(this));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof AvroSchema other && (this == other
        || DeepStack.run(Math.min(depth, other.depth),
            () -> same(this, other, new IdentityHashMap<>())));
  }

  /** Equality that assumes the record pairs in {@code assumed} equal (records may recur). */
  private static boolean same(AvroSchema a, AvroSchema b,
      Map<AvroSchema, Set<AvroSchema>> assumed) {
    if (a == b) {
      return true;
    }
    if (a.kind != b.kind || a.referencedAt != null || b.referencedAt != null
        || !a.fullName().equals(b.fullName()) || !a.props.equals(b.props)) {
      return false;
    }
    switch (a.kind) {
      case RECORD:
        if (!assumed.computeIfAbsent(a, k -> Collections.newSetFromMap(new IdentityHashMap<>()))
            .add(b)) {
          return true;
        }
        if (a.fields.size() != b.fields.size()) {
          return false;
        }
        for (int i = 0; i < a.fields.size(); i++) {
          Field x = a.fields.get(i);
          Field y = b.fields.get(i);
          if (!x.sameApartFromSchema(y) || !same(x.schema, y.schema, assumed)) {
            return false;
          }
        }
        return true;
      case ENUM:
        return a.symbols.equals(b.symbols);
      case FIXED:
        return a.size == b.size;
      case ARRAY:
      case MAP:
        return same(a.child, b.child, assumed);
      case UNION:
        if (a.branches.size() != b.branches.size()) {
          return false;
        }
        for (int i = 0; i < a.branches.size(); i++) {
          if (!same(a.branches.get(i), b.branches.get(i), assumed)) {
            return false;
          }
        }
        return true;
      default:
        return true;
    }
  }

  @Override
  public int hashCode() {
    return child == null && branches.isEmpty() ? hash() : DeepStack.run(depth, this::hash);
  }

  private int hash() {
    // Records contribute their field names only, so that hashing ends in recursive schemas.
    int h = 31 * (31 * kind.hashCode() + fullName().hashCode()) + props.hashCode();
    if (kind == Kind.RECORD) {
      for (Field f : fields) {
        h = 31 * h + f.name.hashCode();
      }
    } else if (child != null) {
      h = 31 * h + child.hashCode();
    } else {
      h = 31 * h + branches.hashCode() + symbols.hashCode() + size;
    }
    return h;
  }

  /** A field of a record. Immutable. */
  public static final class Field {
    private final String name;
    private final AvroSchema schema;
    private final String doc;
    private final Object defaultValue;
    private final String order;
    private final List<String> aliases;
    private final Map<String, Object> props;

    private Field(String name, AvroSchema schema, String doc, Object defaultValue, String order,
        List<String> aliases, Map<String, Object> props) {
      this.name = AvroNames.check(name, "field name");
      this.schema = Objects.requireNonNull(schema, "schema");
      this.doc = doc;
      this.defaultValue = defaultValue;
      this.order = order;
      this.aliases = aliases;
      this.props = props;
    }

    /** A field without a default. */
    public static Field of(String name, AvroSchema schema) {
      return new Field(name, schema, null, null, null, List.of(), Map.of());
    }

    /**
     * A field with a default: a JSON value ({@link #JSON_NULL} for null) valid for {@code
     * schema} as Avro judges it (for a union, valid for any branch).
     */
    public static Field of(String name, AvroSchema schema, Object defaultValue) {
      Object v = AvroJson.normalize(defaultValue);
      if (!DeepStack.run(schema.depth, () -> AvroDefaults.isValid(schema, v, r -> false))) {
        throw new IllegalArgumentException("field '" + name + "': the default "
            + AvroJson.toString(v) + " is not a " + schema);
      }
      return new Field(name, schema, null, v, null, List.of(), Map.of());
    }

    /** A field as parsed; the parser has checked the default and order. */
    static Field parsed(String name, AvroSchema schema, String doc, Object defaultValue,
        String order, Set<String> aliases, Map<String, Object> props) {
      return new Field(name, schema, doc, defaultValue, order, List.copyOf(aliases), props);
    }

    Field withSchema(AvroSchema s) {
      return new Field(name, s, doc, defaultValue, order, aliases, props);
    }

    /** The field's name. */
    public String name() {
      return name;
    }

    /** The field's type. */
    public AvroSchema schema() {
      return schema;
    }

    /** The field's documentation, or null. */
    public String doc() {
      return doc;
    }

    /** Whether the field has a default (which may be {@link #JSON_NULL}). */
    public boolean hasDefault() {
      return defaultValue != null;
    }

    /** The default's JSON value ({@link #JSON_NULL} for null), if the field has one. */
    public Optional<Object> defaultValue() {
      return Optional.ofNullable(defaultValue);
    }

    /** {@code descending} or {@code ignore}; null for the usual ascending order. */
    public String order() {
      return order;
    }

    /** The field's aliases, in order, without repeats. */
    public List<String> aliases() {
      return aliases;
    }

    /** The field's properties (everything not part of the field itself), in order. */
    public Map<String, Object> props() {
      return props;
    }

    private boolean sameApartFromSchema(Field o) {
      return name.equals(o.name) && Objects.equals(defaultValue, o.defaultValue)
          && Objects.equals(order, o.order) && props.equals(o.props);
    }

    /** Fields are equal as Avro's are: name, schema, default, order and properties. */
    @Override
    public boolean equals(Object o) {
      return o instanceof Field f && sameApartFromSchema(f) && schema.equals(f.schema);
    }

    @Override
    public int hashCode() {
      return 31 * name.hashCode() + schema.hashCode();
    }

    @Override
    public String toString() {
      return name + ": " + schema;
    }
  }
}
