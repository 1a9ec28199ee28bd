package io.colfile.core.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.error.MalformedInputException;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class BlockDecompressionTest {
  private static byte[] compress(CompressionCodec codec, byte[] raw) {
    Compressor c = codec.newCompressor();
    byte[] out = new byte[c.maxCompressedLength(raw.length)];
    return Arrays.copyOf(out, c.compress(raw, 0, raw.length, out, 0, out.length));
  }

  @Test
  void exactlyTheStatedSize() throws MalformedInputException {
    byte[] raw = new byte[5000];
    Arrays.fill(raw, 1000, 2000, (byte) 7);
    for (CompressionCodec codec : new CompressionCodec[] {
        CompressionCodec.ZLIB, CompressionCodec.SNAPPY, CompressionCodec.LZ4}) {
      byte[] block = compress(codec, raw);
      byte[] out = new byte[raw.length + 2];
      BlockDecompression.exactly(codec.newDecompressor(), block, 0, block.length, out, 1,
          raw.length, 1032);
      assertThat(Arrays.copyOfRange(out, 1, raw.length + 1)).as("%s", codec).isEqualTo(raw);
      // one byte fewer than stated: refused
      assertThatThrownBy(() -> BlockDecompression.exactly(codec.newDecompressor(), block, 0,
          block.length, new byte[raw.length + 1], 0, raw.length + 1, 0))
          .as("%s", codec).isInstanceOf(MalformedInputException.class)
          .hasMessageContaining(String.valueOf(raw.length));
    }
  }

  @Test
  void atMostReportsTheCount() throws MalformedInputException {
    byte[] block = compress(CompressionCodec.LZ4, new byte[300]);
    byte[] out = new byte[1000];
    assertThat(BlockDecompression.atMost(CompressionCodec.LZ4.newDecompressor(), block, 0,
        block.length, out, 0, out.length)).isEqualTo(300);
  }

  @Test
  void anAbsurdRatioIsRefusedBeforeDecompressing() {
    Decompressor mustNotRun = (in, off, len, out, outOff, max) -> {
      throw new AssertionError("decompressed in vain");
    };
    assertThatThrownBy(() -> BlockDecompression.exactly(mustNotRun, new byte[10], 0, 10,
        new byte[0], 0, 10 * 1032 + 65, 1032))
        .isInstanceOf(MalformedInputException.class).hasMessageContaining("cannot expand");
  }

  @Test
  void codecCrashesAndImpossibleCountsAreMalformedInput() {
    Decompressor crashes = (in, off, len, out, outOff, max) -> {
      throw new IllegalStateException("boom");
    };
    assertThatThrownBy(() -> BlockDecompression.atMost(crashes, new byte[1], 0, 1, new byte[4],
        0, 4)).isInstanceOf(MalformedInputException.class).hasMessageContaining("boom");
    Decompressor overruns = (in, off, len, out, outOff, max) -> max + 1;
    assertThatThrownBy(() -> BlockDecompression.atMost(overruns, new byte[1], 0, 1, new byte[4],
        0, 4)).isInstanceOf(MalformedInputException.class).hasMessageContaining("5 bytes");
  }
}
