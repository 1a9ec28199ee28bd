package io.colfile.kudu.block;

import io.colfile.core.encoding.Endian;
import io.colfile.core.vector.BytesVector;
import java.util.Arrays;

/**
 * PLAIN for BINARY, STRING and VARCHAR (cfile.md section 6.5); also DICT's dictionary block and
 * its plain-mode data blocks (section 6.6).
 *
 * <pre>
 * BinaryPlainBlock ::= ordinal_pos:u32le | count:u32le | offsets_pos:u32le
 *                      | value bytes, concatenated (from byte 12)
 *                      | offsets: count x u32 as group varints (see {@link GroupVarint}),
 *                        frame of reference 0, last group zero-padded; none when count = 0
 *     offsets[i] = where value i starts, from the block's start (the first is 12); value i ends
 *     where value i + 1 starts, the last one at offsets_pos
 * </pre>
 *
 * Fullness follows Kudu's estimate, checked before each value so a block can end mid-batch: 12,
 * plus each value's length, plus each offset's group-varint length, plus a selector byte per
 * four values; full once that exceeds the block size.
 */
final class BinaryPlainBlockEncoder extends BinaryBlockEncoder {
  static final int HEADER = 12;

  private final int blockSize;
  private byte[] data = new byte[64];
  private int end = HEADER;
  private int[] offsets = new int[16];
  private int count;
  private long estimate = HEADER;

  BinaryPlainBlockEncoder(int blockSize) {
    super("BINARY");
    this.blockSize = blockSize;
  }

  @Override
  public int addBinary(BytesVector src, int row, int n) {
    int i = 0;
    for (; i < n && !isFull(); i++) {
      add(src.vector[row + i], src.start[row + i], src.length[row + i]);
    }
    return i;
  }

  /** Adds one value whatever the fullness (the dictionary adds the value that crosses it). */
  void add(byte[] b, int off, int len) {
    if (count % 4 == 0) {
      estimate++;
    }
    if (count == offsets.length) {
      offsets = Arrays.copyOf(offsets, count * 2);
    }
    offsets[count++] = end;
    estimate += GroupVarint.size(end) + len;
    data = grow(data, end, len);
    System.arraycopy(b, off, data, end, len);
    end += len;
  }

  @Override
  public boolean isFull() {
    return estimate > blockSize;
  }

  @Override
  public int count() {
    return count;
  }

  @Override
  public byte[] finish(long firstOrdinal) {
    byte[] block = toBlock(firstOrdinal);
    count = 0;
    end = HEADER;
    estimate = HEADER;
    return block;
  }

  /** The block as it stands, without resetting (the dictionary is taken this way). */
  byte[] toBlock(long firstOrdinal) {
    int ordinal = Bytes.ordinal(firstOrdinal);
    byte[] block = Arrays.copyOf(data, end + GroupVarint.sequenceSize(offsets, count));
    Endian.putIntLE(block, 0, ordinal);
    Endian.putIntLE(block, 4, count);
    Endian.putIntLE(block, 8, end);
    GroupVarint.writeSequence(block, end, offsets, count);
    return block;
  }

  /** The buffer the values live in; valid until the next add. */
  byte[] buffer() {
    return data;
  }

  /** Where value {@code i} starts in {@link #buffer()}. */
  int valueStart(int i) {
    return offsets[i];
  }

  int valueLength(int i) {
    return (i + 1 < count ? offsets[i + 1] : end) - offsets[i];
  }
}
