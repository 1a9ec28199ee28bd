package io.colfile.kudu;

import io.colfile.core.encoding.Endian;
import io.colfile.text.CFormat;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Objects;

/**
 * One cell as Kudu 1.17's tools print it ({@code kudu fs dump cfile} prints one per line, and
 * {@code NULL} for a null cell), so tests can say "Kudu prints exactly colfile's values". The
 * text is bytes, not a Java string: Kudu prints the bytes of STRING values at or above 0x80 as
 * they are, valid UTF-8 or not.
 *
 * <p>The rules, established against the real {@code kudu} binary (interop-tests'
 * {@code KuduPlainFileTest} has Kudu print a spread of tricky values of every type):
 *
 * <ul>
 *   <li>Integers in decimal, UINT types unsigned; BOOL {@code true}/{@code
 *       false} (any non-zero byte is true). DECIMAL32/64/128 print the unscaled integer with the
 *       suffix {@code _D32}, {@code _D64}, {@code _D128}: the scale lives in the schema, not the
 *       file. INT128 and DECIMAL128 magnitudes from 2<sup>64</sup> print with Kudu's bug: the
 *       zeros that lead the last 20 digits go missing and the part above them prints even when
 *       it is 0 (2<sup>64</sup> as {@code 018446744073709551616}, see {@link #int128Text}).
 *   <li>FLOAT: C's {@code %.6g} when C's {@code strtof} reads that back as the same float, else
 *       {@code %.8g}; DOUBLE: {@code %.15g}, else {@code %.17g} (gutil's FloatToBuffer and
 *       DoubleToBuffer). So {@code 0.1} stays {@code 0.1}, {@code 30.200000000000003} and
 *       {@code -3.4028235e+38} need the longer form, and subnormals round-trip where they can
 *       ({@code 1.4013e-45}, {@code 4.94065645841247e-324}). glibc's {@code nan}, {@code -nan}
 *       (sign bit set), {@code inf}, {@code -inf}, and {@code -0} for negative zero.
 *   <li>DATE (days since 1970-01-01): {@code year-MM-dd} with the year unpadded ({@code
 *       1-01-01}, {@code 999-05-04}, {@code 9999-12-31}), as glibc's {@code strftime("%F")};
 *       outside 0001-01-01 .. 9999-12-31 Kudu prints {@code value <days> out of range for DATE
 *       type}.
 *   <li>UNIXTIME_MICROS: {@code year-MM-ddTHH:mm:ss.uuuuuuZ} in UTC, seconds rounded down (so
 *       -1 is {@code 1969-12-31T23:59:59.999999Z}), six fraction digits always, the year
 *       unpadded and signed in astronomical numbering ({@code 1-01-01T..}, {@code 0-12-31T..},
 *       {@code -1-01-01T..}, {@code 10000-01-01T..}) over the whole int64 range.
 *   <li>STRING and VARCHAR in double quotes with C escapes: {@code \n \r \t \" \' \\}, other
 *       bytes below 0x20 and 0x7f as three octal digits ({@code \000}, {@code \001}, {@code
 *       \177}), bytes from 0x80 as they are (invalid UTF-8 included), everything else as is.
 *   <li>BINARY in double quotes with the same named escapes, other bytes below 0x20 and from
 *       0x7f as {@code \xhh} (lower case), and a hex digit right after a {@code \x} escape
 *       escaped too ({@code \x19\x46}), so a C reader cannot take it for part of the escape.
 * </ul>
 */
public final class KuduValueText {
  /** What Kudu prints for a null cell. */
  public static final String NULL_TEXT = "NULL";

  private static final int MICROS_PER_SECOND = 1_000_000;
  private static final BigDecimal HALF = new BigDecimal("0.5");
  private static final BigInteger TEN_POW_20 = BigInteger.TEN.pow(20);
  private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

  private KuduValueText() {}

  /**
   * The text of one fixed-width cell: the physical type's little-endian bytes at {@code
   * cells[offset ...]} ({@link PhysicalType#width()} of them; BOOL one byte, 0 or 1).
   *
   * @throws IllegalArgumentException for the BINARY family (use {@link #formatBinary})
   */
  public static byte[] format(KuduType type, byte[] cells, int offset) {
    PhysicalType physical = type.physical();
    if (!physical.isFixedWidth()) {
      throw new IllegalArgumentException(type + " cells are byte strings: use formatBinary");
    }
    Objects.checkFromIndexSize(offset, physical.width(), cells.length);
    String text = switch (type) {
      case BOOL -> cells[offset] != 0 ? "true" : "false";
      case FLOAT -> floatText(Float.intBitsToFloat(Endian.getIntLE(cells, offset)));
      case DOUBLE -> doubleText(Double.longBitsToDouble(Endian.getLongLE(cells, offset)));
      case DATE -> dateText(Endian.getIntLE(cells, offset));
      case UNIXTIME_MICROS -> timestampText(Endian.getLongLE(cells, offset));
      case DECIMAL32, DECIMAL64, DECIMAL128 ->
          integerText(physical, cells, offset) + "_D" + physical.width() * 8;
      default -> integerText(physical, cells, offset);
    };
    return text.getBytes(StandardCharsets.US_ASCII);
  }

  /**
   * The text of one STRING, VARCHAR or BINARY cell, {@code value[offset, offset + length)}.
   *
   * @throws IllegalArgumentException for the fixed-width types (use {@link #format})
   */
  public static byte[] formatBinary(KuduType type, byte[] value, int offset, int length) {
    if (type.physical().isFixedWidth()) {
      throw new IllegalArgumentException(type + " cells are fixed-width: use format");
    }
    Objects.checkFromIndexSize(offset, length, value.length);
    byte[] out = new byte[2 + 4 * length]; // every byte takes at most 4 ("\377", "\xff")
    int n = 0;
    out[n++] = '"';
    boolean hex = type == KuduType.BINARY;
    boolean afterHexEscape = false;
    for (int i = offset; i < offset + length; i++) {
      int b = value[i] & 0xff;
      boolean hexEscape = false;
      char named = switch (b) {
        case '\n' -> 'n';
        case '\r' -> 'r';
        case '\t' -> 't';
        case '"', '\'', '\\' -> (char) b;
        default -> 0;
      };
      if (named != 0) {
        out[n++] = '\\';
        out[n++] = (byte) named;
      } else if (b < 0x20 || b == 0x7f || b >= 0x80 && hex || afterHexEscape && isHexDigit(b)) {
        out[n++] = '\\';
        if (hex) {
          out[n++] = 'x';
          out[n++] = HEX[b >> 4];
          out[n++] = HEX[b & 0xf];
          hexEscape = true;
        } else {
          out[n++] = (byte) ('0' + (b >> 6));
          out[n++] = (byte) ('0' + (b >> 3 & 7));
          out[n++] = (byte) ('0' + (b & 7));
        }
      } else {
        out[n++] = (byte) b; // printable ASCII, or (STRING, VARCHAR) any byte from 0x80
      }
      afterHexEscape = hexEscape;
    }
    out[n++] = '"';
    return Arrays.copyOf(out, n);
  }

  private static String integerText(PhysicalType physical, byte[] b, int off) {
    return switch (physical) {
      case INT8 -> Integer.toString(b[off]);
      case UINT8 -> Integer.toString(b[off] & 0xff);
      case INT16 -> Integer.toString(Endian.getShortLE(b, off));
      case UINT16 -> Integer.toString(Endian.getShortLE(b, off) & 0xffff);
      case INT32 -> Integer.toString(Endian.getIntLE(b, off));
      case UINT32 -> Integer.toUnsignedString(Endian.getIntLE(b, off));
      case INT64 -> Long.toString(Endian.getLongLE(b, off));
      case UINT64 -> Long.toUnsignedString(Endian.getLongLE(b, off));
      case INT128 -> {
        byte[] be = new byte[16];
        for (int i = 0; i < 16; i++) {
          be[i] = b[off + 15 - i];
        }
        yield int128Text(new BigInteger(be));
      }
      default -> throw new IllegalArgumentException(physical + " is not an integer type");
    };
  }

  /**
   * Kudu 1.17's INT128 text, which is wrong for magnitudes of 2<sup>64</sup> and more: gutil's
   * FastUInt128ToBufferLeft prints m / 10<sup>20</sup> (even when it is 0), then (m mod
   * 10<sup>20</sup>) / 10 without padding it to 19 digits, then the last digit. So 2<sup>64</sup>
   * prints as {@code 018446744073709551616} and 10<sup>20</sup> as {@code 100}; magnitudes below
   * 2<sup>64</sup> print right.
   */
  static String int128Text(BigInteger v) {
    BigInteger m = v.abs();
    String sign = v.signum() < 0 ? "-" : "";
    if (m.bitLength() <= 64) {
      return sign + m;
    }
    BigInteger[] top = m.divideAndRemainder(TEN_POW_20);
    BigInteger[] rest = top[1].divideAndRemainder(BigInteger.TEN);
    return sign + top[0] + rest[0] + rest[1];
  }

  /** gutil's FloatToBuffer: 6 significant digits when they read back as the same float. */
  static String floatText(float f) {
    if (Float.isNaN(f) || Float.isInfinite(f)) {
      return nonFinite(f, Float.floatToRawIntBits(f) < 0);
    }
    String shorter = CFormat.g(f, 6); // exact: float to double widens without rounding
    return readsBackAs(shorter, f, true) ? shorter : CFormat.g(f, 8);
  }

  /** gutil's DoubleToBuffer: 15 significant digits when they read back as the same double. */
  static String doubleText(double d) {
    if (Double.isNaN(d) || Double.isInfinite(d)) {
      return nonFinite(d, Double.doubleToRawLongBits(d) < 0);
    }
    String shorter = CFormat.g(d, 15);
    return readsBackAs(shorter, d, false) ? shorter : CFormat.g(d, 17);
  }

  /** glibc's printf: the sign of a NaN is printed too. */
  private static String nonFinite(double v, boolean negative) {
    return (negative ? "-" : "") + (Double.isNaN(v) ? "nan" : "inf");
  }

  /**
   * Whether C's strtof ({@code single}) or strtod reads the decimal {@code text} back as exactly
   * {@code v}: correctly rounded parsing gives v when the decimal lies strictly between the
   * midpoints to v's neighbours, or on one of them when v's significand is even (ties to even;
   * past the largest finite value the upper neighbour is infinity). Zero always reads back.
   */
  private static boolean readsBackAs(String text, double v, boolean single) {
    if (v == 0) {
      return true;
    }
    BigDecimal decimal = new BigDecimal(text).abs();
    double a = Math.abs(v);
    double below = single ? Math.nextDown((float) a) : Math.nextDown(a);
    double above = single ? Math.nextUp((float) a) : Math.nextUp(a);
    BigDecimal exact = new BigDecimal(a);
    BigDecimal upper = Double.isInfinite(above)
        ? exact.add(new BigDecimal(single ? Math.ulp((float) a) : Math.ulp(a)))
        : new BigDecimal(above);
    int vsLow = decimal.compareTo(exact.add(new BigDecimal(below)).multiply(HALF));
    int vsHigh = decimal.compareTo(exact.add(upper).multiply(HALF));
    if (vsLow > 0 && vsHigh < 0) {
      return true;
    }
    boolean even = single
        ? (Float.floatToRawIntBits((float) a) & 1) == 0
        : (Double.doubleToRawLongBits(a) & 1) == 0;
    return (vsLow == 0 || vsHigh == 0) && even;
  }

  /** strftime's {@code %F} (its {@code %Y} does not pad) within Kudu's DATE range. */
  static String dateText(int days) {
    if (days < KuduType.MIN_DATE || days > KuduType.MAX_DATE) {
      return "value " + days + " out of range for DATE type";
    }
    LocalDate d = LocalDate.ofEpochDay(days);
    StringBuilder sb = new StringBuilder(10);
    sb.append(d.getYear()).append('-');
    twoDigits(sb, d.getMonthValue()).append('-');
    return twoDigits(sb, d.getDayOfMonth()).toString();
  }

  /** {@code %Y-%m-%dT%H:%M:%S} of gmtime of the whole seconds, then {@code .%06dZ}. */
  static String timestampText(long micros) {
    long seconds = Math.floorDiv(micros, MICROS_PER_SECOND);
    int fraction = (int) Math.floorMod(micros, MICROS_PER_SECOND);
    LocalDateTime t = LocalDateTime.ofEpochSecond(seconds, 0, ZoneOffset.UTC);
    StringBuilder sb = new StringBuilder(27);
    sb.append(t.getYear()).append('-');
    twoDigits(sb, t.getMonthValue()).append('-');
    twoDigits(sb, t.getDayOfMonth()).append('T');
    twoDigits(sb, t.getHour()).append(':');
    twoDigits(sb, t.getMinute()).append(':');
    twoDigits(sb, t.getSecond()).append('.');
    String f = Integer.toString(fraction);
    sb.append("000000", f.length(), 6).append(f);
    return sb.append('Z').toString();
  }

  private static StringBuilder twoDigits(StringBuilder sb, int v) {
    return sb.append((char) ('0' + v / 10)).append((char) ('0' + v % 10));
  }

  private static boolean isHexDigit(int b) {
    return b >= '0' && b <= '9' || b >= 'a' && b <= 'f' || b >= 'A' && b <= 'F';
  }
}
