package io.colfile.interop;

import io.colfile.testkit.Rows;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import org.apache.orc.TypeDescription;

/**
 * Rows of random values for a schema, in the {@link Values} model. Each type node picks, once per
 * file, how often it is null (never, sometimes, always) and how its values follow each other
 * (random, low cardinality, runs, a constant, sorted, arithmetic progressions), because those
 * choices decide which ORC encodings the writer uses: dictionary vs direct strings, RLE v2's
 * short-repeat, delta, direct and patched-base forms, repeating vectors, absent PRESENT streams.
 */
final class RandomValues {
  private final Random r;
  private final ZoneId writerZone;
  /**
   * The length limits of the lists and maps enclosing the node being built, multiplied: a list
   * or map inside another is never large, so that nested ones cannot multiply into a file of
   * hundreds of megabytes (a map of maps of binaries once made 769 MB).
   */
  private int enclosing = 1;

  RandomValues(Random r, ZoneId writerZone) {
    this.r = r;
    this.writerZone = writerZone;
  }

  /**
   * {@code count} rows of {@code schema}. A struct root is never null (ORC's root struct has
   * no PRESENT stream); any other root is a nullable bare value.
   */
  List<Object> rows(TypeDescription schema, int count) {
    Supplier<Object> gen = schema.getCategory() == TypeDescription.Category.STRUCT
        ? struct(schema) : node(schema);
    List<Object> rows = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      rows.add(fitting(gen));
    }
    return rows;
  }

  /**
   * The most a row may weigh as JSON lines, roughly ({@link #weight}): a low-cardinality pool of
   * a few long binaries under a map of 60 entries once made rows of close to a megabyte, and 4000
   * of them a file whose expected and actual lines no longer fit in memory.
   */
  static final long ROW_BUDGET = 16 << 10;

  /**
   * A row of {@code gen} within {@link #ROW_BUDGET}: drawn again, up to eight times, while it is
   * heavier (the lightest of them otherwise).
   */
  private static Object fitting(Supplier<Object> gen) {
    Object lightest = null;
    long least = Long.MAX_VALUE;
    for (int t = 0; t < 8; t++) {
      Object row = gen.get();
      long w = weight(row);
      if (w <= ROW_BUDGET) {
        return row;
      }
      if (w < least) {
        lightest = row;
        least = w;
      }
    }
    return lightest;
  }

  /** About the bytes {@code v} takes as JSON: a binary's bytes as numbers, a string escaped. */
  static long weight(Object v) {
    if (v instanceof byte[] b) {
      return 4L * b.length + 2;
    }
    if (v instanceof String str) {
      return 2L * str.length() + 2;
    }
    if (v instanceof List<?> list) {
      long w = 2;
      for (Object e : list) {
        w += weight(e) + 1;
      }
      return w;
    }
    if (v instanceof Values.Entry e) {
      return weight(e.key()) + weight(e.value()) + 4;
    }
    if (v instanceof Rows.Variant variant) {
      return weight(variant.value()) + 8;
    }
    return 24;
  }

  /** The generator of one type node, wrapped in its null mode. */
  Supplier<Object> node(TypeDescription type) {
    Supplier<Object> values = switch (type.getCategory()) {
      case STRUCT -> struct(type);
      case LIST -> list(type);
      case MAP -> map(type);
      case UNION -> union(type);
      default -> ordered(type, PrimitiveValues.of(type, r, writerZone));
    };
    int mode = r.nextInt(10);
    if (mode < 5) {
      return values;
    }
    if (mode == 9) {
      return () -> null;
    }
    double p = new double[] {0.02, 0.2, 0.5, 0.95}[mode - 5];
    return () -> r.nextDouble() < p ? null : values.get();
  }

  private Supplier<Object> struct(TypeDescription type) {
    List<Supplier<Object>> fields = new ArrayList<>();
    for (TypeDescription child : type.getChildren()) {
      fields.add(node(child));
    }
    return () -> {
      List<Object> row = new ArrayList<>(fields.size());
      for (Supplier<Object> f : fields) {
        row.add(f.get());
      }
      return row;
    };
  }

  private Supplier<Object> list(TypeDescription type) {
    int maxLength = lengthLimit();
    Supplier<Object> element = inside(maxLength, () -> node(type.getChildren().get(0)));
    return () -> {
      int n = maxLength == 0 ? 0 : r.nextInt(maxLength + 1);
      List<Object> list = new ArrayList<>(n);
      long w = 0;
      for (int i = 0; i < n && w <= ROW_BUDGET; i++) { // no list heavier than a row may be
        Object e = element.get();
        w += weight(e);
        list.add(e);
      }
      return list;
    };
  }

  private Supplier<Object> map(TypeDescription type) {
    TypeDescription keyType = type.getChildren().get(0);
    // ORC allows null keys and orc-core writes them; keep them rare, as real data has none
    int maxLength = lengthLimit();
    Supplier<Object> keys = r.nextInt(10) == 0 ? inside(maxLength, () -> node(keyType))
        : ordered(keyType, PrimitiveValues.of(keyType, r, writerZone));
    Supplier<Object> values = inside(maxLength, () -> node(type.getChildren().get(1)));
    return () -> {
      int n = maxLength == 0 ? 0 : r.nextInt(maxLength + 1);
      List<Values.Entry> entries = new ArrayList<>(n);
      long w = 0;
      for (int i = 0; i < n && w <= ROW_BUDGET; i++) { // no map heavier than a row may be
        Values.Entry e = new Values.Entry(keys.get(), values.get());
        w += weight(e);
        entries.add(e);
      }
      return entries;
    };
  }

  private Supplier<Object> union(TypeDescription type) {
    List<Supplier<Object>> variants = new ArrayList<>();
    for (TypeDescription child : type.getChildren()) {
      variants.add(node(child));
    }
    int n = variants.size();
    // a union that only ever uses one variant leaves the others' streams empty
    int only = r.nextInt(4) == 0 ? r.nextInt(n) : -1;
    return () -> {
      int tag = only >= 0 ? only : r.nextInt(n);
      return new Rows.Variant(tag, variants.get(tag).get());
    };
  }

  /**
   * Largest list/map length for one node: always empty, small, or occasionally large (never
   * large inside another list or map, and at most one deep inside several).
   */
  private int lengthLimit() {
    int k = r.nextInt(10);
    return k == 0 ? 0 : enclosing >= 64 ? 1 : k < 8 || enclosing > 1 ? 4 : 60;
  }

  /** The generator {@code build} makes for the elements of a list or map of up to {@code n}. */
  private Supplier<Object> inside(int n, Supplier<Supplier<Object>> build) {
    int before = enclosing;
    enclosing = before * Math.max(1, n);
    try {
      return build.get();
    } finally {
      enclosing = before;
    }
  }

  /** Wraps a primitive source in one of the orderings the encoders care about. */
  private Supplier<Object> ordered(TypeDescription type, Supplier<Object> source) {
    switch (r.nextInt(7)) {
      case 0: {                                      // low cardinality: dictionary, short repeats
        Object[] pool = new Object[1 + r.nextInt(r.nextBoolean() ? 8 : 300)];
        Arrays.setAll(pool, i -> source.get());
        return () -> pool[r.nextInt(pool.length)];
      }
      case 1: {                                      // runs of one value
        Object[] current = {source.get()};
        int[] left = {0};
        return () -> {
          if (left[0]-- <= 0) {
            current[0] = source.get();
            left[0] = r.nextInt(300);
          }
          return current[0];
        };
      }
      case 2: {                                      // one value for the whole column
        Object constant = source.get();
        return () -> constant;
      }
      case 3:                                        // sorted chunks: delta encodings
        return sortedChunks(type, source);
      case 4:
        if (isIntegral(type)) {
          return progression(type);
        }
        return source;
      default:
        return source;
    }
  }

  private Supplier<Object> sortedChunks(TypeDescription type, Supplier<Object> source) {
    Comparator<Object> order = ValueOrder.of(type);
    Object[] chunk = new Object[1 + r.nextInt(600)];
    int[] next = {chunk.length};
    return () -> {
      if (next[0] == chunk.length) {
        Arrays.setAll(chunk, i -> source.get());
        Arrays.sort(chunk, order);
        next[0] = 0;
      }
      return chunk[next[0]++];
    };
  }

  /** 0, step, 2 step, ...: RLE v2's DELTA form; restarts at 0 before leaving the type's range. */
  private Supplier<Object> progression(TypeDescription type) {
    long[] range = ValueOrder.integralRange(type);
    long step = r.nextInt(5) == 0 ? 0 : r.nextInt(2001) - 1000;
    boolean date = type.getCategory() == TypeDescription.Category.DATE;
    long[] state = {0};
    return () -> {
      long v = state[0];
      boolean leaves = step > 0 ? v > range[1] - step : v < range[0] - step;
      state[0] = leaves ? 0 : v + step;
      return date ? LocalDate.ofEpochDay(v) : (Object) v;
    };
  }

  private static boolean isIntegral(TypeDescription type) {
    return ValueOrder.integralRange(type) != null;
  }
}
