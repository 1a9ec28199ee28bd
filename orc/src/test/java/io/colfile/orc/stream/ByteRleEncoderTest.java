package io.colfile.orc.stream;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.testkit.Hex;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Byte RLE and boolean RLE encoders (orc.md sections 6.2, 6.3): examples and group boundaries;
 * round trips with seeks are {@link ByteRleCodecTest}'s and {@link BooleanRleCodecTest}'s.
 */
@Timeout(60)
class ByteRleEncoderTest {

  static String bytes(int... values) throws Exception {
    OrcOutputStream out = new OrcOutputStream(null, 0);
    ByteRleEncoder e = new ByteRleEncoder(out);
    for (int v : values) {
      e.write((byte) v);
    }
    e.flush();
    return Hex.of(out.toByteArray());
  }

  static String bits(boolean... values) throws Exception {
    OrcOutputStream out = new OrcOutputStream(null, 0);
    BooleanEncoder e = new BooleanEncoder(out);
    for (boolean v : values) {
      e.write(v);
    }
    e.flush();
    return Hex.of(out.toByteArray());
  }

  @Test
  void specExamples() throws Exception {
    assertThat(bytes(new int[100])).isEqualTo("61 00");
    assertThat(bytes(0x44, 0x45)).isEqualTo("fe 44 45");
    assertThat(bits(true, false, false, false, false, false, false, false)).isEqualTo("ff 80");
    assertThat(bits(true)).isEqualTo("ff 80"); // padded with zero bits
  }

  @Test
  void groupBoundaries() throws Exception {
    // a run starts at the third equal byte; literals before it go first
    assertThat(bytes(1, 2, 3, 3, 3)).isEqualTo("fe 01 02 00 03");
    // runs end at 130, literal groups at 128
    int[] long131 = new int[131];
    Arrays.fill(long131, 9);
    assertThat(bytes(long131)).isEqualTo("7f 09 ff 09");
    int[] distinct = new int[129];
    for (int i = 0; i < distinct.length; i++) {
      distinct[i] = i;
    }
    String hex = bytes(distinct);
    assertThat(hex).startsWith("80 00 01").endsWith("7f ff 80");
  }
}
