package io.colfile.kudu.rowset;

import io.colfile.core.filter.Domain;
import io.colfile.core.types.Type;
import io.colfile.kudu.PhysicalType;
import io.colfile.kudu.key.KeyBuffer;
import io.colfile.kudu.key.KeyDecoder;
import io.colfile.kudu.key.KeyEncoder;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.Arrays;

/**
 * One primary-key column seen as the ordered space its cells live in, so that a bound
 * predicate's literals (values of the column's {@link Domain}) can be turned into bounds on
 * encoded keys (cfile.md section 9). Integer cells (integers, DATE, UNIXTIME_MICROS, decimals,
 * INT128) are {@link BigInteger}s in the physical type's range, in the cell's own unit (days,
 * microseconds, unscaled decimals); binary cells are {@code byte[]}, ordered as unsigned bytes.
 * Both orders are the encoded keys' order.
 */
final class KeyColumn {
  private static final BigInteger MASK_64 = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

  final KuduColumn column;
  /** The column's place in the key. */
  final int position;
  final boolean last;
  final boolean binary;
  /** The smallest and largest cell of the physical type (integer columns). */
  final BigInteger min;
  final BigInteger max;
  private final Type type;
  private final int scale;

  KeyColumn(KuduColumn column, int position, int keyColumns) {
    this.column = column;
    this.position = position;
    this.last = position == keyColumns - 1;
    this.type = column.logicalType();
    PhysicalType p = column.type().physical();
    this.binary = p == PhysicalType.BINARY;
    if (binary) {
      min = null;
      max = null;
    } else {
      int bits = 8 * p.width();
      min = p.isSigned() ? BigInteger.ONE.shiftLeft(bits - 1).negate() : BigInteger.ZERO;
      max = (p.isSigned() ? BigInteger.ONE.shiftLeft(bits - 1) : BigInteger.ONE.shiftLeft(bits))
          .subtract(BigInteger.ONE);
    }
    this.scale = Domain.of(type) == Domain.DECIMAL ? type.scale() : 0;
  }

  /** The column's type in the rows read (what bound literals were converted to). */
  Type type() {
    return type;
  }

  /**
   * A literal of the column's domain as an exact number of cell units (integer columns): days,
   * microseconds, unscaled decimal units. Not always an integer: {@code 1.005} of a
   * {@code decimal(9,2)} is 100.5 units. Values beyond the type's range become one unit beyond
   * it, which compares with every cell the same way and keeps rounding cheap for a literal such
   * as {@code 1e100000}.
   */
  BigDecimal units(Object value) {
    BigDecimal u;
    if (value instanceof Long l) {
      u = BigDecimal.valueOf(l);
    } else if (value instanceof BigDecimal d) {
      u = d.scaleByPowerOfTen(scale); // movePointRight would expand 1e100000 to its digits
    } else if (value instanceof Instant t) {
      u = BigDecimal.valueOf(t.getEpochSecond()).movePointRight(6)
          .add(BigDecimal.valueOf(t.getNano()).movePointLeft(3));
    } else {
      throw new IllegalArgumentException("column " + column.name() + " (" + type
          + ") is not compared with " + value.getClass().getSimpleName() + " values");
    }
    BigDecimal below = new BigDecimal(min.subtract(BigInteger.ONE));
    BigDecimal above = new BigDecimal(max.add(BigInteger.ONE));
    return u.compareTo(below) < 0 ? below : u.compareTo(above) > 0 ? above : u;
  }

  /** The largest cell at most {@code units} (kept by {@link #units} to a few digits). */
  static BigInteger floor(BigDecimal units) {
    if (units.signum() != 0 && units.precision() <= units.scale()) {
      // below 1 in size: setScale would divide by 10^scale, dear for 1e-100000000
      return units.signum() > 0 ? BigInteger.ZERO : BigInteger.ONE.negate();
    }
    return units.setScale(0, RoundingMode.FLOOR).toBigIntegerExact();
  }

  /** The smallest cell at least {@code units}. */
  static BigInteger ceiling(BigDecimal units) {
    return floor(units.negate()).negate();
  }

  /** The cell equal to {@code units}, or null when no cell is. */
  static BigInteger exact(BigDecimal units) {
    BigInteger f = floor(units);
    return new BigDecimal(f).compareTo(units) == 0 ? f : null;
  }

  /** Compares two cells of this column. */
  int compare(Object a, Object b) {
    return binary ? Arrays.compareUnsigned((byte[]) a, (byte[]) b)
        : ((BigInteger) a).compareTo((BigInteger) b);
  }

  /** Appends the cell's key component (escaped and terminated unless the column is last). */
  void encode(Object cell, KeyBuffer out) {
    if (binary) {
      byte[] b = (byte[]) cell;
      KeyEncoder.encodeBinary(b, 0, b.length, last, out);
    } else if (column.type().physical() == PhysicalType.INT128) {
      BigInteger v = (BigInteger) cell;
      KeyEncoder.encodeInt128(v.shiftRight(64).longValue(), v.longValue(), out);
    } else {
      KeyEncoder.encodeLong(column.type().physical(), ((BigInteger) cell).longValue(), out);
    }
  }

  /** Column {@link #position}'s cell of the key {@code d} has decoded. */
  Object cell(KeyDecoder d) {
    if (binary) {
      return d.getBinary(position);
    }
    BigInteger low = BigInteger.valueOf(d.getLong(position));
    if (column.type().physical() == PhysicalType.INT128) {
      return BigInteger.valueOf(d.getInt128High(position)).shiftLeft(64)
          .add(low.and(MASK_64));
    }
    return min.signum() == 0 ? low.and(MASK_64) : low; // unsigned types come zero-extended
  }

  /** The cell as a literal of the predicate text, for explanations. */
  String format(Object cell) {
    if (binary) {
      return Domain.format(cell, type);
    }
    BigInteger v = (BigInteger) cell;
    Object value;
    switch (Domain.of(type)) {
      case DECIMAL:
        value = new BigDecimal(v, scale);
        break;
      case TIMESTAMP: {
        BigInteger[] qr = v.divideAndRemainder(BigInteger.valueOf(1_000_000));
        long seconds = qr[0].longValue();
        long micros = qr[1].longValue();
        if (micros < 0) {
          seconds--;
          micros += 1_000_000;
        }
        value = Instant.ofEpochSecond(seconds, micros * 1000);
        break;
      }
      case LONG:
        value = v.longValue();
        break;
      default:
        return v.toString();
    }
    return Domain.format(value, type);
  }
}
