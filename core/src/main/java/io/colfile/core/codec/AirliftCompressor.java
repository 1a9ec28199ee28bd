package io.colfile.core.codec;

/**
 * Adapts an aircompressor block compressor (snappy, lz4, zstd) to {@link Compressor}.
 *
 * <p>aircompressor's compressors do not check bounds while writing: they refuse, with an
 * IllegalArgumentException, any output window smaller than their worst case. Callers such as
 * ORC's writer want the opposite ("compress into this much, or tell me it did not fit"), so a
 * window smaller than the worst case is served through a scratch buffer kept for reuse.
 */
final class AirliftCompressor implements Compressor {
  private final io.airlift.compress.Compressor delegate;
  private byte[] scratch = new byte[0];

  AirliftCompressor(io.airlift.compress.Compressor delegate) {
    this.delegate = delegate;
  }

  @Override
  public int maxCompressedLength(int uncompressedLength) {
    Ranges.checkLength(uncompressedLength);
    // aircompressor computes in int and would overflow silently near Integer.MAX_VALUE; its
    // bounds are all below 2n + 128 KiB, so check that in long first.
    Ranges.checkBound(2L * uncompressedLength + (128 << 10), uncompressedLength);
    return delegate.maxCompressedLength(uncompressedLength);
  }

  @Override
  public int compress(
      byte[] input, int inputOffset, int inputLength,
      byte[] output, int outputOffset, int maxOutputLength) {
    Ranges.check(input, inputOffset, inputLength, output, outputOffset, maxOutputLength);
    int worstCase = maxCompressedLength(inputLength);
    if (maxOutputLength >= worstCase) {
      return delegate.compress(
          input, inputOffset, inputLength, output, outputOffset, maxOutputLength);
    }
    if (scratch.length < worstCase) {
      scratch = new byte[worstCase];
    }
    int n = delegate.compress(input, inputOffset, inputLength, scratch, 0, worstCase);
    if (n > maxOutputLength) {
      return -1;
    }
    System.arraycopy(scratch, 0, output, outputOffset, n);
    return n;
  }
}
