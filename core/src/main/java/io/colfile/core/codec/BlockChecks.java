package io.colfile.core.codec;

import io.airlift.compress.zstd.ZstdDecompressor;
import io.colfile.core.encoding.Varints;
import io.colfile.core.error.MalformedInputException;

/**
 * Checks run before aircompressor decodes a block, for what the library does not check itself
 * or checks only after doing the work. Offsets are relative to the start of the block.
 */
final class BlockChecks {
  private BlockChecks() {}

  /**
   * Snappy starts with the uncompressed length as a varint of at most 5 bytes. Compare it with
   * the limit before decoding, so a hostile length is reported as such (the library would throw
   * an IllegalArgumentException) and nothing is decoded in vain.
   */
  static void snappy(byte[] input, int offset, int length, int maxOutputLength)
      throws MalformedInputException {
    long declared = snappyLength(input, offset, length);
    if (declared > maxOutputLength) {
      throw new MalformedInputException(0,
          "snappy block declares " + declared + " uncompressed bytes, more than the "
              + maxOutputLength + " allowed");
    }
  }

  /**
   * The uncompressed length a raw Snappy block declares in its preamble (a varint of at most 5
   * bytes and 32 bits), read without decoding the block.
   */
  static long snappyLength(byte[] input, int offset, int length) throws MalformedInputException {
    return Varints.packedValue(
        Varints.readVarInt(input, offset, offset + length, offset, "snappy length preamble"))
        & 0xFFFF_FFFFL;
  }

  /**
   * A raw LZ4 block is a run of sequences (token, literals, 2-byte offset, match) whose last
   * sequence is literals only. aircompressor stops quietly when the input runs out right after
   * a match, so a block cut at a sequence boundary would decode to a shorter result; walking
   * the sequence structure (no data is copied) catches that and any other cut.
   */
  static void lz4(byte[] input, int offset, int length, int maxOutputLength)
      throws MalformedInputException {
    final int end = offset + length;
    int p = offset;
    if (length == 0) {
      throw new MalformedInputException(0, "lz4 block is empty; even an empty block has a token");
    }
    while (true) {
      int token = input[p++] & 0xFF;
      long literals = token >>> 4;
      if (literals == 15) {
        int b;
        do {
          if (p == end) {
            throw lz4Truncated(p - offset, "inside a literal length");
          }
          b = input[p++] & 0xFF;
          literals += b;
        } while (b == 255);
      }
      if (literals > end - p) {
        throw lz4Truncated(p - offset, "inside a run of " + literals + " literals");
      }
      p += (int) literals;
      if (p == end) {
        return;
      }
      if (end - p < 2) {
        throw lz4Truncated(p - offset, "inside a match offset");
      }
      p += 2;
      if ((token & 15) == 15) {
        int b;
        do {
          if (p == end) {
            throw lz4Truncated(p - offset, "inside a match length");
          }
          b = input[p++] & 0xFF;
        } while (b == 255);
      }
      if (p == end) {
        throw lz4Truncated(p - offset, "after a match; the last sequence must be literals only");
      }
    }
  }

  private static MalformedInputException lz4Truncated(int offset, String where) {
    return new MalformedInputException(offset, "lz4 block ends " + where + " (truncated?)");
  }

  /**
   * A zstd frame may declare its content size; refuse one larger than the limit up front. Empty
   * input is refused too: aircompressor decodes it as zero frames, but a stored block always
   * holds at least one frame, so emptiness means the block was lost.
   */
  static void zstd(byte[] input, int offset, int length, int maxOutputLength)
      throws MalformedInputException {
    if (length == 0) {
      throw new MalformedInputException(0, "zstd block is empty; expected a frame");
    }
    long declared;
    try {
      declared = ZstdDecompressor.getDecompressedSize(input, offset, length);
    } catch (RuntimeException e) {
      throw new MalformedInputException(0, "invalid zstd frame header: " + e.getMessage(), e);
    }
    // -1 means "not declared" (and also what an all-ones 8-byte size reads as); other negative
    // values are sizes of 2^63 bytes or more.
    if (declared != -1 && (declared < 0 || declared > maxOutputLength)) {
      throw new MalformedInputException(0,
          "zstd frame declares " + Long.toUnsignedString(declared)
              + " content bytes, more than the " + maxOutputLength + " allowed");
    }
  }

  /**
   * Every LZO1X block ends with a stop marker, so a valid block is never empty; aircompressor
   * decodes empty input to nothing (and its compressor turns empty input into nothing, which ORC
   * never stores since it does not compress empty buffers).
   */
  static void lzo(byte[] input, int offset, int length, int maxOutputLength)
      throws MalformedInputException {
    if (length == 0) {
      throw new MalformedInputException(0, "lzo block is empty; expected at least a stop marker");
    }
  }

  /** A Brotli stream has at least one byte (its window bits and the last meta-block's flag). */
  static void brotli(byte[] input, int offset, int length, int maxOutputLength)
      throws MalformedInputException {
    if (length == 0) {
      throw new MalformedInputException(0, "brotli block is empty");
    }
  }
}
