package io.colfile.orc.stream;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.codec.Compressor;
import io.colfile.orc.stripe.StreamKind;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;

/** Per-stream-kind compressors (orc.md section 4), compared with a JDK Deflater so set up. */
class StreamCompressionTest {

  private static byte[] sample() {
    Random r = new Random(42);
    StringBuilder sb = new StringBuilder();
    String[] words = {"stripe", "footer", "row", "index", "bloom", "filter", "zlib", "0", "1"};
    while (sb.length() < 40_000) {
      sb.append(words[r.nextInt(words.length)]).append(r.nextInt(1000)).append(' ');
    }
    return sb.toString().getBytes(java.nio.charset.StandardCharsets.US_ASCII);
  }

  private static byte[] run(Compressor c, byte[] in) {
    byte[] out = new byte[in.length];
    int n = c.compress(in, 0, in.length, out, 0, out.length);
    return Arrays.copyOf(out, n);
  }

  private static byte[] deflate(int level, int strategy, byte[] in) {
    Deflater d = new Deflater(level, true);
    d.setStrategy(strategy);
    d.setInput(in);
    d.finish();
    byte[] out = new byte[in.length * 2];
    int n = 0;
    while (!d.finished()) { // the first call after setStrategy may only apply it
      n += d.deflate(out, n, out.length - n);
    }
    d.end();
    return Arrays.copyOf(out, n);
  }

  @Test
  void zlibLevelAndStrategyFollowTheStreamKind() {
    byte[] in = sample();
    byte[] fast = deflate(2, Deflater.DEFAULT_STRATEGY, in);
    byte[] normal = deflate(-1, Deflater.DEFAULT_STRATEGY, in);
    byte[] filtered = deflate(1, Deflater.FILTERED, in);
    assertThat(fast).isNotEqualTo(normal).isNotEqualTo(filtered); // the sample tells them apart
    assertThat(normal).isNotEqualTo(filtered);
    for (StreamKind kind : new StreamKind[] {StreamKind.DATA, StreamKind.DICTIONARY_DATA,
        StreamKind.BLOOM_FILTER, StreamKind.BLOOM_FILTER_UTF8}) {
      assertThat(run(StreamCompression.compressorFor(CompressionCodec.ZLIB, kind, true), in))
          .as("%s speed", kind).isEqualTo(fast);
      assertThat(run(StreamCompression.compressorFor(CompressionCodec.ZLIB, kind, false), in))
          .as("%s compression", kind).isEqualTo(normal);
    }
    for (StreamKind kind : new StreamKind[] {StreamKind.LENGTH, StreamKind.PRESENT,
        StreamKind.ROW_INDEX, StreamKind.SECONDARY, StreamKind.DICTIONARY_COUNT}) {
      for (boolean speed : new boolean[] {true, false}) {
        assertThat(run(StreamCompression.compressorFor(CompressionCodec.ZLIB, kind, speed), in))
            .as("%s", kind).isEqualTo(filtered);
      }
    }
    for (StreamKind kind : new StreamKind[] {null, StreamKind.STRIPE_STATISTICS,
        StreamKind.FILE_STATISTICS,
        StreamKind.ENCRYPTED_INDEX, StreamKind.ENCRYPTED_DATA}) {
      assertThat(run(StreamCompression.compressorFor(CompressionCodec.ZLIB, kind, true), in))
          .as("%s", kind).isEqualTo(normal);
    }
  }

  @Test
  void noneHasNoCompressorAndShortInputsStayOriginal() {
    assertThat(StreamCompression.compressorFor(CompressionCodec.NONE, StreamKind.DATA, true))
        .isNull();
    byte[] zeros = new byte[100];
    for (CompressionCodec codec : new CompressionCodec[] {CompressionCodec.SNAPPY,
        CompressionCodec.LZ4, CompressionCodec.ZSTD}) {
      Compressor c = StreamCompression.compressorFor(codec, StreamKind.DATA, true);
      assertThat(c.compress(zeros, 0, 9, new byte[100], 0, 8)).as("%s", codec).isEqualTo(-1);
      assertThat(c.compress(zeros, 0, 100, new byte[100], 0, 99)).as("%s", codec)
          .isBetween(1, 99);
    }
  }
}
