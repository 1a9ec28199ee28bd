package io.colfile.core.codec;

import io.colfile.core.error.MalformedInputException;

/**
 * Array-to-array block decompression: stateless from the caller's point of view, offsets and
 * limits explicit. Implementations are not thread-safe (they may keep scratch state).
 */
public interface Decompressor {
  /**
   * Decompresses {@code input[inputOffset, inputOffset + inputLength)} into {@code output}
   * starting at {@code outputOffset}, writing at most {@code maxOutputLength} bytes.
   *
   * @return the number of bytes written
   * @throws MalformedInputException if the input is not a valid block of this codec, or its
   *     decompressed form would exceed {@code maxOutputLength}
   */
  int decompress(
      byte[] input, int inputOffset, int inputLength,
      byte[] output, int outputOffset, int maxOutputLength)
      throws MalformedInputException;
}
