package io.colfile.orc.stats;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.types.Type;
import io.colfile.orc.proto.OrcProto;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;
import io.colfile.testkit.TestSeed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * String statistics; the expected bytes of the truncation cases were produced by orc-core
 * 2.1.1's StringStatisticsImpl from the same input.
 */
@ExtendWith(TestSeed.class)
class StringStatsTest {
  private static StringStats strings() {
    return (StringStats) StatsCollector.create(Type.STRING, false);
  }

  private static void add(StringStats s, byte[] b) {
    s.increment(1);
    s.update(b, 0, b.length, 1);
  }

  private static void add(StringStats s, String v) {
    add(s, v.getBytes(StandardCharsets.UTF_8));
  }

  /** 'a' x count, then mid, then ten 'z' */
  private static byte[] around(int count, String mid) {
    return ("a".repeat(count) + mid + "z".repeat(10)).getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void boundsUseUnsignedByteOrderAndSumCountsBytes() {
    StringStats s = strings();
    add(s, "m");
    add(s, "é"); // C3 A9 sorts after every ASCII byte
    add(s, "");
    s.increment(2);
    s.update("ab".getBytes(StandardCharsets.UTF_8), 0, 2, 2);
    OrcProto.StringStatistics p = Serialized.of(s).getStringStatistics();
    assertThat(p.getMinimum()).isEmpty();
    assertThat(p.hasMinimum()).isTrue();
    assertThat(p.getMaximum()).isEqualTo("é");
    assertThat(p.getSum()).isEqualTo(1 + 2 + 0 + 4);
    assertThat(p.hasLowerBound()).isFalse();
  }

  @Test
  void exactly1024BytesIsKeptWhole() {
    StringStats s = strings();
    add(s, "x".repeat(1024));
    assertThat(Serialized.of(s).getStringStatistics().getMinimum()).hasSize(1024);
    assertThat(Serialized.of(s).getStringStatistics().getMaximum()).hasSize(1024);
  }

  @Test
  void longAsciiIsCutAt1024AndTheUpperBoundIncremented() {
    StringStats s = strings();
    add(s, around(1030, ""));
    OrcProto.StringStatistics p = Serialized.of(s).getStringStatistics();
    assertThat(p.hasMinimum()).isFalse();
    assertThat(p.hasMaximum()).isFalse();
    assertThat(p.getLowerBound()).isEqualTo("a".repeat(1024));
    assertThat(p.getUpperBound()).isEqualTo("a".repeat(1023) + "b");
    assertThat(p.getSum()).isEqualTo(1040);
  }

  @Test
  void multiByteCharactersAtTheCut() {
    // é straddles bytes 1023-1024: cut before it, increment the 'a' before
    assertBounds(around(1023, "é"), 1023, "616161616161", 1023, "6161616161616162");
    // € (3 bytes) straddles; so does an emoji (4 bytes)
    assertBounds(around(1022, "€"), 1022, "616161616161", 1022, "6161616161616162");
    assertBounds(around(1022, "\uD83D\uDE00"), 1022, "616161616161", 1022, "6161616161616162");
    // an emoji ending exactly at byte 1024 is kept, and incremented to U+1F601
    assertBounds(around(1020, "\uD83D\uDE00"), 1024, "6161f09f9880", 1024, "61616161f09f9881");
  }

  @Test
  void javasReencoderQuirks() {
    // '~' + 1 = 0x7F is encoded C1 BF, which goes out as two U+FFFD
    assertBounds(around(1023, "~"), 1024, "61616161617e", 1029, "6161efbfbdefbfbd");
    // U+FFFE + 1 = U+FFFF is encoded in four (overlong) bytes: four U+FFFD
    assertBounds(around(1021, "\uFFFE"), 1024, "616161efbfbe", 1033, "bfbdefbfbdefbfbd");
    // U+10FFFF + 1 is past Unicode: four U+FFFD
    assertBounds(around(1020, new String(Character.toChars(0x10FFFF))), 1024, "6161f48fbfbf",
        1032, "bfbdefbfbdefbfbd");
    // U+D7FF + 1 is a surrogate: one U+FFFD
    assertBounds(around(1021, "\uD7FF"), 1024, "616161ed9fbf", 1024, "6161616161efbfbd");
  }

  @Test
  void malformedUtf8GoesOutAsReplacementCharacters() {
    byte[] dangling = around(1021, "xyz");
    dangling[1023] = (byte) 0xC3; // a lead byte with no continuation, last before the cut
    assertBounds(dangling, 1026, "617879efbfbd", 1026, "6161617879efbfbe");
    byte[] truncated = around(1021, "xyz");
    truncated[1022] = (byte) 0xE2;
    truncated[1023] = (byte) 0x82;
    assertBounds(truncated, 1025, "616178efbfbd", 1025, "6161616178efbfbe");
    StringStats shortBad = strings();
    add(shortBad, new byte[] {'a', (byte) 0xFF, 'b'});
    assertThat(Serialized.of(shortBad).getStringStatistics().getMinimumBytes().toByteArray())
        .isEqualTo(new byte[] {'a', (byte) 0xEF, (byte) 0xBF, (byte) 0xBD, 'b'});
  }

  @Test
  void noCharacterStartBeforeTheCutDoesNotThrow() {
    // Java throws here; colfile cuts at the raw byte position instead
    byte[] continuation = new byte[1100];
    Arrays.fill(continuation, (byte) 0x80);
    StringStats s = strings();
    add(s, continuation);
    OrcProto.StringStatistics p = Serialized.of(s).getStringStatistics();
    assertThat(p.hasLowerBound()).isTrue();
    assertThat(p.hasUpperBound()).isTrue();
    byte[] lead = continuation.clone();
    lead[0] = (byte) 0xC3;
    StringStats t = strings();
    add(t, lead);
    assertThat(Serialized.of(t).getStringStatistics().getLowerBoundBytes().size()).isZero();
  }

  @Test
  void boundsStayBoundsThroughUpdatesAndMerges() {
    StringStats rowGroup = strings();
    add(rowGroup, "m");
    add(rowGroup, around(1030, "")); // a new minimum, as a lower bound
    add(rowGroup, "z".repeat(2000)); // a new maximum, as an upper bound
    OrcProto.StringStatistics p = Serialized.of(rowGroup).getStringStatistics();
    assertThat(p.getLowerBound()).isEqualTo("a".repeat(1024));
    assertThat(p.getUpperBound()).isEqualTo("z".repeat(1023) + "{");

    StringStats other = strings();
    add(other, "b");
    add(other, "n");
    StringStats stripe = strings();
    stripe.merge(rowGroup);
    stripe.merge(other);
    p = Serialized.of(stripe).getStringStatistics();
    assertThat(p.getLowerBound()).isEqualTo("a".repeat(1024));
    assertThat(p.hasMaximum()).isFalse();
    assertThat(p.getUpperBound()).isEqualTo("z".repeat(1023) + "{");
    assertThat(p.getSum()).isEqualTo(1 + 1040 + 2000 + 2);

    StringStats plain = strings();
    plain.merge(other);
    plain.merge(strings()); // an empty side changes nothing
    p = Serialized.of(plain).getStringStatistics();
    assertThat(p.getMinimum()).isEqualTo("b");
    assertThat(p.getMaximum()).isEqualTo("n");
    plain.reset();
    assertThat(Serialized.of(plain).toByteArray())
        .isEqualTo(Serialized.of(strings()).toByteArray());
  }

  @Test
  void theMinimumIsCopiedNotReferenced() {
    StringStats s = strings();
    byte[] buf = "hello".getBytes(StandardCharsets.UTF_8);
    add(s, buf);
    buf[0] = 'j';
    assertThat(Serialized.of(s).getStringStatistics().getMinimum()).isEqualTo("hello");
  }

  private static void assertBounds(byte[] value, int lowerLength, String lowerTail,
      int upperLength, String upperTail) {
    StringStats s = strings();
    add(s, value);
    OrcProto.StringStatistics p = Serialized.of(s).getStringStatistics();
    byte[] lo = p.getLowerBoundBytes().toByteArray();
    byte[] up = p.getUpperBoundBytes().toByteArray();
    assertThat(lo.length).as("lower bound length").isEqualTo(lowerLength);
    assertThat(HexFormat.of().formatHex(lo, lo.length - lowerTail.length() / 2, lo.length))
        .isEqualTo(lowerTail);
    assertThat(up.length).as("upper bound length").isEqualTo(upperLength);
    assertThat(HexFormat.of().formatHex(up, up.length - upperTail.length() / 2, up.length))
        .isEqualTo(upperTail);
  }

  /**
   * Random values (short, empty, bytes above 0x7F, shared first bytes), with resets and merges in
   * between: minimum, maximum and sum are those of comparing every value in unsigned byte order.
   */
  private static final String ALPHABET = "abcd ~\u007féüÿ\u0800日";

  @Test
  void minAndMaxAreThoseOfEveryComparison() {
    for (int c = 0; c < 200; c++) {
      Random r = TestSeed.random("string-stats", c);
      StringStats s = strings();
      byte[] min = null;
      byte[] max = null;
      long sum = 0;
      for (int i = 0, n = r.nextInt(300); i < n; i++) {
        if (r.nextInt(50) == 0) {
          s.reset();
          min = null;
          max = null;
          sum = 0;
        }
        if (r.nextInt(40) == 0) {
          StringStats empty = strings();
          s.merge(empty);
        }
        StringBuilder text = new StringBuilder();
        for (int k = 0, len = r.nextInt(r.nextBoolean() ? 3 : 12); k < len; k++) {
          text.append(ALPHABET.charAt(r.nextInt(ALPHABET.length())));
        }
        byte[] v = text.toString().getBytes(StandardCharsets.UTF_8);
        add(s, v);
        sum += v.length;
        if (min == null || Arrays.compareUnsigned(v, min) < 0) {
          min = v;
        }
        if (max == null || Arrays.compareUnsigned(v, max) > 0) {
          max = v;
        }
      }
      assertThat(s.sum()).as("case %d", c).isEqualTo(sum);
      if (min != null) {
        StringStats expected = strings();
        add(expected, min);
        add(expected, max);
        expected.updateSeen(0, 0);
        OrcProto.StringStatistics got = Serialized.of(s).getStringStatistics();
        OrcProto.StringStatistics want = Serialized.of(expected).getStringStatistics();
        assertThat(got.getMinimumBytes()).as("case %d", c).isEqualTo(want.getMinimumBytes());
        assertThat(got.getMaximumBytes()).as("case %d", c).isEqualTo(want.getMaximumBytes());
      }
    }
  }
}
