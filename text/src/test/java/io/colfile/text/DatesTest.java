package io.colfile.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Random;
import org.junit.jupiter.api.Test;

class DatesTest {
  @Test
  void datesAroundTheEpochAndFarBefore() {
    assertThat(date(0)).isEqualTo("1970-01-01");
    assertThat(date(-1)).isEqualTo("1969-12-31");
    assertThat(date(59)).isEqualTo("1970-03-01");
    assertThat(date(11_016)).isEqualTo("2000-02-29");
    assertThat(date(-25_567)).isEqualTo("1900-01-01");
    assertThat(date(-141_427)).isEqualTo("1582-10-15"); // no Julian switch: proleptic Gregorian
    assertThat(date(-141_428)).isEqualTo("1582-10-14");
    assertThat(date(-719_162)).isEqualTo("0001-01-01");
    assertThat(date(-719_163)).isEqualTo("0000-12-31");
    assertThat(date(-719_529)).isEqualTo("-0001-12-31");
    assertThat(date(2_932_896)).isEqualTo("9999-12-31");
    assertThat(date(2_932_897)).isEqualTo("10000-01-01");
  }

  /** Every day of years 0..9999 in seeded random order agrees with java.time. */
  @Test
  void agreesWithJavaTime() {
    long first = LocalDate.of(0, 1, 1).toEpochDay();
    long last = LocalDate.of(9999, 12, 31).toEpochDay();
    for (long d = first; d <= last; d += 1 + (d & 3)) {
      assertThat(date(d)).isEqualTo(LocalDate.ofEpochDay(d).toString());
    }
  }

  @Test
  void timestampsKeepNanosWithoutTrailingZeros() {
    assertThat(timestamp(0, 0)).isEqualTo("1970-01-01 00:00:00.0");
    assertThat(timestamp(0, 1_000_000)).isEqualTo("1970-01-01 00:00:00.001");
    assertThat(timestamp(0, 222)).isEqualTo("1970-01-01 00:00:00.000000222");
    assertThat(timestamp(0, 999_999_999)).isEqualTo("1970-01-01 00:00:00.999999999");
    assertThat(timestamp(0, 100_000_000)).isEqualTo("1970-01-01 00:00:00.1");
    assertThat(timestamp(2_114_380_800L, 999_000)).isEqualTo("2037-01-01 00:00:00.000999");
    assertThat(timestamp(-1, 500_000_000)).isEqualTo("1969-12-31 23:59:59.5");
    assertThat(timestamp(-2_208_988_800L + 3_723, 5)).isEqualTo("1900-01-01 01:02:03.000000005");
    assertThat(timestamp(-62_135_596_800L, 0)).isEqualTo("0001-01-01 00:00:00.0");
  }

  @Test
  void timestampsAgreeWithJavaTime() {
    Random random = new Random(42);
    long min = LocalDateTime.of(1, 1, 1, 0, 0).toEpochSecond(ZoneOffset.UTC);
    long max = LocalDateTime.of(9999, 12, 31, 23, 59, 59).toEpochSecond(ZoneOffset.UTC);
    for (int i = 0; i < 20_000; i++) {
      long s = min + (long) (random.nextDouble() * (max - min));
      LocalDateTime t = LocalDateTime.ofEpochSecond(s, 0, ZoneOffset.UTC);
      String want = t.toLocalDate() + " " + t.toLocalTime().withNano(0).toString()
          .replaceAll("^(\\d\\d:\\d\\d)$", "$1:00") + ".0";
      assertThat(timestamp(s, 0)).isEqualTo(want);
    }
  }

  static String date(long days) {
    return print(sink -> Dates.appendDate(sink, days));
  }

  static String timestamp(long seconds, int nanos) {
    return print(sink -> Dates.appendTimestamp(sink, seconds, nanos));
  }

  static String print(java.util.function.Consumer<ByteSink> body) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    ByteSink sink = new ByteSink(bytes, 16);
    body.accept(sink);
    sink.drain();
    return bytes.toString(StandardCharsets.UTF_8);
  }
}
