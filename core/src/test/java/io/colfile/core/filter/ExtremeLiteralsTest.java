package io.colfile.core.filter;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.DecimalVector;
import io.colfile.core.vector.LongVector;
import java.math.BigDecimal;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Literals given through the API with exponents the text form refuses ({@code 1e100000000},
 * {@code 1e-100000000}) bind and filter at once, exactly: no rounding may write out their
 * digits or divide by their power of ten.
 */
class ExtremeLiteralsTest {
  private static final Type SCHEMA = Type.parse("struct<l:bigint,d:decimal(10,2)>");
  private static final BigDecimal HUGE = new BigDecimal("1e100000000");
  private static final BigDecimal TINY = new BigDecimal("1e-100000000");

  @Test
  @Timeout(10)
  void hugeAndTinyLiteralsCompareExactly() {
    ColumnBatch b = new ColumnBatch(SCHEMA, 3);
    LongVector l = (LongVector) b.cols[0];
    DecimalVector d = (DecimalVector) b.cols[1];
    for (int i = 0; i < 3; i++) {
      l.vector[i] = i - 1;
      d.unscaled[i] = i - 1; // -0.01, 0, 0.01
    }
    b.size = 3;
    assertThat(select(b, "l", ComparisonOp.LT, TINY)).containsExactly(0, 1);
    assertThat(select(b, "l", ComparisonOp.GT, TINY.negate())).containsExactly(1, 2);
    assertThat(select(b, "l", ComparisonOp.EQ, TINY)).isEmpty();
    assertThat(select(b, "l", ComparisonOp.LT, HUGE)).containsExactly(0, 1, 2);
    assertThat(select(b, "d", ComparisonOp.GT, TINY)).containsExactly(2);
    assertThat(select(b, "d", ComparisonOp.LE, TINY.negate())).containsExactly(0);
    assertThat(select(b, "d", ComparisonOp.GE, HUGE.negate())).containsExactly(0, 1, 2);
    assertThat(select(b, "d", ComparisonOp.EQ, HUGE)).isEmpty();
  }

  private static int[] select(ColumnBatch b, String column, ComparisonOp op, BigDecimal v) {
    BoundPredicate p = BoundPredicate.bind(Predicate.compare(column, op, v), SCHEMA);
    int[] selected = new int[b.size];
    int n = new RowFilter(p, SCHEMA).select(b, selected);
    return Arrays.copyOf(selected, n);
  }
}
