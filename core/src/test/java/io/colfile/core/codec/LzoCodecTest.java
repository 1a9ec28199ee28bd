package io.colfile.core.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.airlift.compress.lzo.LzoCompressor;
import io.colfile.core.error.MalformedInputException;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** LZO is read only; test input comes from aircompressor's compressor, as ORC's Java writer. */
class LzoCodecTest extends AbstractCodecTest {
  @Override
  CompressionCodec codec() {
    return CompressionCodec.LZO;
  }

  @Override
  byte[] compress(byte[] data) {
    LzoCompressor c = new LzoCompressor();
    byte[] out = new byte[c.maxCompressedLength(data.length)];
    return Arrays.copyOf(out, c.compress(data, 0, data.length, out, 0, out.length));
  }

  @Override
  boolean canCompress() {
    return false;
  }

  @Override
  boolean roundTripsEmpty() {
    return false;
  }

  @Test
  void rejectsEmptyInput() {
    // aircompressor compresses empty input to nothing and decodes nothing as empty; a real
    // LZO1X block always ends in a stop marker, and ORC never compresses an empty buffer.
    assertThat(compress(new byte[0])).isEmpty();
    assertThatThrownBy(() -> decompress(new byte[0], 8))
        .isInstanceOf(MalformedInputException.class)
        .hasMessageContaining("empty");
  }

  @Test
  void blocksEndWithTheStopMarker() {
    byte[] compressed = compress(CodecTestData.text(1000, 1));
    assertThat(Arrays.copyOfRange(compressed, compressed.length - 3, compressed.length))
        .containsExactly(0x11, 0x00, 0x00);
  }

  @Test
  void decodesConcatenatedBlocks() throws MalformedInputException {
    // orc.md section 4: a chunk may hold several LZO blocks back to back.
    byte[] a = CodecTestData.text(3000, 2);
    byte[] b = CodecTestData.random(500, 3);
    ByteArrayOutputStream both = new ByteArrayOutputStream();
    both.writeBytes(compress(a));
    both.writeBytes(compress(b));
    byte[] out = decompress(both.toByteArray(), a.length + b.length);
    assertThat(out).hasSize(a.length + b.length).startsWith(a).endsWith(b);
  }

  @Test
  void refusesToCompress() {
    assertThatThrownBy(() -> CompressionCodec.LZO.newCompressor())
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageContaining("reading only");
  }
}
