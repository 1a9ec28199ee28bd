package io.colfile.core.types;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads and prints ORC type strings. Grammar (type names are case-insensitive, blanks around
 * tokens are ignored):
 *
 * <pre>
 * type   ::= primitive | "char(" n ")" | "varchar(" n ")" | "decimal" [ "(" p "," s ")" ]
 *          | "array<" child ">" | "map<" child "," child ">" | "uniontype<" type ("," type)* ">"
 *          | "struct<" [ field ("," field)* ] ">"
 *          | "geometry" [ "(" crs ")" ] | "geography" [ "(" crs [ "," algorithm ] ")" ]
 * field  ::= name ":" child
 * child  ::= type [ "not" "null" ]
 * name   ::= [A-Za-z0-9_.$-]+ | "`" (any char, "``" for a backquote)* "`"
 * </pre>
 *
 * Field names that are not plain identifiers are printed backquoted, as ORC prints them.
 * Geometry and geography print as ORC Java prints them: {@code geometry(OGC:CRS84)},
 * {@code geography(OGC:CRS84,SPHERICAL)}; a crs is the text up to the closing parenthesis (for
 * geography, up to the last comma that is followed by an algorithm name), blanks around it
 * removed; left out, it is ORC Java's default {@code OGC:CRS84}, and the algorithm SPHERICAL.
 *
 * <p>{@code not null} is colfile's extension for the formats that have non-null children (Avro
 * required fields in Trevni, Kudu NOT NULL columns): it follows the type of a struct field, a
 * list element or a map value that cannot be null, and is printed only there, so a type whose
 * children are all nullable (every ORC type) prints as ORC prints it, and an ORC type string
 * never holds it. After a map key it is accepted and changes nothing (keys are never null);
 * union variants cannot have it.
 */
final class TypeParser {
  private final String text;
  private int pos;

  private TypeParser(String text) {
    this.text = text;
  }

  static Type parse(String text) {
    if (text == null) {
      throw new IllegalArgumentException("type string is null");
    }
    TypeParser p = new TypeParser(text);
    Type t = p.type();
    p.skipBlanks();
    if (p.pos != text.length()) {
      throw p.error("unexpected text after the type");
    }
    return t;
  }

  private Type type() {
    skipBlanks();
    String word = word().toLowerCase(Locale.ROOT);
    switch (word) {
      case "boolean": return Type.BOOLEAN;
      case "tinyint": case "byte": return Type.BYTE;
      case "smallint": case "short": return Type.SHORT;
      case "int": case "integer": return Type.INT;
      case "bigint": case "long": return Type.LONG;
      case "float": return Type.FLOAT;
      case "double": return Type.DOUBLE;
      case "string": return Type.STRING;
      case "binary": return Type.BINARY;
      case "date": return Type.DATE;
      case "timestamp": return timestamp();
      case "char": return Type.charType(parenthesizedInt());
      case "varchar": return Type.varchar(parenthesizedInt());
      case "decimal": return decimal();
      case "array": {
        expect('<');
        Type element = type();
        boolean elementNullable = !notNull();
        expect('>');
        return Type.list(element, elementNullable);
      }
      case "map": {
        expect('<');
        Type key = type();
        notNull(); // keys are never null, said or not
        expect(',');
        Type value = type();
        boolean valueNullable = !notNull();
        expect('>');
        return Type.map(key, value, valueNullable);
      }
      case "uniontype": {
        expect('<');
        List<Type> variants = new ArrayList<>();
        do {
          variants.add(type());
          if (notNull()) {
            throw error("a union variant cannot be 'not null'");
          }
        } while (accept(','));
        expect('>');
        return Type.union(variants);
      }
      case "struct": return struct();
      case "geometry": return geospatial(false);
      case "geography": return geospatial(true);
      case "":
        throw error("expected a type name");
      default:
        throw error("unknown type '" + word + "'");
    }
  }

  private Type timestamp() {
    int save = pos;
    skipBlanks();
    String w = word().toLowerCase(Locale.ROOT);
    if (w.equals("with")) {
      for (String expected : new String[] {"local", "time", "zone"}) {
        skipBlanks();
        if (!word().toLowerCase(Locale.ROOT).equals(expected)) {
          throw error("expected 'timestamp with local time zone'");
        }
      }
      return Type.TIMESTAMP_INSTANT;
    }
    pos = save;
    return Type.TIMESTAMP;
  }

  private Type decimal() {
    skipBlanks();
    if (!accept('(')) {
      return Type.decimal(Type.DEFAULT_DECIMAL_PRECISION, Type.DEFAULT_DECIMAL_SCALE);
    }
    int precision = integer();
    int scale = 0;
    if (accept(',')) {
      scale = integer();
    }
    expect(')');
    try {
      return Type.decimal(precision, scale);
    } catch (IllegalArgumentException e) {
      throw error(e.getMessage());
    }
  }

  private Type geospatial(boolean geography) {
    skipBlanks();
    String crs = Type.DEFAULT_CRS;
    EdgeInterpolation algorithm = EdgeInterpolation.SPHERICAL;
    if (accept('(')) {
      int close = text.indexOf(')', pos);
      if (close < 0) {
        throw error("expected ')'");
      }
      String inside = text.substring(pos, close);
      int comma = inside.lastIndexOf(',');
      if (geography && comma >= 0) {
        String name = inside.substring(comma + 1).trim().toUpperCase(Locale.ROOT);
        try {
          algorithm = EdgeInterpolation.valueOf(name);
          inside = inside.substring(0, comma);
        } catch (IllegalArgumentException e) {
          throw error("unknown edge interpolation algorithm '" + name.toLowerCase(Locale.ROOT)
              + "' (spherical, vincenty, thomas, andoyer or karney)");
        }
      }
      crs = inside.trim();
      if (crs.isEmpty()) {
        throw error("expected a crs");
      }
      pos = close + 1;
    }
    return geography ? Type.geography(crs, algorithm) : Type.geometry(crs);
  }

  private Type struct() {
    expect('<');
    List<String> names = new ArrayList<>();
    List<Type> types = new ArrayList<>();
    List<Boolean> nullable = new ArrayList<>();
    skipBlanks();
    if (accept('>')) {
      return Type.struct(names, types);
    }
    do {
      skipBlanks();
      names.add(fieldName());
      expect(':');
      types.add(type());
      nullable.add(!notNull());
    } while (accept(','));
    expect('>');
    return Type.struct(names, types, nullable);
  }

  /** Reads {@code not null} if it comes next. */
  private boolean notNull() {
    int save = pos;
    skipBlanks();
    if (!word().toLowerCase(Locale.ROOT).equals("not")) {
      pos = save;
      return false;
    }
    skipBlanks();
    if (!word().toLowerCase(Locale.ROOT).equals("null")) {
      throw error("expected 'not null'");
    }
    return true;
  }

  private String fieldName() {
    if (pos < text.length() && text.charAt(pos) == '`') {
      StringBuilder sb = new StringBuilder();
      pos++;
      while (true) {
        if (pos >= text.length()) {
          throw error("unterminated backquoted field name");
        }
        char c = text.charAt(pos++);
        if (c == '`') {
          if (pos < text.length() && text.charAt(pos) == '`') {
            sb.append('`');
            pos++;
          } else {
            return sb.toString();
          }
        } else {
          sb.append(c);
        }
      }
    }
    int start = pos;
    while (pos < text.length() && isNameChar(text.charAt(pos))) {
      pos++;
    }
    if (start == pos) {
      throw error("expected a field name");
    }
    return text.substring(start, pos);
  }

  private static boolean isNameChar(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '.' || c == '$' || c == '-';
  }

  private int parenthesizedInt() {
    expect('(');
    int n = integer();
    expect(')');
    if (n < 1) {
      throw error("length must be at least 1");
    }
    return n;
  }

  private int integer() {
    skipBlanks();
    int start = pos;
    while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
      pos++;
    }
    if (start == pos || pos - start > 9) {
      throw error("expected a number");
    }
    return Integer.parseInt(text.substring(start, pos));
  }

  private String word() {
    int start = pos;
    while (pos < text.length() && Character.isLetter(text.charAt(pos))) {
      pos++;
    }
    return text.substring(start, pos);
  }

  private void expect(char c) {
    if (!accept(c)) {
      throw error("expected '" + c + "'");
    }
  }

  private boolean accept(char c) {
    skipBlanks();
    if (pos < text.length() && text.charAt(pos) == c) {
      pos++;
      return true;
    }
    return false;
  }

  private void skipBlanks() {
    while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
      pos++;
    }
  }

  private IllegalArgumentException error(String problem) {
    return new IllegalArgumentException(
        "bad type string at character " + pos + ": " + problem + ": " + text);
  }

  static void print(Type t, StringBuilder sb) {
    switch (t.kind()) {
      case CHAR: case VARCHAR:
        sb.append(t.kind().typeName()).append('(').append(t.maxLength()).append(')');
        break;
      case DECIMAL:
        sb.append("decimal(").append(t.precision()).append(',').append(t.scale()).append(')');
        break;
      case GEOMETRY:
        sb.append("geometry(").append(t.crs()).append(')');
        break;
      case GEOGRAPHY:
        sb.append("geography(").append(t.crs()).append(',').append(t.edgeInterpolation().name())
            .append(')');
        break;
      case LIST: case MAP: case UNION: {
        sb.append(t.kind().typeName()).append('<');
        for (int i = 0; i < t.children().size(); i++) {
          if (i > 0) {
            sb.append(',');
          }
          print(t.child(i), sb);
          // a map's key is never null and says nothing: only the element and the value can
          if (t.kind() != TypeKind.MAP || i == 1) {
            printNotNull(t, i, sb);
          }
        }
        sb.append('>');
        break;
      }
      case STRUCT: {
        sb.append("struct<");
        for (int i = 0; i < t.children().size(); i++) {
          if (i > 0) {
            sb.append(',');
          }
          printFieldName(t.fieldNames().get(i), sb);
          sb.append(':');
          print(t.child(i), sb);
          printNotNull(t, i, sb);
        }
        sb.append('>');
        break;
      }
      default:
        sb.append(t.kind().typeName());
    }
  }

  private static void printNotNull(Type parent, int child, StringBuilder sb) {
    if (!parent.isChildNullable(child)) {
      sb.append(" not null");
    }
  }

  private static void printFieldName(String name, StringBuilder sb) {
    boolean plain = !name.isEmpty();
    for (int i = 0; i < name.length() && plain; i++) {
      char c = name.charAt(i);
      plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
          || c == '_';
    }
    if (plain) {
      sb.append(name);
    } else {
      sb.append('`').append(name.replace("`", "``")).append('`');
    }
  }
}
