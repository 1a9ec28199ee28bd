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
    assertThat(s.serialize().getIntStatistics().hasMinimum()).isFalse();
    assertThat(s.serialize().getIntStatistics().getSum()).isZero();
    s.increment(5);
    s.update(3, 1);
    s.update(-7, 2);
    s.update(10, 2);
    OrcProto.IntegerStatistics i = s.serialize().getIntStatistics();
    assertThat(i.getMinimum()).isEqualTo(-7);
    assertThat(i.getMaximum()).isEqualTo(10);
    assertThat(i.getSum()).isEqualTo(3 - 14 + 20);
  }

  @Test
  void integerSumIsDroppedForGoodOnOverflow() {
    IntegerStats s = ints();
    s.update(Long.MAX_VALUE, 1);
    assertThat(s.serialize().getIntStatistics().getSum()).isEqualTo(Long.MAX_VALUE);
    s.update(1, 1);
    assertThat(s.serialize().getIntStatistics().hasSum()).isFalse();
    s.update(-5, 1); // back in range would not matter: the sum is gone
    assertThat(s.serialize().getIntStatistics().hasSum()).isFalse();
    assertThat(s.serialize().getIntStatistics().getMinimum()).isEqualTo(-5);

    IntegerStats reps = ints();
    reps.update(Long.MAX_VALUE / 2 + 1, 2); // the product overflows, not the addition
    assertThat(reps.serialize().getIntStatistics().hasSum()).isFalse();
    IntegerStats negative = ints();
    negative.update(Long.MIN_VALUE, 1);
    negative.update(-1, 1);
    assertThat(negative.serialize().getIntStatistics().hasSum()).isFalse();
    IntegerStats exact = ints();
    exact.update(Long.MIN_VALUE / 4, 4);
    assertThat(exact.serialize().getIntStatistics().getSum()).isEqualTo(Long.MIN_VALUE);
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
    assertThat(a.serialize().getIntStatistics().hasSum()).isFalse();
    assertThat(a.serialize().getIntStatistics().getMaximum()).isEqualTo(Long.MAX_VALUE - 1);
    IntegerStats empty = ints();
    empty.merge(a);
    assertThat(empty.serialize().getIntStatistics().hasSum()).isFalse();
    assertThat(empty.serialize().getIntStatistics().getMinimum()).isEqualTo(5);
    a.reset();
    assertThat(a.serialize().toByteArray()).isEqualTo(ints().serialize().toByteArray());
  }

  @Test
  void doublesWithNanAndInfinity() {
    DoubleStats s = (DoubleStats) StatsCollector.create(Type.DOUBLE, false);
    assertThat(s.serialize().getDoubleStatistics().hasSum()).isTrue();
    assertThat(s.serialize().getDoubleStatistics().hasMinimum()).isFalse();
    s.update(1.5);
    s.update(Double.NaN); // ignored by the bounds, not by the sum
    s.update(Double.NEGATIVE_INFINITY);
    OrcProto.DoubleStatistics d = s.serialize().getDoubleStatistics();
    assertThat(d.getMinimum()).isEqualTo(Double.NEGATIVE_INFINITY);
    assertThat(d.getMaximum()).isEqualTo(1.5);
    assertThat(d.getSum()).isNaN();

    DoubleStats first = (DoubleStats) StatsCollector.create(Type.FLOAT, false);
    first.update(Double.NaN); // a first NaN sticks to both bounds
    first.update(-3);
    first.update(3);
    assertThat(first.serialize().getDoubleStatistics().getMinimum()).isNaN();
    assertThat(first.serialize().getDoubleStatistics().getMaximum()).isNaN();

    DoubleStats inf = (DoubleStats) StatsCollector.create(Type.DOUBLE, false);
    inf.update(Double.POSITIVE_INFINITY);
    inf.update(Double.NEGATIVE_INFINITY);
    assertThat(Double.doubleToRawLongBits(inf.serialize().getDoubleStatistics().getSum()))
        .isEqualTo(0x7ff8000000000000L); // canonical, whatever NaN the addition made

    DoubleStats merged = (DoubleStats) StatsCollector.create(Type.DOUBLE, false);
    merged.update(2);
    merged.merge(first); // NaN bounds on the other side do not win
    assertThat(merged.serialize().getDoubleStatistics().getMinimum()).isEqualTo(2);
    assertThat(merged.serialize().getDoubleStatistics().getSum()).isNaN();
  }

  @Test
  void datesBooleansBinariesCollections() {
    DateStats d = (DateStats) StatsCollector.create(Type.DATE, false);
    d.increment(3);
    d.update(-719162);
    d.update(0);
    d.update(2932896);
    assertThat(d.serialize().getDateStatistics().getMinimum()).isEqualTo(-719162);
    assertThat(d.serialize().getDateStatistics().getMaximum()).isEqualTo(2932896);
    DateStats noCount = (DateStats) StatsCollector.create(Type.DATE, false);
    noCount.update(5); // bounds need a count, as in Java
    assertThat(noCount.serialize().getDateStatistics().hasMinimum()).isFalse();

    BooleanStats b = (BooleanStats) StatsCollector.create(Type.BOOLEAN, false);
    b.increment(10);
    b.update(true, 4);
    b.update(false, 5);
    b.update(true, 1);
    assertThat(b.serialize().getBucketStatistics().getCountList()).containsExactly(5L);
    assertThat(StatsCollector.create(Type.BOOLEAN, false).serialize().getBucketStatistics()
        .getCountList()).containsExactly(0L);

    BinaryStats bin = (BinaryStats) StatsCollector.create(Type.BINARY, false);
    assertThat(bin.serialize().getBinaryStatistics().hasSum()).isTrue();
    bin.update(Integer.MAX_VALUE, 3);
    assertThat(bin.serialize().getBinaryStatistics().getSum())
        .isEqualTo(3L * Integer.MAX_VALUE);

    CollectionStats c = (CollectionStats) StatsCollector.create(Type.list(Type.INT), false);
    assertThat(c.serialize().getCollectionStatistics().hasTotalChildren()).isFalse();
    c.increment(3);
    c.update(0);
    c.update(4);
    c.update(2);
    OrcProto.CollectionStatistics cs = c.serialize().getCollectionStatistics();
    assertThat(cs.getMinChildren()).isZero();
    assertThat(cs.getMaxChildren()).isEqualTo(4);
    assertThat(cs.getTotalChildren()).isEqualTo(6);
    CollectionStats stripe = (CollectionStats) StatsCollector.create(Type.list(Type.INT), false);
    stripe.merge(c);
    CollectionStats later = (CollectionStats) StatsCollector.create(Type.list(Type.INT), false);
    later.increment(1);
    later.update(9);
    stripe.merge(later);
    cs = stripe.serialize().getCollectionStatistics();
    assertThat(cs.getMinChildren()).isZero();
    assertThat(cs.getMaxChildren()).isEqualTo(9);
    assertThat(cs.getTotalChildren()).isEqualTo(15);
    CollectionStats onlyEmpty = (CollectionStats) StatsCollector.create(Type.list(Type.INT), false);
    onlyEmpty.increment(2);
    onlyEmpty.update(0);
    onlyEmpty.update(0);
    assertThat(onlyEmpty.serialize().getCollectionStatistics().hasTotalChildren()).isFalse();
    assertThat(onlyEmpty.serialize().getCollectionStatistics().getMaxChildren()).isZero();
  }
}
