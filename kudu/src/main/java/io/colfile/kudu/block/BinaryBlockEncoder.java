package io.colfile.kudu.block;

import java.util.Arrays;

/**
 * What the encoders of BINARY blocks (PLAIN, PREFIX and DICT, cfile.md sections 6.5 to 6.7)
 * share: they take byte strings, never cells, and keep their entries in a byte buffer that grows
 * by doubling up to the largest array Java allows. The value loops stay in each encoder, so that
 * adding a value is no virtual call.
 */
abstract class BinaryBlockEncoder implements BlockEncoder {
  /** The largest buffer {@link #grow} makes: a little under 2 GiB, as JVMs allow. */
  static final int MAX_BUFFER = Integer.MAX_VALUE - 64;

  private final String encoding;

  /** {@code encoding} names the blocks in messages ("PREFIX blocks take byte strings"). */
  BinaryBlockEncoder(String encoding) {
    this.encoding = encoding;
  }

  @Override
  public final int addCells(byte[] src, int offset, int n) {
    throw new IllegalStateException(encoding + " blocks take byte strings");
  }

  /**
   * {@code buf}, or a copy of its first {@code used} bytes in a larger array, with room for
   * {@code more} bytes after them: at least twice as large, at most {@link #MAX_BUFFER}.
   *
   * @throws IllegalStateException if {@code used + more} exceeds {@link #MAX_BUFFER}
   */
  final byte[] grow(byte[] buf, int used, int more) {
    if (more <= buf.length - used) {
      return buf;
    }
    long needed = (long) used + more;
    if (needed > MAX_BUFFER) {
      throw new IllegalStateException(encoding + " block would exceed 2 GiB");
    }
    return Arrays.copyOf(buf, (int) Math.min(MAX_BUFFER, Math.max(needed, 2L * buf.length)));
  }
}
