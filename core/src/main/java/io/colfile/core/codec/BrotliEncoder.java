package io.colfile.core.codec;

import com.aayushatharva.brotli4j.encoder.Encoder;
import java.io.IOException;

/**
 * Brotli encoding through brotli4j (the brotli C library, packaged with its native code for
 * each platform), the library orc-core 2.x compresses Brotli with: with the same brotli4j and the
 * same settings colfile's Brotli chunks are byte for byte orc-core's. Used only when {@link
 * NativeCodecs} found brotli4j loadable; there is no pure-Java Brotli encoder worth the name
 * (the reference Java port only decodes), so without brotli4j colfile reads Brotli but does not
 * write it.
 *
 * <p>Settings as orc-core's {@code BrotliCodec} takes them: quality -1 and window -1 leave
 * brotli's defaults (11 and 22), mode GENERIC or TEXT.
 */
final class BrotliEncoder implements Compressor {
  private final Encoder.Parameters parameters;

  /**
   * @param quality 0 to 11, or -1 for brotli's default (11)
   * @param text TEXT mode (orc-core's for DATA-like streams), else GENERIC
   */
  BrotliEncoder(int quality, boolean text) {
    this.parameters = new Encoder.Parameters().setQuality(quality).setWindow(-1)
        .setMode(text ? Encoder.Mode.TEXT : Encoder.Mode.GENERIC);
  }

  @Override
  public int maxCompressedLength(int uncompressedLength) {
    Ranges.checkLength(uncompressedLength);
    // brotli's own bound (BrotliEncoderMaxCompressedSize): the input, 4 bytes per 64 KiB
    // uncompressed meta-block and a few bytes of stream header and trailer
    return Ranges.checkBound(uncompressedLength + 4L * ((uncompressedLength >> 14) + 1) + 6,
        uncompressedLength);
  }

  @Override
  public int compress(
      byte[] input, int inputOffset, int inputLength,
      byte[] output, int outputOffset, int maxOutputLength) {
    Ranges.check(input, inputOffset, inputLength, output, outputOffset, maxOutputLength);
    byte[] compressed;
    try {
      compressed = Encoder.compress(input, inputOffset, inputLength, parameters);
    } catch (IOException e) {
      throw new IllegalStateException("brotli4j failed to compress: " + e.getMessage(), e);
    }
    if (compressed.length > maxOutputLength) {
      return -1;
    }
    System.arraycopy(compressed, 0, output, outputOffset, compressed.length);
    return compressed.length;
  }
}
