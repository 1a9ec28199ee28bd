package io.colfile.interop;

import io.colfile.interop.EvolutionSchemas.Node;
import io.colfile.testkit.Rows;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.apache.orc.TypeDescription;
import org.apache.orc.TypeDescription.Category;

/**
 * Walks a reader schema's rows as orc-core and colfile read them, beside the file's rows as
 * generated, and demands the same values: NULL for fields the file lacks, orc-core's value
 * everywhere else, except where orc-core's result is known to be wrong and colfile's is the
 * intended one ({@link #expected}). Records which conversions met a value, so a run can say
 * what it covered.
 */
final class EvolutionComparison {
  /** "from -> to" for every conversion that converted at least one non-null value. */
  static final Set<String> COVERED = new TreeSet<>();

  /**
   * "from -> to" for every conversion {@link EvolutionSchemas} may draw: a scalar category to
   * each of its {@link EvolutionSchemas#targets}, to itself only where the type has parameters
   * to change (decimal precision and scale, char and varchar lengths).
   */
  static Set<String> allowed() {
    Set<String> out = new TreeSet<>();
    for (Category from : RandomSchemas.PRIMITIVES) {
      for (Category to : EvolutionSchemas.targets(from)) {
        if (to != from || from == Category.DECIMAL || from == Category.CHAR
            || from == Category.VARCHAR) {
          out.add(from + " -> " + to);
        }
      }
    }
    return out;
  }

  private final Supplier<String> where;

  EvolutionComparison(Supplier<String> where) {
    this.where = where;
  }

  void rows(Node root, List<Object> file, List<Object> orc, List<Object> colfile) {
    if (orc.size() != colfile.size() || orc.size() != file.size()) {
      throw new AssertionError(String.format("rows: %d in the file, %d from orc-core, %d from "
          + "colfile%n  %s", file.size(), orc.size(), colfile.size(), where.get()));
    }
    for (int i = 0; i < orc.size(); i++) {
      value(root, file.get(i), orc.get(i), colfile.get(i), "row " + i);
    }
  }

  private void value(Node node, Object file, Object orc, Object colfile, String path) {
    if (node.missing()) {
      check(orc == null && colfile == null, node, null, orc, colfile, path, "a field the file "
          + "lacks is NULL");
      return;
    }
    TypeDescription reader = node.reader();
    if (reader.getCategory().isPrimitive()) {
      if (file != null && !node.file().equals(reader)) {
        COVERED.add(node.file().getCategory() + " -> " + reader.getCategory());
      }
      check(Objects.deepEquals(expected(node, file, orc), colfile), node, file, orc, colfile,
          path, "values differ");
      return;
    }
    if (orc == null || colfile == null || file == null) {
      check(orc == null && colfile == null && file == null, node, file, orc, colfile, path,
          "NULL on one side only");
      return;
    }
    switch (reader.getCategory()) {
      case STRUCT: {
        List<?> f = (List<?>) file;
        for (int i = 0; i < node.children().size(); i++) {
          Node child = node.children().get(i);
          value(child, child.missing() ? null : f.get(child.fileIndex()), ((List<?>) orc).get(i),
              ((List<?>) colfile).get(i), path + "." + reader.getFieldNames().get(i));
        }
        return;
      }
      case LIST: {
        List<?> f = (List<?>) file;
        List<?> o = (List<?>) orc;
        List<?> c = (List<?>) colfile;
        check(o.size() == f.size() && c.size() == f.size(), node, file, orc, colfile, path,
            "lengths differ");
        for (int i = 0; i < f.size(); i++) {
          value(node.children().get(0), f.get(i), o.get(i), c.get(i), path + "[" + i + "]");
        }
        return;
      }
      case MAP: {
        List<?> f = (List<?>) file;
        List<?> o = (List<?>) orc;
        List<?> c = (List<?>) colfile;
        check(o.size() == f.size() && c.size() == f.size(), node, file, orc, colfile, path,
            "sizes differ");
        for (int i = 0; i < f.size(); i++) {
          Values.Entry fe = (Values.Entry) f.get(i);
          Values.Entry oe = (Values.Entry) o.get(i);
          Values.Entry ce = (Values.Entry) c.get(i);
          value(node.children().get(0), fe.key(), oe.key(), ce.key(), path + "{" + i + "}.key");
          value(node.children().get(1), fe.value(), oe.value(), ce.value(),
              path + "{" + i + "}.value");
        }
        return;
      }
      default: {
        Rows.Variant f = (Rows.Variant) file;
        Rows.Variant o = (Rows.Variant) orc;
        Rows.Variant c = (Rows.Variant) colfile;
        check(o.tag() == f.tag() && c.tag() == f.tag(), node, file, orc, colfile, path,
            "tags differ");
        value(node.children().get(f.tag()), f.value(), o.value(), c.value(),
            path + "<" + f.tag() + ">");
      }
    }
  }

  /**
   * orc-core's value, except where orc-core is known to be wrong: it makes a bigint beyond
   * 2^63 milliseconds into a timestamp by multiplying it by 1000, which wraps around to some
   * other time; colfile gives NULL.
   */
  private static Object expected(Node node, Object file, Object orc) {
    Category to = node.reader().getCategory();
    if (node.file().getCategory() == Category.LONG && file != null
        && (to == Category.TIMESTAMP || to == Category.TIMESTAMP_INSTANT)) {
      long v = (Long) file;
      if (v > Long.MAX_VALUE / 1000 || v < Long.MIN_VALUE / 1000) {
        return null;
      }
    }
    return orc;
  }

  private void check(boolean ok, Node node, Object file, Object orc, Object colfile, String path,
      String what) {
    if (!ok) {
      throw new AssertionError(String.format("%s at %s: %s in the file read as %s%n"
          + "  file     %s%n  orc-core %s%n  colfile  %s%n  %s", what, path, node.file(),
          node.reader(), show(file), show(orc), show(colfile), where.get()));
    }
  }

  private static String show(Object v) {
    if (v instanceof byte[] b) {
      return Arrays.toString(b);
    }
    return v instanceof String s ? "\"" + s + "\"" : String.valueOf(v);
  }
}
