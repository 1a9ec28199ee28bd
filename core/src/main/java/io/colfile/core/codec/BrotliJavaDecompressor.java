package io.colfile.core.codec;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.brotli.dec.BrotliInputStream;

/**
 * Brotli decoding in pure Java with Google's reference decoder ({@code org.brotli:dec}, the
 * Java port that ships with the brotli project and that Apache Commons Compress reads Brotli
 * with). It serves every Brotli block colfile reads: ORC 2.0+ files whose PostScript says
 * BROTLI. Why this library: it is the only pure-Java Brotli decoder published by the Brotli
 * authors, small (about 200 KiB, most of it the built-in dictionary), dependency-free and
 * MIT-licensed; the native brotli4j that orc-core writes with is optional here ({@link
 * BrotliEncoder}) and is not needed to read. Its cost: it decodes at roughly a third of the
 * native library's speed (256 KiB of lineitem-like text, 2-core machine under load: 45 to 67
 * MB/s against brotli4j's 113 to 354 MB/s, qualities 0, 1 and 11), which only Brotli files
 * pay. brotli4j's one-call decoder allocates whatever size a stream claims, so using it would
 * need a bounded streaming loop first.
 *
 * <p>A block is one complete Brotli stream. Output is bounded by the caller's limit: the stream
 * is read into the window only, and one byte more than the limit makes the block too large. Bad
 * or cut input surfaces as the library's exceptions, which {@link CheckedDecompressor} turns into
 * a {@link io.colfile.core.error.MalformedInputException}. The decoder's window (its ring buffer)
 * is sized from the stream's header, at most 16 MiB for the largest window Brotli allows.
 */
final class BrotliJavaDecompressor {
  private BrotliJavaDecompressor() {}

  static Decompressor create() {
    return new CheckedDecompressor("brotli", BrotliJavaDecompressor::decode,
        BlockChecks::brotli);
  }

  private static int decode(byte[] input, int inputOffset, int inputLength,
      byte[] output, int outputOffset, int maxOutputLength) {
    try (BrotliInputStream in = new BrotliInputStream(
        new ByteArrayInputStream(input, inputOffset, inputLength))) {
      int n = 0;
      while (n < maxOutputLength) {
        int r = in.read(output, outputOffset + n, maxOutputLength - n);
        if (r < 0) {
          return n;
        }
        n += r;
      }
      // the window is full: one more byte means the block does not fit
      return in.read() < 0 ? n : maxOutputLength + 1;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
