package io.colfile.kudu.index;

import io.colfile.kudu.meta.BlockPointer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Walks a CFile B-tree (cfile.md section 8.4): seeks to the leaf entry for a key and then moves
 * from leaf entry to leaf entry in key order. Holds the path from the root to the current leaf.
 * A tree deeper than {@link #MAX_DEPTH} levels is taken for a damaged file (a pointer cycle
 * would otherwise never end).
 */
public final class IndexTreeReader {
  /** Kudu's trees have a few levels; 32 would index more blocks than a file can hold. */
  public static final int MAX_DEPTH = 32;

  /**
   * Reads and parses the index block at {@code ptr}, {@code level} steps below the root; it
   * refuses levels of {@link #MAX_DEPTH} and more.
   */
  @FunctionalInterface
  public interface BlockSource {
    IndexBlock read(BlockPointer ptr, int level) throws IOException;
  }

  private final BlockSource source;
  private final BlockPointer root;
  private final List<IndexBlock> path = new ArrayList<>();
  private final List<Integer> positions = new ArrayList<>();

  public IndexTreeReader(BlockPointer root, BlockSource source) {
    this.root = root;
    this.source = source;
  }

  /** Positions on the first leaf entry; false if the tree has none. */
  public boolean seekToFirst() throws IOException {
    reset();
    return descendFirst(root) && ensureEntry();
  }

  /**
   * Positions on the last leaf entry whose key is at or before {@code key} ({@code orEqual}) or
   * strictly before it; false if every key is after it.
   */
  public boolean seek(byte[] key, boolean orEqual) throws IOException {
    reset();
    BlockPointer ptr = root;
    while (true) {
      IndexBlock b = load(ptr);
      int i = orEqual ? b.seekAtOrBefore(key) : b.seekBefore(key);
      if (i < 0) {
        return false;
      }
      positions.set(positions.size() - 1, i);
      if (b.isLeaf()) {
        return true;
      }
      ptr = b.pointer(i);
    }
  }

  /** Moves to the next leaf entry; false (and no position) after the last one. */
  public boolean next() throws IOException {
    for (int level = path.size() - 1; level >= 0; level--) {
      int i = positions.get(level) + 1;
      if (i < path.get(level).count()) {
        positions.set(level, i);
        truncate(level + 1);
        if (path.get(level).isLeaf()) {
          return true;
        }
        if (descendFirst(path.get(level).pointer(i)) && ensureEntry()) {
          return true;
        }
        return false;
      }
    }
    truncate(0);
    return false;
  }

  /**
   * A reader of the same tree standing where this one stands (the index blocks on its path,
   * which are immutable, shared): it then moves on its own.
   */
  public IndexTreeReader copy() {
    IndexTreeReader c = new IndexTreeReader(root, source);
    c.positionAt(this);
    return c;
  }

  /** Moves to where {@code other}, a reader of the same tree, stands (no block is read). */
  public void positionAt(IndexTreeReader other) {
    if (other != this) {
      path.clear();
      path.addAll(other.path);
      positions.clear();
      positions.addAll(other.positions);
    }
  }

  /** The current leaf entry's key. */
  public byte[] key() {
    return leaf().key(positions.get(positions.size() - 1));
  }

  /** The block the current leaf entry points at. */
  public BlockPointer pointer() {
    return leaf().pointer(positions.get(positions.size() - 1));
  }

  /** The number of levels from the root to the leaves along the first path. */
  public int depth() throws IOException {
    int levels = 0;
    BlockPointer ptr = root;
    while (true) {
      IndexBlock b = source.read(ptr, levels);
      levels++;
      if (b.isLeaf() || b.count() == 0) {
        return levels;
      }
      ptr = b.pointer(0);
    }
  }

  private IndexBlock leaf() {
    if (path.isEmpty()) {
      throw new IllegalStateException("not positioned on an index entry");
    }
    return path.get(path.size() - 1);
  }

  /** Descends from {@code ptr} along first entries; false if a block on the way is empty. */
  private boolean descendFirst(BlockPointer ptr) throws IOException {
    while (true) {
      IndexBlock b = load(ptr);
      if (b.count() == 0) {
        return false;
      }
      positions.set(positions.size() - 1, 0);
      if (b.isLeaf()) {
        return true;
      }
      ptr = b.pointer(0);
    }
  }

  /** After a descent ended on an empty internal block, moves on to the next entry. */
  private boolean ensureEntry() {
    return !path.isEmpty() && path.get(path.size() - 1).isLeaf();
  }

  private IndexBlock load(BlockPointer ptr) throws IOException {
    IndexBlock b = source.read(ptr, path.size());
    path.add(b);
    positions.add(-1);
    return b;
  }

  private void reset() {
    truncate(0);
  }

  private void truncate(int levels) {
    while (path.size() > levels) {
      path.remove(path.size() - 1);
      positions.remove(positions.size() - 1);
    }
  }
}
