package io.colfile.kudu.block;

import io.colfile.core.vector.BytesVector;

/**
 * Builds the data blocks of one encoding (cfile.md section 6), one block at a time. The CFile
 * writer adds values until the encoder says the block is full, then {@link #finish}es it and
 * goes on with the next block; NULLs never reach the encoder (the writer keeps the null bitmap,
 * section 5).
 *
 * <p>"Full" follows the size rules of section 6, checked after each value: an encoder takes
 * values up to and including the one that makes its block full, so blocks end at the first value
 * past the target size (Kudu checks after each batch its caller hands over; readers accept any
 * split).
 */
public interface BlockEncoder {
  /**
   * Adds up to {@code n} fixed-width cells (the physical type's little-endian bytes; BOOL one
   * byte, 0 or 1) from {@code src[offset ...]}.
   *
   * @return how many were taken: all {@code n}, or fewer if the block became full
   * @throws IllegalStateException for BINARY encoders
   */
  int addCells(byte[] src, int offset, int n);

  /**
   * Adds up to {@code n} values from rows {@code [row, row + n)} of {@code src}, none of them
   * null.
   *
   * @return how many were taken: all {@code n}, or fewer if the block became full
   * @throws IllegalStateException for fixed-width encoders
   */
  int addBinary(BytesVector src, int row, int n);

  /** True once the block has reached its target size; add nothing more before {@link #finish}. */
  boolean isFull();

  /** The number of values in the block being built. */
  int count();

  /**
   * The finished block, with {@code firstOrdinal} (the ordinal of its first row, NULLs counted)
   * in its header; the encoder is then empty and ready for the next block.
   */
  byte[] finish(long firstOrdinal);
}
