package io.colfile.kudu.index;

import io.colfile.core.encoding.Endian;
import io.colfile.core.encoding.Varints;
import io.colfile.kudu.meta.BlockPointer;
import io.colfile.kudu.proto.KuduProto;
import java.util.Arrays;

/**
 * Builds one index block of a CFile B-tree (cfile.md section 8.1).
 *
 * <pre>
 * IndexBlock ::= Entry* offset:u32le* IndexBlockTrailerPB trailer_len:u32le
 * Entry      ::= key_len:varint32 key:byte[key_len] block_offset:varint64 block_size:varint32
 * </pre>
 *
 * The offsets give each entry's position from the block's start; the trailer says how many
 * entries there are and whether they point at data blocks (LEAF = 0) or index blocks (INTERNAL =
 * 1).
 */
final class IndexBlockBuilder {
  static final int LEAF = 0;
  static final int INTERNAL = 1;

  private final boolean leaf;
  private byte[] entries = new byte[256];
  private int used;
  private int[] offsets = new int[16];
  private int count;
  private byte[] firstKey;

  IndexBlockBuilder(boolean leaf) {
    this.leaf = leaf;
  }

  void add(byte[] key, BlockPointer ptr) {
    if (count == 0) {
      firstKey = key.clone();
    }
    ensure(5 + key.length + 10 + 5);
    if (count == offsets.length) {
      offsets = Arrays.copyOf(offsets, count * 2);
    }
    offsets[count++] = used;
    used = Varints.writeVarLong(entries, used, key.length);
    System.arraycopy(key, 0, entries, used, key.length);
    used += key.length;
    used = Varints.writeVarLong(entries, used, ptr.offset());
    used = Varints.writeVarLong(entries, used, ptr.size() & 0xFFFFFFFFL);
  }

  int count() {
    return count;
  }

  /** The key of the first entry: what the parent level indexes this block by. */
  byte[] firstKey() {
    return firstKey;
  }

  /** Kudu's estimate of the finished block's size, which decides when a block is full. */
  int estimatedSize() {
    return used + 4 * count + 16;
  }

  byte[] finish() {
    byte[] trailer = KuduProto.IndexBlockTrailerPB.newBuilder()
        .setNumEntries(count).setType(leaf ? LEAF : INTERNAL).build().toByteArray();
    byte[] out = new byte[used + 4 * count + trailer.length + 4];
    System.arraycopy(entries, 0, out, 0, used);
    int p = used;
    for (int i = 0; i < count; i++, p += 4) {
      Endian.putIntLE(out, p, offsets[i]);
    }
    System.arraycopy(trailer, 0, out, p, trailer.length);
    Endian.putIntLE(out, p + trailer.length, trailer.length);
    return out;
  }

  void reset() {
    used = 0;
    count = 0;
    firstKey = null;
  }

  private void ensure(int more) {
    if (used + more > entries.length) {
      entries = Arrays.copyOf(entries, Math.max(used + more, entries.length * 2));
    }
  }
}
