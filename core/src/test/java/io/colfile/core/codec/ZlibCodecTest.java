package io.colfile.core.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.error.MalformedInputException;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** ZLIB is raw DEFLATE; the JDK's Deflater and Inflater in nowrap mode are the verify pair. */
class ZlibCodecTest extends AbstractCodecTest {
  /** ORC's per-stream settings (orc.md section 4) plus the extremes. */
  private static final int[][] SETTINGS = {
    {Deflater.DEFAULT_COMPRESSION, Deflater.DEFAULT_STRATEGY},
    {1, Deflater.FILTERED},
    {2, Deflater.DEFAULT_STRATEGY},
    {0, Deflater.DEFAULT_STRATEGY},
    {9, Deflater.DEFAULT_STRATEGY},
    {6, Deflater.HUFFMAN_ONLY},
  };

  @Override
  CompressionCodec codec() {
    return CompressionCodec.ZLIB;
  }

  @ParameterizedTest
  @MethodSource("corpus")
  void matchesTheJdkDeflaterByteForByteAndInflatesWithIt(byte[] data) throws DataFormatException {
    for (int[] s : SETTINGS) {
      Compressor ours = CompressionCodec.zlib(s[0], s[1]);
      byte[] out = new byte[ours.maxCompressedLength(data.length)];
      // Twice, so the second block runs on a reset Deflater.
      for (int round = 0; round < 2; round++) {
        int n = ours.compress(data, 0, data.length, out, 0, out.length);
        byte[] compressed = Arrays.copyOf(out, n);
        // Level 0 is excluded: zlib sizes stored blocks by the output room it is given, so
        // its bytes depend on how the caller chunks the output, not only on the settings.
        if (s[0] != 0) {
          assertThat(compressed).as("level %d strategy %d", s[0], s[1])
              .isEqualTo(jdkDeflate(data, s[0], s[1]));
        }
        assertThat(jdkInflate(compressed, data.length)).isEqualTo(data);
      }
    }
  }

  @ParameterizedTest
  @MethodSource("corpus")
  void inflatesWhatTheJdkDeflaterWrites(byte[] data) throws MalformedInputException {
    for (int[] s : SETTINGS) {
      assertThat(decompress(jdkDeflate(data, s[0], s[1]), data.length)).isEqualTo(data);
    }
  }

  @Test
  void inflatesAStreamOfManyFlushedBlocks() throws MalformedInputException {
    // SYNC_FLUSH between pieces leaves empty stored blocks mid-stream, as streaming writers do.
    byte[] data = CodecTestData.text(20_000, 5);
    Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    byte[] buf = new byte[64 << 10];
    for (int off = 0; off < data.length; off += 1000) {
      deflater.setInput(data, off, Math.min(1000, data.length - off));
      bytes.write(buf, 0, deflater.deflate(buf, 0, buf.length, Deflater.SYNC_FLUSH));
    }
    deflater.finish();
    while (!deflater.finished()) {
      bytes.write(buf, 0, deflater.deflate(buf));
    }
    deflater.end();
    assertThat(decompress(bytes.toByteArray(), data.length)).isEqualTo(data);
  }

  @Test
  void ignoresBytesAfterTheEndOfTheStreamAsOrcReadersDo() throws Exception {
    byte[] data = CodecTestData.text(1000, 6);
    byte[] compressed = compress(data);
    byte[] withTail = Arrays.copyOf(compressed, compressed.length + 12);
    withTail[compressed.length] = 0x55;
    assertThat(decompress(withTail, 1000)).isEqualTo(data);
  }

  @Test
  void emptyInputIsTwoBytes() {
    // A final fixed-Huffman block holding only end-of-block; no zlib header (orc.md section 4).
    assertThat(compress(new byte[0])).containsExactly(0x03, 0x00);
  }

  @Test
  void rejectsInvalidSettings() {
    assertThatThrownBy(() -> CompressionCodec.zlib(10, Deflater.DEFAULT_STRATEGY))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> CompressionCodec.zlib(1, 7))
        .isInstanceOf(IllegalArgumentException.class);
  }

  static byte[] jdkDeflate(byte[] data, int level, int strategy) {
    Deflater deflater = new Deflater(level, true);
    deflater.setStrategy(strategy);
    deflater.setInput(data);
    deflater.finish();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    byte[] buf = new byte[8192];
    while (!deflater.finished()) {
      bytes.write(buf, 0, deflater.deflate(buf));
    }
    deflater.end();
    return bytes.toByteArray();
  }

  static byte[] jdkInflate(byte[] compressed, int length) throws DataFormatException {
    Inflater inflater = new Inflater(true);
    inflater.setInput(compressed);
    byte[] out = new byte[length];
    int n = 0;
    while (!inflater.finished()) {
      int k = inflater.inflate(out, n, length - n);
      if (k == 0 && (inflater.needsInput() || n == length)) {
        break;
      }
      n += k;
    }
    assertThat(inflater.finished()).isTrue();
    assertThat(inflater.getRemaining()).isZero();
    inflater.end();
    return Arrays.copyOf(out, n);
  }
}
