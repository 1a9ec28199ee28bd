package io.colfile.core.codec;

import io.colfile.core.error.MalformedInputException;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;

/**
 * LZ4 block decoding through lz4-java's JNI <em>safe</em> decompressor (the C library's {@code
 * LZ4_decompress_safe}), used when {@link NativeCodecs} found it loadable. The safe decoder
 * never reads or writes outside the ranges it is given whatever the input; lz4-java's "fast"
 * decoders trust the block and are never used. The block structure is walked first as on the
 * pure-Java path ({@link BlockChecks#lz4}), so both paths refuse the same cut blocks with the
 * same message.
 */
final class Lz4JavaDecompressor implements Decompressor {
  /** Stateless and thread-safe: one for the JVM. */
  private static final LZ4SafeDecompressor SAFE = LZ4Factory.nativeInstance().safeDecompressor();

  private final byte[] probe = new byte[1];

  @Override
  public int decompress(
      byte[] input, int inputOffset, int inputLength,
      byte[] output, int outputOffset, int maxOutputLength)
      throws MalformedInputException {
    Ranges.check(input, inputOffset, inputLength, output, outputOffset, maxOutputLength);
    BlockChecks.lz4(input, inputOffset, inputLength, maxOutputLength);
    int n;
    try {
      if (maxOutputLength == 0) {
        n = SAFE.decompress(input, inputOffset, inputLength, probe, 0, 1);
      } else {
        n = SAFE.decompress(
            input, inputOffset, inputLength, output, outputOffset, maxOutputLength);
      }
    } catch (RuntimeException e) {
      throw new MalformedInputException(0, "invalid lz4 data: " + e.getMessage(), e);
    }
    if (n < 0 || n > maxOutputLength) {
      throw new MalformedInputException(0,
          "invalid lz4 data: does not decode into the " + maxOutputLength + " bytes allowed");
    }
    return n;
  }

  /** Whether the safe decompressor is lz4-java's JNI one (the C library), for the self-test. */
  static boolean isNative() {
    return SAFE.getClass().getSimpleName().startsWith("LZ4JNI");
  }
}
