package io.colfile.core.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.error.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class Lz4CodecTest extends AbstractCodecTest {
  /** "abcd", match(offset 4, length 4), then the last sequence "efghi": "abcdabcdefghi". */
  private static final byte[] TWO_SEQUENCES = {
    0x40, 'a', 'b', 'c', 'd', 0x04, 0x00, 0x50, 'e', 'f', 'g', 'h', 'i'
  };

  @Override
  CompressionCodec codec() {
    return CompressionCodec.LZ4;
  }

  @Override
  boolean truncationMayYieldPrefix() {
    return true;
  }

  @Test
  void decodesAHandMadeBlock() throws MalformedInputException {
    byte[] out = decompress(TWO_SEQUENCES, 100);
    assertThat(new String(out, StandardCharsets.US_ASCII)).isEqualTo("abcdabcdefghi");
  }

  @Test
  void rejectsABlockCutRightAfterAMatch() {
    // aircompressor alone would return "abcdabcd" here: the cut falls on a sequence boundary.
    byte[] cut = Arrays.copyOf(TWO_SEQUENCES, 7);
    assertThatThrownBy(() -> decompress(cut, 100))
        .isInstanceOf(MalformedInputException.class)
        .hasMessageContaining("last sequence must be literals only");
  }

  @Test
  void emptyInputCompressesToASingleToken() {
    assertThat(compress(new byte[0])).containsExactly(0);
  }
}
