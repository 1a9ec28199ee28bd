package io.colfile.interop;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import org.apache.orc.TypeDescription;
import org.apache.orc.TypeDescription.Category;

/**
 * Random reader schemas for a file schema, as schema evolution allows them, and what each
 * reader node reads: struct fields kept, dropped, added, renamed (by name: a field of another
 * name, or of the same name in other case, is a new field), reordered, or matched by position at
 * the top level; lists, maps and unions whose children change; scalars read as themselves or as
 * any type Apache ORC converts them to (its {@code ConvertTreeReaderFactory.canConvert}, restated
 * here on its own).
 */
final class EvolutionSchemas {
  /** What one reader node reads: {@code file} is null for a field the file lacks. */
  record Node(TypeDescription reader, TypeDescription file, int fileIndex, List<Node> children) {
    boolean missing() {
      return file == null;
    }
  }

  /**
   * Conversions left out of a case, with the reasons in {@link OrcSchemaEvolutionTest}: to
   * TIMESTAMP from anything but TIMESTAMP WITH LOCAL TIME ZONE, to BINARY from text, from
   * decimals of precision 18 or less (stored as decimal64), and anywhere below the lists and
   * maps in {@code emptyFirstBatch} (identity).
   */
  record Limits(boolean noTimestampFromOthers, boolean noBinaryFromText,
      boolean noDecimal64Conversions, Set<TypeDescription> emptyFirstBatch) {}

  private static final Set<Category> NUMBERS = EnumSet.of(Category.BOOLEAN, Category.BYTE,
      Category.SHORT, Category.INT, Category.LONG, Category.FLOAT, Category.DOUBLE,
      Category.DECIMAL);
  private static final Set<Category> TEXT = EnumSet.of(Category.STRING, Category.CHAR,
      Category.VARCHAR);

  private final Random r;
  private final Limits limits;

  EvolutionSchemas(Random r, Limits limits) {
    this.r = r;
    this.limits = limits;
  }

  /** The categories orc-core reads a scalar {@code file} column as, besides its own. */
  static Set<Category> targets(Category file) {
    Set<Category> all = EnumSet.copyOf(RandomSchemas.PRIMITIVES);
    if (NUMBERS.contains(file)) {
      all.removeAll(EnumSet.of(Category.BINARY, Category.DATE));
    } else if (file == Category.TIMESTAMP || file == Category.TIMESTAMP_INSTANT) {
      all.remove(Category.BINARY);
    } else if (file == Category.DATE) {
      all.retainAll(EnumSet.of(Category.STRING, Category.CHAR, Category.VARCHAR,
          Category.TIMESTAMP, Category.TIMESTAMP_INSTANT));
    } else if (file == Category.BINARY) {
      all.retainAll(TEXT);
    }
    return all;
  }

  /** A reader schema for the struct {@code file}; top-level fields by position if asked. */
  Node root(TypeDescription file, boolean positional) {
    return positional ? byPosition(file) : byName(file);
  }

  private Node byPosition(TypeDescription file) {
    TypeDescription reader = TypeDescription.createStruct();
    List<Node> children = new ArrayList<>();
    int n = Math.max(0, file.getChildren().size() + r.nextInt(5) - 2);
    for (int i = 0; i < n; i++) {
      Node child = i < file.getChildren().size() ? any(file.getChildren().get(i), i)
          : missing(RandomSchemas.primitive(RandomSchemas.pick(r), r));
      reader.addField("p" + i, child.reader());
      children.add(child);
    }
    return new Node(reader, file, 0, children);
  }

  private Node byName(TypeDescription file) {
    List<String> names = new ArrayList<>();
    List<Node> children = new ArrayList<>();
    Set<String> used = new HashSet<>();
    for (int i = 0; i < file.getChildren().size(); i++) {
      String name = file.getFieldNames().get(i);
      if (r.nextInt(5) == 0) {
        continue;                                               // the reader lacks it
      }
      if (r.nextInt(12) == 0 && !name.toUpperCase(Locale.ROOT).equals(name)
          && !file.getFieldNames().contains(name.toUpperCase(Locale.ROOT))) {
        name = name.toUpperCase(Locale.ROOT);                   // names compare case included
        children.add(missing(file.getChildren().get(i).clone()));
      } else {
        children.add(any(file.getChildren().get(i), i));
      }
      names.add(name);
      used.add(name);
    }
    for (int k = r.nextInt(3); k > 0; k--) {
      String name = "added" + k;
      if (used.add(name) && !file.getFieldNames().contains(name)) {
        names.add(name);
        children.add(missing(RandomSchemas.any(r, RandomSchemas.MAX_DEPTH - 1)));
      }
    }
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      order.add(i);
    }
    if (r.nextBoolean()) {
      Collections.shuffle(order, r);
    }
    TypeDescription reader = TypeDescription.createStruct();
    List<Node> ordered = new ArrayList<>();
    for (int i : order) {
      reader.addField(names.get(i), children.get(i).reader());
      ordered.add(children.get(i));
    }
    return new Node(reader, file, 0, ordered);
  }

  private Node any(TypeDescription file, int fileIndex) {
    List<Node> children = new ArrayList<>();
    TypeDescription reader;
    switch (file.getCategory()) {
      case STRUCT:
        return withIndex(byName(file), fileIndex);
      case LIST:
        if (limits.emptyFirstBatch().contains(file)) {
          return same(file, fileIndex);
        }
        children.add(any(file.getChildren().get(0), 0));
        reader = TypeDescription.createList(children.get(0).reader());
        break;
      case MAP:
        if (limits.emptyFirstBatch().contains(file)) {
          return same(file, fileIndex);
        }
        children.add(any(file.getChildren().get(0), 0));
        children.add(any(file.getChildren().get(1), 1));
        reader = TypeDescription.createMap(children.get(0).reader(), children.get(1).reader());
        break;
      case UNION:
        reader = TypeDescription.createUnion();
        for (int i = 0; i < file.getChildren().size(); i++) {
          children.add(any(file.getChildren().get(i), i));
          reader.addUnionChild(children.get(i).reader());
        }
        break;
      default:
        reader = scalar(file);
    }
    return new Node(reader, file, fileIndex, children);
  }

  /** {@code file} read as itself, all the way down. */
  private static Node same(TypeDescription file, int fileIndex) {
    List<Node> children = new ArrayList<>();
    List<TypeDescription> c = file.getChildren() == null ? List.of() : file.getChildren();
    for (int i = 0; i < c.size(); i++) {
      children.add(same(c.get(i), i));
    }
    return new Node(file.clone(), file, fileIndex, children);
  }

  private static Node withIndex(Node n, int fileIndex) {
    return new Node(n.reader(), n.file(), fileIndex, n.children());
  }

  private static Node missing(TypeDescription reader) {
    return new Node(reader, null, -1, List.of());
  }

  /** {@code file} itself, or a type it converts to (lengths, precisions and scales at random). */
  private TypeDescription scalar(TypeDescription file) {
    if (r.nextInt(3) == 0 || limits.noDecimal64Conversions()
        && file.getCategory() == Category.DECIMAL && file.getPrecision() <= 18) {
      return file.clone();
    }
    List<Category> allowed = new ArrayList<>();
    for (Category c : targets(file.getCategory())) {
      if (allowed(file, c)) {
        allowed.add(c);
      }
    }
    Category c = allowed.get(r.nextInt(allowed.size()));
    switch (c) {
      case CHAR: return TypeDescription.createChar().withMaxLength(1 + r.nextInt(r.nextBoolean()
          ? 8 : 40));
      case VARCHAR: return TypeDescription.createVarchar().withMaxLength(1 + r.nextInt(
          r.nextBoolean() ? 8 : 40));
      case DECIMAL: return RandomSchemas.decimal(r, 1 + r.nextInt(38));
      default: return new TypeDescription(c);
    }
  }

  private boolean allowed(TypeDescription file, Category to) {
    Category from = file.getCategory();
    if (to == Category.TIMESTAMP && from != Category.TIMESTAMP_INSTANT
        && limits.noTimestampFromOthers()) {
      return false;
    }
    if (to == Category.BINARY && TEXT.contains(from) && limits.noBinaryFromText()) {
      return false;
    }
    // orc-core holds timestamps as a long of milliseconds and fails (ArithmeticException) on
    // decimal seconds beyond it: keep such columns away from timestamps
    return !(from == Category.DECIMAL && (to == Category.TIMESTAMP
        || to == Category.TIMESTAMP_INSTANT) && file.getPrecision() - file.getScale() > 15);
  }
}
