package io.colfile.core.codec;

import io.colfile.core.error.MalformedInputException;
import java.util.Objects;

/**
 * Argument checks shared by the codecs. A bad offset or length is a caller bug, not bad bytes, so
 * it fails with an unchecked exception before any codec runs; that keeps it apart from the
 * {@link MalformedInputException}s the codecs raise for the data itself.
 */
final class Ranges {
  private Ranges() {}

  /** Both ranges must lie inside their arrays. */
  static void check(
      byte[] input, int inputOffset, int inputLength,
      byte[] output, int outputOffset, int maxOutputLength) {
    Objects.checkFromIndexSize(inputOffset, inputLength, input.length);
    Objects.checkFromIndexSize(outputOffset, maxOutputLength, output.length);
  }

  static void checkLength(int uncompressedLength) {
    if (uncompressedLength < 0) {
      throw new IllegalArgumentException("negative length " + uncompressedLength);
    }
  }

  /** Narrows a worst-case size computed in {@code long}, refusing what no array can hold. */
  static int checkBound(long bound, int uncompressedLength) {
    if (bound > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException(
          "cannot compress " + uncompressedLength + " bytes in one block: the worst-case "
              + "compressed size would not fit in an array");
    }
    return (int) bound;
  }
}
