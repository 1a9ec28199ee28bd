package io.colfile.trevni.avro;

import java.util.Set;

/**
 * Avro's rules for names, as Avro 1.12's default {@code Schema.Parser} applies them (its
 * {@code NameValidator.UTF_VALIDATOR}): a name starts with a letter or {@code _} and goes on with
 * letters, digits and {@code _}, where "letter" and "digit" are Java's, judged one UTF-16 char
 * at a time. The specification's {@code [A-Za-z_][A-Za-z0-9_]*} is the ASCII subset of this;
 * Avro's Java library writes and reads the wider set, so colfile does too.
 */
final class AvroNames {
  /** The names of Avro's primitive types: named types may not have them as full names. */
  static final Set<String> PRIMITIVES =
      Set.of("null", "boolean", "int", "long", "float", "double", "bytes", "string");

  /** Every type name; a reference to a named type with one of these names is printed in full. */
  static final Set<String> TYPE_NAMES = Set.of("null", "boolean", "int", "long", "float",
      "double", "bytes", "string", "record", "enum", "array", "map", "union", "fixed");

  private AvroNames() {}

  static boolean isValid(String name) {
    if (name == null || name.isEmpty()) {
      return false;
    }
    char first = name.charAt(0);
    if (!Character.isLetter(first) && first != '_') {
      return false;
    }
    for (int i = 1; i < name.length(); i++) {
      char c = name.charAt(i);
      if (!Character.isLetterOrDigit(c) && c != '_') {
        return false;
      }
    }
    return true;
  }

  /** Returns {@code name} if it is valid, else throws saying {@code what} it is. */
  static String check(String name, String what) {
    if (!isValid(name)) {
      throw new IllegalArgumentException(what + " '" + name + "' is not a valid Avro name "
          + "(letters, digits and _, not starting with a digit)");
    }
    return name;
  }

  /**
   * Splits the name of a named type into {@code {namespace or null, simple name}}: a dotted
   * name carries its own namespace, otherwise {@code namespace} applies; an empty namespace is
   * none. Every part is checked.
   */
  static String[] split(String name, String namespace) {
    if (name == null) {
      throw new IllegalArgumentException("a named type needs a name");
    }
    int dot = name.lastIndexOf('.');
    if (dot >= 0) {
      namespace = name.substring(0, dot);
      name = name.substring(dot + 1);
    }
    check(name, "name");
    if (namespace != null && namespace.isEmpty()) {
      namespace = null;
    }
    if (namespace != null) {
      for (String part : namespace.split("\\.", -1)) {
        if (!isValid(part)) {
          throw new IllegalArgumentException("namespace '" + namespace + "' is not valid: its "
              + "dotted parts are Avro names (letters, digits and _, not starting with a digit)");
        }
      }
    } else if (PRIMITIVES.contains(name)) {
      throw new IllegalArgumentException("a named type cannot be called '" + name
          + "', the name of a primitive type");
    }
    return new String[] {namespace, name};
  }

  /** {@code namespace.name}, or {@code name} without a namespace. */
  static String full(String namespace, String name) {
    return namespace == null ? name : namespace + "." + name;
  }
}
