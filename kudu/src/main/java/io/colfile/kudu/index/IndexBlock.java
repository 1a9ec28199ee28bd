package io.colfile.kudu.index;

import com.google.protobuf.InvalidProtocolBufferException;
import io.colfile.core.encoding.Endian;
import io.colfile.core.error.MalformedInputException;
import io.colfile.kudu.meta.BlockPointer;
import io.colfile.kudu.proto.KuduProto;
import java.util.Arrays;

/**
 * One decoded index block (layout on {@link IndexBlockBuilder}). Every entry is parsed and
 * checked when the block is opened, so later lookups cannot fail.
 */
public final class IndexBlock {
  private final boolean leaf;
  private final byte[][] keys;
  private final long[] blockOffsets;
  private final int[] blockSizes;

  private IndexBlock(boolean leaf, byte[][] keys, long[] offsets, int[] sizes) {
    this.leaf = leaf;
    this.keys = keys;
    this.blockOffsets = offsets;
    this.blockSizes = sizes;
  }

  /** Parses the index block in {@code buf[offset, offset + length)}. */
  public static IndexBlock parse(byte[] buf, int offset, int length)
      throws MalformedInputException {
    if (length < 4) {
      throw new MalformedInputException(0, "index block of " + length
          + " bytes has no room for its trailer length");
    }
    long trailerLen = Endian.getIntLE(buf, offset + length - 4) & 0xFFFFFFFFL;
    if (trailerLen > length - 4) {
      throw new MalformedInputException(length - 4, "index trailer of " + trailerLen
          + " bytes does not fit a block of " + length);
    }
    int trailerStart = length - 4 - (int) trailerLen;
    KuduProto.IndexBlockTrailerPB trailer;
    try {
      trailer = KuduProto.IndexBlockTrailerPB.parseFrom(
          java.nio.ByteBuffer.wrap(buf, offset + trailerStart, (int) trailerLen));
    } catch (InvalidProtocolBufferException e) {
      throw new MalformedInputException(trailerStart, "index trailer is not a valid "
          + "IndexBlockTrailerPB: " + e.getMessage(), e);
    }
    int type = trailer.getType();
    if (type != IndexBlockBuilder.LEAF && type != IndexBlockBuilder.INTERNAL) {
      throw new MalformedInputException(trailerStart, "index block type " + type
          + " is neither LEAF (0) nor INTERNAL (1)");
    }
    int n = trailer.getNumEntries();
    // Each entry takes at least 3 bytes (an empty key's length, a 1-byte offset and size: the
    // first value index key of a column whose smallest value is "") plus its 4-byte offset.
    if (n < 0 || n > trailerStart / 7) {
      throw new MalformedInputException(trailerStart, "index trailer says " + n
          + " entries, more than " + trailerStart + " bytes can hold");
    }
    int offsetsStart = trailerStart - 4 * n;
    byte[][] keys = new byte[n][];
    long[] offsets = new long[n];
    int[] sizes = new int[n];
    io.colfile.core.encoding.ByteCursor in =
        new io.colfile.core.encoding.ByteCursor(buf, offset, offsetsStart);
    for (int i = 0; i < n; i++) {
      long at = Endian.getIntLE(buf, offset + offsetsStart + 4 * i) & 0xFFFFFFFFL;
      if (at >= offsetsStart) {
        throw new MalformedInputException(offsetsStart + 4 * i, "index entry " + i
            + " starts at " + at + ", past the " + offsetsStart + " bytes of entries");
      }
      in.position(offset + (int) at);
      long keyLen = in.readVarLong();
      if (keyLen < 0 || keyLen > in.remaining()) { // a varint past 2^63 reads negative
        throw new MalformedInputException(at, "index entry " + i + " has a key of " + keyLen
            + " bytes, " + in.remaining() + " left");
      }
      keys[i] = Arrays.copyOfRange(buf, in.position(), in.position() + (int) keyLen);
      in.skip((int) keyLen);
      long blockOffset = in.readVarLong();
      long blockSize = in.readVarLong();
      if (blockOffset < 0 || blockSize < 0 || blockSize > Integer.MAX_VALUE) {
        throw new MalformedInputException(at, "index entry " + i + " points at offset "
            + blockOffset + " with size " + blockSize);
      }
      offsets[i] = blockOffset;
      sizes[i] = (int) blockSize;
    }
    return new IndexBlock(type == IndexBlockBuilder.LEAF, keys, offsets, sizes);
  }

  public boolean isLeaf() {
    return leaf;
  }

  public int count() {
    return keys.length;
  }

  /** The key of entry {@code i}; do not modify it. */
  public byte[] key(int i) {
    return keys[i];
  }

  public BlockPointer pointer(int i) {
    return new BlockPointer(blockOffsets[i], blockSizes[i]);
  }

  /**
   * The last entry whose key is at or before {@code key} in unsigned byte order, or -1 when even
   * the first entry's key is after it.
   */
  public int seekAtOrBefore(byte[] key) {
    return search(key, true);
  }

  /** The last entry whose key is strictly before {@code key}, or -1 when there is none. */
  public int seekBefore(byte[] key) {
    return search(key, false);
  }

  private int search(byte[] key, boolean orEqual) {
    int lo = 0;
    int hi = keys.length - 1;
    int found = -1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int c = Arrays.compareUnsigned(keys[mid], key);
      if (c < 0 || (orEqual && c == 0)) {
        found = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return found;
  }
}
