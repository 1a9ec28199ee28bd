package io.colfile.kudu;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * The corpus generator's key values where the dumps cannot give them back: 128-bit decimals
 * of 2^64 and more print lossily (see {@link DumpValues#kuduInt128Text}). Mirrors {@code
 * keyValue} of {@code shared/tools/kudu-oracle/.../Gen.java} for DECIMAL128; callers check the
 * values against the dump's text, so a drift from the generator shows as a failure, not as
 * silently different keys.
 */
public final class GenKeys {
  private static final BigInteger DEC128_MAX = BigInteger.TEN.pow(38).subtract(BigInteger.ONE);

  private GenKeys() {}

  /** The unscaled DECIMAL128 key of generated row {@code i}; {@code n} is batch 1's size. */
  public static BigInteger decimal128(long i, int n) {
    if (i == 0) {
      return DEC128_MAX.negate();
    }
    if (i == 1) {
      return DEC128_MAX;
    }
    return BigInteger.valueOf(i - n / 2).multiply(BigInteger.TEN.pow(30))
        .add(BigInteger.valueOf(i));
  }

  /** Rowset {@code rs}'s DECIMAL128 keys in key order (rowset 0: batch 1, 1: batch 2). */
  public static List<BigInteger> decimal128Rowset(KuduSharedData.Table t, int rs) {
    long from = rs == 0 ? 0 : t.rows1();
    long to = rs == 0 ? t.rows1() : (long) t.rows1() + t.rows2();
    List<BigInteger> out = new ArrayList<>();
    for (long i = from; i < to; i++) {
      out.add(decimal128(i, t.rows1()));
    }
    out.sort(null);
    return out;
  }
}
