package io.colfile.core.encoding;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.CoreTestSeed;
import io.colfile.core.error.MalformedInputException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@ExtendWith(CoreTestSeed.class)
class VarintsTest {
  /** Edges on purpose: each 7-bit group boundary, 0, -1 and the extremes. */
  static long[] edgeValues() {
    long[] values = new long[9 * 2 + 5];
    int i = 0;
    for (int groups = 1; groups <= 9; groups++) {
      values[i++] = (1L << (7 * groups)) - 1;
      values[i++] = 1L << (7 * groups);
    }
    values[i++] = 0;
    values[i++] = -1;
    values[i++] = Long.MAX_VALUE;
    values[i++] = Long.MIN_VALUE;
    values[i++] = 300;
    return values;
  }

  @ParameterizedTest
  @CsvSource({
    "0, 00",
    "1, 01",
    "127, 7f",
    "128, 8001",
    "300, ac02",
    "16384, 808001",
    "9223372036854775807, ffffffffffffffff7f",
    "-1, ffffffffffffffffff01",
    "-9223372036854775808, 80808080808080808001",
  })
  void writesLeb128(long value, String hex) throws MalformedInputException {
    byte[] buf = new byte[Varints.MAX_VARLONG_BYTES + 2];
    int end = Varints.writeVarLong(buf, 1, value);
    assertThat(HexFormat.of().formatHex(buf, 1, end)).isEqualTo(hex);
    assertThat(Varints.varLongSize(value)).isEqualTo(end - 1);
    ByteCursor cursor = new ByteCursor(buf, 1, end - 1);
    assertThat(cursor.readVarLong()).isEqualTo(value);
    assertThat(cursor.hasRemaining()).isFalse();
  }

  @ParameterizedTest
  @CsvSource({
    "0, 0",
    "-1, 1",
    "1, 2",
    "-2, 3",
    "2147483647, 4294967294",
    "9223372036854775807, -2",
    "-9223372036854775808, -1",
  })
  void zigzagInterleavesSigns(long value, long encoded) {
    assertThat(Varints.zigzagEncode(value)).isEqualTo(encoded);
    assertThat(Varints.zigzagDecode(encoded)).isEqualTo(value);
  }

  @Test
  void signedExtremesTakeAtMostTenBytes() throws MalformedInputException {
    byte[] buf = new byte[2 * Varints.MAX_VARLONG_BYTES];
    int p = Varints.writeSignedVarLong(buf, 0, Long.MIN_VALUE);
    p = Varints.writeSignedVarLong(buf, p, Long.MAX_VALUE);
    assertThat(p).isEqualTo(2 * Varints.MAX_VARLONG_BYTES);
    ByteCursor cursor = new ByteCursor(buf);
    assertThat(cursor.readSignedVarLong()).isEqualTo(Long.MIN_VALUE);
    assertThat(cursor.readSignedVarLong()).isEqualTo(Long.MAX_VALUE);
  }

  @Test
  void roundTripsASequence() throws MalformedInputException {
    Random r = CoreTestSeed.random(0);
    long[] values = new long[5000];
    long[] edges = edgeValues();
    for (int i = 0; i < values.length; i++) {
      values[i] = switch (r.nextInt(4)) {
        case 0 -> edges[r.nextInt(edges.length)];
        case 1 -> r.nextInt(200) - 100;
        case 2 -> r.nextLong() >> r.nextInt(64);
        default -> r.nextLong();
      };
    }
    byte[] buf = new byte[values.length * 2 * Varints.MAX_VARLONG_BYTES];
    int p = 0;
    for (long v : values) {
      int before = p;
      p = Varints.writeVarLong(buf, p, v);
      assertThat(p - before).isEqualTo(Varints.varLongSize(v));
      p = Varints.writeSignedVarLong(buf, p, v);
    }
    ByteCursor cursor = new ByteCursor(buf, 0, p);
    for (long v : values) {
      assertThat(cursor.readVarLong()).as("%s", CoreTestSeed.replay()).isEqualTo(v);
      assertThat(cursor.readSignedVarLong()).as("%s", CoreTestSeed.replay()).isEqualTo(v);
    }
    assertThat(cursor.remaining()).isZero();
  }

  @Test
  void sizesAreOneToTen() {
    assertThat(Varints.varLongSize(0)).isEqualTo(1);
    assertThat(Varints.varLongSize(127)).isEqualTo(1);
    assertThat(Varints.varLongSize(128)).isEqualTo(2);
    assertThat(Varints.varLongSize(Long.MAX_VALUE)).isEqualTo(9);
    assertThat(Varints.varLongSize(-1)).isEqualTo(10);
    for (long v : edgeValues()) {
      byte[] buf = new byte[Varints.MAX_VARLONG_BYTES];
      assertThat(Varints.writeVarLong(buf, 0, v)).as("%d", v).isEqualTo(Varints.varLongSize(v));
    }
  }

  @Test
  void writingPastTheBufferIsACallerBug() {
    byte[] buf = new byte[3];
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> Varints.writeVarLong(buf, 0, -1))
        .isInstanceOf(ArrayIndexOutOfBoundsException.class);
    assertThat(Arrays.copyOf(buf, 3)).containsOnly(0xFF);
  }
}
