package io.colfile.kudu;

import io.colfile.core.encoding.Endian;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.DecimalVector;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.LongVector;
import io.colfile.core.vector.TimestampVector;
import io.colfile.kudu.block.Bytes;
import java.math.BigInteger;
import java.time.LocalDate;
import java.util.Arrays;

/**
 * Moves fixed-width cells (the physical type's little-endian bytes, as encoders and decoders
 * see them) into and out of colfile's vectors: integers, BOOL and DATE in {@link LongVector},
 * FLOAT and DOUBLE in {@link DoubleVector}, UNIXTIME_MICROS in {@link TimestampVector} (whole
 * seconds and nanoseconds, UTC), decimals in {@link DecimalVector} as unscaled values.
 */
public final class CellVectors {
  private static final long MICROS = 1_000_000L;
  private static final BigInteger MIN_128 = BigInteger.ONE.shiftLeft(127).negate();
  private static final BigInteger MAX_128 = BigInteger.ONE.shiftLeft(127).subtract(BigInteger.ONE);

  private CellVectors() {}

  /** Sets rows {@code [row, row + n)} of {@code dst} from the cells at {@code cells[0...]}. */
  public static void read(KuduType t, byte[] cells, ColumnVector dst, int row, int n) {
    PhysicalType p = t.physical();
    int w = p.width();
    switch (t) {
      case FLOAT -> {
        double[] v = ((DoubleVector) dst).vector;
        for (int i = 0; i < n; i++) {
          v[row + i] = Float.intBitsToFloat(Endian.getIntLE(cells, 4 * i));
        }
      }
      case DOUBLE -> {
        double[] v = ((DoubleVector) dst).vector;
        for (int i = 0; i < n; i++) {
          v[row + i] = Double.longBitsToDouble(Endian.getLongLE(cells, 8 * i));
        }
      }
      case UNIXTIME_MICROS -> {
        TimestampVector v = (TimestampVector) dst;
        for (int i = 0; i < n; i++) {
          long micros = Endian.getLongLE(cells, 8 * i);
          v.seconds[row + i] = Math.floorDiv(micros, MICROS);
          v.nanos[row + i] = (int) Math.floorMod(micros, MICROS) * 1000;
        }
      }
      case DECIMAL32, DECIMAL64 -> {
        DecimalVector v = (DecimalVector) dst;
        for (int i = 0; i < n; i++) {
          long unscaled = Bytes.getCell(cells, w * i, w, true);
          if (v.isWide) {
            v.wide[row + i] = BigInteger.valueOf(unscaled);
          } else {
            v.unscaled[row + i] = unscaled;
          }
        }
      }
      case DECIMAL128, INT128 -> {
        BigInteger[] v = ((DecimalVector) dst).wide;
        for (int i = 0; i < n; i++) {
          v[row + i] = int128(cells, 16 * i);
        }
      }
      case UINT64 -> {
        BigInteger[] v = ((DecimalVector) dst).wide;
        for (int i = 0; i < n; i++) {
          long bits = Endian.getLongLE(cells, 8 * i);
          BigInteger b = BigInteger.valueOf(bits & Long.MAX_VALUE);
          v[row + i] = bits < 0 ? b.setBit(63) : b;
        }
      }
      default -> {
        long[] v = ((LongVector) dst).vector;
        boolean signed = p.isSigned();
        switch (w) {
          case 1 -> {
            for (int i = 0; i < n; i++) {
              v[row + i] = signed ? cells[i] : cells[i] & 0xFF;
            }
          }
          case 2 -> {
            for (int i = 0; i < n; i++) {
              short s = Endian.getShortLE(cells, 2 * i);
              v[row + i] = signed ? s : s & 0xFFFF;
            }
          }
          case 4 -> {
            for (int i = 0; i < n; i++) {
              int x = Endian.getIntLE(cells, 4 * i);
              v[row + i] = signed ? x : x & 0xFFFFFFFFL;
            }
          }
          default -> {
            for (int i = 0; i < n; i++) {
              v[row + i] = Endian.getLongLE(cells, 8 * i);
            }
          }
        }
      }
    }
  }

  /** A 16-byte little-endian two's-complement integer. */
  public static BigInteger int128(byte[] cells, int off) {
    long lo = Endian.getLongLE(cells, off);
    long hi = Endian.getLongLE(cells, off + 8);
    if (hi == (lo >> 63)) {
      return BigInteger.valueOf(lo);
    }
    byte[] be = new byte[16];
    Endian.putLongBE(be, 0, hi);
    Endian.putLongBE(be, 8, lo);
    return new BigInteger(be);
  }

  /**
   * Stores rows {@code rows[0..n)} of {@code src} as cells at {@code cells[0...]}; NULL rows get
   * zero cells.
   *
   * @throws IllegalArgumentException naming the row when a value does not fit the Kudu type
   */
  public static void write(KuduType t, ColumnVector src, int[] rows, int n, byte[] cells) {
    int w = t.physical().width();
    for (int i = 0; i < n; i++) {
      int r = rows[i];
      int off = w * i;
      if (!src.noNulls && src.isNull[r]) {
        Arrays.fill(cells, off, off + w, (byte) 0);
        continue;
      }
      switch (t) {
        case FLOAT -> Endian.putIntLE(cells, off,
            Float.floatToRawIntBits((float) ((DoubleVector) src).vector[r]));
        case DOUBLE -> Endian.putLongLE(cells, off,
            Double.doubleToRawLongBits(((DoubleVector) src).vector[r]));
        case UNIXTIME_MICROS -> {
          TimestampVector v = (TimestampVector) src;
          long micros;
          long seconds = v.seconds[r];
          long fraction = v.nanos[r] / 1000;
          if (seconds < 0 && fraction > 0) {
            // seconds * 10^6 alone would overflow for the earliest microseconds (Long.MIN_VALUE
            // is -9223372036855 s + 224192 us): borrow one second first
            seconds++;
            fraction -= MICROS;
          }
          try {
            micros = Math.addExact(Math.multiplyExact(seconds, MICROS), fraction);
          } catch (ArithmeticException e) {
            throw new ValueRangeException(r, "timestamp of " + v.seconds[r]
                + " seconds is beyond the range of unixtime_micros");
          }
          Endian.putLongLE(cells, off, micros);
        }
        case DECIMAL32, DECIMAL64, DECIMAL128, INT128 -> {
          DecimalVector v = (DecimalVector) src;
          if (w == 16) {
            putInt128(cells, off, v.isWide ? v.wide[r] : BigInteger.valueOf(v.unscaled[r]), r, t);
          } else {
            long u;
            if (v.isWide) {
              BigInteger b = v.wide[r];
              if (b.bitLength() > 63) {
                throw tooWide(r, b, t);
              }
              u = b.longValue();
            } else {
              u = v.unscaled[r];
            }
            if (w == 4 && u != (int) u) {
              throw tooWide(r, u, t);
            }
            Bytes.putCell(cells, off, w, u);
          }
        }
        case UINT64 -> {
          BigInteger b = ((DecimalVector) src).wide[r];
          if (b.signum() < 0 || b.bitLength() > 64) {
            throw tooWide(r, b, t);
          }
          Endian.putLongLE(cells, off, b.longValue());
        }
        default -> {
          long x = ((LongVector) src).vector[r];
          if (t == KuduType.BOOL) {
            x = x != 0 ? 1 : 0;
          } else if (!fits(t, x)) {
            throw tooWide(r, x, t);
          }
          Bytes.putCell(cells, off, w, x);
        }
      }
    }
  }

  private static boolean fits(KuduType t, long x) {
    return switch (t) {
      case INT8 -> x == (byte) x;
      case INT16 -> x == (short) x;
      case INT32 -> x == (int) x;
      case UINT8 -> (x & ~0xFFL) == 0;
      case UINT16 -> (x & ~0xFFFFL) == 0;
      case UINT32 -> (x & ~0xFFFFFFFFL) == 0;
      case DATE -> x >= KuduType.MIN_DATE && x <= KuduType.MAX_DATE;
      default -> true;
    };
  }

  private static void putInt128(byte[] cells, int off, BigInteger b, int row, KuduType t) {
    if (b.compareTo(MIN_128) < 0 || b.compareTo(MAX_128) > 0) {
      throw tooWide(row, b, t);
    }
    Endian.putLongLE(cells, off, b.longValue());
    Endian.putLongLE(cells, off + 8, b.shiftRight(64).longValue());
  }

  private static ValueRangeException tooWide(int row, Object value, KuduType t) {
    if (t == KuduType.DATE) {
      long days = (Long) value;
      String date = Math.abs(days) < 365L * 1_000_000 ? LocalDate.ofEpochDay(days).toString()
          : days + " days from 1970-01-01";
      return new ValueRangeException(row, date + " is outside Kudu's dates 0001-01-01 to "
          + "9999-12-31");
    }
    return new ValueRangeException(row, value + " does not fit " + t.kuduName());
  }
}
