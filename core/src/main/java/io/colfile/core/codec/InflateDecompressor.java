package io.colfile.core.codec;

import io.colfile.core.error.MalformedInputException;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * DEFLATE decoding through the JDK's zlib, raw ({@code nowrap}) or wrapped; see {@link
 * DeflateCompressor} for why both exist and why the Inflater is reused.
 *
 * <p>zlib decodes into whatever room it is given, so the output limit is enforced here: when the
 * output is full but the stream has not ended, one more byte is requested into a private probe
 * buffer, and getting it means the block is larger than allowed. A block must also end exactly:
 * truncation (zlib wants more input) and bytes after the end of the stream are both errors, so a
 * damaged chunk boundary cannot pass silently.
 */
final class InflateDecompressor implements Decompressor {
  private final Inflater inflater;
  private final String name;
  private final byte[] probe = new byte[1];

  InflateDecompressor(boolean nowrap) {
    this.inflater = new Inflater(nowrap);
    this.name = nowrap ? "raw deflate" : "zlib";
  }

  @Override
  public int decompress(
      byte[] input, int inputOffset, int inputLength,
      byte[] output, int outputOffset, int maxOutputLength)
      throws MalformedInputException {
    Ranges.check(input, inputOffset, inputLength, output, outputOffset, maxOutputLength);
    Inflater inf = inflater;
    // Reset first, not after: a previous call may have thrown half way through a stream.
    inf.reset();
    inf.setInput(input, inputOffset, inputLength);
    int written = 0;
    try {
      while (!inf.finished()) {
        long readBefore = inf.getBytesRead();
        int n = inf.inflate(output, outputOffset + written, maxOutputLength - written);
        written += n;
        // Every round either writes, reads or ends the loop, so the loop cannot spin.
        if (n > 0 || inf.finished() || inf.getBytesRead() > readBefore) {
          continue;
        }
        if (inf.needsDictionary()) {
          throw malformed(inf, "stream needs a preset dictionary, which no format supplies");
        }
        if (written < maxOutputLength) {
          throw malformed(inf, inf.needsInput()
              ? "stream is truncated: input ended before the final block did"
              : "zlib made no progress with input and output space left");
        }
        // Output full, stream not ended: is there more data, or only the end-of-block code?
        if (inf.inflate(probe, 0, 1) > 0) {
          throw malformed(inf, "data exceeds the " + maxOutputLength + " bytes allowed");
        }
        if (!inf.finished()) {
          throw malformed(inf, inf.needsInput()
              ? "stream is truncated: input ended before the final block did"
              : "zlib made no progress at the end of the output");
        }
      }
    } catch (DataFormatException e) {
      throw new MalformedInputException(
          inf.getBytesRead(), "invalid " + name + " data: " + e.getMessage(), e);
    }
    // Bytes after the end of the deflate stream are ignored, as Apache ORC's Java and C++ readers
    // ignore them (orc-examples/corrupt/stripe_footer_bad_column_encodings.orc has some).
    return written;
  }

  private MalformedInputException malformed(Inflater inf, String problem) {
    return new MalformedInputException(inf.getBytesRead(), name + " " + problem);
  }
}
