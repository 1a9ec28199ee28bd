package io.colfile.orc.stats;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * A mutable decimal of up to 38 digits for the classic decimal statistics: an unscaled long and
 * a scale in [0, 38] while the value fits, a {@link BigDecimal} beyond. Comparisons and sums of
 * long-sized values allocate nothing.
 *
 * <p>Sums follow {@link HiveDecimalRules}: exact while they fit a long (at most 19 digits, so
 * never past Hive's 38), then rounded the way Hive rounds each addition.
 */
final class WideDecimal {
  private long small;
  private int scale;
  private BigDecimal big;

  /** Sets a value with scale in [0, 38]. */
  void set(long unscaled, int scale) {
    this.small = unscaled;
    this.scale = scale;
    this.big = null;
  }

  /** Sets a value already normalized by {@link HiveDecimalRules#normalize}. */
  void set(BigDecimal v) {
    BigInteger u = v.unscaledValue();
    if (u.bitLength() < 64 && v.scale() >= 0 && v.scale() <= HiveDecimalRules.MAX_DIGITS) {
      set(u.longValue(), v.scale());
    } else {
      big = v;
    }
  }

  void set(WideDecimal o) {
    small = o.small;
    scale = o.scale;
    big = o.big;
  }

  int compareTo(long unscaled, int s) {
    if (big == null) {
      return HiveDecimalRules.compare(small, scale, unscaled, s);
    }
    return big.compareTo(BigDecimal.valueOf(unscaled, s));
  }

  int compareTo(BigDecimal v) {
    return toBigDecimal().compareTo(v);
  }

  int compareTo(WideDecimal o) {
    return o.big == null ? compareTo(o.small, o.scale) : compareTo(o.big);
  }

  BigDecimal toBigDecimal() {
    return big != null ? big : BigDecimal.valueOf(small, scale);
  }

  /** Adds, as Hive does; false when the sum overflowed (this value is then meaningless). */
  boolean add(long unscaled, int s) {
    if (big == null) {
      long a = small;
      long b = unscaled;
      int target = Math.max(scale, s);
      if (s > scale) {
        a = HiveDecimalRules.scaleUp(a, s - scale);
      } else if (s < scale) {
        b = HiveDecimalRules.scaleUp(b, scale - s);
      }
      if (a != HiveDecimalRules.OVERFLOW && b != HiveDecimalRules.OVERFLOW) {
        long r = a + b;
        if (((a ^ r) & (b ^ r)) >= 0) {
          small = r;
          scale = target;
          return true;
        }
      }
    }
    return add(BigDecimal.valueOf(unscaled, s));
  }

  boolean add(BigDecimal v) {
    BigDecimal r = HiveDecimalRules.normalize(toBigDecimal().add(v));
    if (r == null) {
      return false;
    }
    set(r);
    return true;
  }

  boolean add(WideDecimal o) {
    return o.big == null ? add(o.small, o.scale) : add(o.big);
  }

  String text() {
    return big != null ? HiveDecimalRules.text(big) : HiveDecimalRules.text(small, scale);
  }

  @Override
  public String toString() {
    return text();
  }
}
