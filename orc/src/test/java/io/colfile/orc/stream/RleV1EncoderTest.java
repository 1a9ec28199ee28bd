package io.colfile.orc.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.testkit.Hex;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * RLE v1 encoder: the examples of orc.md section 6.4 and its group boundaries; seeded round trips
 * with seeks are {@link RleV1CodecTest}'s.
 */
@Timeout(60)
class RleV1EncoderTest {

  static String encode(boolean signed, long... values) {
    OrcOutputStream out = new OrcOutputStream(null, 0);
    RleV1Encoder e = new RleV1Encoder(out, signed);
    e.write(values, 0, values.length);
    e.flush();
    return Hex.of(out.toByteArray());
  }

  @Test
  void specExamples() {
    assertThat(encode(false, LongStream.generate(() -> 7).limit(100).toArray()))
        .isEqualTo("61 00 07");
    assertThat(encode(false, LongStream.iterate(100, v -> v - 1).limit(100).toArray()))
        .isEqualTo("61 ff 64");
    assertThat(encode(false, 2, 3, 6, 7, 11)).isEqualTo("fb 02 03 06 07 0b");
  }

  @Test
  void runsStartAfterThreeEvenSteps() {
    // literals 1, 9 then the run 20, 21, 22 (delta 1): literals are written before the run
    assertThat(encode(false, 1, 9, 20, 21, 22)).isEqualTo("fe 01 09 00 01 14");
    // a step of 128 is too big for a run
    assertThat(encode(false, 0, 128, 256)).isEqualTo("fd 00 80 01 80 02");
    // runs end at 130 values, literal groups at 128
    assertThat(encode(false, LongStream.range(0, 131).toArray())).isEqualTo("7f 01 00 ff 82 01");
    assertThat(encode(true, -1, -129, -257)).isEqualTo("00 80 01");
  }

  @Test
  void negativeValuesOfUnsignedStreamsAreRejected() {
    RleV1Encoder e = new RleV1Encoder(new OrcOutputStream(null, 0), false);
    assertThatThrownBy(() -> e.write(-7)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("-7");
  }
}
