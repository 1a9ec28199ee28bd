package io.colfile.kudu;

import io.colfile.core.encoding.Endian;
import io.colfile.kudu.block.Bytes;
import java.math.BigInteger;
import java.time.LocalDate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns the value lines of {@code kudu fs dump cfile} into typed values and into cells (the
 * little-endian bytes of the physical type, or the raw bytes of a BINARY-family value). Kudu
 * prints integers in decimal, DATE as {@code y-mm-dd} (year unpadded: {@code 1-01-01}),
 * UNIXTIME_MICROS as {@code y-mm-ddThh:mm:ss.ffffffZ}, decimals unscaled with a {@code _D32},
 * {@code _D64} or {@code _D128} suffix, BOOL as true/false, floats as C's shortest form with
 * {@code nan}/{@code inf}, strings C-escaped in quotes, NULL as {@code NULL}.
 */
public final class DumpValues {
  private static final Pattern DATE = Pattern.compile("(-?\\d+)-(\\d\\d)-(\\d\\d)");
  private static final Pattern TIMESTAMP =
      Pattern.compile("(-?\\d+)-(\\d\\d)-(\\d\\d)T(\\d\\d):(\\d\\d):(\\d\\d)\\.(\\d{6})Z");
  private static final long MICROS_PER_DAY = 86_400_000_000L;

  private DumpValues() {}

  /** A DATE line as days since 1970-01-01 (proleptic Gregorian, as Kudu counts). */
  public static int date(String line) {
    Matcher m = DATE.matcher(line);
    if (!m.matches()) {
      throw new IllegalArgumentException("not a date: " + line);
    }
    return Math.toIntExact(LocalDate.of(Integer.parseInt(m.group(1)),
        Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3))).toEpochDay());
  }

  /** A UNIXTIME_MICROS line as microseconds since the epoch. */
  public static long timestamp(String line) {
    Matcher m = TIMESTAMP.matcher(line);
    if (!m.matches()) {
      throw new IllegalArgumentException("not a timestamp: " + line);
    }
    long day = LocalDate.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
        Integer.parseInt(m.group(3))).toEpochDay();
    long secondOfDay = Integer.parseInt(m.group(4)) * 3600L + Integer.parseInt(m.group(5)) * 60L
        + Integer.parseInt(m.group(6));
    return day * MICROS_PER_DAY + secondOfDay * 1_000_000L + Integer.parseInt(m.group(7));
  }

  /** A decimal line's unscaled value. */
  public static BigInteger decimal(String line) {
    int suffix = line.lastIndexOf("_D");
    if (suffix < 0) {
      throw new IllegalArgumentException("not a decimal: " + line);
    }
    return new BigInteger(line.substring(0, suffix));
  }

  /**
   * The value of an integer-like line of {@code type} (integers, DATE, UNIXTIME_MICROS,
   * DECIMAL32/64) as a long.
   */
  public static long integer(KuduType type, String line) {
    return switch (type) {
      case DATE -> date(line);
      case UNIXTIME_MICROS -> timestamp(line);
      case DECIMAL32, DECIMAL64 -> decimal(line).longValueExact();
      case INT8, INT16, INT32, INT64, UINT8, UINT16, UINT32 -> Long.parseLong(line);
      case UINT64 -> Long.parseUnsignedLong(line);
      default -> throw new IllegalArgumentException(type + " is not integer-like");
    };
  }

  /**
   * The cell of a value line of {@code type}: LE physical bytes or raw bytes; null for NULL.
   * Refuses INT128 and DECIMAL128, whose text Kudu prints ambiguously.
   */
  public static byte[] cell(KuduType type, String line) {
    if (line.equals("NULL")) {
      return null;
    }
    PhysicalType p = type.physical();
    switch (p) {
      case BINARY:
        return CEscapes.unquote(line);
      case BOOL:
        return new byte[] {(byte) (Boolean.parseBoolean(line) ? 1 : 0)};
      case FLOAT: {
        byte[] b = new byte[4];
        Endian.putIntLE(b, 0, Float.floatToRawIntBits(Float.parseFloat(floatText(line))));
        return b;
      }
      case DOUBLE: {
        byte[] b = new byte[8];
        Endian.putLongLE(b, 0, Double.doubleToRawLongBits(Double.parseDouble(floatText(line))));
        return b;
      }
      case INT128:
        // "123" is 123, or 10^20 + 23 printed Kudu's lossy way: no text can be trusted.
        throw new IllegalArgumentException("cannot tell which 128-bit value " + line
            + " is: Kudu prints magnitudes of 2^64 and more without zero-padding their middle"
            + " digits (see kuduInt128Text); take the value from elsewhere and check it with"
            + " kuduInt128Text");
      default: {
        byte[] b = new byte[p.width()];
        Bytes.putCell(b, 0, p.width(), integer(type, line));
        return b;
      }
    }
  }

  /** The 16 little-endian bytes of a 128-bit two's-complement value. */
  public static byte[] int128Cell(BigInteger v) {
    byte[] be = v.toByteArray();
    if (be.length > 16) {
      throw new IllegalArgumentException("more than 128 bits: " + v);
    }
    byte[] le = new byte[16];
    byte fill = (byte) (v.signum() < 0 ? 0xff : 0);
    for (int i = 0; i < 16; i++) {
      le[i] = i < be.length ? be[be.length - 1 - i] : fill;
    }
    return le;
  }

  /**
   * How Kudu 1.17 prints a 128-bit integer (gutil {@code FastInt128ToBufferLeft}): a sign, then
   * the magnitude in plain decimal if it fits in 64 bits; otherwise magnitude / 10^20, then
   * (magnitude mod 10^20) / 10, then the last digit, each part without leading zeros. So 10^30 +
   * 301 prints as "10000000000301": the dump loses digits, and its text cannot be parsed back
   * for such values; compare known values' text with this instead.
   */
  public static String kuduInt128Text(BigInteger v) {
    BigInteger u = v.abs();
    String sign = v.signum() < 0 ? "-" : "";
    if (u.bitLength() <= 64) {
      return sign + u;
    }
    BigInteger[] top = u.divideAndRemainder(BigInteger.TEN.pow(20));
    BigInteger[] middle = top[1].divideAndRemainder(BigInteger.TEN);
    return sign + top[0] + middle[0] + middle[1];
  }

  private static String floatText(String line) {
    return switch (line) {
      case "nan", "-nan" -> "NaN";
      case "inf" -> "Infinity";
      case "-inf" -> "-Infinity";
      default -> line;
    };
  }
}
