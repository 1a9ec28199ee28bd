package io.colfile.text;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;

/**
 * C's {@code printf("%.<p>g")} of a double, as Apache ORC C++ prints floating point ({@code %.7g}
 * for float widened to double, {@code %.14g} for double); Java's {@code %g} differs. C rounds
 * the exact binary value to p significant digits, ties to even; with X the decimal exponent of
 * the rounded value it prints fixed notation when -4 &le; X &lt; p, else {@code d.ddde+XX} with at
 * least two exponent digits, and strips trailing zeros and a bare decimal point either way.
 * NaN and the infinities print as {@code NaN}, {@code Infinity}, {@code -Infinity}
 * (json-lines.md), negative zero as {@code -0}.
 *
 * <p>The rounding is exact in 64/128-bit integer arithmetic for magnitudes from about
 * 10<sup>p-28</sup> to 2<sup>63</sup>, which is where real data lives; everything else (subnormals,
 * huge exponents) goes through {@link BigDecimal}, slowly but just as exactly.
 *
 * <p>Public for the other formats' text (Kudu's tools print floating point with {@code %.6g}
 * and {@code %.15g}); they reach it through {@link #g(double, int)} only.
 */
public final class CFormat {
  static final int MAX_PRECISION = 17;
  private static final long[] POW10 = new long[19];
  private static final long[] POW5 = new long[28];
  private static final byte[] NAN = ascii("NaN");
  private static final byte[] INFINITY = ascii("Infinity");
  private static final byte[] MINUS_INFINITY = ascii("-Infinity");

  static {
    POW10[0] = 1;
    for (int i = 1; i < POW10.length; i++) {
      POW10[i] = POW10[i - 1] * 10;
    }
    POW5[0] = 1;
    for (int i = 1; i < POW5.length; i++) {
      POW5[i] = POW5[i - 1] * 5;
    }
  }

  /** The rounded value: {@code digits} (exactly p of them) times 10^(exponent - p + 1). */
  private long digits;
  private int exponent;

  /** One formatter per printer: it keeps the last rounding in fields, so it is not shared. */
  CFormat() {}

  /**
   * {@code %.<precision>g} of {@code v} as a string (precision 1 to 17), for tests and one-off
   * use. NaN and the infinities print as described above, not as C prints them.
   */
  public static String g(double v, int precision) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    ByteSink sink = new ByteSink(bytes, 32);
    new CFormat().print(sink, v, precision);
    sink.drain();
    return bytes.toString(StandardCharsets.US_ASCII);
  }

  void print(ByteSink out, double v, int p) {
    if (p < 1 || p > MAX_PRECISION) {
      throw new IllegalArgumentException("precision " + p);
    }
    if (v != v) {
      out.put(NAN);
      return;
    }
    if (Double.isInfinite(v)) {
      out.put(v > 0 ? INFINITY : MINUS_INFINITY);
      return;
    }
    long bits = Double.doubleToRawLongBits(v);
    if (bits < 0) {
      out.put('-');
    }
    double a = Math.abs(v);
    if (a < POW10[p] && a == (long) a) {
      // Whole numbers with at most p digits print as themselves: the commonest case.
      out.putLong((long) a);
      return;
    }
    if (!roundExactly(bits & Long.MAX_VALUE, p)) {
      roundWithBigDecimal(a, p);
    }
    write(out, p);
  }

  /**
   * Rounds {@code |v|} (given as its bits) to p digits with integer arithmetic, or returns false
   * when the magnitude is outside the range that arithmetic covers.
   */
  private boolean roundExactly(long bits, int p) {
    int biased = (int) (bits >>> 52);
    if (biased == 0) {
      return false; // subnormal: far outside the covered range
    }
    long m = (bits & ((1L << 52) - 1)) | (1L << 52);
    int q = biased - 1075; // |v| = m * 2^q
    // floor(log10 |v|) is this or one more: floor(e2 * log10 2), exact for |e2| < 1650.
    int e = ((biased - 1023) * 78913) >> 18;
    long n = scaled(m, q, p - 1 - e);
    if (n > POW10[p]) { // e was one too small: the value has p + 1 digits at this scale
      e++;
      n = scaled(m, q, p - 1 - e);
    }
    if (n < POW10[p - 1] || n > POW10[p]) {
      return false; // out of the covered range (-1)
    }
    if (n == POW10[p]) { // rounding carried into a new digit
      n = POW10[p - 1];
      e++;
    }
    digits = n;
    exponent = e;
    return true;
  }

  /** round-half-even(m * 2^q * 10^k), or -1 when the integer arithmetic does not reach. */
  private static long scaled(long m, int q, int k) {
    return k > 0 ? scaleUp(m, q, k) : scaleDown(m, q, -k);
  }

  /**
   * round-half-even(m * 2^q * 10^k) for 0 < k &le; 27, exact through a 128-bit product, or -1
   * when out of range. 5^27 &lt; 2^63 and m &lt; 2^53, so m * 5^k fits in 116 bits.
   */
  private static long scaleUp(long m, int q, int k) {
    if (k >= POW5.length) {
      return -1;
    }
    long f = POW5[k];
    long hi = Math.multiplyHigh(m, f);
    long lo = m * f;
    int s = -(q + k); // value = (hi:lo) * 2^-s
    if (s <= 0) {
      // A whole number; at most 10^18 here, so it sits in lo.
      return hi == 0 && -s < 64 && lo >>> (63 + s) == 0 ? lo << -s : -1;
    }
    long whole;
    int cmp; // remainder compared with half a unit
    if (s < 64) {
      if (hi >>> s != 0) {
        return -1;
      }
      whole = (hi << (64 - s)) | (lo >>> s);
      long rem = lo & ((1L << s) - 1);
      cmp = Long.compareUnsigned(rem, 1L << (s - 1));
    } else if (s == 64) {
      whole = hi;
      cmp = Long.compareUnsigned(lo, 1L << 63);
    } else if (s < 128) {
      whole = hi >>> (s - 64);
      long remHi = hi & ((1L << (s - 64)) - 1);
      cmp = Long.compareUnsigned(remHi, 1L << (s - 65));
      if (cmp == 0) {
        cmp = lo == 0 ? 0 : 1;
      }
    } else {
      return -1;
    }
    return roundHalfEven(whole, cmp);
  }

  /** round-half-even(m * 2^q / 10^j) for j &ge; 0, exact in longs, or -1 when out of range. */
  private static long scaleDown(long m, int q, int j) {
    if (j >= POW10.length || q >= 11) {
      return -1; // |v| >= 2^63
    }
    if (q >= 0) {
      long a = m << q;
      long d = POW10[j];
      return roundHalfEven(a / d, Long.compare(a % d, d - a % d));
    }
    if (-q >= 63 || POW10[j] > (Long.MAX_VALUE >> -q)) {
      return -1;
    }
    long d = POW10[j] << -q;
    long rem = m % d;
    return roundHalfEven(m / d, Long.compare(rem, d - rem));
  }

  private static long roundHalfEven(long whole, int remainderVsHalf) {
    if (remainderVsHalf > 0 || remainderVsHalf == 0 && (whole & 1) != 0) {
      return whole + 1;
    }
    return whole;
  }

  /** The slow path for magnitudes the integer arithmetic does not cover. */
  private void roundWithBigDecimal(double a, int p) {
    BigDecimal r = new BigDecimal(a).round(new MathContext(p, RoundingMode.HALF_EVEN));
    long n = r.unscaledValue().longValueExact();
    int len = r.precision();
    int e = len - r.scale() - 1;
    while (len > p) { // only trailing zeros can be beyond p digits after rounding
      n /= 10;
      len--;
    }
    digits = n * POW10[p - len];
    exponent = e;
  }

  /** Prints {@link #digits} / {@link #exponent} in C's %g layout. */
  private void write(ByteSink out, int p) {
    long n = digits;
    int len = p;
    while (len > 1 && n % 10 == 0) {
      n /= 10;
      len--;
    }
    int e = exponent;
    if (e < -4 || e >= p) {
      long rest = n % POW10[len - 1];
      out.putLong(n / POW10[len - 1]);
      if (len > 1) {
        out.put('.');
        out.putPadded(rest, len - 1);
      }
      out.put('e');
      out.put(e < 0 ? '-' : '+');
      out.putPadded(Math.abs(e), 2);
    } else if (e < 0) {
      out.put('0');
      out.put('.');
      for (int i = -1; i > e; i--) {
        out.put('0');
      }
      out.putPadded(n, len);
    } else if (len <= e + 1) {
      out.putLong(n);
      for (int i = len; i <= e; i++) {
        out.put('0');
      }
    } else {
      long scale = POW10[len - e - 1];
      out.putLong(n / scale);
      out.put('.');
      out.putPadded(n % scale, len - e - 1);
    }
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }
}
