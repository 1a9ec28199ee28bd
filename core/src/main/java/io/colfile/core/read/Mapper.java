package io.colfile.core.read;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.ListVector;
import io.colfile.core.vector.MapVector;
import io.colfile.core.vector.StructVector;
import io.colfile.core.vector.UnionVector;
import java.util.Arrays;

/**
 * Gives, for each batch, the vector of a target type made from a source vector: the source
 * itself, a view of it (a struct with fewer or reordered fields, a list whose elements are
 * converted), converted values, or NULLs. Views share the source's arrays; the vectors a mapper
 * returns are the same objects batch after batch.
 */
abstract class Mapper {
  /** The target vector for rows {@code [0, n)} of {@code source} (null for missing columns). */
  abstract ColumnVector map(ColumnVector source, int n);

  /** The mapper that reads {@code match}'s reader type from vectors of {@code source}. */
  static Mapper of(Match match, Type source) {
    switch (match.kind) {
      case SAME: return same(match.reader, source);
      case MISSING: return new Nulls(match.reader);
      case CONVERT: return new Convert(match.reader, match.conversion);
      case STRUCT: {
        Mapper[] fields = new Mapper[match.children.size()];
        int[] from = new int[fields.length];
        for (int i = 0; i < fields.length; i++) {
          String name = match.fileNames.get(i);
          from[i] = name == null ? -1 : source.fieldIndex(name);
          Match child = match.children.get(i);
          fields[i] = from[i] < 0 ? new Nulls(child.reader) : of(child, source.child(from[i]));
        }
        return new StructView(match.reader, fields, from);
      }
      case LIST: return new ListView(of(match.children.get(0), source.child(0)));
      case MAP:
        return new MapView(of(match.children.get(0), source.child(0)),
            of(match.children.get(1), source.child(1)));
      default: {
        Mapper[] variants = new Mapper[match.children.size()];
        for (int i = 0; i < variants.length; i++) {
          variants[i] = of(match.children.get(i), source.child(i));
        }
        return new UnionView(variants);
      }
    }
  }

  /**
   * {@code target} from vectors of {@code source}, a type with the same values and perhaps more
   * or reordered struct fields.
   */
  static Mapper same(Type target, Type source) {
    // nullability is no part of a vector: a type that differs only in it has the same vectors
    if (target.equals(source) || target.allNullable().equals(source.allNullable())) {
      return new Identity();
    }
    if (target.kind() == TypeKind.STRUCT && source.kind() == TypeKind.STRUCT) {
      Mapper[] fields = new Mapper[target.children().size()];
      int[] from = new int[fields.length];
      for (int i = 0; i < fields.length; i++) {
        from[i] = source.fieldIndex(target.fieldNames().get(i));
        if (from[i] < 0) {
          throw new IllegalStateException("no field " + target.fieldNames().get(i) + " in "
              + source);
        }
        fields[i] = same(target.child(i), source.child(from[i]));
      }
      return new StructView(target, fields, from);
    }
    throw new IllegalStateException(source + " does not hold " + target);
  }

  private static final class Identity extends Mapper {
    @Override
    ColumnVector map(ColumnVector source, int n) {
      return source;
    }
  }

  /** A column the file lacks: NULL in every row, and so are a struct's fields. */
  private static final class Nulls extends Mapper {
    private final Type type;
    private ColumnVector vector;

    Nulls(Type type) {
      this.type = type;
    }

    @Override
    ColumnVector map(ColumnVector source, int n) {
      if (vector == null || vector.capacity() < n) {
        vector = ColumnVector.create(type, Math.max(n, 1));
      }
      allNull(vector, n); // again each time: keep() may have moved flags around
      return vector;
    }

    private static void allNull(ColumnVector v, int n) {
      v.noNulls = false;
      Arrays.fill(v.isNull, 0, n, true);
      if (v instanceof StructVector s) {
        for (ColumnVector f : s.fields) {
          allNull(f, n); // a struct's fields are rows of it, checked even where it is NULL
        }
      }
    }
  }

  private static final class Convert extends Mapper {
    private final Type type;
    private final ScalarConversion conversion;
    private ColumnVector vector;

    Convert(Type type, ScalarConversion conversion) {
      this.type = type;
      this.conversion = conversion;
    }

    @Override
    ColumnVector map(ColumnVector source, int n) {
      if (vector == null) {
        vector = ColumnVector.create(type, Math.max(n, source.capacity()));
      }
      vector.ensureCapacity(n, false);
      vector.reset();
      conversion.convert(source, vector, n);
      return vector;
    }
  }

  /** A struct made of some of the source struct's fields, each mapped in turn. */
  private static final class StructView extends Mapper {
    private final Type type;
    private final Mapper[] fields;
    private final int[] from;
    private StructVector view;

    StructView(Type type, Mapper[] fields, int[] from) {
      this.type = type;
      this.fields = fields;
      this.from = from;
    }

    @Override
    ColumnVector map(ColumnVector source, int n) {
      StructVector s = (StructVector) source;
      if (view == null) {
        view = new StructVector(1, new ColumnVector[fields.length]);
      }
      view.shareNulls(s);
      for (int i = 0; i < fields.length; i++) {
        view.fields[i] = fields[i].map(from[i] < 0 ? null : s.fields[from[i]], n);
      }
      return view;
    }
  }

  /** A list whose elements are mapped. */
  private static final class ListView extends Mapper {
    private final Mapper element;
    private ListVector view;

    ListView(Mapper element) {
      this.element = element;
    }

    @Override
    ColumnVector map(ColumnVector source, int n) {
      ListVector s = (ListVector) source;
      ColumnVector child = element.map(s.child, s.childCount);
      if (view == null || view.child != child) {
        view = new ListVector(1, child);
      }
      view.shareNulls(s);
      view.offsets = s.offsets;
      view.lengths = s.lengths;
      view.childCount = s.childCount;
      return view;
    }
  }

  /** A map whose keys and values are mapped. */
  private static final class MapView extends Mapper {
    private final Mapper keys;
    private final Mapper values;
    private MapVector view;

    MapView(Mapper keys, Mapper values) {
      this.keys = keys;
      this.values = values;
    }

    @Override
    ColumnVector map(ColumnVector source, int n) {
      MapVector s = (MapVector) source;
      ColumnVector k = keys.map(s.keys, s.childCount);
      ColumnVector v = values.map(s.values, s.childCount);
      if (view == null || view.keys != k || view.values != v) {
        view = new MapVector(1, k, v);
      }
      view.shareNulls(s);
      view.offsets = s.offsets;
      view.lengths = s.lengths;
      view.childCount = s.childCount;
      return view;
    }
  }

  /** A union whose variants are mapped. */
  private static final class UnionView extends Mapper {
    private final Mapper[] variants;
    private UnionVector view;

    UnionView(Mapper[] variants) {
      this.variants = variants;
    }

    @Override
    ColumnVector map(ColumnVector source, int n) {
      UnionVector s = (UnionVector) source;
      ColumnVector[] mapped = new ColumnVector[variants.length];
      boolean changed = view == null;
      for (int i = 0; i < variants.length; i++) {
        mapped[i] = variants[i].map(s.fields[i], s.counts[i]);
        changed |= view != null && view.fields[i] != mapped[i];
      }
      if (changed) {
        view = new UnionVector(1, mapped);
      }
      view.shareNulls(s);
      view.tags = s.tags;
      view.offsets = s.offsets;
      System.arraycopy(s.counts, 0, view.counts, 0, variants.length);
      return view;
    }
  }
}
