package io.colfile.interop;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Random;
import org.apache.orc.TypeDescription;

/**
 * Text that schema evolution may read as another type: numbers as Java, Hive and people write
 * them (signs, leading zeros, exponents, blanks, NaN, hex floats, out-of-range integers, more
 * than 38 digits), dates and timestamps in and out of the forms orc-core parses (years of 1 to 6
 * digits, impossible days, missing seconds, 1 to 9 fraction digits, zone ids and offsets,
 * daylight-saving gaps), booleans, and plain junk. CHAR and VARCHAR values are cut and padded to
 * their lengths as the file would hold them.
 */
final class ConvertibleText {
  private static final List<String> FIXED = List.of(
      "", " ", "0", "-0", "+0", "00", "1", "-1", "+5", "007", " 12", "12 ", " 12 ", "1 2", "١٢",
      "9223372036854775807", "-9223372036854775808", "9223372036854775808", "127", "128",
      "-129", "32768", "2147483648", "NaN", "-NaN", "Infinity", "-Infinity", "inf", "0x1p3",
      "1.0f", "2.5d", "1e5", "1E+5", "1e-5", ".5", "5.", ".", "-.5", ".5 ", "1e", "e1",
      "1e100", "1e-100", "1e99", "1e-77", "1.5e-38", "0.00000000000000000000000000000000000005",
      "99999999999999999999999999999999999999.5", "123456789012345678901234567890123456789",
      "true", "false", "TRUE", "yes", "2019-02-29", "2020-02-29", "2019-02-30", "2019-13-01",
      "2019-1-01", "20190101", "2019-01-01T10:00:00", "2019-01-01 24:00", "2019-01-01 25:00",
      "2019-01-01 10:00:60", "2019-01-01 10:00:00.", "+2019-01-01", "-0001-01-01",
      "+10000-01-01", "0000-01-01", "2021-03-14 02:30:00 America/New_York",
      "2021-11-07 01:30:00 America/New_York", "2019-01-01 00:00:00 Z", "2019-01-01 00:00 UTC",
      "2019-01-01 00:00:00 +05:30", "2019-01-01 00:00:00 GMT+01:00", "1969-12-31 23:59:59.5 UTC");
  private static final List<String> ZONES = List.of(
      "UTC", "Z", "America/New_York", "Asia/Kolkata", "Europe/Berlin", "+05:30", "-08:00");

  private ConvertibleText() {}

  /** A value for a text column of {@code type} (STRING, VARCHAR or CHAR). */
  static String of(TypeDescription type, Random r) {
    String s = any(r);
    switch (type.getCategory()) {
      case VARCHAR: return RandomText.truncate(s, type.getMaxLength());
      case CHAR: return RandomText.padded(RandomText.truncate(s, type.getMaxLength()),
          type.getMaxLength());
      default: return s;
    }
  }

  static String any(Random r) {
    switch (r.nextInt(12)) {
      case 0: return FIXED.get(r.nextInt(FIXED.size()));
      case 1: return Long.toString(PrimitiveValues.integer(r, Long.MIN_VALUE, Long.MAX_VALUE));
      case 2: return Long.toString(r.nextInt(2001) - 1000);
      case 3: return Double.toString(PrimitiveValues.doubleValue(r));
      case 4: return Float.toString(PrimitiveValues.floatValue(r));
      case 5: return decimal(r);
      case 6: return date(r);
      case 7: case 8: return timestamp(r);
      case 9: return timestamp(r) + " " + ZONES.get(r.nextInt(ZONES.size()));
      case 10: return blanks(r) + (r.nextBoolean() ? decimal(r) : Long.toString(r.nextInt(99)))
          + blanks(r);
      default: return RandomText.string(r, 30);
    }
  }

  private static String decimal(Random r) {
    int digits = r.nextInt(r.nextBoolean() ? 10 : 45);
    BigInteger unscaled = new BigInteger(4 * digits + 1, r);
    BigDecimal d = new BigDecimal(r.nextBoolean() ? unscaled : unscaled.negate(),
        digits == 0 ? 0 : r.nextInt(digits + 2) - 1);
    switch (r.nextInt(4)) {
      case 0: return d.toString();                                   // perhaps with E+n
      case 1: return d.unscaledValue() + "e" + (r.nextInt(90) - 45);
      default: return d.toPlainString();
    }
  }

  private static String date(Random r) {
    LocalDate d = r.nextInt(6) == 0
        ? LocalDate.of(r.nextInt(2_000_001) - 1_000_000, 1 + r.nextInt(12), 1 + r.nextInt(28))
        : LocalDate.ofEpochDay(PrimitiveValues.day(r));
    String text = d.toString();
    // java.time prints 5+ digit years with a sign, as ORC's formats want; sometimes drop it
    return r.nextInt(8) == 0 && text.startsWith("+") ? text.substring(1) : text;
  }

  private static String timestamp(Random r) {
    LocalDateTime t = LocalDate.ofEpochDay(PrimitiveValues.day(r)).atStartOfDay()
        .plusSeconds(r.nextInt(86_400)).withNano(PrimitiveValues.nanos(r));
    if (r.nextInt(10) == 0) {
      // around the 2021 daylight-saving changes of New York and Berlin
      t = LocalDateTime.of(2021, r.nextBoolean() ? 3 : 11, r.nextBoolean() ? 14 : 7, 0, 0)
          .plusMinutes(r.nextInt(240));
    }
    String date = t.toLocalDate().toString();
    String hm = String.format("%02d:%02d", t.getHour(), t.getMinute());
    switch (r.nextInt(6)) {
      case 0: return date + " " + hm;
      case 1: return date + " " + hm + String.format(":%02d", t.getSecond());
      default: {
        String nanos = String.format("%09d", t.getNano());
        return date + " " + hm + String.format(":%02d.", t.getSecond())
            + nanos.substring(0, 1 + r.nextInt(9));
      }
    }
  }

  private static String blanks(Random r) {
    return " ".repeat(r.nextInt(3));
  }
}
