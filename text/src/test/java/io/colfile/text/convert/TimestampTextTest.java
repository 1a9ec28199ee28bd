package io.colfile.text.convert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class TimestampTextTest {
  private static final ZoneId AMSTERDAM = ZoneId.of("Europe/Amsterdam");

  private static Instant read(TimestampText t, String text, boolean instant) throws ValueError {
    long[] sn = new long[2];
    t.parse(text, instant, sn, "at");
    return Instant.ofEpochSecond(sn[0], sn[1]);
  }

  private static Instant utc(String local) {
    return LocalDateTime.parse(local).toInstant(ZoneOffset.UTC);
  }

  @Test
  void plainTimestampsKeepTheWallClockWhateverTheZone() throws ValueError {
    TimestampText t = TimestampText.of(null, AMSTERDAM);
    assertThat(read(t, "2024-03-31 02:30:00", false)).isEqualTo(utc("2024-03-31T02:30:00"));
    TimestampText p = TimestampText.of("dd/MM/yyyy HH:mm:ss.SSSXXX", AMSTERDAM);
    assertThat(read(p, "31/03/2024 02:30:00.250+05:00", false))
        .isEqualTo(utc("2024-03-31T02:30:00.25"));
  }

  @Test
  void instantsAreReadInTheZoneAroundDst() throws ValueError {
    TimestampText t = TimestampText.of(null, AMSTERDAM);
    // winter: +01:00, summer: +02:00
    assertThat(read(t, "2024-01-15 12:00:00", true)).isEqualTo(utc("2024-01-15T11:00:00"));
    assertThat(read(t, "2024-07-15 12:00:00.5", true)).isEqualTo(utc("2024-07-15T10:00:00.5"));
    // 2024-03-31 01:59:59 +01:00 then 03:00 +02:00
    assertThat(read(t, "2024-03-31 01:59:59", true)).isEqualTo(utc("2024-03-31T00:59:59"));
    assertThat(read(t, "2024-03-31 03:00:00", true)).isEqualTo(utc("2024-03-31T01:00:00"));
    assertThatThrownBy(() -> read(t, "2024-03-31 02:30:00", true))
        .isInstanceOf(ValueError.class).hasMessageContaining("does not exist in Europe/Amsterdam");
    // 2024-10-27 02:00-03:00 occurs twice: the earlier (+02:00)
    assertThat(read(t, "2024-10-27 02:30:00", true)).isEqualTo(utc("2024-10-27T00:30:00"));
    assertThat(read(t, "2024-10-27 03:00:00", true)).isEqualTo(utc("2024-10-27T02:00:00"));
    // default zone: UTC, as cat prints these
    assertThat(read(TimestampText.DEFAULT, "2024-03-31 02:30:00", true))
        .isEqualTo(utc("2024-03-31T02:30:00"));
  }

  @Test
  void aPatternsOwnOffsetOrZoneWinsForInstants() throws ValueError {
    TimestampText t = TimestampText.of("yyyy-MM-dd'T'HH:mmXXX", AMSTERDAM);
    assertThat(read(t, "2024-03-31T02:30-05:00", true)).isEqualTo(utc("2024-03-31T07:30:00"));
    TimestampText z = TimestampText.of("yyyy-MM-dd HH:mm VV", ZoneOffset.UTC);
    assertThat(read(z, "2024-07-01 12:00 Europe/Amsterdam", true))
        .isEqualTo(utc("2024-07-01T10:00:00"));
  }

  @Test
  void patternsAreStrictAndMayLeaveOutTheTime() throws ValueError {
    TimestampText t = TimestampText.of("dd/MM/yyyy", null);
    assertThat(read(t, "29/02/2024", false)).isEqualTo(utc("2024-02-29T00:00:00"));
    assertThatThrownBy(() -> read(t, "30/02/2024", false)).isInstanceOf(ValueError.class)
        .hasMessageContaining("does not match the timestamp format 'dd/MM/yyyy'");
    TimestampText ampm = TimestampText.of("MM/dd/yyyy hh:mm a", null);
    assertThat(read(ampm, "01/31/2024 01:15 PM", false)).isEqualTo(utc("2024-01-31T13:15:00"));
    TimestampText noDate = TimestampText.of("HH:mm", null);
    assertThatThrownBy(() -> read(noDate, "10:00", false)).isInstanceOf(ValueError.class)
        .hasMessageContaining("no full date");
  }

  @Test
  void badPatterns() {
    assertThatThrownBy(() -> TimestampText.of("yyyy-MM-dd {", null))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("bad pattern");
    assertThatThrownBy(() -> TimestampText.of("bbbb", null))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
