package io.colfile.kudu;

import io.colfile.core.error.MalformedInputException;
import io.colfile.kudu.index.IndexBlock;
import io.colfile.kudu.index.IndexTreeWriter;
import io.colfile.kudu.meta.BlockPointer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Rebuilds a CFile's index B-tree (cfile.md section 8) with colfile's {@link IndexTreeWriter}
 * from the leaf entries Kudu wrote, and compares every index block, leaf and internal, with
 * Kudu's. Kudu writes a tree's blocks in the order the writer finishes them (section 3.6), so the
 * k-th block colfile's writer emits must be the tree's k-th block by file offset, and it is
 * given that block's pointer, which the level above then records.
 */
final class IndexTrees {
  private static final int INDEX_BLOCK_SIZE = 32 << 10;

  private IndexTrees() {}

  /** One index block of the tree as Kudu wrote it. */
  private record Node(BlockPointer ptr, IndexBlock block, byte[] payload) {}

  static void rebuild(CFile r, String name, BlockPointer root, String tree,
      BlockReencoder.Envelope envelope, BlockReencoder out) throws IOException,
      MalformedInputException {
    if (root == null) {
      return;
    }
    List<Node> nodes = new ArrayList<>();
    List<byte[]> keys = new ArrayList<>();
    List<BlockPointer> leaves = new ArrayList<>();
    walk(r, root, 0, tree, nodes, keys, leaves, envelope, name, out);
    nodes.sort(Comparator.comparingLong(n -> n.ptr().offset()));
    int[] next = {0};
    IndexTreeWriter writer = new IndexTreeWriter(INDEX_BLOCK_SIZE, block -> {
      int k = next[0]++;
      if (k >= nodes.size()) {
        out.tally(BlockReencoder.INDEX_LEAF).add(false, name + " " + tree + ": colfile writes "
            + "more index blocks than the " + nodes.size() + " Kudu wrote");
        return new BlockPointer(0, 0);
      }
      Node kudu = nodes.get(k);
      out.tally(kudu.block().isLeaf() ? BlockReencoder.INDEX_LEAF : BlockReencoder.INDEX_INTERNAL)
          .add(Arrays.equals(block, kudu.payload()), name + " " + tree + " @"
              + kudu.ptr().offset());
      return kudu.ptr();
    });
    for (int i = 0; i < keys.size(); i++) {
      writer.append(keys.get(i), leaves.get(i));
    }
    BlockPointer ours = writer.finish();
    if (!ours.equals(root) || next[0] != nodes.size()) {
      out.tally(BlockReencoder.INDEX_INTERNAL).add(false, name + " " + tree + ": colfile's "
          + "tree has " + next[0] + " blocks and root " + ours + ", Kudu's " + nodes.size()
          + " and root " + root);
    }
  }

  /** Collects the tree's blocks and, in key order, its leaf entries. */
  private static void walk(CFile r, BlockPointer ptr, int level, String tree,
      List<Node> nodes, List<byte[]> keys, List<BlockPointer> leaves,
      BlockReencoder.Envelope envelope, String name, BlockReencoder out) throws IOException,
      MalformedInputException {
    IndexBlock block = r.readIndexBlock(ptr, level, tree);
    BlockSlice payload = r.readBlock(ptr, tree + " block");
    envelope.check(ptr, payload, name + " " + tree + " @" + ptr.offset(), out);
    nodes.add(new Node(ptr, block, payload.toByteArray()));
    for (int i = 0; i < block.count(); i++) {
      if (block.isLeaf()) {
        keys.add(block.key(i));
        leaves.add(block.pointer(i));
      } else {
        walk(r, block.pointer(i), level + 1, tree, nodes, keys, leaves, envelope, name, out);
      }
    }
  }
}
