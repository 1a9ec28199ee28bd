package io.colfile.core.read;

import io.colfile.core.filter.BoundPredicate;
import io.colfile.core.filter.BoundPredicate.Leaf;
import io.colfile.core.filter.ColumnPath;
import io.colfile.core.types.Type;
import java.util.ArrayList;
import java.util.List;

/**
 * A filter bound to the reader schema, restated in the file's terms for skipping: a leaf on a
 * column the file holds unchanged names the file's column; a leaf on a converted or missing
 * column becomes {@link BoundPredicate.Opaque}, which statistics cannot decide.
 */
final class Pushdown {
  private Pushdown() {}

  static BoundPredicate toFile(BoundPredicate p, Match readerToFile, Type fileSchema) {
    if (p instanceof BoundPredicate.And a) {
      return new BoundPredicate.And(all(a.terms(), readerToFile, fileSchema));
    }
    if (p instanceof BoundPredicate.Or o) {
      return new BoundPredicate.Or(all(o.terms(), readerToFile, fileSchema));
    }
    if (p instanceof BoundPredicate.Not n) {
      return new BoundPredicate.Not(toFile(n.term(), readerToFile, fileSchema));
    }
    if (p instanceof BoundPredicate.Opaque) {
      return p;
    }
    Leaf leaf = (Leaf) p;
    Match m = readerToFile;
    List<String> filePath = new ArrayList<>();
    for (String name : leaf.path().names()) {
      if (m.kind != Match.Kind.STRUCT && m.kind != Match.Kind.SAME) {
        return new BoundPredicate.Opaque(leaf.toString());
      }
      if (m.kind == Match.Kind.SAME) {
        filePath.add(name);
        m = Match.same(m.reader.child(m.reader.fieldIndex(name)));
        continue;
      }
      int r = m.reader.fieldIndex(name);
      String fileName = m.fileNames.get(r);
      if (fileName == null) {
        return new BoundPredicate.Opaque(leaf.toString() + " (not in the file)");
      }
      filePath.add(fileName);
      m = m.children.get(r);
    }
    if (m.kind != Match.Kind.SAME && !(m.kind == Match.Kind.CONVERT && widens(m.file, m.reader))) {
      return new BoundPredicate.Opaque(leaf.toString() + " (read through a conversion)");
    }
    return new Leaf(new ColumnPath(filePath), Projection.columnId(fileSchema, filePath),
        m.file, leaf.op(), leaf.values(), leaf.source());
  }

  /**
   * Whether every value of {@code file} reads as the same number in {@code reader}: an integer
   * widened (int to bigint). The leaf then holds for the file's values exactly as it does for the
   * reader's, so the file's statistics decide it.
   */
  private static boolean widens(Type file, Type reader) {
    int from = integerWidth(file);
    int to = integerWidth(reader);
    return from > 0 && to >= from;
  }

  private static int integerWidth(Type t) {
    switch (t.kind()) {
      case BYTE: return 1;
      case SHORT: return 2;
      case INT: return 4;
      case LONG: return 8;
      default: return 0;
    }
  }

  private static List<BoundPredicate> all(List<BoundPredicate> terms, Match m, Type file) {
    List<BoundPredicate> out = new ArrayList<>();
    terms.forEach(t -> out.add(toFile(t, m, file)));
    return out;
  }
}
