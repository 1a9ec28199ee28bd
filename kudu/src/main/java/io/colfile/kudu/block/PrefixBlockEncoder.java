package io.colfile.kudu.block;

import io.colfile.core.encoding.Endian;
import io.colfile.core.encoding.Varints;
import io.colfile.core.vector.BytesVector;
import java.util.Arrays;

/**
 * PREFIX_ENCODING for BINARY, STRING and VARCHAR (cfile.md section 6.7), LevelDB-style.
 *
 * <pre>
 * PrefixBlock ::= header | entry{count} | restart{num_restarts} | num_restarts:u32le
 * header      ::= one group varint (count, ordinal_pos, restart_interval = 16, 0)
 * entry       ::= shared:varint32 | non_shared:varint32 | non_shared bytes
 *     value = the first shared bytes of the previous value, then the non_shared bytes
 * restart     ::= u32le offset, from the block's start (header included), of entry k·16, k >= 1
 * </pre>
 *
 * Every 16th entry is a restart point, written with shared = 0; entry 0 is one implicitly (the
 * previous value is empty at a block's start) and not listed, so num_restarts =
 * ceil(count / 16) - 1. Full once the entries alone exceed the block size, checked before each
 * value, so a block can end mid-batch.
 */
final class PrefixBlockEncoder extends BinaryBlockEncoder {
  static final int RESTART_INTERVAL = 16;

  private final int blockSize;
  private byte[] entries = new byte[64];
  private int size;
  private int[] restarts = new int[8];
  private int numRestarts;
  private byte[] last = new byte[16];
  private int lastLength;
  private int count;

  PrefixBlockEncoder(int blockSize) {
    super("PREFIX");
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

  private void add(byte[] b, int off, int len) {
    int shared = 0;
    if (count % RESTART_INTERVAL != 0) {
      int mismatch = Arrays.mismatch(last, 0, lastLength, b, off, off + len);
      shared = mismatch < 0 ? len : mismatch;
    } else if (count > 0) {
      if (numRestarts == restarts.length) {
        restarts = Arrays.copyOf(restarts, numRestarts * 2);
      }
      restarts[numRestarts++] = size;
    }
    int nonShared = len - shared;
    entries = grow(entries, size, 2 * Varints.MAX_VARINT_BYTES + nonShared);
    size = Varints.writeVarLong(entries, size, shared);
    size = Varints.writeVarLong(entries, size, nonShared);
    System.arraycopy(b, off + shared, entries, size, nonShared);
    size += nonShared;
    if (len > last.length) {
      last = Arrays.copyOf(last, Math.max(len, 2 * last.length));
    }
    System.arraycopy(b, off + shared, last, shared, nonShared);
    lastLength = len;
    count++;
  }

  @Override
  public boolean isFull() {
    return size > blockSize;
  }

  @Override
  public int count() {
    return count;
  }

  @Override
  public byte[] finish(long firstOrdinal) {
    int ordinal = Bytes.ordinal(firstOrdinal);
    byte[] header = new byte[GroupVarint.MAX_GROUP_BYTES];
    int h = GroupVarint.writeGroup(header, 0, count, ordinal, RESTART_INTERVAL, 0);
    byte[] block = new byte[h + size + 4 * numRestarts + 4];
    System.arraycopy(header, 0, block, 0, h);
    System.arraycopy(entries, 0, block, h, size);
    int p = h + size;
    for (int k = 0; k < numRestarts; k++, p += 4) {
      Endian.putIntLE(block, p, h + restarts[k]);
    }
    Endian.putIntLE(block, p, numRestarts);
    size = 0;
    numRestarts = 0;
    lastLength = 0;
    count = 0;
    return block;
  }
}
