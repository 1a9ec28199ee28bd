package io.colfile.kudu.index;

import io.colfile.kudu.meta.BlockPointer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds a CFile B-tree bottom-up as entries arrive, the way Kudu 1.17 does (cfile.md section
 * 8.3): level 0 holds the leaves; when an open block grows past the index block size (and has
 * at least two entries) it is written at once, right after the block whose entry filled it, and
 * its first key goes up a level, which may write that level's block in turn. The tree is
 * therefore written post-order, interleaved with the data, and not balanced.
 */
public final class IndexTreeWriter {
  /** Writes a finished index block through the file's envelope and says where it went. */
  @FunctionalInterface
  public interface BlockSink {
    BlockPointer write(byte[] indexBlock) throws IOException;
  }

  private final int blockSize;
  private final BlockSink sink;
  private final List<IndexBlockBuilder> levels = new ArrayList<>();

  public IndexTreeWriter(int indexBlockSize, BlockSink sink) {
    this.blockSize = indexBlockSize;
    this.sink = sink;
    levels.add(new IndexBlockBuilder(true));
  }

  /** Adds the leaf entry of a data block (or bloom block): its index key and where it is. */
  public void append(byte[] key, BlockPointer ptr) throws IOException {
    append(key, ptr, 0);
  }

  private void append(byte[] key, BlockPointer ptr, int level) throws IOException {
    if (level == levels.size()) {
      levels.add(new IndexBlockBuilder(false));
    }
    IndexBlockBuilder b = levels.get(level);
    b.add(key, ptr);
    if (b.estimatedSize() > blockSize && b.count() >= 2) {
      flush(level);
    }
  }

  private void flush(int level) throws IOException {
    IndexBlockBuilder b = levels.get(level);
    byte[] first = b.firstKey();
    BlockPointer written = sink.write(b.finish());
    b.reset();
    append(first, written, level + 1);
  }

  /**
   * Writes what is left, lowest level first, and returns the root: the top level's block, even
   * with a single entry (or none, for a file without values).
   */
  public BlockPointer finish() throws IOException {
    for (int level = 0; level < levels.size() - 1; level++) {
      if (levels.get(level).count() > 0) {
        flush(level);
      }
    }
    IndexBlockBuilder top = levels.get(levels.size() - 1);
    return sink.write(top.finish());
  }
}
