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
      rows.add(gen.get());
    }
    return rows;
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
    Supplier<Object> element = node(type.getChildren().get(0));
    int maxLength = lengthLimit();
    return () -> {
      int n = maxLength == 0 ? 0 : r.nextInt(maxLength + 1);
      List<Object> list = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        list.add(element.get());
      }
      return list;
    };
  }

  private Supplier<Object> map(TypeDescription type) {
    TypeDescription keyType = type.getChildren().get(0);
    // ORC allows null keys and orc-core writes them; keep them rare, as real data has none
    Supplier<Object> keys = r.nextInt(10) == 0 ? node(keyType)
        : ordered(keyType, PrimitiveValues.of(keyType, r, writerZone));
    Supplier<Object> values = node(type.getChildren().get(1));
    int maxLength = lengthLimit();
    return () -> {
      int n = maxLength == 0 ? 0 : r.nextInt(maxLength + 1);
      List<Values.Entry> entries = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        entries.add(new Values.Entry(keys.get(), values.get()));
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

  /** Largest list/map length for one node: always empty, small, or occasionally large. */
  private int lengthLimit() {
    int k = r.nextInt(10);
    return k == 0 ? 0 : k < 8 ? 4 : 60;
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
