package io.colfile.kudu;

import io.colfile.core.encoding.Endian;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.DecimalVector;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.LongVector;
import io.colfile.core.vector.TimestampVector;
import io.colfile.kudu.key.KeyBuffer;
import io.colfile.kudu.key.KeyEncoder;
import java.math.BigInteger;
import java.util.HexFormat;

/**
 * The tests' own model of a Kudu cell and of how colfile's vectors hold it, written apart from
 * {@link CellVectors} so that a reader and writer sharing a mistake with it cannot agree by
 * accident. A cell is the physical type's little-endian bytes (BOOL one byte, 0 or 1) or the raw
 * bytes of a BINARY-family value; null stands for NULL.
 */
final class CellModel {
  private static final BigInteger MICROS = BigInteger.valueOf(1_000_000);
  private static final long QUIET_DOUBLE = 1L << 51;

  private CellModel() {}

  /** Sets row {@code row} of {@code v} (a vector of the column's colfile type) to {@code cell}. */
  static void set(KuduType t, ColumnVector v, int row, byte[] cell) {
    if (cell == null) {
      v.setNull(row);
      return;
    }
    if (!v.noNulls) {
      v.isNull[row] = false;
    }
    if (v instanceof BytesVector b) {
      b.setRef(row, cell, 0, cell.length);
    } else if (v instanceof LongVector l) {
      l.vector[row] = integer(t, cell).longValueExact();
    } else if (v instanceof DoubleVector d) {
      d.vector[row] = t == KuduType.FLOAT ? Float.intBitsToFloat(Endian.getIntLE(cell, 0))
          : Double.longBitsToDouble(Endian.getLongLE(cell, 0));
    } else if (v instanceof TimestampVector ts) {
      long micros = Endian.getLongLE(cell, 0);
      ts.seconds[row] = Math.floorDiv(micros, 1_000_000L);
      ts.nanos[row] = (int) Math.floorMod(micros, 1_000_000L) * 1000;
    } else if (v instanceof DecimalVector d) {
      BigInteger x = integer(t, cell);
      if (d.isWide) {
        d.wide[row] = x;
      } else {
        d.unscaled[row] = x.longValueExact();
      }
    } else {
      throw new IllegalArgumentException("no cells in " + v.getClass());
    }
  }

  /**
   * Row {@code row} of {@code v}, a vector of a column of {@code t}, as text that says exactly
   * what the vector holds (raw bits for doubles), for comparing with {@link #text(KuduType,
   * byte[])} of the expected cell.
   */
  static String text(KuduType t, ColumnVector v, int row) {
    if (v.isNull(row)) {
      return "NULL";
    }
    if (v instanceof BytesVector b) {
      return "b:" + HexFormat.of().formatHex(b.vector[row], b.start[row],
          b.start[row] + b.length[row]);
    } else if (v instanceof LongVector l) {
      return "i:" + l.vector[row];
    } else if (v instanceof DoubleVector d) {
      long bits = Double.doubleToRawLongBits(d.vector[row]);
      if (t == KuduType.FLOAT && Double.isNaN(d.vector[row])) {
        bits |= QUIET_DOUBLE; // see widen()
      }
      return "d:" + Long.toHexString(bits);
    } else if (v instanceof TimestampVector ts) {
      return "t:" + ts.seconds[row] + "s+" + ts.nanos[row] + "ns";
    } else if (v instanceof DecimalVector d) {
      return "i:" + d.unscaledBig(row);
    }
    throw new IllegalArgumentException("no cells in " + v.getClass());
  }

  /** What a vector of {@code t}'s colfile type holds for {@code cell}, as {@link #text}. */
  static String text(KuduType t, byte[] cell) {
    if (cell == null) {
      return "NULL";
    }
    return switch (t) {
      case STRING, BINARY, VARCHAR -> "b:" + HexFormat.of().formatHex(cell);
      case FLOAT -> "d:" + Long.toHexString(widen(Endian.getIntLE(cell, 0)));
      case DOUBLE -> "d:" + Long.toHexString(
          Double.doubleToRawLongBits(Double.longBitsToDouble(Endian.getLongLE(cell, 0))));
      case UNIXTIME_MICROS -> {
        long micros = Endian.getLongLE(cell, 0);
        yield "t:" + Math.floorDiv(micros, 1_000_000L) + "s+"
            + Math.floorMod(micros, 1_000_000L) * 1000 + "ns";
      }
      default -> "i:" + integer(t, cell);
    };
  }

  /**
   * The bits of the double a float widens to, a NaN's quiet bit set: Java's float to double
   * conversion keeps sign and payload, but whether it quiets a signalling NaN depends on the JIT
   * (the interpreter and compiled code differ), so that one bit is not compared.
   */
  static long widen(int floatBits) {
    float f = Float.intBitsToFloat(floatBits);
    if (!Float.isNaN(f)) {
      return Double.doubleToRawLongBits(f);
    }
    return (floatBits & 0x80000000L) << 32 | 0x7ff0000000000000L
        | (floatBits & 0x7fffffL) << 29 | QUIET_DOUBLE;
  }

  /**
   * The cell a writer stores for {@code cell} when it arrives through a vector: the same, but a
   * FLOAT signalling NaN quiet (see {@link #widen}; tests write these cells through vectors, and
   * the cells themselves through appendCells, where every bit is kept).
   */
  static byte[] throughVector(KuduType t, byte[] cell) {
    if (cell == null || t != KuduType.FLOAT) {
      return cell;
    }
    int bits = Endian.getIntLE(cell, 0);
    if (!Float.isNaN(Float.intBitsToFloat(bits))) {
      return cell;
    }
    byte[] out = new byte[4];
    Endian.putIntLE(out, 0, bits | 0x00400000);
    return out;
  }

  /** The integer a fixed-width cell holds: signed or unsigned as the type is, BOOL 0 or 1. */
  static BigInteger integer(KuduType t, byte[] cell) {
    int w = t.physical().width();
    byte[] be = new byte[w];
    for (int i = 0; i < w; i++) {
      be[i] = cell[w - 1 - i];
    }
    boolean signed = t.physical().isSigned();
    return signed ? new BigInteger(be) : new BigInteger(1, be);
  }

  /** The cell of an integer type holding {@code x} (its low bytes). */
  static byte[] cell(KuduType t, BigInteger x) {
    int w = t.physical().width();
    byte[] out = new byte[w];
    byte[] be = x.toByteArray();
    byte fill = (byte) (x.signum() < 0 ? 0xFF : 0);
    for (int i = 0; i < w; i++) {
      int j = be.length - 1 - i;
      out[i] = j >= 0 ? be[j] : fill;
    }
    return out;
  }

  static byte[] cell(KuduType t, long x) {
    byte[] out = new byte[t.physical().width()];
    for (int i = 0; i < out.length; i++) {
      out[i] = (byte) (i < 8 ? x >>> (8 * i) : x >> 63);
    }
    return out;
  }

  /** Kudu's key encoding of a non-NULL cell as the only (last) key component. */
  static byte[] key(KuduType t, byte[] cell) {
    KeyBuffer buf = new KeyBuffer();
    if (t.physical() == PhysicalType.BINARY) {
      KeyEncoder.encodeBinary(cell, 0, cell.length, true, buf);
    } else {
      KeyEncoder.encodeCell(t.physical(), cell, 0, buf);
    }
    return buf.toByteArray();
  }

  /** A readable form of a cell for failure messages. */
  static String show(KuduType t, byte[] cell) {
    if (cell == null) {
      return "NULL";
    }
    String s = text(t, cell);
    return s.length() > 80 ? s.substring(0, 80) + "...(" + cell.length + " bytes)" : s;
  }

  /** Microseconds of a timestamp vector row, exactly (no overflow at the extremes). */
  static long micros(TimestampVector v, int row) {
    return BigInteger.valueOf(v.seconds[row]).multiply(MICROS)
        .add(BigInteger.valueOf(v.nanos[row] / 1000)).longValueExact();
  }
}
