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
 * message. Codec-specific checks the library skips run before it ({@link BlockChecks}), or,
 * for a library that refuses everything the check refuses ({@link #afterFailure}), only once it
 * has refused the block, to say precisely what is wrong with it.
 */
final class CheckedDecompressor implements Decompressor {
  /**
   * A check of the input against the output limit, run before the library decodes it (or, see
   * {@link #afterFailure}, once the library refused it).
   */
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
  /** Whether {@link #check} runs only after the library refused the block. */
  private final boolean checkAfterFailure;
  private final byte[] probe = new byte[1];

  private CheckedDecompressor(String name, Decode delegate, Check check,
      boolean checkAfterFailure) {
    this.name = name;
    this.delegate = delegate;
    this.check = check;
    this.checkAfterFailure = checkAfterFailure;
  }

  /** A library's decoder, with {@code check} run before it on every block. */
  CheckedDecompressor(String name, Decode delegate, Check check) {
    this(name, delegate, check, false);
  }

  /** One of aircompressor's (pure Java) decompressors. */
  CheckedDecompressor(String name, io.airlift.compress.Decompressor airlift, Check check) {
    this(name, airlift::decompress, check, false);
  }

  /**
   * A library's decoder whose refusals are a superset of {@code check}'s: blocks it decodes go
   * unchecked, and {@code check} runs only on a block it refused, so the error says what the
   * check finds (the same message as where the check runs first) or else what the library said.
   * Only right when the library never decodes a block the check would refuse (for lz4-java's
   * safe decoder and {@link BlockChecks#lz4}, Lz4SafeDecoderAgreementTest shows it); on a
   * refusal the output range may hold what the library wrote before it stopped.
   */
  static CheckedDecompressor afterFailure(String name, Decode delegate, Check check) {
    return new CheckedDecompressor(name, delegate, check, true);
  }

  @Override
  public int decompress(
      byte[] input, int inputOffset, int inputLength,
      byte[] output, int outputOffset, int maxOutputLength)
      throws MalformedInputException {
    Ranges.check(input, inputOffset, inputLength, output, outputOffset, maxOutputLength);
    if (!checkAfterFailure) {
      check.check(input, inputOffset, inputLength, maxOutputLength);
    }
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
      if (checkAfterFailure) {
        check.check(input, inputOffset, inputLength, maxOutputLength);
      }
      throw new MalformedInputException(0, "invalid " + name + " data: " + e.getMessage(), e);
    }
    if (n < 0 || n > maxOutputLength) {
      if (checkAfterFailure) {
        check.check(input, inputOffset, inputLength, maxOutputLength);
      }
      throw new MalformedInputException(0,
          "invalid " + name + " data: does not decode into the " + maxOutputLength
              + " bytes allowed");
    }
    return n;
  }
}
