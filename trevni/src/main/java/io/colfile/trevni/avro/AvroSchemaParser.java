package io.colfile.trevni.avro;

import io.colfile.trevni.avro.AvroSchema.Field;
import io.colfile.trevni.avro.AvroSchema.Kind;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads Avro schema JSON as Avro 1.12's {@code Schema.Parser} does, including where that
 * shows in what is accepted:
 *
 * <ul>
 *   <li>A name is looked up when met: a simple name in the current namespace, then without one.
 *       A name not yet defined is a forward reference, resolved once the whole schema is read,
 *       by the full name it had where it was met (so, from inside a namespace, a later type
 *       without a namespace cannot be referred to by its simple name).
 *   <li>An enum or fixed is defined where it starts, a record after its fields, so inside a
 *       record its own name is a forward reference. A name defined again is accepted if the
 *       second definition equals the first, which is then used.
 *   <li>An object whose type is not a keyword refers to that type; its other keys are ignored.
 *       For primitives, arrays and maps {@code doc}, {@code name}, {@code aliases} and the like
 *       are not properties and are dropped, as Avro drops them.
 *   <li>Field defaults are checked when read (a forward reference counts as a record without
 *       fields), and again when references are resolved ({@link AvroSchemaResolver}).
 * </ul>
 */
final class AvroSchemaParser {
  private final Map<String, AvroSchema> defined = new HashMap<>();
  private final List<AvroSchema> registered = new ArrayList<>();
  private boolean forwardReferences;

  private AvroSchemaParser() {}

  /**
   * Parses without running out of stack ({@link DeepStack}): reading the JSON does not recurse,
   * building the schema recurses as deep as the JSON nests, and resolving forward references
   * as deep as the chains of types they form, which the JSON's depth does not bound.
   */
  static AvroSchema parse(String json) {
    AvroJson.Parsed parsed = AvroJson.readWithDepth(json);
    return DeepStack.run(parsed.depth(), () -> {
      AvroSchemaParser parser = new AvroSchemaParser();
      AvroSchema root = parser.schema(parsed.value(), null, "schema");
      return DeepStack.run(parser.forwardReferences ? Integer.MAX_VALUE : parsed.depth(), () -> {
        AvroSchema resolved = AvroSchemaResolver.resolve(root, parser.registered,
            parser.defined);
        AvroDepths.settle(resolved);
        return resolved;
      });
    });
  }

  private AvroSchema schema(Object json, String space, String where) {
    if (json instanceof String name) {
      return find(name, space, where);
    }
    if (json instanceof List<?> list) {
      List<AvroSchema> branches = new ArrayList<>();
      for (Object b : list) {
        branches.add(schema(b, space, where));
      }
      try {
        return AvroSchema.parsedUnion(branches);
      } catch (IllegalArgumentException e) {
        throw error(where, e.getMessage());
      }
    }
    if (!(json instanceof Map<?, ?>)) {
      throw error(where, "a schema is a type name, an object or an array (a union), not "
          + AvroJson.toString(json));
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> m = (Map<String, Object>) json;
    if (!(m.get("type") instanceof String type)) {
      throw error(where, "a schema object needs a \"type\" string: " + AvroJson.toString(m));
    }
    switch (type) {
      case "record":
      case "error":
        return record(m, space, where);
      case "enum":
        return enumeration(m, space, where);
      case "fixed":
        return fixed(m, space, where);
      case "array":
      case "map": {
        String key = type.equals("array") ? "items" : "values";
        if (!m.containsKey(key)) {
          throw error(where, "a" + (type.equals("array") ? "n " : " ") + type + " needs \""
              + key + "\"");
        }
        AvroSchema inner = schema(m.get(key), space, where);
        return (type.equals("array") ? AvroSchema.array(inner) : AvroSchema.map(inner))
            .withProps(copiedProps(m, where));
      }
      default:
        for (Kind k : Kind.values()) {
          if (k.isPrimitive() && k.typeName.equals(type)) {
            return AvroSchema.primitive(k).withProps(props(m, AvroSchema.RESERVED));
          }
        }
        return find(type, space, where);
    }
  }

  /** A primitive, a named type defined so far, or a forward reference. */
  private AvroSchema find(String name, String space, String where) {
    if (AvroNames.PRIMITIVES.contains(name)) {
      return AvroSchema.primitive(Kind.valueOf(name.toUpperCase(Locale.ROOT)));
    }
    String full = space != null && name.indexOf('.') < 0 ? space + "." + name : name;
    AvroSchema s = defined.get(full);
    if (s == null) {
      s = defined.get(name);
    }
    if (s != null) {
      return s;
    }
    forwardReferences = true;
    return AvroSchema.reference(full, where);
  }

  private AvroSchema define(AvroSchema s, String where) {
    AvroSchema first = defined.putIfAbsent(s.fullName(), s);
    if (first == null) {
      registered.add(s);
      return s;
    }
    if (!first.equals(s)) {
      throw error(where, s.fullName() + " is defined twice, differently");
    }
    return first;
  }

  private AvroSchema record(Map<String, Object> m, String space, String where) {
    String[] name = name(m, space, where);
    String full = AvroNames.full(name[0], name[1]);
    if (!(m.get("fields") instanceof List<?> list)) {
      throw error(where, "record " + full + " needs a \"fields\" array");
    }
    AvroSchema s = AvroSchema.parsedRecord(name, text(m, "doc"), aliases(m, name[0], where),
        "error".equals(m.get("type")), copiedProps(m, where));
    List<Field> fields = new ArrayList<>();
    for (Object f : list) {
      fields.add(field(f, name[0], full, where));
    }
    try {
      s.setFields(List.copyOf(fields));
    } catch (IllegalArgumentException e) {
      throw error(where, e.getMessage());
    }
    return define(s, where);
  }

  private Field field(Object json, String space, String record, String where) {
    if (!(json instanceof Map<?, ?> any) || !(any.get("name") instanceof String name)) {
      throw error(where, "record " + record + " has a field without a name: "
          + AvroJson.toString(json));
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> m = (Map<String, Object>) json;
    String fieldWhere = "record " + record + " field '" + name + "'";
    if (!m.containsKey("type")) {
      throw error(fieldWhere, "no \"type\"");
    }
    AvroSchema schema = schema(m.get("type"), space, fieldWhere);
    Object dflt = m.get("default");
    if (dflt instanceof String text
        && (schema.kind() == Kind.FLOAT || schema.kind() == Kind.DOUBLE)) {
      try {
        dflt = Double.parseDouble(text); // as Avro reads such defaults
      } catch (NumberFormatException e) {
        throw error(fieldWhere, "the default '" + text + "' is not a number");
      }
    }
    if (dflt != null && !AvroDefaults.isValid(schema, dflt, r -> false)) {
      throw invalidDefault(fieldWhere, schema, dflt);
    }
    String order = null;
    if (m.containsKey("order")) {
      // Avro takes the upper case of the name of one of its Order constants
      String o = m.get("order") instanceof String text ? text.toUpperCase(Locale.ENGLISH) : "";
      if (!o.equals("ASCENDING") && !o.equals("DESCENDING") && !o.equals("IGNORE")) {
        throw error(fieldWhere, "the order is ascending, descending or ignore, not "
            + AvroJson.toString(m.get("order")));
      }
      order = o.equals("ASCENDING") ? null : o.toLowerCase(Locale.ENGLISH);
    }
    Set<String> aliases = new LinkedHashSet<>(strings(m, "aliases", fieldWhere));
    Map<String, Object> props = props(m, AvroSchema.FIELD_RESERVED);
    try {
      return Field.parsed(name, schema, text(m, "doc"), dflt, order, aliases, props);
    } catch (IllegalArgumentException e) {
      throw error(fieldWhere, e.getMessage());
    }
  }

  private AvroSchema enumeration(Map<String, Object> m, String space, String where) {
    String[] name = name(m, space, where);
    if (!(m.get("symbols") instanceof List<?>)) {
      throw error(where, "enum " + name[1] + " needs a \"symbols\" array");
    }
    List<String> symbols = strings(m, "symbols", where + ": enum " + name[1]);
    List<String> aliases = aliases(m, name[0], where);
    AvroSchema s;
    try {
      // a default that is not a string is ignored, as Avro ignores it
      s = AvroSchema.parsedEnum(name, text(m, "doc"), aliases, symbols, text(m, "default"),
          props(m, AvroSchema.ENUM_RESERVED));
    } catch (IllegalArgumentException e) {
      throw error(where, e.getMessage());
    }
    return define(s, where);
  }

  private AvroSchema fixed(Map<String, Object> m, String space, String where) {
    String[] name = name(m, space, where);
    if (!(m.get("size") instanceof Long size) || size != size.intValue()) {
      throw error(where, "fixed " + name[1] + " needs an integer \"size\", not "
          + (m.containsKey("size") ? AvroJson.toString(m.get("size")) : "none"));
    }
    List<String> aliases = aliases(m, name[0], where);
    AvroSchema s;
    try {
      s = AvroSchema.parsedFixed(name, text(m, "doc"), aliases, size.intValue(),
          props(m, AvroSchema.RESERVED));
    } catch (IllegalArgumentException e) {
      throw error(where, e.getMessage());
    }
    return define(s, where);
  }

  private static String[] name(Map<String, Object> m, String space, String where) {
    if (!(m.get("name") instanceof String name)) {
      throw error(where, "a " + m.get("type") + " needs a \"name\" string");
    }
    try {
      return AvroNames.split(name, m.get("namespace") instanceof String ns ? ns : space);
    } catch (IllegalArgumentException e) {
      throw error(where, e.getMessage());
    }
  }

  /** A named type's aliases as full names: relative to its namespace, only the name checked. */
  private static List<String> aliases(Map<String, Object> m, String space, String where) {
    Set<String> out = new LinkedHashSet<>();
    for (String alias : strings(m, "aliases", where)) {
      int dot = alias.lastIndexOf('.');
      String aliasSpace = dot < 0 ? space : alias.substring(0, dot);
      String name = alias.substring(dot + 1);
      try {
        AvroNames.check(name, "alias");
      } catch (IllegalArgumentException e) {
        throw error(where, e.getMessage());
      }
      out.add(AvroNames.full(aliasSpace == null || aliasSpace.isEmpty() ? null : aliasSpace,
          name));
    }
    return List.copyOf(out);
  }

  /** The strings of an array under {@code key} (none if absent). */
  private static List<String> strings(Map<String, Object> m, String key, String where) {
    Object v = m.get(key);
    if (v == null) {
      return List.of();
    }
    if (!(v instanceof List<?> list)) {
      throw error(where, "\"" + key + "\" must be an array, not " + AvroJson.toString(v));
    }
    List<String> out = new ArrayList<>();
    for (Object e : list) {
      if (!(e instanceof String s)) {
        throw error(where, "\"" + key + "\" must hold strings, not " + AvroJson.toString(e));
      }
      out.add(s);
    }
    return out;
  }

  private static String text(Map<String, Object> m, String key) {
    return m.get(key) instanceof String s ? s : null;
  }

  /**
   * The properties of a record, array or map. Avro copies these when it resolves references,
   * by way of Java objects that have no form for integers beyond 64 bits, and fails on them.
   */
  private static Map<String, Object> copiedProps(Map<String, Object> m, String where) {
    Map<String, Object> props = props(m, AvroSchema.RESERVED);
    props.forEach((k, v) -> {
      if (holdsBigInteger(v)) {
        throw error(where, "property '" + k + "' holds an integer beyond 64 bits, which Avro "
            + "1.12 cannot copy for a " + m.get("type"));
      }
    });
    return props;
  }

  private static boolean holdsBigInteger(Object v) {
    if (v instanceof List<?> l) {
      return l.stream().anyMatch(AvroSchemaParser::holdsBigInteger);
    }
    if (v instanceof Map<?, ?> m) {
      return m.values().stream().anyMatch(AvroSchemaParser::holdsBigInteger);
    }
    return v instanceof BigInteger;
  }

  private static Map<String, Object> props(Map<String, Object> m, Set<String> reserved) {
    Map<String, Object> out = new LinkedHashMap<>();
    m.forEach((k, v) -> {
      if (!reserved.contains(k)) {
        out.put(k, v);
      }
    });
    return out.isEmpty() ? Map.of() : Collections.unmodifiableMap(out);
  }

  static IllegalArgumentException invalidDefault(String where, AvroSchema schema,
      Object value) {
    return error(where, "the default " + AvroJson.toString(value) + " is not a valid "
        + (schema.kind().isNamed() ? schema.fullName() : schema.toString()));
  }

  static IllegalArgumentException error(String where, String message) {
    return new IllegalArgumentException(where + ": " + message);
  }
}
