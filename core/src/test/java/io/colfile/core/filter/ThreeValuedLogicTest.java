package io.colfile.core.filter;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.LongVector;
import io.colfile.core.vector.StructVector;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * {@link RowFilter} on NULLs, case by case, as SQL decides: a comparison with NULL is unknown,
 * NOT unknown is unknown, a NULL is neither IN nor NOT IN a list, unknown OR true is true,
 * unknown AND false is false, and only rows where the whole predicate is TRUE are selected. A
 * field below a NULL struct is NULL.
 */
class ThreeValuedLogicTest {
  private static final Type SCHEMA = Type.parse("struct<a:int,b:int,s:struct<x:int>>");

  /**
   * Row 0: a 1, b 1, s.x 1; row 1: a 2, b NULL, s.x 2; row 2: a NULL, b 1, s NULL; row 3: a
   * NULL, b NULL, s.x NULL; row 4: a 3, b 3, s.x 3.
   */
  private static ColumnBatch batch() {
    ColumnBatch b = new ColumnBatch(SCHEMA, 5);
    LongVector a = (LongVector) b.cols[0];
    LongVector bb = (LongVector) b.cols[1];
    StructVector s = (StructVector) b.cols[2];
    LongVector x = (LongVector) s.fields[0];
    long[][] values = {{1, 1, 1}, {2, -1, 2}, {-1, 1, 9}, {-1, -1, -1}, {3, 3, 3}};
    for (int i = 0; i < values.length; i++) {
      a.vector[i] = values[i][0];
      bb.vector[i] = values[i][1];
      x.vector[i] = values[i][2];
      if (values[i][0] < 0) {
        a.setNull(i);
      }
      if (values[i][1] < 0) {
        bb.setNull(i);
      }
      if (values[i][2] < 0) {
        x.setNull(i);
      }
    }
    s.setNull(2); // x holds 9 below it, which must read as NULL
    b.size = values.length;
    return b;
  }

  @Test
  void comparisonsWithNullAreUnknownAndNotKeepsThemUnknown() {
    assertThat(select("a = 1")).containsExactly(0);
    assertThat(select("a != 1")).containsExactly(1, 4);
    assertThat(select("NOT a = 1")).containsExactly(1, 4);
    assertThat(select("NOT (a != 1)")).containsExactly(0);
    assertThat(select("NOT NOT a = 1")).containsExactly(0);
    assertThat(select("a BETWEEN 1 AND 2")).containsExactly(0, 1);
    assertThat(select("a NOT BETWEEN 1 AND 2")).containsExactly(4);
  }

  @Test
  void inAndNotInOfANullAreUnknown() {
    assertThat(select("a IN (1, 3)")).containsExactly(0, 4);
    assertThat(select("a NOT IN (1, 3)")).containsExactly(1);
    assertThat(select("NOT a IN (1, 3)")).containsExactly(1);
    assertThat(select("NOT a NOT IN (1, 3)")).containsExactly(0, 4);
    assertThat(select("a NOT IN (1, 2, 3)")).isEmpty();
    assertThat(select("a NOT IN (7) OR b NOT IN (7)")).containsExactly(0, 1, 2, 4);
  }

  @Test
  void orWithUnknownIsTrueOnlyWithATrueSide() {
    assertThat(select("a = 1 OR b = 1")).containsExactly(0, 2);
    assertThat(select("a = 2 OR b = 1")).containsExactly(0, 1, 2); // row 1: TRUE OR unknown
    assertThat(select("NOT (a = 2 OR b = 1)")).containsExactly(4);
    assertThat(select("a = 5 OR b = 5")).isEmpty();
    assertThat(select("NOT (a = 5 OR b = 5)")).containsExactly(0, 4);
    assertThat(select("a = 1 OR a IS NULL")).containsExactly(0, 2, 3);
  }

  @Test
  void andWithUnknownIsFalseOnlyWithAFalseSide() {
    assertThat(select("a = 2 AND b = 1")).isEmpty();
    assertThat(select("NOT (a = 2 AND b = 1)")).containsExactly(0, 4); // TRUE AND unknown
    assertThat(select("NOT (a = 1 AND b = 1)")).containsExactly(1, 4);
    assertThat(select("NOT (b = 1 AND a = 5)")).containsExactly(0, 1, 4); // unknown AND FALSE
  }

  @Test
  void aFieldBelowANullStructIsNull() {
    assertThat(select("s.x = 9")).isEmpty();
    assertThat(select("s.x IS NULL")).containsExactly(2, 3);
    assertThat(select("NOT s.x = 9")).containsExactly(0, 1, 4);
    assertThat(select("s.x IS NOT NULL")).containsExactly(0, 1, 4);
  }

  private static int[] select(String predicate) {
    ColumnBatch b = batch();
    BoundPredicate p = BoundPredicate.bind(Predicate.parse(predicate), SCHEMA);
    int[] selected = new int[b.size];
    int n = new RowFilter(p, SCHEMA).select(b, selected);
    return Arrays.copyOf(selected, n);
  }
}
