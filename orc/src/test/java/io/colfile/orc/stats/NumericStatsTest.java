package io.colfile.orc.stats;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.types.Type;
import io.colfile.orc.proto.OrcProto;
import org.junit.jupiter.api.Test;

/** Integer, double, date, boolean, binary and collection statistics. */
class NumericStatsTest {
  private static IntegerStats ints() {
    return (IntegerStats) StatsCollector.create(Type.LONG, false);
  }

  @Test
  void integerBoundsAndSum() {
    IntegerStats s = ints();
    assertThat(Serialized.of(s).getIntStatistics().hasMinimum()).isFalse();
    assertThat(Serialized.of(s).getIntStatistics().getSum()).isZero();
    s.increment(5);
    s.update(3, 1);
    s.update(-7, 2);
    s.update(10, 2);
    OrcProto.IntegerStatistics i = Serialized.of(s).getIntStatistics();
    assertThat(i.getMinimum()).isEqualTo(-7);
    assertThat(i.getMaximum()).isEqualTo(10);
    assertThat(i.getSum()).isEqualTo(3 - 14 + 20);
  }

  @Test
  void integerSumIsDroppedForGoodOnOverflow() {
    IntegerStats s = ints();
    s.update(Long.MAX_VALUE, 1);
    assertThat(Serialized.of(s).getIntStatistics().getSum()).isEqualTo(Long.MAX_VALUE);
    s.update(1, 1);
    assertThat(Serialized.of(s).getIntStatistics().hasSum()).isFalse();
    s.update(-5, 1); // back in range would not matter: the sum is gone
    assertThat(Serialized.of(s).getIntStatistics().hasSum()).isFalse();
    assertThat(Serialized.of(s).getIntStatistics().getMinimum()).isEqualTo(-5);

    IntegerStats reps = ints();
    reps.update(Long.MAX_VALUE / 2 + 1, 2); // the product overflows, not the addition
    assertThat(Serialized.of(reps).getIntStatistics().hasSum()).isFalse();
    IntegerStats negative = ints();
    negative.update(Long.MIN_VALUE, 1);
    negative.update(-1, 1);
    assertThat(Serialized.of(negative).getIntStatistics().hasSum()).isFalse();
    IntegerStats exact = ints();
    exact.update(Long.MIN_VALUE / 4, 4);
    assertThat(Serialized.of(exact).getIntStatistics().getSum()).isEqualTo(Long.MIN_VALUE);
  }

  @Test
  void integerMergeCarriesOverflowAndDetectsItsOwn() {
    IntegerStats a = ints();
    IntegerStats b = ints();
    a.increment(1);
    a.update(Long.MAX_VALUE - 1, 1);
    b.increment(1);
    b.update(5, 1);
    a.merge(b);
    assertThat(Serialized.of(a).getIntStatistics().hasSum()).isFalse();
    assertThat(Serialized.of(a).getIntStatistics().getMaximum()).isEqualTo(Long.MAX_VALUE - 1);
    IntegerStats empty = ints();
    empty.merge(a);
    assertThat(Serialized.of(empty).getIntStatistics().hasSum()).isFalse();
    assertThat(Serialized.of(empty).getIntStatistics().getMinimum()).isEqualTo(5);
    a.reset();
    assertThat(Serialized.of(a).toByteArray()).isEqualTo(Serialized.of(ints()).toByteArray());
  }

  @Test
  void doublesWithNanAndInfinity() {
    DoubleStats s = (DoubleStats) StatsCollector.create(Type.DOUBLE, false);
    assertThat(Serialized.of(s).getDoubleStatistics().hasSum()).isTrue();
    assertThat(Serialized.of(s).getDoubleStatistics().hasMinimum()).isFalse();
    s.update(1.5);
    s.update(Double.NaN); // ignored by the bounds, not by the sum
    s.update(Double.NEGATIVE_INFINITY);
    OrcProto.DoubleStatistics d = Serialized.of(s).getDoubleStatistics();
    assertThat(d.getMinimum()).isEqualTo(Double.NEGATIVE_INFINITY);
    assertThat(d.getMaximum()).isEqualTo(1.5);
    assertThat(d.getSum()).isNaN();

    DoubleStats first = (DoubleStats) StatsCollector.create(Type.FLOAT, false);
    first.update(Double.NaN); // a first NaN sticks to both bounds
    first.update(-3);
    first.update(3);
    assertThat(Serialized.of(first).getDoubleStatistics().getMinimum()).isNaN();
    assertThat(Serialized.of(first).getDoubleStatistics().getMaximum()).isNaN();

    DoubleStats inf = (DoubleStats) StatsCollector.create(Type.DOUBLE, false);
    inf.update(Double.POSITIVE_INFINITY);
    inf.update(Double.NEGATIVE_INFINITY);
    assertThat(Double.doubleToRawLongBits(Serialized.of(inf).getDoubleStatistics().getSum()))
        .isEqualTo(0x7ff8000000000000L); // canonical, whatever NaN the addition made

    DoubleStats merged = (DoubleStats) StatsCollector.create(Type.DOUBLE, false);
    merged.update(2);
    merged.merge(first); // NaN bounds on the other side do not win
    assertThat(Serialized.of(merged).getDoubleStatistics().getMinimum()).isEqualTo(2);
    assertThat(Serialized.of(merged).getDoubleStatistics().getSum()).isNaN();
  }

  @Test
  void datesBooleansBinariesCollections() {
    DateStats d = (DateStats) StatsCollector.create(Type.DATE, false);
    d.increment(3);
    d.update(-719162);
    d.update(0);
    d.update(2932896);
    assertThat(Serialized.of(d).getDateStatistics().getMinimum()).isEqualTo(-719162);
    assertThat(Serialized.of(d).getDateStatistics().getMaximum()).isEqualTo(2932896);
    DateStats noCount = (DateStats) StatsCollector.create(Type.DATE, false);
    noCount.update(5); // bounds need a count, as in Java
    assertThat(Serialized.of(noCount).getDateStatistics().hasMinimum()).isFalse();

    BooleanStats b = (BooleanStats) StatsCollector.create(Type.BOOLEAN, false);
    b.increment(10);
    b.update(true, 4);
    b.update(false, 5);
    b.update(true, 1);
    assertThat(Serialized.of(b).getBucketStatistics().getCountList()).containsExactly(5L);
    assertThat(Serialized.of(StatsCollector.create(Type.BOOLEAN, false)).getBucketStatistics()
        .getCountList()).containsExactly(0L);

    BinaryStats bin = (BinaryStats) StatsCollector.create(Type.BINARY, false);
    assertThat(Serialized.of(bin).getBinaryStatistics().hasSum()).isTrue();
    bin.update(Integer.MAX_VALUE, 3);
    assertThat(Serialized.of(bin).getBinaryStatistics().getSum())
        .isEqualTo(3L * Integer.MAX_VALUE);

    CollectionStats c = (CollectionStats) StatsCollector.create(Type.list(Type.INT), false);
    assertThat(Serialized.of(c).getCollectionStatistics().hasTotalChildren()).isFalse();
    c.increment(3);
    c.update(0);
    c.update(4);
    c.update(2);
    OrcProto.CollectionStatistics cs = Serialized.of(c).getCollectionStatistics();
    assertThat(cs.getMinChildren()).isZero();
    assertThat(cs.getMaxChildren()).isEqualTo(4);
    assertThat(cs.getTotalChildren()).isEqualTo(6);
    CollectionStats stripe = (CollectionStats) StatsCollector.create(Type.list(Type.INT), false);
    stripe.merge(c);
    CollectionStats later = (CollectionStats) StatsCollector.create(Type.list(Type.INT), false);
    later.increment(1);
    later.update(9);
    stripe.merge(later);
    cs = Serialized.of(stripe).getCollectionStatistics();
    assertThat(cs.getMinChildren()).isZero();
    assertThat(cs.getMaxChildren()).isEqualTo(9);
    assertThat(cs.getTotalChildren()).isEqualTo(15);
    CollectionStats onlyEmpty = (CollectionStats) StatsCollector.create(Type.list(Type.INT), false);
    onlyEmpty.increment(2);
    onlyEmpty.update(0);
    onlyEmpty.update(0);
    assertThat(Serialized.of(onlyEmpty).getCollectionStatistics().hasTotalChildren()).isFalse();
    assertThat(Serialized.of(onlyEmpty).getCollectionStatistics().getMaxChildren()).isZero();
  }
}
