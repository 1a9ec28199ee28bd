package io.colfile.orc.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.types.Type;
import io.colfile.orc.proto.OrcProto;
import org.junit.jupiter.api.Test;

class TimestampStatsTest {
  private static TimestampStats timestamps() {
    return (TimestampStats) StatsCollector.create(Type.TIMESTAMP, false);
  }

  private static void add(TimestampStats s, long millis, int nanos) {
    s.increment(1);
    s.update(millis, nanos);
  }

  @Test
  void boundsWithSubMillisecondNanos() {
    TimestampStats s = timestamps();
    assertThat(Serialized.of(s).getTimestampStatistics().hasMinimumUtc()).isFalse();
    add(s, 1_000, 0);
    add(s, 5_123, 123_456_789);
    OrcProto.TimestampStatistics t = Serialized.of(s).getTimestampStatistics();
    assertThat(t.getMinimumUtc()).isEqualTo(1_000);
    assertThat(t.getMaximumUtc()).isEqualTo(5_123);
    assertThat(t.hasMinimumNanos()).isFalse(); // the minimum's sub-ms part is 0
    assertThat(t.getMaximumNanos()).isEqualTo(456_789 + 1);
    assertThat(t.hasMinimum()).isFalse();
    assertThat(t.hasMaximum()).isFalse();
  }

  @Test
  void defaultsAreLeftOut() {
    TimestampStats s = timestamps();
    add(s, 7, 7_999_999); // sub-ms part 999999: the reader's default maximum
    OrcProto.TimestampStatistics t = Serialized.of(s).getTimestampStatistics();
    assertThat(t.getMinimumNanos()).isEqualTo(1_000_000);
    assertThat(t.hasMaximumNanos()).isFalse();
  }

  @Test
  void tiesOnTheMillisecondAreBrokenByNanos() {
    TimestampStats s = timestamps();
    add(s, -1_500, 500_000_300);
    add(s, -1_500, 500_000_100);
    add(s, -1_500, 500_000_900);
    OrcProto.TimestampStatistics t = Serialized.of(s).getTimestampStatistics();
    assertThat(t.getMinimumUtc()).isEqualTo(-1_500);
    assertThat(t.getMaximumUtc()).isEqualTo(-1_500);
    assertThat(t.getMinimumNanos()).isEqualTo(101);
    assertThat(t.getMaximumNanos()).isEqualTo(901);
  }

  @Test
  void javaMillisAndItsQuirkBeforeTheEpoch() {
    assertThat(TimestampStats.javaMillis(1, 5_000_000)).isEqualTo(1_005);
    assertThat(TimestampStats.javaMillis(-2, 500_000_000)).isEqualTo(-1_500);
    // strictly between -1 s and 0: Java records the positive mirror image (orc.md 8.1)
    assertThat(TimestampStats.javaMillis(-1, 500_000_000)).isEqualTo(500);
    assertThat(TimestampStats.javaMillis(-1, 999_000_000)).isEqualTo(999);
    assertThat(TimestampStats.javaMillis(-1, 0)).isEqualTo(-1_000);
    assertThat(TimestampStats.javaMillis(-3, 999_999_500)).isEqualTo(-2_001);
    assertThat(TimestampStats.javaMillis(-1, 999_999)).isEqualTo(-1_000);
  }

  @Test
  void mergeKeepsTheTighterNanos() {
    TimestampStats a = timestamps();
    add(a, 10, 300);
    TimestampStats b = timestamps();
    add(b, 10, 100);
    add(b, 20, 999_999_999);
    TimestampStats stripe = (TimestampStats) StatsCollector.create(Type.TIMESTAMP_INSTANT, false);
    stripe.merge(timestamps()); // an empty side changes nothing
    stripe.merge(a);
    stripe.merge(b);
    OrcProto.TimestampStatistics t = Serialized.of(stripe).getTimestampStatistics();
    assertThat(t.getMinimumUtc()).isEqualTo(10);
    assertThat(t.getMinimumNanos()).isEqualTo(101);
    assertThat(t.getMaximumUtc()).isEqualTo(20);
    assertThat(t.hasMaximumNanos()).isFalse();
    assertThat(stripe.numberOfValues()).isEqualTo(3);
    stripe.reset();
    assertThat(Serialized.of(stripe).toByteArray())
        .isEqualTo(Serialized.of(timestamps()).toByteArray());
  }

  @Test
  void nanosOutOfRangeAreRefused() {
    assertThatThrownBy(() -> timestamps().update(0, -1))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> timestamps().update(0, 1_000_000_000))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
