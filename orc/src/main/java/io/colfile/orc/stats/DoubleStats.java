package io.colfile.orc.stats;

/**
 * Float and double columns (floats widened to double, orc.md section 8.4). Minimum and maximum
 * once any value was seen; the sum always, even when it is infinite or NaN.
 *
 * <p>NaN follows Java's comparisons: a NaN that arrives first becomes both bounds and stays
 * there (nothing compares below or above it); any later NaN is ignored by the bounds. Both
 * still poison the sum.
 *
 * <p>A NaN sum is written as the canonical NaN ({@code 0x7ff8000000000000}). Which NaN an IEEE
 * addition returns depends on the operand order the JIT picks and on the CPU (x86 makes
 * -Inf + Inf the negative NaN {@code 0xfff8...}), so Java's own bytes for it vary from run to
 * run; colfile's do not.
 */
public final class DoubleStats extends StatsCollector {
  private boolean hasMinimum;
  private double minimum;
  private double maximum;
  private double sum;

  DoubleStats() {}

  public void update(double value) {
    if (!hasMinimum) {
      hasMinimum = true;
      minimum = value;
      maximum = value;
    } else if (value < minimum) {
      minimum = value;
    } else if (value > maximum) {
      maximum = value;
    }
    sum += value;
  }

  @Override
  void mergeTyped(StatsCollector other) {
    DoubleStats o = (DoubleStats) other;
    if (!hasMinimum) {
      hasMinimum = o.hasMinimum;
      minimum = o.minimum;
      maximum = o.maximum;
    } else if (o.hasMinimum) {
      // plain comparisons, not Math.min: a NaN on the other side must not win
      if (o.minimum < minimum) {
        minimum = o.minimum;
      }
      if (o.maximum > maximum) {
        maximum = o.maximum;
      }
    }
    sum += o.sum;
  }

  @Override
  StatsCollector emptyCopy() {
    return new DoubleStats();
  }

  @Override
  boolean loadTyped(TypedStatistics typed) {
    if (!(typed instanceof DoubleStatistics d) || d.sum() == null
        || (d.minimum() == null) != (d.maximum() == null)
        || (numberOfValues() != 0 && d.minimum() == null)) {
      return false;
    }
    hasMinimum = d.minimum() != null;
    minimum = hasMinimum ? d.minimum() : 0;
    maximum = hasMinimum ? d.maximum() : 0;
    sum = d.sum();
    return true;
  }

  @Override
  void resetTyped() {
    hasMinimum = false;
    minimum = 0;
    maximum = 0;
    sum = 0;
  }

  @Override
  DoubleStatistics typed() {
    return new DoubleStatistics(hasMinimum ? minimum : null, hasMinimum ? maximum : null,
        Double.isNaN(sum) ? Double.NaN : sum);
  }
}
