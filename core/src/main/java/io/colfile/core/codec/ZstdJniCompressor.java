package io.colfile.core.codec;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdException;

/**
 * ZSTD encoding through zstd-jni, with the settings of orc-core's {@code ZstdCodec} (level 3, no
 * checksum, content size in the frame header), so that with the same zstd library colfile's
 * ZSTD chunks are byte for byte orc-core's. Like orc-core, it always compresses into room for
 * the worst case (zstd wants a margin beyond its output, and may choose other blocks with less
 * room): a smaller window is served through a scratch buffer kept for reuse, and output that
 * does not fit is reported as -1.
 *
 * <p>The native context (about 1 MiB at level 3) is kept for reuse and freed by a cleaner with
 * this object.
 */
final class ZstdJniCompressor implements Compressor {
  /** orc-core's default ZSTD level, which is also zstd's own default. */
  static final int LEVEL = 3;

  private final ZstdCompressCtx ctx;
  private byte[] scratch = new byte[0];

  ZstdJniCompressor() {
    ZstdCompressCtx c = new ZstdCompressCtx();
    NativeCodecs.CLEANER.register(this, c::close);
    c.setLevel(LEVEL);
    c.setChecksum(false);
    c.setContentSize(true);
    this.ctx = c;
  }

  @Override
  public int maxCompressedLength(int uncompressedLength) {
    Ranges.checkLength(uncompressedLength);
    return Ranges.checkBound(Zstd.compressBound(uncompressedLength), uncompressedLength);
  }

  @Override
  public int compress(
      byte[] input, int inputOffset, int inputLength,
      byte[] output, int outputOffset, int maxOutputLength) {
    Ranges.check(input, inputOffset, inputLength, output, outputOffset, maxOutputLength);
    int worstCase = maxCompressedLength(inputLength);
    try {
      if (maxOutputLength >= worstCase) {
        return ctx.compressByteArray(
            output, outputOffset, maxOutputLength, input, inputOffset, inputLength);
      }
      if (scratch.length < worstCase) {
        scratch = new byte[worstCase];
      }
      int n = ctx.compressByteArray(scratch, 0, worstCase, input, inputOffset, inputLength);
      if (n > maxOutputLength) {
        return -1;
      }
      System.arraycopy(scratch, 0, output, outputOffset, n);
      return n;
    } catch (ZstdException e) {
      throw new IllegalStateException("zstd-jni failed to compress: " + e.getMessage(), e);
    }
  }
}
