package io.colfile.core.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.colfile.core.error.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Brotli: brotli4j compresses (skipped where it does not load), org.brotli:dec decompresses, the
 * codec contract of {@link AbstractCodecTest} over both, and the settings ORC's streams use.
 */
class BrotliCodecTest extends AbstractCodecTest {
  @Override
  CompressionCodec codec() {
    return CompressionCodec.BROTLI;
  }

  @Override
  Compressor newCompressor() {
    assumeTrue(NativeCodecs.BROTLI.loaded(), "skipped: brotli4j " + NativeCodecs.BROTLI.reason());
    return super.newCompressor();
  }

  @Test
  void decodesAHandMadeStream() throws MalformedInputException {
    // window 16 (bit 0), a meta-block not last, 4 length nibbles holding 5 - 1, uncompressed,
    // padded to a byte: "hello"; then the empty last meta-block (RFC 7932 section 9)
    byte[] hello = {0x40, 0x00, 0x10, 'h', 'e', 'l', 'l', 'o', 0x03};
    assertThat(new String(decompress(hello, 5), StandardCharsets.US_ASCII)).isEqualTo("hello");
    assertThatThrownBy(() -> decompress(hello, 4)).isInstanceOf(MalformedInputException.class)
        .hasMessageContaining("4 bytes allowed");
    assertThatThrownBy(() -> decompress(new byte[0], 4))
        .isInstanceOf(MalformedInputException.class).hasMessageContaining("empty");
  }

  @Test
  void ordersSettingsAsOrcCoreDoes() throws MalformedInputException {
    assumeTrue(NativeCodecs.BROTLI.loaded(), "skipped: brotli4j " + NativeCodecs.BROTLI.reason());
    byte[] data = new byte[200_000];
    for (int i = 0; i < data.length; i++) {
      data[i] = (byte) ("the quick brown fox ".charAt(i % 20) + (i % 997 == 0 ? 1 : 0));
    }
    int fastest = size(CompressionCodec.brotli(0, false), data);
    int best = size(CompressionCodec.brotli(-1, false), data);
    assertThat(best).isLessThan(fastest);
    assertThat(size(CompressionCodec.brotli(11, true), data))
        .isEqualTo(size(CompressionCodec.brotli(-1, true), data));
    assertThatThrownBy(() -> CompressionCodec.brotli(12, false))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> CompressionCodec.BROTLI.newPureJavaCompressor())
        .isInstanceOf(UnsupportedOperationException.class);
    assertThat(CodecImplementations.compressor(CompressionCodec.BROTLI)).startsWith("brotli4j");
    assertThat(CodecImplementations.decompressor(CompressionCodec.BROTLI))
        .isEqualTo("org.brotli:dec 0.1.2 (pure Java)");
  }

  private static int size(Compressor c, byte[] data) throws MalformedInputException {
    byte[] out = new byte[c.maxCompressedLength(data.length)];
    int n = c.compress(data, 0, data.length, out, 0, out.length);
    byte[] back = new byte[data.length];
    assertThat(CompressionCodec.BROTLI.newDecompressor()
        .decompress(out, 0, n, back, 0, back.length)).isEqualTo(data.length);
    assertThat(back).isEqualTo(data);
    return n == 0 ? Arrays.hashCode(out) : n;
  }
}
