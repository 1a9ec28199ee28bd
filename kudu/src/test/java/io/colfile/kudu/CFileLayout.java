package io.colfile.kudu;

import io.colfile.core.encoding.Endian;
import io.colfile.core.io.InputFile;
import io.colfile.kudu.index.IndexBlock;
import io.colfile.kudu.meta.BlockPointer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Every structure of a CFile as {@code [offset, length, what]} (cfile.md section 3): the header,
 * the blocks the footer leads to (the index trees walked block by block, the data or bloom blocks
 * their leaves point at, the dictionary block) and the footer. {@link #gapsAndOverlaps} says
 * whether they tile the file.
 *
 * @param regions in file order
 * @param dataBlocks the data (or bloom) blocks in leaf order of the positional index, else of
 *     the value index
 * @param posidxKeys the positional index's leaf keys (first ordinals), in leaf order
 */
record CFileLayout(long fileLength, List<Region> regions, List<BlockPointer> dataBlocks,
    List<Long> posidxKeys) {

  /** One structure: {@code kind} is header, footer, data, posidx, validx or dict. */
  record Region(long offset, long length, String kind, String what) {
    long end() {
      return offset + length;
    }

    @Override
    public String toString() {
      return "[" + offset + ", " + length + ", " + what + "]";
    }
  }

  /** The layout of the CFile {@code file}. */
  static CFileLayout of(String name, byte[] file) throws IOException {
    try (CFile r = CFile.open(InputFile.of(name, file))) {
      return of(r, file);
    }
  }

  /** The layout of {@code r}, whose bytes are {@code file}. */
  static CFileLayout of(CFile r, byte[] file) throws IOException {
    List<Region> regions = new ArrayList<>();
    regions.add(new Region(0, r.header().length(), "header", "header"));
    long length = r.length();
    long pbLen = Endian.getIntLE(file, file.length - 4) & 0xFFFFFFFFL;
    long footerStart = length - 12 - pbLen - (r.footer().hasChecksums() ? 4 : 0);
    regions.add(new Region(footerStart, length - footerStart, "footer", "footer"));
    List<BlockPointer> posData = new ArrayList<>();
    List<Long> posKeys = new ArrayList<>();
    if (r.footer().posIndexRoot() != null) {
      walk(r, r.footer().posIndexRoot(), 0, "posidx", regions, posData, posKeys);
    }
    List<BlockPointer> valData = new ArrayList<>();
    if (r.footer().valueIndexRoot() != null) {
      walk(r, r.footer().valueIndexRoot(), 0, "validx", regions, valData, new ArrayList<>());
    }
    List<BlockPointer> data;
    if (r.footer().posIndexRoot() != null) {
      data = posData;
      if (r.footer().valueIndexRoot() != null && !valData.equals(posData)) {
        throw new AssertionError(r.name() + ": the value index leads to " + valData
            + ", the positional index to " + posData);
      }
    } else {
      data = valData;
    }
    for (BlockPointer p : data) {
      regions.add(new Region(p.offset(), p.size(), "data", "data block @" + p.offset()));
    }
    if (r.footer().dictionaryBlock() != null) {
      BlockPointer p = r.footer().dictionaryBlock();
      regions.add(new Region(p.offset(), p.size(), "dict", "dictionary block @" + p.offset()));
    }
    regions.sort(Comparator.comparingLong(Region::offset).thenComparingLong(Region::length));
    return new CFileLayout(length, List.copyOf(regions), List.copyOf(data), List.copyOf(posKeys));
  }

  private static void walk(CFile r, BlockPointer ptr, int level, String tree,
      List<Region> regions, List<BlockPointer> leaves, List<Long> keys) throws IOException {
    IndexBlock b = r.readIndexBlock(ptr, level, tree);
    regions.add(new Region(ptr.offset(), ptr.size(), tree,
        tree + (b.isLeaf() ? " leaf" : " internal") + " block @" + ptr.offset()));
    for (int i = 0; i < b.count(); i++) {
      if (b.isLeaf()) {
        leaves.add(b.pointer(i));
        if (tree.equals("posidx")) {
          keys.add(Endian.getIntBE(b.key(i), 0) & 0xFFFFFFFFL);
        }
      } else {
        walk(r, b.pointer(i), level + 1, tree, regions, leaves, keys);
      }
    }
  }

  /** The gaps and overlaps between consecutive regions and the file's ends; empty if none. */
  List<String> gapsAndOverlaps() {
    List<String> out = new ArrayList<>();
    long at = 0;
    for (Region g : regions) {
      if (g.offset() > at) {
        out.add("gap of " + (g.offset() - at) + " bytes at " + at + " before " + g);
      } else if (g.offset() < at) {
        out.add(g + " overlaps the region before it, which ends at " + at);
      }
      at = Math.max(at, g.end());
    }
    if (at != fileLength) {
      out.add("regions end at " + at + ", the file at " + fileLength);
    }
    return out;
  }

  List<Region> ofKind(String kind) {
    return regions.stream().filter(g -> g.kind().equals(kind)).toList();
  }
}
