package io.colfile.core.codec;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.xerial.snappy.Snappy;

/**
 * Snappy block decoding through snappy-java (the C++ Snappy library, which trevni-core and Kudu
 * use), when {@link NativeCodecs} found it loadable. The library decodes into the array from the
 * output offset as far as the block's length preamble says, without a limit of its own, so the
 * preamble is checked against the caller's room first ({@link BlockChecks#snappy}, the same
 * check as on the pure-Java path); the C++ decoder then never writes past the declared length
 * and refuses a block that does not decode to exactly that many bytes. Every error it reports is
 * a {@link io.colfile.core.error.MalformedInputException} ({@link CheckedDecompressor}).
 */
final class SnappyJavaDecompressor {
  private SnappyJavaDecompressor() {}

  /** A new decompressor (the library is stateless; the wrapper keeps a probe byte). */
  static Decompressor create() {
    return new CheckedDecompressor("snappy", SnappyJavaDecompressor::decode, BlockChecks::snappy);
  }

  private static int decode(byte[] in, int inOff, int inLen, byte[] out, int outOff, int max) {
    // BlockChecks.snappy has made sure the declared length fits in out[outOff, outOff + max)
    try {
      return Snappy.uncompress(in, inOff, inLen, out, outOff);
    } catch (IOException e) {
      throw new UncheckedIOException(e.getMessage(), e);
    }
  }
}
