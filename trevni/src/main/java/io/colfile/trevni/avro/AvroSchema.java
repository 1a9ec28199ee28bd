package io.colfile.trevni.avro;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import java.io.IOException;
import java.math.BigInteger;
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
 * An Avro schema: colfile's own small, immutable model of one, so that Trevni files can carry
 * Avro records without Apache Avro on the class path. {@link #parse} accepts what Avro 1.12's
 * {@code Schema.Parser} accepts (names checked, namespaces inherited, named types referenced by
 * name, docs, aliases, defaults, field order, logical types and other properties kept), and
 * {@link #toString()} prints the compact JSON {@code org.apache.avro.Schema#toString()} prints
 * for the same schema, which is what trevni-avro stores under {@code avro.schema}.
 *
 * <p>JSON values (defaults and properties) are held as Java objects: String, Long, BigInteger,
 * Double, Boolean, List, Map (insertion-ordered) and {@link #JSON_NULL}.
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

  /** JSON's null, as a default value or property value. */
  public static final Object JSON_NULL = new Object() {
    @Override
    public String toString() {
      return "null";
    }
  };

  private static final int MAX_DEPTH = 1000;
  private static final Set<String> SCHEMA_RESERVED = Set.of("doc", "fields", "items", "name",
      "namespace", "size", "symbols", "values", "type", "aliases");
  private static final Set<String> ENUM_RESERVED = Set.of("doc", "fields", "items", "name",
      "namespace", "size", "symbols", "values", "type", "aliases", "default");
  private static final Set<String> FIELD_RESERVED = Set.of("default", "doc", "name", "order",
      "type", "aliases");
  private static final JsonFactory JSON = JsonFactory.builder()
      .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH).build())
      .build();

  private final Kind kind;
  private final String name;
  private final String namespace;
  private final String doc;
  private final List<String> aliases;
  private List<Field> fields;
  private final List<String> symbols;
  private final String enumDefault;
  private final int size;
  private final AvroSchema items;
  private final AvroSchema values;
  private final List<AvroSchema> branches;
  private final Map<String, Object> props;

  private AvroSchema(Kind kind, String name, String namespace, String doc, List<String> aliases,
      List<Field> fields, List<String> symbols, String enumDefault, int size, AvroSchema items,
      AvroSchema values, List<AvroSchema> branches, Map<String, Object> props) {
    this.kind = kind;
    this.name = name;
    this.namespace = namespace;
    this.doc = doc;
    this.aliases = aliases;
    this.fields = fields;
    this.symbols = symbols;
    this.enumDefault = enumDefault;
    this.size = size;
    this.items = items;
    this.values = values;
    this.branches = branches;
    this.props = props;
  }

  private static AvroSchema of(Kind kind) {
    return new AvroSchema(kind, null, null, null, List.of(), List.of(), List.of(), null, 0,
        null, null, List.of(), Map.of());
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
      this.name = validName(name, "field name");
      this.schema = Objects.requireNonNull(schema, "schema");
      this.doc = doc;
      this.defaultValue = defaultValue;
      this.order = order;
      this.aliases = aliases;
      this.props = props;
    }

    public static Field of(String name, AvroSchema schema) {
      return new Field(name, schema, null, null, null, List.of(), Map.of());
    }

    /** A field with a default ({@link #JSON_NULL} for null). */
    public static Field of(String name, AvroSchema schema, Object defaultValue) {
      return new Field(name, schema, null, Objects.requireNonNull(defaultValue), null,
          List.of(), Map.of());
    }

    public String name() {
      return name;
    }

    public AvroSchema schema() {
      return schema;
    }

    public String doc() {
      return doc;
    }

    public boolean hasDefault() {
      return defaultValue != null;
    }

    public Optional<Object> defaultValue() {
      return Optional.ofNullable(defaultValue);
    }

    /** {@code descending} or {@code ignore}, or null for the default ascending order. */
    public String order() {
      return order;
    }

    public List<String> aliases() {
      return aliases;
    }

    public Map<String, Object> props() {
      return props;
    }
  }

  // ---- factories ----

  /** The primitive schema of {@code kind}. */
  public static AvroSchema primitive(Kind kind) {
    if (!kind.isPrimitive()) {
      throw new IllegalArgumentException(kind + " is not a primitive Avro type");
    }
    return of(kind);
  }

  /** A record named {@code fullName} (dotted for a namespace). */
  public static AvroSchema record(String fullName, List<Field> fields) {
    String[] n = splitName(fullName, null);
    AvroSchema s = new AvroSchema(Kind.RECORD, n[1], n[0], null, List.of(), List.copyOf(fields),
        List.of(), null, 0, null, null, List.of(), Map.of());
    checkFields(s);
    return s;
  }

  public static AvroSchema enumeration(String fullName, List<String> symbols) {
    String[] n = splitName(fullName, null);
    checkSymbols(n[1], symbols);
    return new AvroSchema(Kind.ENUM, n[1], n[0], null, List.of(), List.of(),
        List.copyOf(symbols), null, 0, null, null, List.of(), Map.of());
  }

  public static AvroSchema fixed(String fullName, int size) {
    if (size < 0) {
      throw new IllegalArgumentException("fixed " + fullName + ": negative size " + size);
    }
    String[] n = splitName(fullName, null);
    return new AvroSchema(Kind.FIXED, n[1], n[0], null, List.of(), List.of(), List.of(), null,
        size, null, null, List.of(), Map.of());
  }

  public static AvroSchema array(AvroSchema items) {
    return new AvroSchema(Kind.ARRAY, null, null, null, List.of(), List.of(), List.of(), null, 0,
        Objects.requireNonNull(items), null, List.of(), Map.of());
  }

  public static AvroSchema map(AvroSchema values) {
    return new AvroSchema(Kind.MAP, null, null, null, List.of(), List.of(), List.of(), null, 0,
        null, Objects.requireNonNull(values), List.of(), Map.of());
  }

  public static AvroSchema union(List<AvroSchema> branches) {
    checkUnion(branches);
    return new AvroSchema(Kind.UNION, null, null, null, List.of(), List.of(), List.of(), null, 0,
        null, null, List.copyOf(branches), Map.of());
  }

  /** A copy with the property {@code key} set (e.g. {@code logicalType}, {@code precision}). */
  public AvroSchema withProp(String key, Object value) {
    if (kind == Kind.UNION) {
      throw new IllegalArgumentException("unions have no properties");
    }
    if ((kind == Kind.ENUM ? ENUM_RESERVED : SCHEMA_RESERVED).contains(key)) {
      throw new IllegalArgumentException("'" + key + "' is not a property");
    }
    Map<String, Object> p = new LinkedHashMap<>(props);
    p.put(key, Objects.requireNonNull(value));
    AvroSchema s = new AvroSchema(kind, name, namespace, doc, aliases, fields, symbols,
        enumDefault, size, items, values, branches, Collections.unmodifiableMap(p));
    return s;
  }

  // ---- accessors ----

  public Kind kind() {
    return kind;
  }

  /** The simple name of a named type; for others the type's name ("int", "array", "union"). */
  public String name() {
    return name != null ? name : kind.typeName;
  }

  /** The namespace of a named type, or null. */
  public String namespace() {
    return namespace;
  }

  /** {@code namespace.name} of a named type, else {@link #name()}. */
  public String fullName() {
    return namespace == null ? name() : namespace + "." + name;
  }

  public String doc() {
    return doc;
  }

  public List<String> aliases() {
    return aliases;
  }

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

  public int fixedSize() {
    return size;
  }

  public AvroSchema elementType() {
    return items;
  }

  public AvroSchema valueType() {
    return values;
  }

  public List<AvroSchema> branches() {
    return branches;
  }

  /** The {@code logicalType} property, or null. */
  public String logicalType() {
    Object v = props.get("logicalType");
    return v instanceof String s ? s : null;
  }

  /** A property's JSON value, or null. */
  public Object prop(String key) {
    return props.get(key);
  }

  /** The properties in the order they were given. */
  public Map<String, Object> props() {
    return props;
  }

  /** Whether a record contains itself (such schemas cannot be stored in columns). */
  public boolean isRecursive() {
    return recursive(this, Collections.newSetFromMap(new IdentityHashMap<>()));
  }

  private static boolean recursive(AvroSchema s, Set<AvroSchema> open) {
    switch (s.kind) {
      case RECORD:
        if (!open.add(s)) {
          return true;
        }
        for (Field f : s.fields) {
          if (recursive(f.schema, open)) {
            return true;
          }
        }
        open.remove(s);
        return false;
      case ARRAY:
        return recursive(s.items, open);
      case MAP:
        return recursive(s.values, open);
      case UNION:
        for (AvroSchema b : s.branches) {
          if (recursive(b, open)) {
            return true;
          }
        }
        return false;
      default:
        return false;
    }
  }

  // ---- validation ----

  private static String validName(String name, String what) {
    if (name == null || name.isEmpty()) {
      throw new IllegalArgumentException("empty " + what);
    }
    int first = name.codePointAt(0);
    boolean ok = Character.isLetter(first) || first == '_';
    for (int i = Character.charCount(first); ok && i < name.length(); ) {
      int c = name.codePointAt(i);
      ok = Character.isLetterOrDigit(c) || c == '_';
      i += Character.charCount(c);
    }
    if (!ok) {
      throw new IllegalArgumentException(what + " '" + name + "' is not a valid Avro name "
          + "(letters, digits and _, not starting with a digit)");
    }
    return name;
  }

  /** {namespace or null, simple name} of {@code name} given an enclosing namespace. */
  private static String[] splitName(String name, String space) {
    if (name == null) {
      throw new IllegalArgumentException("a named type needs a name");
    }
    int dot = name.lastIndexOf('.');
    if (dot >= 0) {
      space = name.substring(0, dot);
      name = name.substring(dot + 1);
    }
    validName(name, "name");
    if (space != null && space.isEmpty()) {
      space = null;
    }
    if (space != null) {
      for (String part : space.split("\\.", -1)) {
        validName(part, "namespace part of '" + space + "'");
      }
    }
    return new String[] {space, name};
  }

  private static void checkFields(AvroSchema record) {
    Set<String> seen = new HashSet<>();
    for (Field f : record.fields) {
      if (!seen.add(f.name)) {
        throw new IllegalArgumentException("record " + record.fullName()
            + ": duplicate field '" + f.name + "'");
      }
    }
  }

  private static void checkSymbols(String enumName, List<String> symbols) {
    Set<String> seen = new HashSet<>();
    for (String s : symbols) {
      validName(s, "symbol of enum " + enumName);
      if (!seen.add(s)) {
        throw new IllegalArgumentException("enum " + enumName + ": duplicate symbol " + s);
      }
    }
  }

  private static void checkUnion(List<AvroSchema> branches) {
    Set<String> seen = new HashSet<>();
    for (AvroSchema b : branches) {
      if (b.kind == Kind.UNION) {
        throw new IllegalArgumentException("a union cannot contain a union directly");
      }
      String key = b.kind.isNamed() ? b.fullName() : b.kind.typeName;
      if (!seen.add(key)) {
        throw new IllegalArgumentException("a union cannot hold " + key + " twice");
      }
    }
  }

  // ---- parsing ----

  /**
   * Parses Avro schema JSON.
   *
   * @throws IllegalArgumentException naming what is wrong and where
   */
  public static AvroSchema parse(String json) {
    Object tree;
    try (JsonParser p = JSON.createParser(json)) {
      if (p.nextToken() == null) {
        throw new IllegalArgumentException("an Avro schema cannot be empty");
      }
      tree = readValue(p, 0);
      if (p.nextToken() != null) {
        throw new IllegalArgumentException("text after the Avro schema at "
            + p.currentLocation().getCharOffset());
      }
    } catch (IOException e) {
      throw new IllegalArgumentException("not JSON: " + e.getMessage(), e);
    }
    return new Parser().parse(tree, null, "schema", 0);
  }

  private static Object readValue(JsonParser p, int depth) throws IOException {
    if (depth > MAX_DEPTH) {
      throw new IllegalArgumentException("JSON nested deeper than " + MAX_DEPTH);
    }
    JsonToken t = p.currentToken();
    switch (t) {
      case START_OBJECT: {
        Map<String, Object> m = new LinkedHashMap<>();
        while (p.nextToken() != JsonToken.END_OBJECT) {
          String key = p.currentName();
          p.nextToken();
          m.put(key, readValue(p, depth + 1));
        }
        return Collections.unmodifiableMap(m);
      }
      case START_ARRAY: {
        List<Object> l = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
          l.add(readValue(p, depth + 1));
        }
        return Collections.unmodifiableList(l);
      }
      case VALUE_STRING:
        return p.getText();
      case VALUE_NUMBER_INT:
        return p.getNumberType() == JsonParser.NumberType.BIG_INTEGER ? p.getBigIntegerValue()
            : (Object) p.getLongValue();
      case VALUE_NUMBER_FLOAT:
        return p.getDoubleValue();
      case VALUE_TRUE:
        return Boolean.TRUE;
      case VALUE_FALSE:
        return Boolean.FALSE;
      case VALUE_NULL:
        return JSON_NULL;
      default:
        throw new IllegalArgumentException("unexpected JSON " + t);
    }
  }

  private static final class Parser {
    private final Map<String, AvroSchema> named = new HashMap<>();

    AvroSchema parse(Object json, String space, String where, int depth) {
      if (depth > MAX_DEPTH) {
        throw new IllegalArgumentException(where + ": schema nested deeper than " + MAX_DEPTH);
      }
      if (json instanceof String ref) {
        return find(ref, space, where);
      }
      if (json instanceof List<?> list) {
        List<AvroSchema> b = new ArrayList<>();
        for (Object o : list) {
          b.add(parse(o, space, where, depth + 1));
        }
        try {
          return union(b);
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException(where + ": " + e.getMessage());
        }
      }
      if (!(json instanceof Map<?, ?>)) {
        throw new IllegalArgumentException(where + ": a schema must be a type name, an object "
            + "or a union array, not " + json);
      }
      @SuppressWarnings("unchecked")
      Map<String, Object> m = (Map<String, Object>) json;
      Object typeValue = m.get("type");
      if (!(typeValue instanceof String type)) {
        throw new IllegalArgumentException(where + ": no \"type\" (or not a string) in " + m);
      }
      switch (type) {
        case "record":
        case "error":
          return record(m, space, where, depth);
        case "enum":
          return enumeration(m, space, where);
        case "fixed":
          return fixed(m, space, where);
        case "array": {
          if (!m.containsKey("items")) {
            throw new IllegalArgumentException(where + ": an array has no \"items\"");
          }
          AvroSchema s = AvroSchema.array(parse(m.get("items"), space, where + "[]", depth + 1));
          return withProps(s, m, SCHEMA_RESERVED);
        }
        case "map": {
          if (!m.containsKey("values")) {
            throw new IllegalArgumentException(where + ": a map has no \"values\"");
          }
          AvroSchema s = AvroSchema.map(parse(m.get("values"), space, where + "{}", depth + 1));
          return withProps(s, m, SCHEMA_RESERVED);
        }
        default:
          for (Kind k : Kind.values()) {
            if (k.isPrimitive() && k.typeName.equals(type)) {
              return withProps(of(k), m, SCHEMA_RESERVED);
            }
          }
          throw new IllegalArgumentException(where + ": unknown type '" + type + "'");
      }
    }

    private AvroSchema find(String ref, String space, String where) {
      for (Kind k : Kind.values()) {
        if (k.isPrimitive() && k.typeName.equals(ref)) {
          return of(k);
        }
      }
      AvroSchema s = null;
      if (ref.indexOf('.') < 0 && space != null) {
        s = named.get(space + "." + ref);
      }
      if (s == null) {
        s = named.get(ref);
      }
      if (s == null) {
        throw new IllegalArgumentException(where + ": unknown type '" + ref + "'");
      }
      return s;
    }

    private String[] name(Map<String, Object> m, String space, String where) {
      Object n = m.get("name");
      if (!(n instanceof String)) {
        throw new IllegalArgumentException(where + ": a " + m.get("type") + " needs a name");
      }
      Object ns = m.get("namespace");
      String explicit = ns instanceof String s ? s : null;
      try {
        return splitName((String) n, explicit != null ? explicit : space);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(where + ": " + e.getMessage());
      }
    }

    private void define(AvroSchema s, String where) {
      if (named.putIfAbsent(s.fullName(), s) != null) {
        throw new IllegalArgumentException(where + ": " + s.fullName() + " is defined twice");
      }
    }

    private AvroSchema record(Map<String, Object> m, String space, String where, int depth) {
      String[] n = name(m, space, where);
      String full = n[0] == null ? n[1] : n[0] + "." + n[1];
      Object fieldList = m.get("fields");
      if (!(fieldList instanceof List<?> list)) {
        throw new IllegalArgumentException(where + ": record " + full + " has no fields array");
      }
      AvroSchema s = new AvroSchema(Kind.RECORD, n[1], n[0], text(m, "doc"), aliases(m, n[0]),
          List.of(), List.of(), null, 0, null, null, List.of(), Map.of());
      s = withProps(s, m, SCHEMA_RESERVED);
      define(s, where);
      List<Field> fields = new ArrayList<>();
      for (Object f : list) {
        if (!(f instanceof Map<?, ?>)) {
          throw new IllegalArgumentException(where + ": record " + full
              + " has a field that is not an object");
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> fm = (Map<String, Object>) f;
        Object fname = fm.get("name");
        if (!(fname instanceof String fn)) {
          throw new IllegalArgumentException(where + ": record " + full + " has a field with "
              + "no name");
        }
        String fwhere = "record " + full + " field '" + fn + "'";
        if (!fm.containsKey("type")) {
          throw new IllegalArgumentException(fwhere + ": no type");
        }
        AvroSchema ft = parse(fm.get("type"), n[0], fwhere, depth + 1);
        Object dflt = fm.get("default");
        if (dflt instanceof String text
            && (ft.kind == Kind.FLOAT || ft.kind == Kind.DOUBLE)) {
          try {
            dflt = Double.parseDouble(text);
          } catch (NumberFormatException e) {
            throw new IllegalArgumentException(fwhere + ": default '" + text
                + "' is not a number");
          }
        }
        String order = null;
        Object o = fm.get("order");
        if (o != null) {
          String os = String.valueOf(o).toLowerCase(Locale.ROOT);
          if (!os.equals("ascending") && !os.equals("descending") && !os.equals("ignore")) {
            throw new IllegalArgumentException(fwhere + ": order must be ascending, "
                + "descending or ignore, not " + o);
          }
          order = os.equals("ascending") ? null : os;
        }
        List<String> faliases = new ArrayList<>();
        if (fm.get("aliases") instanceof List<?> al) {
          for (Object a : al) {
            faliases.add(String.valueOf(a));
          }
        }
        Map<String, Object> fprops = new LinkedHashMap<>();
        fm.forEach((k, v) -> {
          if (!FIELD_RESERVED.contains(k)) {
            fprops.put(k, v);
          }
        });
        try {
          fields.add(new Field(fn, ft, text(fm, "doc"), dflt, order, List.copyOf(faliases),
              Collections.unmodifiableMap(fprops)));
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException(fwhere + ": " + e.getMessage());
        }
      }
      s.fields = List.copyOf(fields);
      try {
        checkFields(s);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(where + ": " + e.getMessage());
      }
      return s;
    }

    private AvroSchema enumeration(Map<String, Object> m, String space, String where) {
      String[] n = name(m, space, where);
      if (!(m.get("symbols") instanceof List<?> list)) {
        throw new IllegalArgumentException(where + ": enum " + n[1] + " has no symbols array");
      }
      List<String> symbols = new ArrayList<>();
      for (Object o : list) {
        symbols.add(String.valueOf(o));
      }
      try {
        checkSymbols(n[1], symbols);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(where + ": " + e.getMessage());
      }
      String dflt = text(m, "default");
      AvroSchema s = new AvroSchema(Kind.ENUM, n[1], n[0], text(m, "doc"), aliases(m, n[0]),
          List.of(), List.copyOf(symbols), dflt, 0, null, null, List.of(), Map.of());
      s = withProps(s, m, ENUM_RESERVED);
      define(s, where);
      return s;
    }

    private AvroSchema fixed(Map<String, Object> m, String space, String where) {
      String[] n = name(m, space, where);
      Object size = m.get("size");
      if (!(size instanceof Long l) || l < 0 || l > Integer.MAX_VALUE) {
        throw new IllegalArgumentException(where + ": fixed " + n[1] + " needs a size from 0 "
            + "to 2^31-1, not " + size);
      }
      AvroSchema s = new AvroSchema(Kind.FIXED, n[1], n[0], text(m, "doc"), aliases(m, n[0]),
          List.of(), List.of(), null, (int) (long) l, null, null, List.of(), Map.of());
      s = withProps(s, m, SCHEMA_RESERVED);
      define(s, where);
      return s;
    }

    private static String text(Map<String, Object> m, String key) {
      return m.get(key) instanceof String s ? s : null;
    }

    private static List<String> aliases(Map<String, Object> m, String space) {
      if (!(m.get("aliases") instanceof List<?> list)) {
        return List.of();
      }
      List<String> out = new ArrayList<>();
      for (Object a : list) {
        String[] n = splitName(String.valueOf(a), space);
        out.add(n[0] == null ? n[1] : n[0] + "." + n[1]);
      }
      return List.copyOf(out);
    }

    private static AvroSchema withProps(AvroSchema s, Map<String, Object> m,
        Set<String> reserved) {
      Map<String, Object> p = new LinkedHashMap<>();
      m.forEach((k, v) -> {
        if (!reserved.contains(k)) {
          p.put(k, v);
        }
      });
      if (p.isEmpty()) {
        return s;
      }
      return new AvroSchema(s.kind, s.name, s.namespace, s.doc, s.aliases, s.fields, s.symbols,
          s.enumDefault, s.size, s.items, s.values, s.branches, Collections.unmodifiableMap(p));
    }
  }

  // ---- printing ----

  /** The compact JSON Avro's {@code Schema.toString()} prints. */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder();
    write(sb, new HashSet<>(), null);
    return sb.toString();
  }

  private void write(StringBuilder sb, Set<String> known, String space) {
    switch (kind) {
      case RECORD:
      case ENUM:
      case FIXED: {
        if (!known.add(fullName())) {
          quote(sb, qualified(space));
          return;
        }
        sb.append("{\"type\":\"").append(kind.typeName).append("\",\"name\":");
        quote(sb, name);
        if (namespace != null) {
          if (!namespace.equals(space)) {
            sb.append(",\"namespace\":");
            quote(sb, namespace);
          }
        } else if (space != null) {
          sb.append(",\"namespace\":\"\"");
        }
        if (doc != null) {
          sb.append(",\"doc\":");
          quote(sb, doc);
        }
        if (kind == Kind.RECORD) {
          sb.append(",\"fields\":[");
          for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
              sb.append(',');
            }
            writeField(sb, fields.get(i), known);
          }
          sb.append(']');
        } else if (kind == Kind.ENUM) {
          sb.append(",\"symbols\":[");
          for (int i = 0; i < symbols.size(); i++) {
            if (i > 0) {
              sb.append(',');
            }
            quote(sb, symbols.get(i));
          }
          sb.append(']');
          if (enumDefault != null) {
            sb.append(",\"default\":");
            quote(sb, enumDefault);
          }
        } else {
          sb.append(",\"size\":").append(size);
        }
        writeProps(sb, props);
        if (!aliases.isEmpty()) {
          sb.append(",\"aliases\":[");
          for (int i = 0; i < aliases.size(); i++) {
            if (i > 0) {
              sb.append(',');
            }
            String a = aliases.get(i);
            int dot = a.lastIndexOf('.');
            String aspace = dot < 0 ? null : a.substring(0, dot);
            quote(sb, aspace != null && aspace.equals(namespace)
                && !isTypeName(a.substring(dot + 1)) ? a.substring(dot + 1) : a);
          }
          sb.append(']');
        }
        sb.append('}');
        return;
      }
      case ARRAY:
        sb.append("{\"type\":\"array\",\"items\":");
        items.write(sb, known, space);
        writeProps(sb, props);
        sb.append('}');
        return;
      case MAP:
        sb.append("{\"type\":\"map\",\"values\":");
        values.write(sb, known, space);
        writeProps(sb, props);
        sb.append('}');
        return;
      case UNION:
        sb.append('[');
        for (int i = 0; i < branches.size(); i++) {
          if (i > 0) {
            sb.append(',');
          }
          branches.get(i).write(sb, known, space);
        }
        sb.append(']');
        return;
      default:
        if (props.isEmpty()) {
          quote(sb, kind.typeName);
        } else {
          sb.append("{\"type\":");
          quote(sb, kind.typeName);
          writeProps(sb, props);
          sb.append('}');
        }
    }
  }

  private void writeField(StringBuilder sb, Field f, Set<String> known) {
    sb.append("{\"name\":");
    quote(sb, f.name);
    sb.append(",\"type\":");
    f.schema.write(sb, known, namespace);
    if (f.doc != null) {
      sb.append(",\"doc\":");
      quote(sb, f.doc);
    }
    if (f.defaultValue != null) {
      sb.append(",\"default\":");
      writeJson(sb, f.defaultValue);
    }
    if (f.order != null) {
      sb.append(",\"order\":");
      quote(sb, f.order);
    }
    if (!f.aliases.isEmpty()) {
      sb.append(",\"aliases\":[");
      for (int i = 0; i < f.aliases.size(); i++) {
        if (i > 0) {
          sb.append(',');
        }
        quote(sb, f.aliases.get(i));
      }
      sb.append(']');
    }
    writeProps(sb, f.props);
    sb.append('}');
  }

  /** The name a reference to this named type is printed with, as Avro's getQualified. */
  private String qualified(String space) {
    if (namespace != null && namespace.equals(space) && !isTypeName(name)) {
      return name;
    }
    return fullName();
  }

  private static boolean isTypeName(String n) {
    for (Kind k : Kind.values()) {
      if (k.typeName.equals(n)) {
        return true;
      }
    }
    return false;
  }

  private static void writeProps(StringBuilder sb, Map<String, Object> props) {
    props.forEach((k, v) -> {
      sb.append(',');
      quote(sb, k);
      sb.append(':');
      writeJson(sb, v);
    });
  }

  /** A JSON value as Jackson's generator prints it. */
  static void writeJson(StringBuilder sb, Object v) {
    if (v == JSON_NULL || v == null) {
      sb.append("null");
    } else if (v instanceof String s) {
      quote(sb, s);
    } else if (v instanceof Double d) {
      if (d.isNaN() || d.isInfinite()) {
        quote(sb, d.toString());
      } else {
        sb.append(d);
      }
    } else if (v instanceof Number || v instanceof Boolean) {
      sb.append(v);
    } else if (v instanceof List<?> l) {
      sb.append('[');
      for (int i = 0; i < l.size(); i++) {
        if (i > 0) {
          sb.append(',');
        }
        writeJson(sb, l.get(i));
      }
      sb.append(']');
    } else if (v instanceof Map<?, ?> m) {
      sb.append('{');
      boolean first = true;
      for (Map.Entry<?, ?> e : m.entrySet()) {
        if (!first) {
          sb.append(',');
        }
        first = false;
        quote(sb, String.valueOf(e.getKey()));
        sb.append(':');
        writeJson(sb, e.getValue());
      }
      sb.append('}');
    } else {
      throw new IllegalArgumentException("not a JSON value: " + v.getClass().getName());
    }
  }

  /** A JSON string with Jackson's escapes (short forms, {@code \\u00XX} for other controls). */
  static void quote(StringBuilder sb, String s) {
    sb.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        case '\t' -> sb.append("\\t");
        case '\b' -> sb.append("\\b");
        case '\f' -> sb.append("\\f");
        default -> {
          if (c < 0x20) {
            sb.append(String.format("\\u%04X", (int) c));
          } else {
            sb.append(c);
          }
        }
      }
    }
    sb.append('"');
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof AvroSchema other && other.toString().equals(toString());
  }

  @Override
  public int hashCode() {
    return toString().hashCode();
  }
}
