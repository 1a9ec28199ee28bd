package io.colfile.core.filter;

import java.util.List;

/**
 * A column named by the fields leading to it from the row: {@code a.b.c} is field {@code c} of
 * struct {@code b} of struct {@code a}. In text, a name that is not a plain identifier (letters,
 * digits and {@code _}, not starting with a digit, not a keyword of the predicate grammar) is
 * back-quoted, with {@code ``} standing for a back quote: {@code `order date`.`x.y`}.
 */
public record ColumnPath(List<String> names) {
  public ColumnPath {
    names = List.copyOf(names);
    if (names.isEmpty()) {
      throw new IllegalArgumentException("a column path needs at least one name");
    }
  }

  /** The path of the top-level column {@code name}, taken as it is (no parsing). */
  public static ColumnPath of(String name) {
    return new ColumnPath(List.of(name));
  }

  /**
   * Parses {@code a.b.c}, where back-quoted names may hold anything ({@code `a.b`.c}).
   *
   * @throws PredicateSyntaxException pointing at the offending character
   */
  public static ColumnPath parse(String text) {
    return PredicateParser.parsePath(text);
  }

  /** The last name: the column itself. */
  public String leaf() {
    return names.get(names.size() - 1);
  }

  /** The path without its last name, or null for a top-level column. */
  public ColumnPath parent() {
    return names.size() == 1 ? null : new ColumnPath(names.subList(0, names.size() - 1));
  }

  /** Whether this path is {@code other} or lies inside it. */
  public boolean startsWith(ColumnPath other) {
    return names.size() >= other.names.size()
        && names.subList(0, other.names.size()).equals(other.names);
  }

  /** The text form, which {@link #parse} reads back. */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder();
    for (String n : names) {
      if (sb.length() > 0) {
        sb.append('.');
      }
      appendName(sb, n);
    }
    return sb.toString();
  }

  static void appendName(StringBuilder sb, String name) {
    if (isPlain(name)) {
      sb.append(name);
    } else {
      sb.append('`').append(name.replace("`", "``")).append('`');
    }
  }

  private static boolean isPlain(String name) {
    if (name.isEmpty() || Character.isDigit(name.charAt(0))
        || PredicateParser.isKeyword(name)) {
      return false;
    }
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (!(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9')) {
        return false;
      }
    }
    return true;
  }
}
