package io.colfile.orc.stats;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Decimal columns: minimum, maximum and sum as Hive's canonical decimal text ("1998301.099",
 * "0", "-5.5": no exponent, no trailing fractional zeros). DecimalStatistics is always present;
 * min/max when values were counted; the sum unless it overflowed.
 *
 * <p>Java 2.1.1 picks one of two rule sets by the column's precision alone, whichever encoding
 * writes the values (so [0,12] files get them too):
 *
 * <ul>
 *   <li><b>precision 1 to 18</b> ({@code Decimal64StatisticsImpl}): values are brought to the
 *       column scale (extra digits truncated toward zero) and must then lie within
 *       +-(10^18 - 1); the sum is a long at the column scale that is dropped once it leaves
 *       that range. Java's merge has a flaw, reproduced here: merging into statistics that have
 *       counted nothing copies the other side's sum but not its overflow flag, so a stripe whose
 *       first row group overflowed still writes that row group's partial sum.
 *   <li><b>precision 19 to 38, or 0</b> (Hive 0.11 decimals, {@code DecimalStatisticsImpl}):
 *       values keep their own scale; the sum follows Hive's 38-digit arithmetic ({@link
 *       HiveDecimalRules}: the fraction is rounded HALF_UP when a sum needs more than 38 digits,
 *       and more than 38 integer digits is an overflow).
 * </ul>
 */
public final class DecimalStats extends StatsCollector {
  /** The widest precision whose values (and Java's statistics) fit a long. */
  public static final int MAX_DECIMAL64_PRECISION = 18;
  static final long MAX_DECIMAL64 = 999_999_999_999_999_999L;

  private final boolean decimal64;
  private final int columnScale;

  // decimal64 rules: bounds and sum as longs at the column scale
  private long min64 = Long.MAX_VALUE;
  private long max64 = Long.MIN_VALUE;
  private long sum64;
  private boolean hasSum64 = true;

  // classic rules
  private boolean hasValue;
  private final WideDecimal min = new WideDecimal();
  private final WideDecimal max = new WideDecimal();
  private final WideDecimal sum = new WideDecimal();
  private boolean sumOverflow;

  DecimalStats(int precision, int scale) {
    this.decimal64 = precision >= 1 && precision <= MAX_DECIMAL64_PRECISION;
    this.columnScale = scale;
  }

  /** Whether this column follows the decimal64 rules (precision 1 to 18). */
  public boolean isDecimal64() {
    return decimal64;
  }

  /**
   * Hive's canonical text of {@code unscaled * 10^-scale}: "1.2", "0", "-5.5", no exponent, no
   * trailing fractional zeros. This is also the text decimal bloom filter entries hash.
   */
  public static String canonicalText(BigInteger unscaled, int scale) {
    if (unscaled.bitLength() < 64) {
      return HiveDecimalRules.text(unscaled.longValue(), scale);
    }
    return HiveDecimalRules.text(new BigDecimal(unscaled, scale));
  }

  /** {@link #canonicalText(BigInteger, int)} for a long unscaled value. */
  public static String canonicalText(long unscaled, int scale) {
    return HiveDecimalRules.text(unscaled, scale);
  }

  /** One value, {@code unscaled * 10^-scale}. */
  public void update(long unscaled, int scale) {
    if (decimal64) {
      update64(toColumnScale(unscaled, scale));
    } else if (scale >= 0 && scale <= HiveDecimalRules.MAX_DIGITS) {
      // a long at a scale of at most 38 has at most 38 digits in Hive's sense: nothing to round
      if (!hasValue) {
        hasValue = true;
        min.set(unscaled, scale);
        max.set(unscaled, scale);
      } else if (min.compareTo(unscaled, scale) > 0) {
        min.set(unscaled, scale);
      } else if (max.compareTo(unscaled, scale) < 0) {
        max.set(unscaled, scale);
      }
      if (!sumOverflow) {
        sumOverflow = !sum.add(unscaled, scale);
      }
    } else {
      updateWide(BigInteger.valueOf(unscaled), scale);
    }
  }

  /** One value, {@code unscaled * 10^-scale}. */
  public void update(BigInteger unscaled, int scale) {
    if (decimal64) {
      BigInteger v = unscaled;
      if (scale > columnScale) {
        v = v.divide(BigInteger.TEN.pow(scale - columnScale));
      } else if (scale < columnScale) {
        v = v.multiply(BigInteger.TEN.pow(columnScale - scale));
      }
      if (v.bitLength() > 63) {
        throw outOfBounds(unscaled, scale);
      }
      update64(v.longValue());
    } else if (unscaled.bitLength() < 64 && scale >= 0
        && scale <= HiveDecimalRules.MAX_DIGITS) {
      update(unscaled.longValue(), scale);
    } else {
      updateWide(unscaled, scale);
    }
  }

  /**
   * The classic rules for a value that may not fit a long. Values Hive could not hold exactly
   * (more than 38 digits once trailing zeros are stripped) are refused: Java's writer would
   * have rounded them to the column type before they reached its statistics.
   */
  private void updateWide(BigInteger unscaled, int scale) {
    BigDecimal exact = new BigDecimal(unscaled, scale);
    BigDecimal v = HiveDecimalRules.normalize(exact);
    if (v == null || v.compareTo(exact) != 0) {
      throw new IllegalArgumentException(
          "not a decimal of at most 38 digits: " + exact.toPlainString());
    }
    if (!hasValue) {
      hasValue = true;
      min.set(v);
      max.set(v);
    } else if (min.compareTo(v) > 0) {
      min.set(v);
    } else if (max.compareTo(v) < 0) {
      max.set(v);
    }
    if (!sumOverflow) {
      sumOverflow = !sum.add(v);
    }
  }

  /** Java's decimal64 scaling: divide (truncating) or multiply by ten until at the column scale. */
  private long toColumnScale(long v, int scale) {
    if (scale > columnScale) {
      int d = scale - columnScale;
      return d >= 19 ? 0 : v / HiveDecimalRules.pow10(d);
    } else if (scale < columnScale) {
      long r = HiveDecimalRules.scaleUp(v, columnScale - scale);
      if (r == HiveDecimalRules.OVERFLOW) {
        throw outOfBounds(BigInteger.valueOf(v), scale);
      }
      return r;
    }
    return v;
  }

  private IllegalArgumentException outOfBounds(BigInteger unscaled, int scale) {
    return new IllegalArgumentException("decimal " + new BigDecimal(unscaled, scale)
        .toPlainString() + " does not fit decimal64 at scale " + columnScale);
  }

  private void update64(long v) {
    if (v < -MAX_DECIMAL64 || v > MAX_DECIMAL64) {
      throw outOfBounds(BigInteger.valueOf(v), columnScale);
    }
    if (v < min64) {
      min64 = v;
    }
    if (v > max64) {
      max64 = v;
    }
    if (hasSum64) {
      sum64 += v;
      hasSum64 = sum64 >= -MAX_DECIMAL64 && sum64 <= MAX_DECIMAL64;
    }
  }

  @Override
  void mergeTyped(StatsCollector other) {
    DecimalStats o = (DecimalStats) other;
    if (o.decimal64 != decimal64 || o.columnScale != columnScale) {
      throw new IllegalArgumentException("cannot merge decimal statistics of different columns");
    }
    if (decimal64) {
      if (numberOfValues() == 0) {
        // Java's flaw (see the class comment): hasSum64 is deliberately not copied, except
        // from statistics read from a file (a copied stripe's), whose overflow is all they
        // say about their sum.
        min64 = o.min64;
        max64 = o.max64;
        sum64 = o.sum64;
        if (o.loaded) {
          hasSum64 = o.hasSum64;
        }
      } else {
        min64 = Math.min(min64, o.min64);
        max64 = Math.max(max64, o.max64);
        if (hasSum64 && o.hasSum64) {
          sum64 += o.sum64;
          hasSum64 = sum64 >= -MAX_DECIMAL64 && sum64 <= MAX_DECIMAL64;
        } else {
          hasSum64 = false;
        }
      }
    } else if (!hasValue) {
      hasValue = o.hasValue;
      min.set(o.min);
      max.set(o.max);
      sum.set(o.sum);
      sumOverflow = o.sumOverflow;
    } else if (o.hasValue) {
      if (min.compareTo(o.min) > 0) {
        min.set(o.min);
      }
      if (max.compareTo(o.max) < 0) {
        max.set(o.max);
      }
      if (!sumOverflow) {
        sumOverflow = o.sumOverflow || !sum.add(o.sum);
      }
    }
  }

  @Override
  StatsCollector emptyCopy() {
    return new DecimalStats(decimal64 ? 1 : 0, columnScale);
  }

  @Override
  boolean loadTyped(TypedStatistics typed) {
    if (!(typed instanceof DecimalStatistics d)) {
      return false;
    }
    BigDecimal lo = d.minimumValue();
    BigDecimal hi = d.maximumValue();
    BigDecimal total = d.sumValue();
    if ((d.minimumText() != null && lo == null) || (d.maximumText() != null && hi == null)
        || (d.sumText() != null && total == null) || (lo == null) != (hi == null)
        || (numberOfValues() != 0 && lo == null)) {
      return false;
    }
    if (decimal64) {
      try {
        if (lo != null) {
          min64 = lo.setScale(columnScale, java.math.RoundingMode.DOWN).unscaledValue()
              .longValueExact();
          max64 = hi.setScale(columnScale, java.math.RoundingMode.DOWN).unscaledValue()
              .longValueExact();
        }
        hasSum64 = total != null;
        sum64 = total == null ? 0 : total.setScale(columnScale, java.math.RoundingMode.DOWN)
            .unscaledValue().longValueExact();
      } catch (ArithmeticException e) {
        return false;
      }
      return true;
    }
    BigDecimal nlo = lo == null ? null : HiveDecimalRules.normalize(lo);
    BigDecimal nhi = hi == null ? null : HiveDecimalRules.normalize(hi);
    BigDecimal nsum = total == null ? null : HiveDecimalRules.normalize(total);
    if ((lo != null && (nlo == null || nhi == null)) || (total != null && nsum == null)) {
      return false;
    }
    if (nlo != null) {
      hasValue = true;
      min.set(nlo);
      max.set(nhi);
    }
    sumOverflow = nsum == null;
    if (nsum != null) {
      sum.set(nsum);
    }
    return true;
  }

  @Override
  void resetTyped() {
    min64 = Long.MAX_VALUE;
    max64 = Long.MIN_VALUE;
    sum64 = 0;
    hasSum64 = true;
    hasValue = false;
    sum.set(0, 0);
    sumOverflow = false;
  }

  @Override
  DecimalStatistics typed() {
    if (decimal64) {
      boolean bounds = numberOfValues() != 0;
      return new DecimalStatistics(bounds ? canonicalText(min64, columnScale) : null,
          bounds ? canonicalText(max64, columnScale) : null,
          hasSum64 ? canonicalText(sum64, columnScale) : null);
    }
    boolean bounds = numberOfValues() != 0 && hasValue;
    return new DecimalStatistics(bounds ? min.text() : null, bounds ? max.text() : null,
        sumOverflow ? null : sum.text());
  }
}
