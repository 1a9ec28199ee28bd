package io.colfile.core.codec;

import com.github.luben.zstd.ZstdDecompressCtx;
import io.colfile.core.error.MalformedInputException;

/**
 * ZSTD decoding through zstd-jni (the zstd C library), used when {@link NativeCodecs} found it
 * loadable. The same checks as the pure-Java path run first ({@link BlockChecks#zstd}: a
 * declared content size larger than the limit, empty input), and the library decodes into the
 * caller's window only (single-pass decoding allocates no window of the size a frame claims), so
 * a hostile frame costs neither memory nor more than its own length of work. Every error the
 * library reports is a {@link MalformedInputException}.
 *
 * <p>The native context (about 100 KiB) is kept for reuse and freed by a cleaner with this
 * object.
 */
final class ZstdJniDecompressor implements Decompressor {
  private final ZstdDecompressCtx ctx;
  private final byte[] probe = new byte[1];

  ZstdJniDecompressor() {
    ZstdDecompressCtx c = new ZstdDecompressCtx();
    NativeCodecs.CLEANER.register(this, c::close);
    this.ctx = c;
  }

  @Override
  public int decompress(
      byte[] input, int inputOffset, int inputLength,
      byte[] output, int outputOffset, int maxOutputLength)
      throws MalformedInputException {
    Ranges.check(input, inputOffset, inputLength, output, outputOffset, maxOutputLength);
    BlockChecks.zstd(input, inputOffset, inputLength, maxOutputLength);
    int n;
    try {
      if (maxOutputLength == 0) {
        // as AirliftDecompressor does: a valid empty frame writes nothing into the probe
        n = ctx.decompressByteArray(probe, 0, 1, input, inputOffset, inputLength);
      } else {
        n = ctx.decompressByteArray(
            output, outputOffset, maxOutputLength, input, inputOffset, inputLength);
      }
    } catch (RuntimeException e) {
      throw new MalformedInputException(0, "invalid zstd data: " + e.getMessage(), e);
    }
    if (n < 0 || n > maxOutputLength) {
      throw new MalformedInputException(0,
          "invalid zstd data: does not decode into the " + maxOutputLength + " bytes allowed");
    }
    return n;
  }
}
