package io.colfile.interop;

import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.apache.orc.TypeDescription;
import org.apache.orc.TypeDescription.Category;

/**
 * Random ORC schemas over every type, compound types nested at most {@link #MAX_DEPTH} levels
 * below the root. Field names are sometimes awkward on purpose (spaces, dots, dashes, a leading
 * digit, non-ASCII) because the JSON form prints them raw (json-lines.md).
 */
final class RandomSchemas {
  static final int MAX_DEPTH = 3;

  /** Primitive categories, each with its own generator branch below. */
  static final List<Category> PRIMITIVES = List.of(
      Category.BOOLEAN, Category.BYTE, Category.SHORT, Category.INT, Category.LONG,
      Category.FLOAT, Category.DOUBLE, Category.STRING, Category.VARCHAR, Category.CHAR,
      Category.BINARY, Category.DECIMAL, Category.DATE, Category.TIMESTAMP,
      Category.TIMESTAMP_INSTANT);

  private static final List<String> ODD_NAMES = List.of(
      "a b", "x.y", "da-sh", "1st", "naïve", "日付", "_col0", "UPPER", "with:colon");

  private RandomSchemas() {}

  /**
   * A struct with one column of every primitive type (decimal both as a long-sized and a wide
   * one) and one of each compound type, so that every file set covers every type at least once.
   */
  static TypeDescription everyType(Random r) {
    TypeDescription root = TypeDescription.createStruct();
    int i = 0;
    for (Category c : PRIMITIVES) {
      root.addField(c.getName().replaceAll("[^a-z]", "_") + "_" + i++, primitive(c, r));
    }
    root.addField("dec_small", decimal(r, 1 + r.nextInt(18)));
    root.addField("dec_wide", decimal(r, 19 + r.nextInt(20)));
    root.addField("st", struct(r, 1));
    root.addField("li", TypeDescription.createList(any(r, 1)));
    root.addField("ma", TypeDescription.createMap(primitive(pick(r), r), any(r, 1)));
    root.addField("un", union(r, 1));
    return root;
  }

  /** A random schema: usually a struct of 1..10 columns, sometimes a bare non-struct root. */
  static TypeDescription random(Random r) {
    if (r.nextInt(10) == 0) {
      return any(r, 0);
    }
    return struct(r, 0);
  }

  /** Any type whose compound nesting starts at {@code depth}. */
  static TypeDescription any(Random r, int depth) {
    if (depth >= MAX_DEPTH || r.nextInt(3) != 0) {
      return primitive(pick(r), r);
    }
    switch (r.nextInt(4)) {
      case 0: return struct(r, depth + 1);
      case 1: return TypeDescription.createList(any(r, depth + 1));
      case 2: return TypeDescription.createMap(primitive(pick(r), r), any(r, depth + 1));
      default: return union(r, depth + 1);
    }
  }

  static TypeDescription struct(Random r, int depth) {
    TypeDescription s = TypeDescription.createStruct();
    int n = 1 + r.nextInt(depth == 0 ? 10 : 4);
    Set<String> used = new HashSet<>();
    for (int i = 0; i < n; i++) {
      String name = r.nextInt(6) == 0 ? ODD_NAMES.get(r.nextInt(ODD_NAMES.size())) : "c" + i;
      if (!used.add(name)) {
        name = "c" + i;
        used.add(name);
      }
      s.addField(name, any(r, depth));
    }
    return s;
  }

  static TypeDescription union(Random r, int depth) {
    TypeDescription u = TypeDescription.createUnion();
    int n = 1 + r.nextInt(4);
    for (int i = 0; i < n; i++) {
      u.addUnionChild(any(r, depth));
    }
    return u;
  }

  static Category pick(Random r) {
    return PRIMITIVES.get(r.nextInt(PRIMITIVES.size()));
  }

  static TypeDescription primitive(Category c, Random r) {
    switch (c) {
      case VARCHAR: return TypeDescription.createVarchar().withMaxLength(1 + r.nextInt(40));
      case CHAR: return TypeDescription.createChar().withMaxLength(1 + r.nextInt(20));
      case DECIMAL:
        return decimal(r, r.nextBoolean() ? 1 + r.nextInt(18) : 19 + r.nextInt(20));
      default: return new TypeDescription(c);
    }
  }

  /** decimal(p, s): withScale first, because withPrecision rejects p below the current scale. */
  static TypeDescription decimal(Random r, int precision) {
    int scale = r.nextInt(4) == 0 ? 0 : r.nextInt(precision + 1);
    return TypeDescription.createDecimal().withScale(scale).withPrecision(precision);
  }
}
