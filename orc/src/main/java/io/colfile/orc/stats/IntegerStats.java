package io.colfile.orc.stats;

/**
 * Byte, short, int and long columns. IntegerStatistics is always present; minimum and maximum
 * once any value was seen; the sum until it overflows int64 (checked on every addition, the
 * repetitions included), after which it is left out for good.
 */
public final class IntegerStats extends StatsCollector {
  private boolean hasMinimum;
  private long minimum = Long.MAX_VALUE;
  private long maximum = Long.MIN_VALUE;
  private long sum;
  private boolean overflow;

  IntegerStats() {}

  /** {@code value} occurring {@code repetitions} times (a repeated run counts once per row). */
  public void update(long value, int repetitions) {
    if (!hasMinimum) {
      hasMinimum = true;
      minimum = value;
      maximum = value;
    } else if (value < minimum) {
      minimum = value;
    } else if (value > maximum) {
      maximum = value;
    }
    if (!overflow) {
      long add = value;
      if (repetitions > 1) {
        long high = Math.multiplyHigh(value, repetitions);
        add = value * repetitions;
        overflow = high != (add >> 63);
      }
      long s = sum + add;
      // two's-complement overflow: both operands' signs differ from the result's
      overflow |= ((sum ^ s) & (add ^ s)) < 0;
      if (!overflow) {
        sum = s;
      }
    }
  }

  @Override
  void mergeTyped(StatsCollector other) {
    IntegerStats o = (IntegerStats) other;
    if (!hasMinimum) {
      hasMinimum = o.hasMinimum;
      minimum = o.minimum;
      maximum = o.maximum;
    } else if (o.hasMinimum) {
      minimum = Math.min(minimum, o.minimum);
      maximum = Math.max(maximum, o.maximum);
    }
    overflow |= o.overflow;
    if (!overflow) {
      long s = sum + o.sum;
      overflow = ((sum ^ s) & (o.sum ^ s)) < 0;
      if (!overflow) {
        sum = s;
      }
    }
  }

  @Override
  StatsCollector emptyCopy() {
    return new IntegerStats();
  }

  @Override
  boolean loadTyped(TypedStatistics typed) {
    if (!(typed instanceof IntegerStatistics i)
        || (i.minimum() == null) != (i.maximum() == null)
        || (numberOfValues() != 0 && i.minimum() == null)) {
      return false;
    }
    hasMinimum = i.minimum() != null;
    if (hasMinimum) {
      minimum = i.minimum();
      maximum = i.maximum();
    }
    overflow = i.sum() == null;
    sum = overflow ? 0 : i.sum();
    return true;
  }

  @Override
  void resetTyped() {
    hasMinimum = false;
    minimum = Long.MAX_VALUE;
    maximum = Long.MIN_VALUE;
    sum = 0;
    overflow = false;
  }

  @Override
  IntegerStatistics typed() {
    return new IntegerStatistics(hasMinimum ? minimum : null, hasMinimum ? maximum : null,
        overflow ? null : sum);
  }
}
