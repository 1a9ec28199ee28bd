package io.colfile.kudu.block;

import io.colfile.core.error.MalformedInputException;
import io.colfile.core.vector.BytesVector;

/**
 * The values of one data block of a CFile, as its encoding stored them (cfile.md section 6),
 * with a position that reads move forward. A decoder sees only the encoder's bytes: for nullable
 * columns the CFile reader has already taken off the null header and bitmap (section 5), so
 * {@link #count()} counts the non-NULL values while {@link #firstOrdinal()} is the ordinal of
 * the block's first row, NULLs counted.
 *
 * <p>Decoders are built over a byte range they do not copy; they check the block's header and
 * every length against that range, and report bad bytes as {@link MalformedInputException} with
 * the offset in the range (the CFile reader names the file and block).
 */
public interface BlockDecoder {
  /** The number of values in the block. */
  int count();

  /** The ordinal (row number within the CFile) of the block's first row, from its header. */
  long firstOrdinal();

  /** The index of the next value to read, 0 to {@link #count()}. */
  int position();

  /** Moves to value {@code index}, 0 to {@link #count()}. */
  void seek(int index) throws MalformedInputException;

  /**
   * Reads the next {@code n} values of a fixed-width type into {@code dst} as cells: the
   * physical type's little-endian bytes ({@link io.colfile.kudu.PhysicalType#width()} each;
   * BOOL as one byte, 0 or 1), and advances.
   *
   * @throws IllegalStateException for BINARY blocks, or if fewer than {@code n} values are left
   */
  void readCells(byte[] dst, int dstOffset, int n) throws MalformedInputException;

  /**
   * Points rows {@code [row, row + n)} of {@code dst} at the next {@code n} values of a BINARY
   * block and advances. The rows may reference the decoder's own buffers, which stay valid until
   * the decoder is used for another block.
   *
   * @throws IllegalStateException for fixed-width blocks, or if fewer than {@code n} values are
   *     left
   */
  void readBinary(BytesVector dst, int row, int n) throws MalformedInputException;
}
