package io.colfile.core.codec;

import io.colfile.core.error.MalformedInputException;

/**
 * Adapts a library's block decoder (aircompressor's snappy, lz4, zstd and lzo; zstd-jni; lz4-java)
 * to {@link Decompressor}, so that every failure on bad bytes is a {@link MalformedInputException}.
 *
 * <p>aircompressor bounds its reads and writes by the ranges it is given, but reports bad input
 * through several unchecked types (its own MalformedInputException, IllegalArgumentException,
 * occasionally an index exception), with offsets that are sometimes relative and sometimes raw
 * Unsafe addresses. So arguments are checked here first, anything unchecked thrown afterwards
 * is bad input, and its offset is reported as unknown (0) with the library's text kept in the
 * message. Codec-specific checks the library skips run before it ({@link BlockChecks}).
 */
final class CheckedDecompressor implements Decompressor {
  /** A check of the input against the output limit, run before the library decodes it. */
  @FunctionalInterface
  interface Check {
    void check(byte[] input, int inputOffset, int inputLength, int maxOutputLength)
        throws MalformedInputException;
  }

  /** A library's block decoder: returns the bytes written, or throws on bad data. */
  @FunctionalInterface
  interface Decode {
    int decode(byte[] input, int inputOffset, int inputLength,
        byte[] output, int outputOffset, int maxOutputLength);
  }

  private final String name;
  private final Decode delegate;
  private final Check check;
  private final byte[] probe = new byte[1];

  CheckedDecompressor(String name, Decode delegate, Check check) {
    this.name = name;
    this.delegate = delegate;
    this.check = check;
  }

  /** One of aircompressor's (pure Java) decompressors. */
  CheckedDecompressor(String name, io.airlift.compress.Decompressor airlift, Check check) {
    this(name, airlift::decompress, check);
  }

  @Override
  public int decompress(
      byte[] input, int inputOffset, int inputLength,
      byte[] output, int outputOffset, int maxOutputLength)
      throws MalformedInputException {
    Ranges.check(input, inputOffset, inputLength, output, outputOffset, maxOutputLength);
    check.check(input, inputOffset, inputLength, maxOutputLength);
    int n;
    try {
      if (maxOutputLength == 0) {
        // Given no room, aircompressor's zstd returns 0 without reading the input and its lz4
        // returns -1. Decode into a one-byte probe instead: a valid empty block writes nothing,
        // anything else fails or writes the byte that proves it too large.
        n = delegate.decode(input, inputOffset, inputLength, probe, 0, 1);
      } else {
        n = delegate.decode(
            input, inputOffset, inputLength, output, outputOffset, maxOutputLength);
      }
    } catch (RuntimeException e) {
      throw new MalformedInputException(0, "invalid " + name + " data: " + e.getMessage(), e);
    }
    if (n < 0 || n > maxOutputLength) {
      throw new MalformedInputException(0,
          "invalid " + name + " data: does not decode into the " + maxOutputLength
              + " bytes allowed");
    }
    return n;
  }
}
