package io.colfile.core.codec;

import io.colfile.core.error.MalformedInputException;
import java.util.Objects;

/**
 * Decompressing one stored block into the size its container states: an ORC chunk into at most
 * the compression block size, a Kudu or Trevni block into exactly the uncompressed size its
 * header or descriptor gives. Whatever goes wrong is a {@link MalformedInputException} with an
 * offset relative to the compressed block's first byte; the caller adds file and structure.
 */
public final class BlockDecompression {
  private BlockDecompression() {}

  /**
   * Decompresses {@code input[inputOffset, inputOffset + inputLength)} into {@code
   * output[outputOffset, outputOffset + maxOutputLength)} and returns how many bytes it wrote.
   * An unchecked exception from the codec (which a {@link Decompressor} should not throw, but
   * bad bytes are the file's fault, never a crash) and a count outside {@code [0,
   * maxOutputLength]} are reported as malformed input too.
   */
  public static int atMost(Decompressor codec, byte[] input, int inputOffset, int inputLength,
      byte[] output, int outputOffset, int maxOutputLength) throws MalformedInputException {
    int n;
    try {
      n = codec.decompress(input, inputOffset, inputLength, output, outputOffset,
          maxOutputLength);
    } catch (RuntimeException e) {
      throw new MalformedInputException(0, "codec failed with " + e, e);
    }
    if (n < 0 || n > maxOutputLength) {
      throw new MalformedInputException(0, "block decompressed to " + n + " bytes, more than the "
          + maxOutputLength + " allowed");
    }
    return n;
  }

  /**
   * Decompresses the block into exactly {@code size} bytes at {@code output[outputOffset]}, as
   * {@link #atMost} does, refusing fewer. With {@code maxRatio > 0}, a size larger than {@code
   * maxRatio} bytes per compressed byte (plus 64 for a codec's fixed overhead) is refused before
   * any work: no valid block of the codec expands that far (DEFLATE at most 1032:1), so the size
   * is a lie that must not cost the decompression.
   */
  public static void exactly(Decompressor codec, byte[] input, int inputOffset, int inputLength,
      byte[] output, int outputOffset, int size, long maxRatio) throws MalformedInputException {
    checkRatio(inputLength, size, maxRatio);
    int n = atMost(codec, input, inputOffset, inputLength, output, outputOffset, size);
    if (n != size) {
      throw new MalformedInputException(0, "block decompressed to " + n + " bytes, its size is "
          + size);
    }
  }

  /**
   * The uncompressed length a raw Snappy block declares (its varint preamble), so a container
   * can compare it with the size it states before allocating that much; see {@link
   * CompressionCodec#SNAPPY}.
   */
  public static long snappyLength(byte[] input, int inputOffset, int inputLength)
      throws MalformedInputException {
    Objects.checkFromIndexSize(inputOffset, inputLength, input.length);
    return BlockChecks.snappyLength(input, inputOffset, inputLength);
  }

  /**
   * Refuses a claim of {@code size} uncompressed bytes from {@code compressedLength} compressed
   * ones beyond {@code maxRatio} per byte (plus 64); {@code maxRatio <= 0} checks nothing.
   */
  public static void checkRatio(int compressedLength, long size, long maxRatio)
      throws MalformedInputException {
    if (maxRatio > 0 && size > compressedLength * maxRatio + 64) {
      throw new MalformedInputException(0, "a block of " + compressedLength
          + " compressed bytes cannot expand to the " + size + " bytes it claims");
    }
  }
}
