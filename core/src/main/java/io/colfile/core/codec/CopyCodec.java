package io.colfile.core.codec;

import io.colfile.core.error.MalformedInputException;

/** {@link CompressionCodec#NONE}: both directions are a bounded copy. */
final class CopyCodec implements Compressor, Decompressor {
  @Override
  public int maxCompressedLength(int uncompressedLength) {
    Ranges.checkLength(uncompressedLength);
    return uncompressedLength;
  }

  @Override
  public int compress(
      byte[] input, int inputOffset, int inputLength,
      byte[] output, int outputOffset, int maxOutputLength) {
    Ranges.check(input, inputOffset, inputLength, output, outputOffset, maxOutputLength);
    if (inputLength > maxOutputLength) {
      return -1;
    }
    System.arraycopy(input, inputOffset, output, outputOffset, inputLength);
    return inputLength;
  }

  @Override
  public int decompress(
      byte[] input, int inputOffset, int inputLength,
      byte[] output, int outputOffset, int maxOutputLength)
      throws MalformedInputException {
    Ranges.check(input, inputOffset, inputLength, output, outputOffset, maxOutputLength);
    if (inputLength > maxOutputLength) {
      throw new MalformedInputException(
          maxOutputLength,
          "uncompressed block of " + inputLength + " bytes exceeds the " + maxOutputLength
              + " bytes allowed");
    }
    System.arraycopy(input, inputOffset, output, outputOffset, inputLength);
    return inputLength;
  }
}
