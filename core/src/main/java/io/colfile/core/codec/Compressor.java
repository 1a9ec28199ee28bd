package io.colfile.core.codec;

/** Array-to-array block compression, the mirror of {@link Decompressor}. */
public interface Compressor {
  /** An upper bound of the compressed size of {@code uncompressedLength} bytes. */
  int maxCompressedLength(int uncompressedLength);

  /**
   * Compresses {@code input[inputOffset, inputOffset + inputLength)} into {@code output}.
   *
   * @return the number of bytes written, or -1 when the output did not fit in {@code
   *     maxOutputLength} bytes
   */
  int compress(
      byte[] input, int inputOffset, int inputLength,
      byte[] output, int outputOffset, int maxOutputLength);
}
