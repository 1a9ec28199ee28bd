package io.colfile.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.testkit.Rows;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.orc.OrcProto;
import org.apache.orc.TypeDescription;

/**
 * The true collection statistics of the list and map columns of generated rows: the fewest,
 * most and total children of the non-null lists and maps (what ORC C++ writes; orc-core 2.1.1
 * records the batch capacity instead, orc.md section 9, so colfile's are checked against the
 * values rather than against orc-core's file).
 */
final class CollectionCounts {
  private CollectionCounts() {}

  /** Column id to {count, min, max, total} over {@code rows[from, to)}. */
  static Map<Integer, long[]> of(TypeDescription schema, List<Object> rows, int from, int to) {
    Map<Integer, long[]> out = new HashMap<>();
    collections(schema, out);
    for (int i = from; i < to; i++) {
      visit(schema, rows.get(i), out);
    }
    return out;
  }

  /**
   * Asserts that {@code actual}, one ColumnStatistics per column, carries the true collection
   * statistics of rows {@code [from, to)} for every list and map column.
   */
  static void check(String what, TypeDescription schema, List<Object> rows, int from, int to,
      List<OrcProto.ColumnStatistics> actual) {
    for (Map.Entry<Integer, long[]> e : of(schema, rows, from, to).entrySet()) {
      long[] c = e.getValue();
      OrcProto.CollectionStatistics.Builder want = OrcProto.CollectionStatistics.newBuilder();
      if (c[0] > 0) {
        want.setMinChildren(c[1]).setMaxChildren(c[2]);
      }
      if (c[3] != 0) {
        want.setTotalChildren(c[3]);
      }
      OrcProto.ColumnStatistics s = actual.get(e.getKey());
      assertThat(s.hasCollectionStatistics()).as("%s column %d (rows %d-%d): collection "
          + "statistics present", what, e.getKey(), from, to).isTrue();
      assertThat(s.getCollectionStatistics()).as("%s column %d (rows %d-%d): collection "
          + "statistics (count, min, max, total children %s)", what, e.getKey(), from, to,
          java.util.Arrays.toString(c)).isEqualTo(want.build());
      assertThat(s.getNumberOfValues()).as("%s column %d: non-null lists/maps", what,
          e.getKey()).isEqualTo(c[0]);
    }
  }

  private static void collections(TypeDescription t, Map<Integer, long[]> out) {
    if (t.getCategory() == TypeDescription.Category.LIST
        || t.getCategory() == TypeDescription.Category.MAP) {
      out.put(t.getId(), new long[] {0, Long.MAX_VALUE, 0, 0});
    }
    if (t.getChildren() != null) {
      for (TypeDescription c : t.getChildren()) {
        collections(c, out);
      }
    }
  }

  private static void visit(TypeDescription t, Object v, Map<Integer, long[]> out) {
    if (v == null) {
      return;
    }
    switch (t.getCategory()) {
      case STRUCT -> {
        List<?> fields = (List<?>) v;
        for (int f = 0; f < fields.size(); f++) {
          visit(t.getChildren().get(f), fields.get(f), out);
        }
      }
      case LIST -> {
        List<?> elements = (List<?>) v;
        add(out.get(t.getId()), elements.size());
        for (Object e : elements) {
          visit(t.getChildren().get(0), e, out);
        }
      }
      case MAP -> {
        List<?> entries = (List<?>) v;
        add(out.get(t.getId()), entries.size());
        for (Object o : entries) {
          Values.Entry e = (Values.Entry) o;
          visit(t.getChildren().get(0), e.key(), out);
          visit(t.getChildren().get(1), e.value(), out);
        }
      }
      case UNION -> {
        Rows.Variant u = (Rows.Variant) v;
        visit(t.getChildren().get(u.tag()), u.value(), out);
      }
      default -> { }
    }
  }

  private static void add(long[] c, long children) {
    c[0]++;
    c[1] = Math.min(c[1], children);
    c[2] = Math.max(c[2], children);
    c[3] += children;
  }
}
