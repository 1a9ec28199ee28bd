package io.colfile.orc.index;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.orc.bloom.OrcBloomFilter;
import io.colfile.orc.stats.DecimalStats;
import io.colfile.orc.stripe.StreamKind;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;

/**
 * One row group's bloom filter of one column, as a reader asks it: false means the row group
 * holds no such value; true means it may. The typed probes hash a value the way writers hashed
 * the column's values (orc.md section 10.2, Apache ORC's {@code checkInBloomFilter}):
 *
 * <ul>
 *   <li>integers (any width) and dates (days since 1970-01-01) as longs;
 *   <li>floats and doubles as doubles (a float column's values widened, so probe a float
 *       column only with values a float can hold);
 *   <li>strings, char and varchar as their UTF-8 bytes as stored (char padded, varchar cut);
 *       binary as its bytes;
 *   <li>decimals as Hive's canonical text ({@code "1.2"}, {@code "-5"}); in [1,9999] files
 *       ORC Java's decimal64 writer hashed the unscaled long instead, so there both are tried;
 *   <li>timestamps as milliseconds: for BLOOM_FILTER_UTF8 the statistics' convention (the wall
 *       clock read as UTC for TIMESTAMP, the instant for TIMESTAMP_INSTANT), for the legacy
 *       BLOOM_FILTER the instant.
 * </ul>
 */
public final class ColumnBloomFilter {
  private final OrcBloomFilter filter;
  private final Type type;
  private final StreamKind kind;
  private final boolean decimal64;

  /**
   * @param decimal64 whether the column is a decimal64 column of a [1,9999] file
   */
  public ColumnBloomFilter(OrcBloomFilter filter, Type type, StreamKind kind,
      boolean decimal64) {
    this.filter = filter;
    this.type = type;
    this.kind = kind;
    this.decimal64 = decimal64;
  }

  /** BLOOM_FILTER_UTF8 or the legacy BLOOM_FILTER. */
  public StreamKind kind() {
    return kind;
  }

  public boolean mightContainLong(long value) {
    return filter.testLong(value);
  }

  public boolean mightContainDouble(double value) {
    return filter.testDouble(value);
  }

  public boolean mightContainBytes(byte[] b, int off, int len) {
    return filter.testBytes(b, off, len);
  }

  public boolean mightContainString(String value) {
    byte[] b = value.getBytes(StandardCharsets.UTF_8);
    return filter.testBytes(b, 0, b.length);
  }

  /** A date as days since 1970-01-01. */
  public boolean mightContainDate(long epochDay) {
    return filter.testLong(epochDay);
  }

  /** A timestamp as milliseconds in the convention of this filter's kind (see the class). */
  public boolean mightContainTimestamp(long millis) {
    return filter.testLong(millis);
  }

  public boolean mightContainDecimal(BigDecimal value) {
    BigDecimal stripped = value.signum() == 0 ? BigDecimal.ZERO : value.stripTrailingZeros();
    int scale = Math.max(stripped.scale(), 0);
    String text = DecimalStats.canonicalText(stripped.setScale(scale).unscaledValue(), scale);
    if (mightContainString(text)) {
      return true;
    }
    if (!decimal64 || type.kind() != TypeKind.DECIMAL) {
      return false;
    }
    // ORC Java's decimal64 writer hashed the unscaled value at the column scale
    try {
      BigDecimal atScale = value.setScale(type.scale(), RoundingMode.UNNECESSARY);
      return filter.testLong(atScale.unscaledValue().longValueExact());
    } catch (ArithmeticException notInTheColumn) {
      return false;
    }
  }

  @Override
  public String toString() {
    return kind + " " + filter;
  }
}
