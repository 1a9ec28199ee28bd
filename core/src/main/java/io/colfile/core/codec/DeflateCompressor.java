package io.colfile.core.codec;

import java.util.zip.Deflater;

/**
 * DEFLATE through the JDK's zlib. Raw ({@code nowrap}) is what ORC and Trevni store; the wrapped
 * form (zlib header and Adler-32) is kept one flag away because Kudu's ZLIB uses it.
 *
 * <p>The Deflater is created once and {@link Deflater#reset() reset} per block: zlib keeps level
 * and strategy across resets, and allocating its ~256 KiB of native state per block would cost
 * more than compressing a small block. The JDK's cleaner frees that state with this object.
 */
final class DeflateCompressor implements Compressor {
  private final Deflater deflater;
  private final boolean nowrap;
  private final byte[] probe = new byte[1];

  DeflateCompressor(int level, int strategy, boolean nowrap) {
    // Same construction order as ORC's Java ZlibCodec (level and nowrap, then strategy), so
    // that identical settings give identical bytes.
    this.deflater = new Deflater(level, nowrap);
    try {
      deflater.setStrategy(strategy);
    } catch (IllegalArgumentException e) {
      deflater.end();
      throw e;
    }
    this.nowrap = nowrap;
  }

  @Override
  public int maxCompressedLength(int uncompressedLength) {
    Ranges.checkLength(uncompressedLength);
    // zlib's deflateBound() in its conservative form, which holds for every level, strategy and
    // window: n + ceil(n/8) + ceil(n/64) + 5, plus 6 bytes of header and trailer when wrapped.
    // Ten spare bytes cover zlib builds whose stored-block bookkeeping differs slightly.
    long n = uncompressedLength;
    long bound = n + ((n + 7) >>> 3) + ((n + 63) >>> 6) + 5 + (nowrap ? 0 : 6) + 10;
    return Ranges.checkBound(bound, uncompressedLength);
  }

  @Override
  public int compress(
      byte[] input, int inputOffset, int inputLength,
      byte[] output, int outputOffset, int maxOutputLength) {
    Ranges.check(input, inputOffset, inputLength, output, outputOffset, maxOutputLength);
    Deflater d = deflater;
    d.reset();
    d.setInput(input, inputOffset, inputLength);
    d.finish();
    int written = 0;
    int idleCalls = 0;
    while (!d.finished()) {
      if (written == maxOutputLength) {
        // zlib reports the end of the stream only from a call that has output room left, so a
        // block that exactly fills the window still looks unfinished here: offer one spare byte.
        // If zlib writes nothing into it and finishes, the block did fit.
        if (d.deflate(probe, 0, 1) == 0 && d.finished()) {
          break;
        }
        return -1;
      }
      int n = d.deflate(output, outputOffset + written, maxOutputLength - written);
      written += n;
      // The first call after a level or strategy change only applies it (the JDK runs
      // deflateParams alone) and writes nothing. Otherwise, with finish() called and room left,
      // zlib always makes progress; stop rather than spin if some build does not.
      idleCalls = n == 0 ? idleCalls + 1 : 0;
      if (idleCalls > 2) {
        throw new IllegalStateException("zlib made no progress with output space left");
      }
    }
    return written;
  }
}
