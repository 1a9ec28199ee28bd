package io.colfile.kudu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Expected texts are what Kudu 1.17.1 printed: the first lines of the {@code s_<type>} dumps in
 * ../shared/kudu-cfiles (their values are Gen.java's special values) and hand-built files dumped
 * with the real binary. interop-tests' KuduPlainFileTest repeats the comparison against the
 * binary itself, with random values too.
 */
class KuduValueTextTest {
  @Test
  void integersPrintInDecimalAndUnsignedTypesUnsigned() {
    assertThat(text(KuduType.INT8, le(1, -128))).isEqualTo("-128");
    assertThat(text(KuduType.UINT8, le(1, 255))).isEqualTo("255");
    assertThat(text(KuduType.INT16, le(2, -32768))).isEqualTo("-32768");
    assertThat(text(KuduType.UINT16, le(2, 65535))).isEqualTo("65535");
    assertThat(text(KuduType.INT32, le(4, Integer.MIN_VALUE))).isEqualTo("-2147483648");
    assertThat(text(KuduType.UINT32, le(4, 0xffffffffL))).isEqualTo("4294967295");
    assertThat(text(KuduType.UINT32, le(4, 1L << 31))).isEqualTo("2147483648");
    assertThat(text(KuduType.INT64, le(8, Long.MIN_VALUE))).isEqualTo("-9223372036854775808");
    assertThat(text(KuduType.UINT64, le(8, -1))).isEqualTo("18446744073709551615");
    assertThat(text(KuduType.UINT64, le(8, Long.MIN_VALUE))).isEqualTo("9223372036854775808");
  }

  @Test
  void int128AndDecimalsPrintUnscaledWithTheirSuffix() {
    BigInteger min = BigInteger.ONE.shiftLeft(127).negate();
    assertThat(text(KuduType.INT128, le128(min)))
        .isEqualTo("-170141183460469231731687303715884105728");
    assertThat(text(KuduType.INT128, le128(min.negate().subtract(BigInteger.ONE))))
        .isEqualTo("170141183460469231731687303715884105727");
    assertThat(text(KuduType.INT128, le128(BigInteger.ONE.negate()))).isEqualTo("-1");
    assertThat(text(KuduType.DECIMAL32, le(4, -999999999))).isEqualTo("-999999999_D32");
    assertThat(text(KuduType.DECIMAL32, le(4, 0))).isEqualTo("0_D32");
    assertThat(text(KuduType.DECIMAL64, le(8, -999999999999999999L)))
        .isEqualTo("-999999999999999999_D64");
    assertThat(text(KuduType.DECIMAL128, le128(BigInteger.TEN.pow(38).subtract(BigInteger.ONE)
        .negate()))).isEqualTo("-99999999999999999999999999999999999999_D128");
    assertThat(text(KuduType.DECIMAL128, le128(min)))
        .isEqualTo("-170141183460469231731687303715884105728_D128");
  }

  @Test
  void int128FromTwoToTheSixtyFourPrintsWithKudusMissingZeros() {
    BigInteger twoTo64 = BigInteger.ONE.shiftLeft(64);
    assertThat(text(KuduType.INT128, le128(twoTo64.subtract(BigInteger.ONE))))
        .isEqualTo("18446744073709551615");
    assertThat(text(KuduType.INT128, le128(twoTo64))).isEqualTo("018446744073709551616");
    assertThat(text(KuduType.DECIMAL128, le128(twoTo64.negate())))
        .isEqualTo("-018446744073709551616_D128");
    assertThat(text(KuduType.INT128, le128(new BigInteger("-339975709367375816754347170"))))
        .isEqualTo("-33997579367375816754347170");
    assertThat(text(KuduType.INT128, le128(new BigInteger("4400779001005382260997"))))
        .isEqualTo("44779001005382260997");
    assertThat(text(KuduType.INT128, le128(BigInteger.TEN.pow(20)))).isEqualTo("100");
  }

  @Test
  void bool() {
    assertThat(text(KuduType.BOOL, new byte[] {1})).isEqualTo("true");
    assertThat(text(KuduType.BOOL, new byte[] {0})).isEqualTo("false");
  }

  @Test
  void floatsTakeSixDigitsWhenTheyReadBackElseEight() {
    assertThat(floatText(Float.MIN_VALUE)).isEqualTo("1.4013e-45");
    assertThat(floatText(-Float.MIN_VALUE)).isEqualTo("-1.4013e-45");
    assertThat(floatText(Float.MAX_VALUE)).isEqualTo("3.4028235e+38");
    assertThat(floatText(-Float.MAX_VALUE)).isEqualTo("-3.4028235e+38");
    assertThat(floatText(Float.MIN_NORMAL)).isEqualTo("1.1754944e-38");
    assertThat(floatText(Float.intBitsToFloat(0x007fffff))).isEqualTo("1.1754942e-38");
    assertThat(floatText(0f)).isEqualTo("0");
    assertThat(floatText(-0f)).isEqualTo("-0");
    assertThat(floatText(Float.POSITIVE_INFINITY)).isEqualTo("inf");
    assertThat(floatText(Float.NEGATIVE_INFINITY)).isEqualTo("-inf");
    assertThat(floatText(Float.NaN)).isEqualTo("nan");
    assertThat(floatText(Float.intBitsToFloat(0xffc00000))).isEqualTo("-nan");
    assertThat(floatText(Float.intBitsToFloat(0x7f800001))).isEqualTo("nan");
    assertThat(floatText(0.1f)).isEqualTo("0.1");
    assertThat(floatText(30.1f)).isEqualTo("30.1");
    assertThat(floatText(1e21f)).isEqualTo("1e+21");
    assertThat(floatText(1e-7f)).isEqualTo("1e-07");
    assertThat(floatText(1e-4f)).isEqualTo("0.0001");
    assertThat(floatText(1e-5f)).isEqualTo("1e-05");
    assertThat(floatText(1e6f)).isEqualTo("1e+06");
    assertThat(floatText(16777216f)).isEqualTo("16777216");
    assertThat(floatText(1234567f)).isEqualTo("1234567");
    assertThat(floatText(123456.7f)).isEqualTo("123456.7");
    assertThat(floatText(3.14159265f)).isEqualTo("3.1415927");
  }

  @Test
  void doublesTakeFifteenDigitsWhenTheyReadBackElseSeventeen() {
    assertThat(doubleText(Double.MIN_VALUE)).isEqualTo("4.94065645841247e-324");
    assertThat(doubleText(3 * Double.MIN_VALUE)).isEqualTo("1.48219693752374e-323");
    assertThat(doubleText(-Double.longBitsToDouble(0x000fffffffffffffL)))
        .isEqualTo("-2.2250738585072009e-308");
    assertThat(doubleText(Double.MIN_NORMAL)).isEqualTo("2.2250738585072014e-308");
    assertThat(doubleText(-Double.MAX_VALUE)).isEqualTo("-1.7976931348623157e+308");
    assertThat(doubleText(0.0)).isEqualTo("0");
    assertThat(doubleText(-0.0)).isEqualTo("-0");
    assertThat(doubleText(Double.NaN)).isEqualTo("nan");
    assertThat(doubleText(Double.longBitsToDouble(0xfff8000000000000L))).isEqualTo("-nan");
    assertThat(doubleText(Double.NEGATIVE_INFINITY)).isEqualTo("-inf");
    assertThat(doubleText(0.1)).isEqualTo("0.1");
    assertThat(doubleText(30.1)).isEqualTo("30.1");
    assertThat(doubleText(30.200000000000003)).isEqualTo("30.200000000000003");
    assertThat(doubleText(0.1 + 0.2)).isEqualTo("0.30000000000000004");
    assertThat(doubleText(1.0 / 3)).isEqualTo("0.33333333333333331");
    assertThat(doubleText(1e21)).isEqualTo("1e+21");
    assertThat(doubleText(1e23)).isEqualTo("1e+23");
    assertThat(doubleText(1e-7)).isEqualTo("1e-07");
    assertThat(doubleText(9007199254740994.0)).isEqualTo("9007199254740994");
    assertThat(doubleText(123456789012345678.0)).isEqualTo("1.2345678901234568e+17");
  }

  @Test
  void datesHaveUnpaddedYearsAndAnOutOfRangeText() {
    assertThat(text(KuduType.DATE, le(4, KuduType.MIN_DATE))).isEqualTo("1-01-01");
    assertThat(text(KuduType.DATE, le(4, KuduType.MAX_DATE))).isEqualTo("9999-12-31");
    assertThat(text(KuduType.DATE, le(4, 0))).isEqualTo("1970-01-01");
    assertThat(text(KuduType.DATE, le(4, -1))).isEqualTo("1969-12-31");
    assertThat(text(KuduType.DATE, le(4, 18_999 + 1))).isEqualTo("2022-01-08");
    assertThat(text(KuduType.DATE, le(4, -719162 + 36600))).isEqualTo("101-03-18");
    assertThat(text(KuduType.DATE, le(4, KuduType.MIN_DATE - 1)))
        .isEqualTo("value -719163 out of range for DATE type");
    assertThat(text(KuduType.DATE, le(4, Integer.MAX_VALUE)))
        .isEqualTo("value 2147483647 out of range for DATE type");
  }

  @Test
  void timestampsRoundSecondsDownAndPrintSignedUnpaddedYears() {
    assertThat(ts(0)).isEqualTo("1970-01-01T00:00:00.000000Z");
    assertThat(ts(-1)).isEqualTo("1969-12-31T23:59:59.999999Z");
    assertThat(ts(-1_000_000)).isEqualTo("1969-12-31T23:59:59.000000Z");
    assertThat(ts(-1_000_001)).isEqualTo("1969-12-31T23:59:58.999999Z");
    assertThat(ts(-999_999)).isEqualTo("1969-12-31T23:59:59.000001Z");
    assertThat(ts(-62135596800000000L)).isEqualTo("1-01-01T00:00:00.000000Z");
    assertThat(ts(-62135596800000001L)).isEqualTo("0-12-31T23:59:59.999999Z");
    assertThat(ts(-62167219200000001L)).isEqualTo("-1-12-31T23:59:59.999999Z");
    assertThat(ts(253402300799999999L)).isEqualTo("9999-12-31T23:59:59.999999Z");
    assertThat(ts(253402300800000000L)).isEqualTo("10000-01-01T00:00:00.000000Z");
    assertThat(ts(1700000000123456L)).isEqualTo("2023-11-14T22:13:20.123456Z");
    assertThat(ts(Long.MIN_VALUE)).isEqualTo("-290308-12-21T19:59:05.224192Z");
    assertThat(ts(Long.MAX_VALUE)).isEqualTo("294247-01-10T04:00:54.775807Z");
  }

  @Test
  void stringsEscapeControlBytesInOctalAndKeepBytesFrom0x80() {
    assertThat(binaryText(KuduType.STRING, bytes())).isEqualTo("\"\"");
    assertThat(binaryText(KuduType.STRING, bytes(0, 1, 7, 8, 11, 12, 0x1f, 0x7f)))
        .isEqualTo("\"\\000\\001\\007\\010\\013\\014\\037\\177\"");
    assertThat(binaryText(KuduType.VARCHAR, ascii("tab\there\nnew\r \"q\" it's back\\slash")))
        .isEqualTo("\"tab\\there\\nnew\\r \\\"q\\\" it\\'s back\\\\slash\"");
    // an octal escape followed by a digit stays as it is (three digits always)
    assertThat(binaryText(KuduType.STRING, bytes(1, '1', 'a'))).isEqualTo("\"\\0011a\"");
    // UTF-8, valid or not, passes through byte for byte
    byte[] mixed = bytes('n', 'a', 0xc3, 0xaf, 'v', 0xff, 0xfe, 0xe2, 0x82, 0xed, 0xa0, 0x80);
    byte[] expected = new byte[mixed.length + 2];
    expected[0] = '"';
    System.arraycopy(mixed, 0, expected, 1, mixed.length);
    expected[expected.length - 1] = '"';
    assertThat(KuduValueText.formatBinary(KuduType.STRING, mixed, 0, mixed.length))
        .isEqualTo(expected);
  }

  @Test
  void binaryEscapesInHexAndEscapesAHexDigitAfterAHexEscape() {
    assertThat(binaryText(KuduType.BINARY, bytes(0, 0, 0))).isEqualTo("\"\\x00\\x00\\x00\"");
    assertThat(binaryText(KuduType.BINARY, bytes(0x9c, 0x19, 0xd4, 'n', 'Z', 0xa0)))
        .isEqualTo("\"\\x9c\\x19\\xd4nZ\\xa0\"");
    assertThat(binaryText(KuduType.BINARY, bytes(0xb2, 0x19, 'F', 1, 'a', 2, 0xaf, 0xed, '^')))
        .isEqualTo("\"\\xb2\\x19\\x46\\x01\\x61\\x02\\xaf\\xed^\"");
    assertThat(binaryText(KuduType.BINARY, bytes(1, 'a', 1, 'g', 1, 'A', 'b')))
        .isEqualTo("\"\\x01\\x61\\x01g\\x01\\x41\\x62\"");
    // a named escape ends the run: the digit after \t is not escaped
    assertThat(binaryText(KuduType.BINARY, bytes('\t', 'x', 0x7f, '\t', 'a')))
        .isEqualTo("\"\\tx\\x7f\\ta\"");
    assertThat(binaryText(KuduType.BINARY, bytes('I', '!', '\'', '"', '\\')))
        .isEqualTo("\"I!\\'\\\"\\\\\"");
  }

  @Test
  void offsetsSelectTheCell() {
    byte[] cells = le(4, 7);
    byte[] shifted = new byte[6];
    System.arraycopy(cells, 0, shifted, 2, 4);
    assertThat(new String(KuduValueText.format(KuduType.INT32, shifted, 2),
        StandardCharsets.US_ASCII)).isEqualTo("7");
    assertThat(binaryText(KuduType.BINARY, bytes('x', 'a', 'b', 'y'), 1, 2)).isEqualTo("\"ab\"");
  }

  @Test
  void wrongFamilyOrShortInputIsRejected() {
    assertThatThrownBy(() -> KuduValueText.format(KuduType.STRING, new byte[8], 0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> KuduValueText.formatBinary(KuduType.INT32, new byte[8], 0, 4))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> KuduValueText.format(KuduType.INT64, new byte[7], 0))
        .isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> KuduValueText.formatBinary(KuduType.BINARY, new byte[2], 1, 2))
        .isInstanceOf(IndexOutOfBoundsException.class);
  }

  private static String floatText(float f) {
    return text(KuduType.FLOAT, le(4, Float.floatToRawIntBits(f)));
  }

  private static String doubleText(double d) {
    return text(KuduType.DOUBLE, le(8, Double.doubleToRawLongBits(d)));
  }

  private static String ts(long micros) {
    return text(KuduType.UNIXTIME_MICROS, le(8, micros));
  }

  private static String text(KuduType type, byte[] cell) {
    return new String(KuduValueText.format(type, cell, 0), StandardCharsets.US_ASCII);
  }

  private static String binaryText(KuduType type, byte[] value) {
    return binaryText(type, value, 0, value.length);
  }

  /** Only for outputs that are ASCII. */
  private static String binaryText(KuduType type, byte[] value, int offset, int length) {
    byte[] out = KuduValueText.formatBinary(type, value, offset, length);
    return new String(out, StandardCharsets.US_ASCII);
  }

  private static byte[] le(int width, long v) {
    ByteBuffer b = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v);
    byte[] out = new byte[width];
    System.arraycopy(b.array(), 0, out, 0, width);
    return out;
  }

  private static byte[] le128(BigInteger v) {
    byte[] be = v.toByteArray();
    byte[] out = new byte[16];
    byte fill = (byte) (v.signum() < 0 ? 0xff : 0);
    for (int i = 0; i < 16; i++) {
      out[i] = i < be.length ? be[be.length - 1 - i] : fill;
    }
    return out;
  }

  private static byte[] bytes(int... v) {
    byte[] out = new byte[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = (byte) v[i];
    }
    return out;
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }
}
