package io.colfile.trevni.avro;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Random Avro schema JSON that Avro 1.12 accepts, for differential tests: every kind, names with
 * and without namespaces (inherited, explicit, dotted, empty), references by simple and full
 * name, forward and recursive references, docs and strings with escapes and non-ASCII text,
 * aliases, properties of every JSON kind, logical types valid and not, field defaults of every
 * kind (numbers in unusual forms, float defaults as strings), orders; written with random
 * whitespace, comments, escapes and key order. {@link #mutate} breaks a tree in one place, for
 * schemas Avro may or may not accept.
 */
final class RandomAvroSchemas {
  /** A number written as given. */
  record Raw(String text) {}

  /** JSON null in trees. */
  static final Object NULL = new Object();

  private static final String[] SIMPLE = {"A", "B", "Rec", "_u", "x1", "Ä", "ñame", "record",
      "map", "array", "Item", "int", "string", "error"};
  private static final String[] SPACES = {"a", "a.b", "org.example", "Ü.x", "n0"};
  private static final String[] PRIMITIVES = {"null", "boolean", "int", "long", "float",
      "double", "bytes", "string"};
  private static final String[] LOGICAL = {"date", "time-millis", "timestamp-millis",
      "timestamp-micros", "timestamp-nanos", "local-timestamp-millis", "local-timestamp-nanos",
      "decimal", "uuid", "varchar", "char", "duration", "big-decimal", "unknown-type"};
  private static final String BIG = "12345678901234567890123";
  private static final String[] NUMBERS = {"0", "-0", "1", "-1", "2147483647", "-2147483648",
      "2147483648", "9223372036854775807", "-9223372036854775808", BIG,
      "0.1", "-0.0", "1E2", "1e-7", "1.5E-7", "3.4028235E38", "1e400", "1.0e-400",
      "0.30000000000000004"};
  private static final char[] CHARS = {'a', 'Z', '0', ' ', '"', '\\', '/', '\n', '\t', '\r',
      '\b', '\f', '\u0000', '\u0001', '\u001f', '\u007f', 'é', '€', '\u2028', '\ud83d', '\ude00'};

  private static final Set<String> KEYWORDS =
      Set.of("record", "error", "enum", "fixed", "array", "map");

  private final Random r;
  private final Map<String, Supplier<Object>> defined = new HashMap<>();
  private final Set<String> definedNames = new HashSet<>();
  private final Set<String> open = new HashSet<>();
  private final Set<String> touchy = new HashSet<>();
  private int counter;

  /**
   * A generated schema: its JSON tree, its union key, valid defaults (null if none), and
   * whether checking a default against it looks into a record still being defined (Avro fails
   * then, so no union holding it gets a default).
   */
  private record G(Object json, String key, Supplier<Object> value, boolean touchy) {
    G(Object json, String key, Supplier<Object> value) {
      this(json, key, value, false);
    }
  }

  /** A named type's name: its JSON keys, namespace and full name. */
  private record Name(Map<String, Object> keys, String space, String full) {}

  RandomAvroSchemas(Random r) {
    this.r = r;
  }

  /** A new random schema's JSON tree. */
  Object next() {
    defined.clear();
    definedNames.clear();
    open.clear();
    touchy.clear();
    return (r.nextInt(3) > 0 ? record(0, null) : gen(0, null, null)).json;
  }

  /**
   * A schema at {@code depth} inside namespace {@code space}; in a union {@code taken} holds
   * the keys of the branches so far (null elsewhere).
   */
  private G gen(int depth, String space, Set<String> taken) {
    while (true) {
      int k = r.nextInt(depth > 3 ? 3 : 11);
      G g = switch (k) {
        case 0, 1 -> primitive(taken);
        case 2 -> reference(space, taken);
        case 3 -> taken(taken, "array") ? null : array(depth, space);
        case 4 -> taken(taken, "map") ? null : map(depth, space);
        case 5, 6 -> taken != null || depth > 2 ? null : union(depth, space);
        case 7 -> record(depth, space);
        case 8 -> enumeration(space);
        case 9 -> fixed(space);
        default -> recursive(space, taken);
      };
      if (g != null) {
        return g;
      }
    }
  }

  private static boolean taken(Set<String> taken, String key) {
    return taken != null && taken.contains(key);
  }

  private G primitive(Set<String> taken) {
    String p = PRIMITIVES[r.nextInt(PRIMITIVES.length)];
    if (taken(taken, p)) {
      return null;
    }
    Supplier<Object> value = () -> value(p);
    int form = r.nextInt(5);
    if (form < 3) {
      return new G(p, p, value);
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("type", p);
    if (form == 4) {
      if (r.nextBoolean()) {
        m.put("logicalType", LOGICAL[r.nextInt(LOGICAL.length)]);
        if (r.nextBoolean()) {
          m.put("precision", number(r.nextInt(3) == 0 ? pick(NUMBERS) : "" + r.nextInt(40)));
          m.put("scale", number("" + r.nextInt(5)));
        }
        if (r.nextInt(4) == 0) {
          m.put("maxLength", number(r.nextInt(4) == 0 ? pick(NUMBERS) : "" + r.nextInt(300)));
        }
      }
      props(m, "doc", "name", "aliases");
    }
    return new G(shuffled(m), p, value);
  }

  private Object value(String primitive) {
    return switch (primitive) {
      case "null" -> NULL;
      case "boolean" -> r.nextBoolean();
      case "int" -> r.nextBoolean() ? number("" + r.nextInt())
          : number(pick("0", "-0", "1", "-1", "2147483647", "-2147483648"));
      case "long" -> r.nextBoolean() ? number("" + r.nextLong()) : number(pick(NUMBERS[8],
          NUMBERS[7], "-0", "2147483648"));
      case "float", "double" -> number(pick(NUMBERS));
      default -> string();
    };
  }

  /** A reference to a type defined before, in a form that finds it from {@code space}. */
  private G reference(String space, Set<String> taken) {
    List<String> names = new ArrayList<>(definedNames);
    Collections.sort(names);
    if (names.isEmpty()) {
      return null;
    }
    String full = names.get(r.nextInt(names.size()));
    String ref = r.nextBoolean() ? full : full.substring(full.lastIndexOf('.') + 1);
    if (taken(taken, full) || !full.equals(lookup(ref, space))) {
      return null;
    }
    return new G(refJson(ref), full, defined.get(full), touchy.contains(full));
  }

  /** The full name Avro's parser finds for {@code ref} from {@code space}, or null. */
  private String lookup(String ref, String space) {
    if (List.of(PRIMITIVES).contains(ref)) {
      return null;
    }
    String full = space != null && ref.indexOf('.') < 0 ? space + "." + ref : ref;
    return definedNames.contains(full) ? full : definedNames.contains(ref) ? ref : null;
  }

  /**
   * A reference that the parser can only resolve later: to {@code full} (not yet defined), in
   * a form that yields that full name from {@code space} and finds nothing else now.
   */
  private String forwardRef(String full, String space) {
    String simple = full.substring(full.lastIndexOf('.') + 1);
    boolean simpleWorks = (space == null ? simple : space + "." + simple).equals(full)
        && !List.of(PRIMITIVES).contains(simple) && !definedNames.contains(simple);
    return simpleWorks && r.nextBoolean() ? simple
        : full.indexOf('.') >= 0 || space == null ? full : null;
  }

  private Object refJson(String ref) {
    if (KEYWORDS.contains(ref)) {
      return ref; // as an object's type, a keyword is not a reference
    }
    return switch (r.nextInt(4)) {
      case 0 -> Map.of("type", ref);
      case 1 -> new LinkedHashMap<>(Map.of("type", ref, "ignored", 1L));
      default -> ref;
    };
  }

  /** A reference to a record being defined, inside a union with null, an array or a map. */
  private G recursive(String space, Set<String> taken) {
    List<String> names = new ArrayList<>(open);
    Collections.sort(names);
    if (names.isEmpty()) {
      return null;
    }
    String ref = forwardRef(names.get(r.nextInt(names.size())), space);
    int form = r.nextInt(3);
    if (ref == null || form == 0 && taken != null
        || taken(taken, form == 1 ? "array" : "map")) {
      return null;
    }
    return switch (form) {
      case 0 -> new G(List.of("null", refJson(ref)), "union", () -> NULL, true);
      case 1 -> new G(Map.of("type", "array", "items", ref), "array", List::of, true);
      default -> new G(Map.of("type", "map", "values", ref), "map", Map::of, true);
    };
  }

  private G array(int depth, String space) {
    G items = gen(depth + 1, space, null);
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("type", "array");
    m.put("items", items.json);
    copiedProps(m, "doc", "name");
    return new G(shuffled(m), "array", () -> {
      List<Object> l = new ArrayList<>();
      for (int n = items.value == null ? 0 : r.nextInt(3); n > 0; n--) {
        l.add(items.value.get());
      }
      return l;
    }, items.touchy);
  }

  private G map(int depth, String space) {
    G values = gen(depth + 1, space, null);
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("type", "map");
    m.put("values", values.json);
    copiedProps(m, "doc");
    return new G(shuffled(m), "map", () -> {
      Map<String, Object> out = new LinkedHashMap<>();
      for (int n = values.value == null ? 0 : r.nextInt(3); n > 0; n--) {
        out.put(string(), values.value.get());
      }
      return out;
    }, values.touchy);
  }

  private G union(int depth, String space) {
    Set<String> keys = new HashSet<>();
    List<Object> json = new ArrayList<>();
    List<Supplier<Object>> values = new ArrayList<>();
    boolean touchy = false;
    for (int n = r.nextInt(5); n > 0; n--) {
      G b = gen(depth + 1, space, keys);
      keys.add(b.key);
      json.add(b.json);
      touchy |= b.touchy;
      if (b.value != null) {
        values.add(b.value);
      }
    }
    return new G(json, "union", values.isEmpty() || touchy ? null
        : () -> values.get(r.nextInt(values.size())).get());
  }

  private Name name(String kind, String space) {
    while (true) {
      String simple = pick(SIMPLE) + (r.nextInt(3) > 0 ? "_" + counter++ : "");
      Map<String, Object> keys = new LinkedHashMap<>();
      keys.put("type", kind);
      String ns;
      switch (r.nextInt(9)) {
        case 0, 1 -> { // an explicit namespace
          ns = pick(SPACES);
          keys.put("name", simple);
          keys.put("namespace", ns);
        }
        case 2 -> { // none, even inside one
          ns = null;
          keys.put("name", r.nextBoolean() ? "." + simple : simple);
          if (space != null || r.nextBoolean()) {
            keys.put("namespace", "");
          }
        }
        case 3, 4 -> { // a dotted name, with a namespace key that it overrides
          ns = pick(SPACES);
          keys.put("name", ns + "." + simple);
          if (r.nextBoolean()) {
            keys.put("namespace", pick("ignored", ""));
          }
        }
        default -> { // inherited
          ns = space;
          keys.put("name", simple);
          if (r.nextInt(4) == 0) {
            keys.put("namespace", space == null ? "" : space);
          }
        }
      }
      String full = ns == null ? simple : ns + "." + simple;
      // without a namespace, neither a primitive's name nor (in unions) an array's or a map's
      if (definedNames.contains(full) || open.contains(full) || ns == null
          && (List.of(PRIMITIVES).contains(simple) || simple.equals("map")
              || simple.equals("array"))) {
        continue;
      }
      if (r.nextInt(4) == 0) {
        keys.put("doc", string());
      }
      if (r.nextInt(5) == 0) {
        List<Object> aliases = new ArrayList<>();
        for (int n = r.nextInt(4); n > 0; n--) {
          aliases.add(pick("x", "y.z", ".top", pick(SIMPLE), ns == null ? "q" : ns + ".q"));
        }
        keys.put("aliases", aliases);
      }
      return new Name(keys, ns, full);
    }
  }

  private G record(int depth, String space) {
    Name n = name(r.nextInt(8) == 0 ? "error" : "record", space);
    Map<String, Object> m = n.keys;
    open.add(n.full);
    List<Object> fields = new ArrayList<>();
    List<String> names = new ArrayList<>();
    List<Supplier<Object>> values = new ArrayList<>();
    List<Boolean> hasDefault = new ArrayList<>();
    boolean forward = false;
    boolean isTouchy = false;
    for (int count = depth > 3 ? r.nextInt(2) : r.nextInt(5), i = 0; i < count; i++) {
      if (r.nextInt(8) == 0 && i + 1 < count) {
        // a reference to a type the next field defines
        G def = r.nextBoolean() ? enumeration(n.space) : fixed(n.space);
        String full = def.key;
        definedNames.remove(full);
        String ref = forwardRef(full, n.space);
        definedNames.add(full);
        if (ref != null) {
          fields.add(field(names, new G(refJson(ref), full, null), hasDefault));
          fields.add(field(names, def, hasDefault));
          values.add(null);
          values.add(null);
          forward = true;
          i++;
          continue;
        }
        fields.add(field(names, def, hasDefault));
        values.add(def.value);
        continue;
      }
      G t = gen(depth + 1, n.space, null);
      fields.add(field(names, t, hasDefault));
      values.add(t.value);
      isTouchy |= t.touchy;
    }
    m.put("fields", fields);
    copiedProps(m);
    open.remove(n.full);
    boolean noValue = forward;
    for (int i = 0; i < names.size(); i++) {
      noValue |= values.get(i) == null && !hasDefault.get(i);
    }
    Supplier<Object> value = noValue ? null : () -> {
      Map<String, Object> out = new LinkedHashMap<>();
      for (int i = 0; i < names.size(); i++) {
        if (!hasDefault.get(i) || values.get(i) != null && r.nextBoolean()) {
          out.put(names.get(i), values.get(i).get());
        }
      }
      return out;
    };
    defined.put(n.full, value);
    definedNames.add(n.full);
    if (isTouchy) {
      touchy.add(n.full);
    }
    return new G(shuffled(m), n.full, value, isTouchy);
  }

  private Map<String, Object> field(List<String> names, G type, List<Boolean> hasDefault) {
    String name;
    do {
      name = pick("a", "b", "f", "_x", "é", "value", "type", "F" + counter++);
    } while (names.contains(name));
    names.add(name);
    Map<String, Object> f = new LinkedHashMap<>();
    f.put("name", name);
    f.put("type", type.json);
    boolean dflt = type.value != null && r.nextBoolean();
    hasDefault.add(dflt);
    if (dflt) {
      Object v = type.value.get();
      if (v instanceof Raw && (type.key.equals("float") || type.key.equals("double"))
          && r.nextInt(3) == 0) {
        v = pick("NaN", "Infinity", "-Infinity", " 1.5 ", "0x1p3", "2d", "-0");
      }
      f.put("default", v);
    }
    if (r.nextInt(6) == 0) {
      f.put("doc", string());
    }
    if (r.nextInt(6) == 0) {
      f.put("order", pick("ascending", "descending", "ignore", "DESCENDING", "Ignore"));
    }
    if (r.nextInt(6) == 0) {
      f.put("aliases", List.of(pick("x", "1 not checked", "b"), pick("x", "y")));
    }
    props(f, "logicalType");
    return shuffled(f);
  }

  private G enumeration(String space) {
    Name n = name("enum", space);
    List<Object> symbols = new ArrayList<>();
    for (int count = r.nextInt(5); symbols.size() < count; ) {
      String s = pick("A", "B", "C", "_d", "É", "NULL", "s" + r.nextInt(9));
      if (!symbols.contains(s)) {
        symbols.add(s);
      }
    }
    Map<String, Object> m = n.keys;
    m.put("symbols", symbols);
    if (!symbols.isEmpty() && r.nextInt(3) == 0) {
      m.put("default", symbols.get(r.nextInt(symbols.size())));
    } else if (r.nextInt(10) == 0) {
      m.put("default", number("1")); // not a string: ignored
    }
    props(m);
    return defineLeaf(n, m);
  }

  private G fixed(String space) {
    Name n = name("fixed", space);
    Map<String, Object> m = n.keys;
    int size = r.nextInt(20);
    m.put("size", number("" + size));
    if (r.nextInt(3) == 0) {
      m.put("logicalType", pick("decimal", "duration", "uuid"));
      m.put("precision", number("" + r.nextInt(50)));
    }
    props(m);
    return defineLeaf(n, m);
  }

  private G defineLeaf(Name n, Map<String, Object> m) {
    Supplier<Object> value = this::string;
    defined.put(n.full, value);
    definedNames.add(n.full);
    return new G(shuffled(m), n.full, value);
  }

  /** Adds up to three properties, sometimes with keys that are not properties here. */
  private void props(Map<String, Object> m, String... dropped) {
    props(m, true, dropped);
  }

  /**
   * Properties of a record, array or map: Avro 1.12 copies these through Java objects that
   * have no form for integers beyond 64 bits, and refuses them.
   */
  private void copiedProps(Map<String, Object> m, String... dropped) {
    props(m, false, dropped);
  }

  private void props(Map<String, Object> m, boolean big, String... dropped) {
    for (int n = r.nextInt(8) == 0 ? 1 + r.nextInt(3) : 0; n > 0; n--) {
      String key = r.nextInt(4) == 0 && dropped.length > 0 ? pick(dropped)
          : pick("x", "foo", "java-class", "avro.java.string", "ü", "a\"b", "p" + r.nextInt(3));
      m.put(key, json(2, big));
    }
  }

  private Object json(int depth, boolean big) {
    switch (r.nextInt(depth > 0 ? 7 : 5)) {
      case 0:
        return string();
      case 1: {
        String n = pick(NUMBERS);
        return number(big || !n.equals(BIG) ? n : "0");
      }
      case 2:
        return r.nextBoolean();
      case 3:
        return NULL;
      case 4:
        return number("" + r.nextInt(100));
      case 5: {
        List<Object> l = new ArrayList<>();
        for (int n = r.nextInt(3); n > 0; n--) {
          l.add(json(depth - 1, big));
        }
        return l;
      }
      default: {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int n = r.nextInt(3); n > 0; n--) {
          m.put(string(), json(depth - 1, big));
        }
        return m;
      }
    }
  }

  private String string() {
    StringBuilder sb = new StringBuilder();
    for (int n = r.nextInt(6); n > 0; n--) {
      sb.append(CHARS[r.nextInt(CHARS.length)]);
    }
    return sb.toString();
  }

  private static Raw number(String text) {
    return new Raw(text);
  }

  @SafeVarargs
  private <T> T pick(T... options) {
    return options[r.nextInt(options.length)];
  }

  /** The same map, with its keys in a random order one time in three. */
  private Map<String, Object> shuffled(Map<String, Object> m) {
    if (r.nextInt(3) > 0) {
      return m;
    }
    List<String> keys = new ArrayList<>(m.keySet());
    Collections.shuffle(keys, r);
    Map<String, Object> out = new LinkedHashMap<>();
    keys.forEach(k -> out.put(k, m.get(k)));
    return out;
  }

  // ---- breaking ----

  /** A copy of {@code tree} with one random change that may make it invalid. */
  Object mutate(Object tree) {
    Object copy = copy(tree);
    List<Object> containers = new ArrayList<>();
    collect(copy, containers);
    if (containers.isEmpty()) {
      return pick("strng", List.of(copy, copy), List.of(List.of("int")), NULL, "");
    }
    Object c = containers.get(r.nextInt(containers.size()));
    if (c instanceof List<?> l) {
      @SuppressWarnings("unchecked")
      List<Object> list = (List<Object>) l;
      switch (r.nextInt(4)) {
        case 0 -> list.add(list.isEmpty() ? "int" : list.get(r.nextInt(list.size())));
        case 1 -> list.add(List.of("null"));
        case 2 -> list.add(pick("int", "null", "1x", 5L, "Unknown", "a.b.Item"));
        default -> {
          if (!list.isEmpty()) {
            list.remove(r.nextInt(list.size()));
          }
        }
      }
    } else {
      @SuppressWarnings("unchecked")
      Map<String, Object> m = (Map<String, Object>) c;
      String key = pick("type", "name", "namespace", "size", "symbols", "default", "order",
          "aliases", "fields", "items", "values", "doc");
      if (r.nextInt(5) == 0) {
        m.remove(key);
      } else {
        m.put(key, switch (key) {
          case "type" -> pick("strng", "record", "error", "enum", "fixed", "array", "map", "int",
              number("5"), NULL, "Item", "a.Item");
          case "name" -> pick("1x", "a-b", "", "a.", ".", "int", "x y", "ok", "a.b.C", "Ä.ö");
          case "namespace" -> pick("", "1a", "a..b", number("5"), "a", NULL, ".a");
          case "size" -> pick(number("-1"), number("2147483647"), number("2147483639"),
              number("1.5"), "3", number("0"));
          case "symbols" -> pick(List.of("A", "A"), List.of("1"), List.of(""), List.of(number("1")),
              List.of(), "A");
          case "order" -> pick("sideways", number("3"), "DESCENDING", "ignore", NULL);
          case "aliases" -> pick(List.of("a", "a"), List.of("1b"), List.of(number("5")), "x",
              List.of("a..b"), List.of("ok."));
          case "fields", "items", "values" -> pick(List.of(), "int", Map.of(), NULL);
          default -> json(2, true);
        });
      }
    }
    return copy;
  }

  private static void collect(Object node, List<Object> out) {
    if (node instanceof Map<?, ?> m) {
      out.add(node);
      m.values().forEach(v -> collect(v, out));
    } else if (node instanceof List<?> l) {
      out.add(node);
      l.forEach(v -> collect(v, out));
    }
  }

  private static Object copy(Object node) {
    if (node instanceof Map<?, ?> m) {
      Map<String, Object> out = new LinkedHashMap<>();
      m.forEach((k, v) -> out.put((String) k, copy(v)));
      return out;
    }
    if (node instanceof List<?> l) {
      List<Object> out = new ArrayList<>();
      l.forEach(v -> out.add(copy(v)));
      return out;
    }
    return node;
  }

  // ---- writing ----

  /** The tree as JSON text, with random whitespace, comments and escapes. */
  String write(Object tree) {
    StringBuilder sb = new StringBuilder();
    space(sb);
    write(sb, tree);
    return sb.toString();
  }

  private void write(StringBuilder sb, Object v) {
    if (v instanceof Map<?, ?> m) {
      sb.append('{');
      String sep = "";
      for (Map.Entry<?, ?> e : m.entrySet()) {
        sb.append(sep);
        sep = ",";
        space(sb);
        string(sb, (String) e.getKey());
        space(sb);
        sb.append(':');
        space(sb);
        write(sb, e.getValue());
        space(sb);
      }
      sb.append('}');
    } else if (v instanceof List<?> l) {
      sb.append('[');
      for (int i = 0; i < l.size(); i++) {
        sb.append(i > 0 ? "," : "");
        space(sb);
        write(sb, l.get(i));
        space(sb);
      }
      sb.append(']');
    } else if (v instanceof String s) {
      string(sb, s);
    } else if (v instanceof Raw raw) {
      sb.append(raw.text);
    } else {
      sb.append(v == NULL ? "null" : v);
    }
  }

  private void string(StringBuilder sb, String s) {
    sb.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\' || c < 0x20 || r.nextInt(20) == 0) {
        if (c == '\n' && r.nextBoolean()) {
          sb.append("\\n");
        } else {
          sb.append(String.format(r.nextBoolean() ? "\\u%04x" : "\\u%04X", (int) c));
        }
      } else {
        sb.append(c);
      }
    }
    sb.append('"');
  }

  private void space(StringBuilder sb) {
    int k = r.nextInt(40);
    if (k == 0) {
      sb.append(pick(" ", "\n  ", "\t", "\r\n"));
    } else if (k == 1) {
      sb.append(pick("/* c */", "// line\n", "/**/ "));
    }
  }
}
