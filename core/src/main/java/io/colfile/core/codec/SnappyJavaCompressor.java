package io.colfile.core.codec;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.xerial.snappy.Snappy;

/**
 * Snappy block encoding through snappy-java (the C++ Snappy library), when {@link NativeCodecs}
 * found it loadable: the bytes trevni-core writes, since it compresses with snappy-java too.
 * aircompressor's Snappy encoder often chooses other copies for the same input (both are valid
 * Snappy and decode the same everywhere), so the format whose reference uses snappy-java asks
 * for this one ({@link CompressionCodec#snappyJavaCompressor()}).
 *
 * <p>The library writes its worst case from the output offset without a limit of its own, so a
 * smaller window is served through a scratch buffer kept for reuse, and output that does not
 * fit is reported as -1.
 */
final class SnappyJavaCompressor implements Compressor {
  private byte[] scratch = new byte[0];

  @Override
  public int maxCompressedLength(int uncompressedLength) {
    return SnappyBlockCompressor.bound(uncompressedLength);
  }

  @Override
  public int compress(
      byte[] input, int inputOffset, int inputLength,
      byte[] output, int outputOffset, int maxOutputLength) {
    Ranges.check(input, inputOffset, inputLength, output, outputOffset, maxOutputLength);
    int worstCase = maxCompressedLength(inputLength);
    try {
      if (maxOutputLength >= worstCase) {
        return Snappy.compress(input, inputOffset, inputLength, output, outputOffset);
      }
      if (scratch.length < worstCase) {
        scratch = new byte[worstCase];
      }
      int n = Snappy.compress(input, inputOffset, inputLength, scratch, 0);
      if (n > maxOutputLength) {
        return -1;
      }
      System.arraycopy(scratch, 0, output, outputOffset, n);
      return n;
    } catch (IOException e) {
      throw new UncheckedIOException("snappy-java failed to compress: " + e.getMessage(), e);
    }
  }
}
