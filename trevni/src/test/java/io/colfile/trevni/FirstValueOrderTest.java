package io.colfile.trevni;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.filter.ColumnRange;
import io.colfile.core.filter.Domain;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.LongVector;
import io.colfile.core.vector.TimestampVector;
import io.colfile.testkit.TestSeed;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Block ranges from first values hold every value of their block in the predicates' order, on
 * columns sorted in Java's order: random sorted columns of every kind cut into random blocks,
 * strings with characters around the surrogates and bytes that are not UTF-8, bytes of both
 * signs, doubles with NaN and -0.0. And the Java order the reader checks rows with is Java's.
 */
@ExtendWith(TestSeed.class)
class FirstValueOrderTest {
  /** A value as the file holds it, its first-value form, and its vector. */
  private record Kind(FirstValueOrder order, Domain domain, Function<Random, Object> values,
      Comparator<Object> javaOrder, Function<Object, Object> first,
      Function<Object, Object> domainValue, Function<List<Object>, ColumnVector> vector) {}

  private static final String[] PIECES = {"", "a", "b", "k1", "k10", "\u007f", "é", "ü", "日",
    "\uD800\uDC00", "\uDBFF\uDFFF", "\uE000", "\uFFFD", "\uFFFF", "z"};

  private static List<Kind> kinds() {
    return List.of(
        new Kind(FirstValueOrder.LONG, Domain.LONG, r -> (long) r.nextInt(50) - 25,
            Comparator.comparing(o -> (Long) o), v -> v, v -> v, FirstValueOrderTest::longs),
        new Kind(FirstValueOrder.TIMESTAMP_MICROS, Domain.TIMESTAMP,
            r -> (long) r.nextInt(5_000_000) - 2_500_000, Comparator.comparing(o -> (Long) o),
            v -> v, v -> micros((Long) v), FirstValueOrderTest::timestamps),
        new Kind(FirstValueOrder.DOUBLE, Domain.DOUBLE, FirstValueOrderTest::aDouble,
            (a, b) -> Double.compare((Double) a, (Double) b), v -> v, v -> v,
            FirstValueOrderTest::doubles),
        new Kind(FirstValueOrder.STRING, Domain.BYTES, FirstValueOrderTest::utf8ish,
            Comparator.comparing(o -> decode((byte[]) o)), v -> decode((byte[]) v), v -> v,
            FirstValueOrderTest::bytes),
        new Kind(FirstValueOrder.BYTES, Domain.BYTES, FirstValueOrderTest::someBytes,
            (a, b) -> ByteBuffer.wrap((byte[]) a).compareTo(ByteBuffer.wrap((byte[]) b)),
            v -> v, v -> v, FirstValueOrderTest::bytes));
  }

  @Test
  void blockRangesHoldEveryValueOfTheirBlock() {
    for (Kind kind : kinds()) {
      for (int round = 0; round < 300; round++) {
        Random r = TestSeed.random("ranges " + kind.order, round);
        List<Object> values = new ArrayList<>();
        for (int i = 0, n = 1 + r.nextInt(60); i < n; i++) {
          values.add(kind.values.apply(r));
        }
        values.sort(kind.javaOrder);
        List<Integer> starts = new ArrayList<>(List.of(0));
        for (int i = 1; i < values.size(); i++) {
          if (r.nextInt(4) == 0) {
            starts.add(i);
          }
        }
        for (int b = 0; b < starts.size(); b++) {
          int from = starts.get(b);
          int to = b + 1 < starts.size() ? starts.get(b + 1) : values.size();
          Object next = to < values.size() ? kind.first.apply(values.get(to)) : null;
          ColumnRange range = kind.order.range(kind.first.apply(values.get(from)), next,
              to - from);
          for (Object v : values.subList(from, to)) {
            Object x = kind.domainValue.apply(v);
            if (x instanceof Double d && d.isNaN()) {
              assertThat(range.mayHaveNaN()).as("%s %s", TestSeed.replay(), kind.order).isTrue();
              continue;
            }
            String what = TestSeed.replay() + " " + kind.order + " block " + values.subList(from,
                to) + " next " + next + ": " + v;
            if (range.min() != null) {
              assertThat(kind.domain.compare(range.min(), x)).as(what).isLessThanOrEqualTo(0);
            }
            if (range.max() != null) {
              assertThat(kind.domain.compare(x, range.max())).as(what).isLessThanOrEqualTo(0);
            }
          }
        }
      }
    }
  }

  @Test
  void rowsCompareWithFirstValuesInJavaOrder() {
    for (Kind kind : kinds()) {
      Random r = TestSeed.random("compare " + kind.order, 0);
      List<Object> values = new ArrayList<>();
      for (int i = 0; i < 400; i++) {
        values.add(kind.values.apply(r));
      }
      ColumnVector v = kind.vector.apply(values);
      for (int i = 0; i < values.size(); i++) {
        Object other = values.get(r.nextInt(values.size()));
        int expected = Integer.signum(kind.javaOrder.compare(values.get(i), other));
        assertThat(Integer.signum(kind.order.compare(v, i, kind.first.apply(other))))
            .as("%s %s: %s vs %s", TestSeed.replay(), kind.order, values.get(i), other)
            .isEqualTo(expected);
      }
    }
  }

  @Test
  void cutsAndSuccessors() {
    ColumnRange s = FirstValueOrder.STRING.range("ab\u00e9c", "abz\uD83D\uDE00", 3);
    assertThat((byte[]) s.min()).isEqualTo("ab".getBytes(StandardCharsets.UTF_8));
    assertThat((byte[]) s.max()).isEqualTo("ab{".getBytes(StandardCharsets.UTF_8));
    ColumnRange ascii = FirstValueOrder.STRING.range("k01", "k07", 3);
    assertThat((byte[]) ascii.min()).isEqualTo("k01".getBytes(StandardCharsets.UTF_8));
    assertThat((byte[]) ascii.max()).isEqualTo("k07".getBytes(StandardCharsets.UTF_8));
    // signed order: 0x7f < 0x80 unsigned but not signed; the common prefix {1} bounds both
    ColumnRange b = FirstValueOrder.BYTES.range(new byte[] {1, -128}, new byte[] {1, 5}, 2);
    assertThat((byte[]) b.min()).isEqualTo(new byte[] {1});
    assertThat((byte[]) b.max()).isEqualTo(new byte[] {2});
    assertThat(FirstValueOrder.successor(new byte[] {1, -1, -1}, 3)).isEqualTo(new byte[] {2});
    assertThat(FirstValueOrder.successor(new byte[] {-1}, 1)).isNull();
    ColumnRange d = FirstValueOrder.DOUBLE.range(-0.0, Double.NaN, 4);
    assertThat(d.min()).isEqualTo(-0.0);
    assertThat(d.max()).isNull();
    assertThat(d.mayHaveNaN()).isTrue();
    assertThat(FirstValueOrder.DOUBLE.range(1.0, 2.0, 1).mayHaveNaN()).isFalse();
  }

  private static Object aDouble(Random r) {
    double[] edges = {Double.NaN, -0.0, 0.0, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY};
    return r.nextInt(4) == 0 ? edges[r.nextInt(edges.length)] : (r.nextInt(20) - 10) / 4.0;
  }

  /** UTF-8 of a few pieces, now and then with a byte that is not UTF-8. */
  private static Object utf8ish(Random r) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0, n = r.nextInt(4); i < n; i++) {
      sb.append(PIECES[r.nextInt(PIECES.length)]);
    }
    byte[] b = sb.toString().getBytes(StandardCharsets.UTF_8);
    if (r.nextInt(5) == 0) {
      b = java.util.Arrays.copyOf(b, b.length + 1);
      b[r.nextInt(b.length)] = (byte) new int[] {0x80, 0xC0, 0xC3, 0xF5, 0xFF}[r.nextInt(5)];
    }
    return b;
  }

  private static Object someBytes(Random r) {
    byte[] b = new byte[r.nextInt(4)];
    for (int i = 0; i < b.length; i++) {
      b[i] = (byte) new int[] {0, 1, 0x7F, 0x80, 0xFF, 'a'}[r.nextInt(6)];
    }
    return b;
  }

  private static String decode(byte[] b) {
    return new String(b, StandardCharsets.UTF_8);
  }

  private static Instant micros(long v) {
    return Instant.ofEpochSecond(Math.floorDiv(v, 1_000_000), Math.floorMod(v, 1_000_000) * 1000);
  }

  private static ColumnVector longs(List<Object> values) {
    LongVector v = new LongVector(values.size());
    for (int i = 0; i < values.size(); i++) {
      v.vector[i] = (Long) values.get(i);
    }
    return v;
  }

  private static ColumnVector timestamps(List<Object> values) {
    TimestampVector v = new TimestampVector(values.size());
    for (int i = 0; i < values.size(); i++) {
      Instant t = micros((Long) values.get(i));
      v.seconds[i] = t.getEpochSecond();
      v.nanos[i] = t.getNano();
    }
    return v;
  }

  private static ColumnVector doubles(List<Object> values) {
    DoubleVector v = new DoubleVector(values.size());
    for (int i = 0; i < values.size(); i++) {
      v.vector[i] = (Double) values.get(i);
    }
    return v;
  }

  private static ColumnVector bytes(List<Object> values) {
    BytesVector v = new BytesVector(values.size());
    for (int i = 0; i < values.size(); i++) {
      byte[] b = (byte[]) values.get(i);
      byte[] padded = new byte[b.length + 2]; // values at an offset, as readers hand them out
      System.arraycopy(b, 0, padded, 1, b.length);
      v.setRef(i, padded, 1, b.length);
    }
    return v;
  }
}
