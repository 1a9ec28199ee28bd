package io.colfile.cli;

import io.colfile.core.filter.Domain;
import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.DecimalVector;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.LongVector;
import io.colfile.core.vector.TimestampVector;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Statistics of one column computed from its values (for formats that store none, such as
 * Trevni): values, nulls, and for scalar columns the minimum and maximum in the column's order
 * ({@link Domain}), NaN counted apart.
 */
final class ComputedStats {
  private final Type type;
  private final Domain domain;
  private long values;
  private long nulls;
  private long nans;
  private Object min;
  private Object max;

  ComputedStats(Type type) {
    this.type = type;
    this.domain = Domain.of(type);
  }

  void add(ColumnVector v, int size) {
    for (int r = 0; r < size; r++) {
      if (!v.noNulls && v.isNull[r]) {
        nulls++;
        continue;
      }
      values++;
      if (domain == null) {
        continue;
      }
      Object x = value(v, r);
      if (x instanceof Double d && d.isNaN()) {
        nans++;
        continue;
      }
      if (x == null) {
        continue;
      }
      if (min == null || domain.compare(x, min) < 0) {
        min = x;
      }
      if (max == null || domain.compare(x, max) > 0) {
        max = x;
      }
    }
  }

  private static Object value(ColumnVector v, int r) {
    if (v instanceof LongVector l) {
      return l.vector[r];
    }
    if (v instanceof DoubleVector d) {
      return d.vector[r];
    }
    if (v instanceof DecimalVector d) {
      return d.get(r);
    }
    if (v instanceof BytesVector b) {
      return b.get(r);
    }
    if (v instanceof TimestampVector t) {
      return Instant.ofEpochSecond(t.seconds[r], t.nanos[r]);
    }
    return null;
  }

  /** {@code count} (non-null values), {@code nulls}, {@code min}, {@code max}, {@code nan}. */
  Map<String, Object> describe() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("count", values);
    m.put("nulls", nulls);
    if (min != null) {
      m.put("min", text(min));
      m.put("max", text(max));
    }
    if (domain == Domain.DOUBLE) {
      m.put("nan", nans);
    }
    return m;
  }

  /** A value as cat prints it (numbers stay numbers; binary in hex). */
  private Object text(Object v) {
    TypeKind kind = type.kind();
    if (kind == TypeKind.BOOLEAN) {
      return (Long) v != 0;
    }
    if (kind == TypeKind.DATE) {
      return LocalDate.ofEpochDay((Long) v).toString();
    }
    if (kind == TypeKind.BINARY) {
      return "0x" + HexFormat.of().formatHex((byte[]) v);
    }
    if (v instanceof BigDecimal || v instanceof Long || v instanceof Double) {
      return v;
    }
    return StatsCommand.display(v);
  }
}
