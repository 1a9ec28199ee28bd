package io.colfile.trevni;

import java.util.Optional;

/**
 * One block of a column, as its descriptor describes it: how many rows it covers (top-level
 * rows, also for array and child columns), its sizes, where its stored bytes start in the file,
 * and, for columns with {@code trevni.values}, its first value.
 */
public final class BlockInfo {
  private final long firstRow;
  private final int rowCount;
  private final int uncompressedSize;
  private final int compressedSize;
  private final long offset;
  private final Object firstValue;

  BlockInfo(long firstRow, int rowCount, int uncompressedSize, int compressedSize, long offset,
      Object firstValue) {
    this.firstRow = firstRow;
    this.rowCount = rowCount;
    this.uncompressedSize = uncompressedSize;
    this.compressedSize = compressedSize;
    this.offset = offset;
    this.firstValue = firstValue;
  }

  /** Index of the block's first row in the file. */
  public long firstRow() {
    return firstRow;
  }

  public int rowCount() {
    return rowCount;
  }

  public int uncompressedSize() {
    return uncompressedSize;
  }

  /** Size of the compressed bytes, without the checksum that follows them. */
  public int compressedSize() {
    return compressedSize;
  }

  /** File offset of the block's compressed bytes. */
  public long offset() {
    return offset;
  }

  /**
   * The block's first value (boxed: Boolean, Integer, Long, Float, Double, String, byte[]), for
   * columns with first values.
   */
  public Optional<Object> firstValue() {
    return Optional.ofNullable(firstValue);
  }

  @Override
  public String toString() {
    return "block{rows " + firstRow + "+" + rowCount + ", " + uncompressedSize + " -> "
        + compressedSize + " bytes at " + offset + "}";
  }
}
