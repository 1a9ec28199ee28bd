package io.colfile.core.codec;

import com.github.luben.zstd.ZstdDecompressCtx;

/**
 * ZSTD decoding through zstd-jni (the zstd C library), used when {@link NativeCodecs} found it
 * loadable. The same checks as the pure-Java path run first ({@link BlockChecks#zstd}: a
 * declared content size larger than the limit, empty input), and the library decodes into the
 * caller's window only (single-pass decoding allocates no window of the size a frame claims), so
 * a hostile frame costs neither memory nor more than its own length of work. Every error the
 * library reports is a {@link io.colfile.core.error.MalformedInputException} ({@link
 * CheckedDecompressor}).
 *
 * <p>The native context (about 100 KiB) is kept for reuse and freed by a cleaner with the
 * decompressor.
 */
final class ZstdJniDecompressor {
  private ZstdJniDecompressor() {}

  /** A new decompressor with its own native context. */
  static Decompressor create() {
    ZstdDecompressCtx ctx = new ZstdDecompressCtx();
    Decompressor d = new CheckedDecompressor("zstd",
        (in, inOff, inLen, out, outOff, max) ->
            ctx.decompressByteArray(out, outOff, max, in, inOff, inLen),
        BlockChecks::zstd);
    NativeCodecs.CLEANER.register(d, ctx::close);
    return d;
  }
}
