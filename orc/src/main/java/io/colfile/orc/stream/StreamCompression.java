package io.colfile.orc.stream;

import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.codec.Compressor;
import io.colfile.orc.stripe.StreamKind;
import java.util.zip.Deflater;

/**
 * The compressor ORC Java uses for each kind of stream (orc.md section 4). Only ZLIB varies: its
 * level and strategy follow what a stream usually holds.
 *
 * <table>
 * <caption>ZLIB settings</caption>
 * <tr><th>stream kind</th><th>speed</th><th>!speed</th></tr>
 * <tr><td>DATA, DICTIONARY_DATA, BLOOM_FILTER, BLOOM_FILTER_UTF8</td>
 *     <td>level 2, default strategy</td><td>level -1 (6), default strategy</td></tr>
 * <tr><td>LENGTH, PRESENT, ROW_INDEX, SECONDARY, DICTIONARY_COUNT</td>
 *     <td colspan="2">level 1, FILTERED</td></tr>
 * <tr><td>null (stripe footer, Metadata, Footer) and every other kind</td>
 *     <td colspan="2">level -1 (6), default strategy</td></tr>
 * </table>
 *
 * <p>BROTLI follows orc-core's {@code BrotliCodec} options: DATA, DICTIONARY_DATA, BLOOM_FILTER
 * and BLOOM_FILTER_UTF8 in TEXT mode at quality 1 (speed) or brotli's default 11 (compression);
 * LENGTH, PRESENT, ROW_INDEX, SECONDARY and DICTIONARY_COUNT in GENERIC mode at quality 0; the
 * rest (stripe footer, Metadata, Footer, other kinds) GENERIC at 11. Every input is offered to
 * it, as orc-core does (it keeps the result only when smaller).
 *
 * <p>SNAPPY, LZ4 and ZSTD never compress inputs of fewer than 10 bytes, as orc-core's zstd-jni
 * codec (2.1+) and its lz4-java and snappy-java codecs (2.3+) refuse them. orc-core's
 * aircompressor codecs have no such rule, but none of the three formats can make so few bytes
 * any smaller (their framing alone takes at least as many bytes), so the chunks are the same
 * either way.
 */
public final class StreamCompression {
  /** Inputs shorter than this are stored original by SNAPPY, LZ4 and ZSTD. */
  static final int MIN_COMPRESSIBLE = 10;

  private StreamCompression() {}

  /**
   * A new compressor for one stream, or null for {@link CompressionCodec#NONE}.
   *
   * @param kind the stream's kind; null for the stripe footer, Metadata and Footer
   * @param speed true for ORC's compression strategy SPEED (its default), false for COMPRESSION
   * @throws UnsupportedOperationException for LZO, which colfile does not write
   */
  public static Compressor compressorFor(
      CompressionCodec codec, StreamKind kind, boolean speed) {
    return switch (codec) {
      case NONE -> null;
      case ZLIB -> zlibFor(kind, speed);
      case SNAPPY, LZ4, ZSTD -> new MinimumInput(codec.newCompressor());
      case BROTLI -> brotliFor(kind, speed);
      case LZO -> codec.newCompressor(); // throws: LZO is read-only
    };
  }

  /** How many {@link #setting}s there are. */
  static final int SETTINGS = 3;

  /**
   * Which of the codec's settings streams of {@code kind} get, 0 to {@link #SETTINGS} - 1:
   * streams of the same setting get compressors that make the same bytes ({@link
   * #compressorFor}). ZLIB and BROTLI have three (values, small integers and bits, the rest);
   * the other codecs one.
   */
  static int setting(CompressionCodec codec, StreamKind kind) {
    if (codec != CompressionCodec.ZLIB && codec != CompressionCodec.BROTLI) {
      return 0;
    }
    if (kind == null) {
      return 2;
    }
    return switch (kind) {
      case DATA, DICTIONARY_DATA, BLOOM_FILTER, BLOOM_FILTER_UTF8 -> 0;
      case LENGTH, DICTIONARY_COUNT, PRESENT, ROW_INDEX, SECONDARY -> 1;
      default -> 2;
    };
  }

  private static Compressor zlibFor(StreamKind kind, boolean speed) {
    if (kind == null) {
      return CompressionCodec.zlib(Deflater.DEFAULT_COMPRESSION, Deflater.DEFAULT_STRATEGY);
    }
    return switch (kind) {
      // mostly text or values: ORC asks zlib for a fast pass (level BEST_SPEED + 1) or default
      case DATA, DICTIONARY_DATA, BLOOM_FILTER, BLOOM_FILTER_UTF8 -> CompressionCodec.zlib(
          speed ? Deflater.BEST_SPEED + 1 : Deflater.DEFAULT_COMPRESSION,
          Deflater.DEFAULT_STRATEGY);
      // small integers and bits: fastest level, fewer string matches, more Huffman coding
      case LENGTH, DICTIONARY_COUNT, PRESENT, ROW_INDEX, SECONDARY ->
          CompressionCodec.zlib(Deflater.BEST_SPEED, Deflater.FILTERED);
      default -> CompressionCodec.zlib(Deflater.DEFAULT_COMPRESSION, Deflater.DEFAULT_STRATEGY);
    };
  }

  private static Compressor brotliFor(StreamKind kind, boolean speed) {
    if (kind == null) {
      return CompressionCodec.brotli(-1, false);
    }
    return switch (kind) {
      case DATA, DICTIONARY_DATA, BLOOM_FILTER, BLOOM_FILTER_UTF8 ->
          CompressionCodec.brotli(speed ? 1 : -1, true);
      case LENGTH, DICTIONARY_COUNT, PRESENT, ROW_INDEX, SECONDARY ->
          CompressionCodec.brotli(0, false);
      default -> CompressionCodec.brotli(-1, false);
    };
  }

  /** Reports "did not fit" for inputs too short to compress, without calling the codec. */
  static final class MinimumInput implements Compressor {
    private final Compressor delegate;

    MinimumInput(Compressor delegate) {
      this.delegate = delegate;
    }

    @Override
    public int maxCompressedLength(int uncompressedLength) {
      return delegate.maxCompressedLength(uncompressedLength);
    }

    @Override
    public int compress(byte[] input, int inputOffset, int inputLength,
        byte[] output, int outputOffset, int maxOutputLength) {
      if (inputLength < MIN_COMPRESSIBLE) {
        return -1;
      }
      return delegate.compress(input, inputOffset, inputLength, output, outputOffset,
          maxOutputLength);
    }
  }
}
