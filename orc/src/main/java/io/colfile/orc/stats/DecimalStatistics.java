package io.colfile.orc.stats;

import java.math.BigDecimal;
import java.util.Map;

/**
 * decimal: bounds and sum as the decimal text the writer stored (Hive's canonical form, e.g.
 * {@code "1998301.099"}); the sum is absent after an overflow. The typed accessors parse the
 * text and give null for text that is not a decimal (a damaged file), so callers treat it as
 * unknown.
 */
public record DecimalStatistics(String minimumText, String maximumText, String sumText)
    implements TypedStatistics {
  @Override
  public ColumnStatistics.Kind kind() {
    return ColumnStatistics.Kind.DECIMAL;
  }

  @Override
  public BigDecimal minimumValue() {
    return parse(minimumText);
  }

  @Override
  public BigDecimal maximumValue() {
    return parse(maximumText);
  }

  @Override
  public BigDecimal sumValue() {
    return parse(sumText);
  }

  private static BigDecimal parse(String text) {
    if (text == null) {
      return null;
    }
    try {
      return new BigDecimal(text);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  @Override
  public void describeTo(Map<String, Object> out) {
    TypedStatistics.put(out, "min", minimumText);
    TypedStatistics.put(out, "max", maximumText);
    TypedStatistics.put(out, "sum", sumText);
  }
}
