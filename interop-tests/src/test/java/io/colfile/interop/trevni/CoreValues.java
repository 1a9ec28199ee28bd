package io.colfile.interop.trevni;

import io.colfile.interop.trevni.CoreCase.Col;
import io.colfile.trevni.TrevniChecksum;
import io.colfile.trevni.TrevniCodec;
import io.colfile.trevni.ValueType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/** Random column sets and values for {@link CoreCase}: every value type, edge values, runs. */
final class CoreValues {
  private CoreValues() {}

  static final ValueType[] TYPES = ValueType.values();

  static final int[] INT_EDGES = {0, 1, -1, 63, 64, -64, -65, 127, 128, 8191, 8192, -8193,
      Integer.MIN_VALUE, Integer.MAX_VALUE, Integer.MIN_VALUE + 1, Integer.MAX_VALUE - 1,
      1 << 28, -(1 << 28)};
  static final long[] LONG_EDGES = {0, 1, -1, 63, 64, -64, -65, Integer.MIN_VALUE,
      Integer.MAX_VALUE, Integer.MIN_VALUE - 1L, Integer.MAX_VALUE + 1L, Long.MIN_VALUE,
      Long.MAX_VALUE, Long.MIN_VALUE + 1, Long.MAX_VALUE - 1, 1L << 56, -(1L << 62)};
  static final float[] FLOAT_EDGES = {0f, -0f, Float.NaN, Float.intBitsToFloat(0x7fc12345),
      Float.intBitsToFloat(0xffc00000), Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY,
      Float.MIN_VALUE, Float.MAX_VALUE, -Float.MAX_VALUE, Float.MIN_NORMAL, 1.5f};
  static final double[] DOUBLE_EDGES = {0d, -0d, Double.NaN,
      Double.longBitsToDouble(0x7ff8000000abcdefL), Double.longBitsToDouble(0xfff8000000000000L),
      Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE, Double.MAX_VALUE,
      -Double.MAX_VALUE, Double.MIN_NORMAL, -2.0};
  static final String[] STRING_EDGES = {"", "a", " ", "naïve café", "日本語テキスト", "emoji 😀🎉",
      "Ωμέγα", "\u0000nul", "line\nbreak", "\u007f\u0080\u07ff\u0800\uffff",
      "\uD800 unpaired", "lone low \uDC00", "\uDBFF\uDFFF"};
  static final String[] NAME_POOL = {"a", "b", "c", "id", "name", "x", "y", "naïve", "日本",
      "x#y", "p[]", "u/int", "m>", "m>key", "Ω", "with space", "UPPER", "tags[]#x", "col_9"};

  /**
   * A random column set: 1 to 5 roots, each plain or an array; arrays may have children (to depth
   * 3), which are plain children or arrays again; parents are mostly {@code null}-typed, as
   * trevni-avro makes them. Some plain columns store first values; some columns have their own
   * codec, checksum or user metadata.
   */
  static List<Col> randomColumns(Random r) {
    List<Col> out = new ArrayList<>();
    Set<String> names = new HashSet<>();
    int roots = 1 + r.nextInt(5);
    for (int i = 0; i < roots; i++) {
      add(r, out, names, -1, 0);
    }
    return out;
  }

  private static void add(Random r, List<Col> out, Set<String> names, int parent, int depth) {
    boolean array = parent < 0 ? r.nextInt(5) < 2 : r.nextInt(2) == 0;
    boolean hasKids = array && depth < 3 && r.nextInt(3) < 2;
    ValueType type = hasKids && r.nextInt(4) != 0 ? ValueType.NULL : TYPES[r.nextInt(TYPES.length)];
    boolean firstValues = parent < 0 && !array && r.nextInt(4) == 0;
    int me = out.size();
    out.add(new Col(name(r, names), type, parent, array, firstValues, codecOverride(r),
        checksumOverride(r), userMeta(r)));
    if (hasKids) {
      int kids = 1 + r.nextInt(3);
      for (int k = 0; k < kids; k++) {
        add(r, out, names, me, depth + 1);
      }
    }
  }

  /**
   * Every value type as a plain column (with and without first values), as a root array, as a
   * plain child of a {@code null} parent and as an array inside an array inside that parent.
   */
  static List<Col> everyType(Random r) {
    List<Col> out = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (ValueType t : TYPES) {
      out.add(new Col(name(r, names), t, -1, false, false, codecOverride(r), null, Map.of()));
      out.add(new Col(name(r, names), t, -1, false, true, null, checksumOverride(r), Map.of()));
      out.add(new Col(name(r, names), t, -1, true, false, null, null, Map.of()));
    }
    int p = out.size();
    out.add(new Col("parent", ValueType.NULL, -1, true, false, null, null, Map.of()));
    for (ValueType t : TYPES) {
      out.add(new Col("parent#" + t.wireName(), t, p, false, false, null, null, Map.of()));
    }
    int q = out.size();
    out.add(new Col("parent#inner[]", ValueType.NULL, p, true, false, null, null, Map.of()));
    for (ValueType t : TYPES) {
      out.add(new Col("parent#inner[]#" + t.wireName() + "[]", t, q, true, false, null, null,
          Map.of()));
    }
    // a typed (non-null) parent: its own values come before each element's children
    int s = out.size();
    out.add(new Col("typed", ValueType.STRING, -1, true, false, null, null, Map.of()));
    out.add(new Col("typed#n", ValueType.INT, s, false, false, null, null, Map.of()));
    out.add(new Col("typed#b[]", ValueType.BOOLEAN, s, true, false, null, null, Map.of()));
    return out;
  }

  private static String name(Random r, Set<String> names) {
    while (true) {
      String n = NAME_POOL[r.nextInt(NAME_POOL.length)];
      if (r.nextInt(3) == 0 || names.contains(n)) {
        n = n + names.size();
      }
      if (names.add(n)) {
        return n;
      }
    }
  }

  private static TrevniCodec codecOverride(Random r) {
    return r.nextInt(6) == 0 ? TrevniCodec.values()[r.nextInt(4)] : null;
  }

  private static TrevniChecksum checksumOverride(Random r) {
    return r.nextInt(6) == 0 ? TrevniChecksum.values()[r.nextInt(2)] : null;
  }

  private static Map<String, String> userMeta(Random r) {
    Map<String, String> m = new LinkedHashMap<>();
    if (r.nextInt(8) == 0) {
      m.put("owner", "col-" + r.nextInt(100));
      if (r.nextBoolean()) {
        m.put("note", "ünïcode ✓");
      }
    }
    return m;
  }

  /** How a case's values look. */
  record Profile(int maxText, int[] lengthMode, boolean[] boolBias) {}

  static Profile profile(Random r, int columns, boolean big) {
    int[] modes = new int[columns];
    boolean[] bias = new boolean[columns];
    for (int i = 0; i < columns; i++) {
      modes[i] = r.nextInt(5);
      bias[i] = r.nextBoolean();
    }
    return new Profile(big ? 300 + r.nextInt(700) : 24, modes, bias);
  }

  /**
   * A {@link CoreCase.Source} drawing from {@code r} for the columns of {@code cols}. After
   * {@code maxValues} values every length is 0, so nested arrays cannot multiply out of bounds.
   */
  static CoreCase.Source source(Random r, List<Col> cols, Profile p, int maxValues) {
    int[] left = {maxValues};
    return new CoreCase.Source() {
      @Override
      public int length(int column) {
        if (left[0] <= 0) {
          return 0;
        }
        boolean nested = cols.get(column).parent() >= 0;
        switch (p.lengthMode[column]) {
          case 0:
            return r.nextInt(10) < 8 ? 0 : 1 + r.nextInt(3);   // mostly empty: runs of 0
          case 1:
            return r.nextInt(10) < 8 ? 1 : r.nextInt(3);       // mostly one: runs of 1
          case 2:
            return r.nextInt(2);                               // zeros and ones mixed
          case 3:
            return r.nextInt(40) == 0 && !nested ? 20 + r.nextInt(30) : r.nextInt(nested ? 3 : 6);
          default:
            return r.nextInt(3);
        }
      }

      @Override
      public Object value(int column) {
        left[0]--;
        return CoreValues.value(r, cols.get(column).type(), p.maxText, p.boolBias[column]);
      }
    };
  }

  static Object value(Random r, ValueType t, int maxText, boolean bias) {
    boolean edge = r.nextInt(6) == 0;
    switch (t) {
      case NULL:
        return null;
      case BOOLEAN:
        return bias ? r.nextInt(10) < 8 : r.nextBoolean();
      case INT:
      case FIXED32:
        return edge ? INT_EDGES[r.nextInt(INT_EDGES.length)] : r.nextInt() >> r.nextInt(32);
      case LONG:
      case FIXED64:
        return edge ? LONG_EDGES[r.nextInt(LONG_EDGES.length)] : r.nextLong() >> r.nextInt(64);
      case FLOAT:
        return edge ? FLOAT_EDGES[r.nextInt(FLOAT_EDGES.length)]
            : (float) ((r.nextFloat() - 0.5) * Math.pow(10, r.nextInt(20) - 10));
      case DOUBLE:
        return edge ? DOUBLE_EDGES[r.nextInt(DOUBLE_EDGES.length)]
            : (r.nextDouble() - 0.5) * Math.pow(10, r.nextInt(40) - 20);
      case STRING:
        return edge ? STRING_EDGES[r.nextInt(STRING_EDGES.length)] : text(r, r.nextInt(maxText));
      case BYTES: {
        byte[] b = new byte[edge ? 0 : r.nextInt(maxText)];
        r.nextBytes(b);
        return b;
      }
      default:
        throw new AssertionError(t);
    }
  }

  static String text(Random r, int length) {
    StringBuilder b = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      int k = r.nextInt(20);
      if (k == 0) {
        b.append((char) (0xA0 + r.nextInt(0x60)));
      } else if (k == 1) {
        b.append((char) (0x4E00 + r.nextInt(0x5000)));
      } else if (k == 2 && i + 1 < length) {
        b.appendCodePoint(0x1F600 + r.nextInt(0x50));
        i++;
      } else {
        b.append((char) ('a' + r.nextInt(26)));
      }
    }
    return b.toString();
  }
}
