package io.colfile.orc.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.types.Type;
import io.colfile.orc.proto.OrcProto;
import java.math.BigDecimal;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;

class DecimalStatsTest {
  private static final BigInteger NINES_38 = BigInteger.TEN.pow(38).subtract(BigInteger.ONE);

  private static DecimalStats classic() {
    return (DecimalStats) StatsCollector.create(Type.decimal(38, 10), false);
  }

  private static DecimalStats decimal64(int precision, int scale) {
    return (DecimalStats) StatsCollector.create(Type.decimal(precision, scale), true);
  }

  private static void add(DecimalStats s, String value) {
    BigDecimal v = new BigDecimal(value);
    s.increment(1);
    s.update(v.unscaledValue(), v.scale());
  }

  @Test
  void canonicalText() {
    assertThat(DecimalStats.canonicalText(12, 1)).isEqualTo("1.2");
    assertThat(DecimalStats.canonicalText(120, 2)).isEqualTo("1.2");
    assertThat(DecimalStats.canonicalText(0, 5)).isEqualTo("0");
    assertThat(DecimalStats.canonicalText(-55, 1)).isEqualTo("-5.5");
    assertThat(DecimalStats.canonicalText(-100050000, 5)).isEqualTo("-1000.5");
    assertThat(DecimalStats.canonicalText(12345, 8)).isEqualTo("0.00012345");
    assertThat(DecimalStats.canonicalText(-5, 1)).isEqualTo("-0.5");
    assertThat(DecimalStats.canonicalText(5, -2)).isEqualTo("500");
    assertThat(DecimalStats.canonicalText(1000, 0)).isEqualTo("1000");
    assertThat(DecimalStats.canonicalText(Long.MIN_VALUE, 3)).isEqualTo("-9223372036854775.808");
    assertThat(DecimalStats.canonicalText(BigInteger.ONE, 38))
        .isEqualTo("0." + "0".repeat(37) + "1");
    assertThat(DecimalStats.canonicalText(NINES_38.negate(), 0)).isEqualTo("-" + "9".repeat(38));
    assertThat(DecimalStats.canonicalText(BigInteger.TEN.pow(30), 10))
        .isEqualTo("100000000000000000000");
    assertThat(DecimalStats.canonicalText(BigInteger.ZERO, 20)).isEqualTo("0");
  }

  @Test
  void classicBoundsAndSumAsText() {
    DecimalStats s = classic();
    OrcProto.DecimalStatistics empty = Serialized.of(s).getDecimalStatistics();
    assertThat(empty.hasMinimum()).isFalse();
    assertThat(empty.getSum()).isEqualTo("0");
    add(s, "-1000.50000"); // trailing zeros do not show
    add(s, "1998301.0990");
    add(s, "0.00");
    s.increment(1);
    s.update(25, 1); // long form
    OrcProto.DecimalStatistics d = Serialized.of(s).getDecimalStatistics();
    assertThat(d.getMinimum()).isEqualTo("-1000.5");
    assertThat(d.getMaximum()).isEqualTo("1998301.099");
    assertThat(d.getSum()).isEqualTo("1997303.099");
  }

  @Test
  void classicSumRoundsPast38DigitsAndOverflowsPast38IntegerDigits() {
    // results checked against hive-storage-api 2.8.1's HiveDecimalWritable.mutateAdd
    DecimalStats s = classic();
    add(s, "1234567890123456789012345678.0123456789");
    add(s, "99999999999999999999999999999.000000001");
    assertThat(Serialized.of(s).getDecimalStatistics().getSum())
        .isEqualTo("101234567890123456789012345677.01234568");
    DecimalStats neg = classic();
    add(neg, "1234567890123456789012345678.0123456785");
    add(neg, "-99999999999999999999999999999.0000000000");
    assertThat(Serialized.of(neg).getDecimalStatistics().getSum())
        .isEqualTo("-98765432109876543210987654320.987654322"); // HALF_UP, away from zero

    DecimalStats big = classic();
    big.increment(2);
    big.update(NINES_38, 0);
    assertThat(Serialized.of(big).getDecimalStatistics().getSum()).isEqualTo("9".repeat(38));
    big.update(BigInteger.ONE, 0);
    OrcProto.DecimalStatistics d = Serialized.of(big).getDecimalStatistics();
    assertThat(d.hasSum()).isFalse();
    assertThat(d.getMinimum()).isEqualTo("1");
    assertThat(d.getMaximum()).isEqualTo("9".repeat(38));
    big.update(NINES_38.negate(), 0); // no way back once overflowed
    assertThat(Serialized.of(big).getDecimalStatistics().hasSum()).isFalse();

    DecimalStats carry = classic();
    add(carry, "9".repeat(38));
    add(carry, "0.5"); // rounding the sum carries into a 39th digit
    assertThat(Serialized.of(carry).getDecimalStatistics().hasSum()).isFalse();
    DecimalStats tiny = classic();
    add(tiny, "10");
    add(tiny, "0." + "0".repeat(37) + "5"); // rounded away
    assertThat(Serialized.of(tiny).getDecimalStatistics().getSum()).isEqualTo("10");
  }

  @Test
  void classicRefusesValuesHiveCannotHold() {
    DecimalStats s = classic();
    assertThatThrownBy(() -> s.update(BigInteger.TEN.pow(38), 0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("38 digits");
    assertThatThrownBy(() -> s.update(BigInteger.ONE, 39))
        .isInstanceOf(IllegalArgumentException.class);
    s.update(BigInteger.TEN.pow(40), 5); // 10^35: trailing zeros do not count
    s.update(10, 39); // 10^-38
    s.increment(2);
    assertThat(Serialized.of(s).getDecimalStatistics().getMinimum())
        .isEqualTo("0." + "0".repeat(37) + "1");
  }

  @Test
  void classicMergeCarriesOverflow() {
    DecimalStats a = classic();
    add(a, "9".repeat(38));
    add(a, "1");
    DecimalStats b = classic();
    add(b, "-3.25");
    DecimalStats stripe = classic();
    stripe.merge(b);
    assertThat(Serialized.of(stripe).getDecimalStatistics().getSum()).isEqualTo("-3.25");
    stripe.merge(a);
    OrcProto.DecimalStatistics d = Serialized.of(stripe).getDecimalStatistics();
    assertThat(d.hasSum()).isFalse();
    assertThat(d.getMinimum()).isEqualTo("-3.25");
    assertThat(d.getMaximum()).isEqualTo("9".repeat(38));
    DecimalStats fresh = classic();
    fresh.merge(a);
    assertThat(Serialized.of(fresh).getDecimalStatistics().hasSum()).isFalse();
    fresh.reset();
    assertThat(Serialized.of(fresh).toByteArray())
        .isEqualTo(Serialized.of(classic()).toByteArray());
  }

  @Test
  void hive011DecimalsKeepTheirOwnScale() {
    DecimalStats s = (DecimalStats) StatsCollector.create(Type.decimal(0, 0), false);
    s.increment(3);
    s.update(12345678654745L, 6);
    s.update(-5, 1);
    s.update(BigInteger.valueOf(3), -2); // 300
    OrcProto.DecimalStatistics d = Serialized.of(s).getDecimalStatistics();
    assertThat(d.getMinimum()).isEqualTo("-0.5");
    assertThat(d.getMaximum()).isEqualTo("12345678.654745");
    assertThat(d.getSum()).isEqualTo("12345978.154745");
  }

  @Test
  void decimal64BoundsAndSumAtTheColumnScale() {
    DecimalStats s = decimal64(10, 2);
    s.increment(3);
    s.update(-150, 2);
    s.update(12345, 3); // truncated to 12.34
    s.update(7, 0); // 7.00
    OrcProto.DecimalStatistics d = Serialized.of(s).getDecimalStatistics();
    assertThat(d.getMinimum()).isEqualTo("-1.5");
    assertThat(d.getMaximum()).isEqualTo("12.34");
    assertThat(d.getSum()).isEqualTo("17.84");
    assertThatThrownBy(() -> s.update(1_000_000_000_000_000_000L, 2))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> s.update(10_000_000_000_000_000L, 0)) // * 100 reaches 10^18
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> s.update(100_000_000_000_000_000L, 0)) // * 100 overflows a long
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> s.update(BigInteger.TEN.pow(30), 0))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void decimal64SumStopsPast18DigitsAndJavasMergeFlawIsKept() {
    long max = 999_999_999_999_999_999L;
    DecimalStats rowGroup = decimal64(18, 2);
    rowGroup.increment(3);
    rowGroup.update(max, 2);
    rowGroup.update(max, 2); // the sum leaves the range here
    rowGroup.update(5, 2); // and is no longer added to
    assertThat(Serialized.of(rowGroup).getDecimalStatistics().hasSum()).isFalse();

    // Java copies the sum but not its overflow into statistics that counted nothing
    DecimalStats stripe = decimal64(18, 2);
    stripe.merge(rowGroup);
    assertThat(Serialized.of(stripe).getDecimalStatistics().getSum())
        .isEqualTo("19999999999999999.98");
    // the next non-empty merge notices the out-of-range sum
    DecimalStats next = decimal64(18, 2);
    next.increment(1);
    next.update(1, 2);
    stripe.merge(next);
    assertThat(Serialized.of(stripe).getDecimalStatistics().hasSum()).isFalse();

    DecimalStats file = decimal64(18, 2);
    file.increment(1);
    file.update(-4, 0);
    file.merge(rowGroup); // a counted side merges the flag properly
    assertThat(Serialized.of(file).getDecimalStatistics().hasSum()).isFalse();
    assertThat(Serialized.of(file).getDecimalStatistics().getMinimum()).isEqualTo("-4");
    file.reset();
    assertThat(Serialized.of(file).getDecimalStatistics().getSum()).isEqualTo("0");
  }
}
