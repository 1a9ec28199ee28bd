package io.colfile.kudu;

import io.colfile.core.encoding.ByteCursor;
import io.colfile.core.encoding.Endian;
import io.colfile.core.error.MalformedInputException;
import io.colfile.core.io.InputFile;
import io.colfile.core.layout.FileLayout;
import io.colfile.core.layout.LayoutSpan;
import io.colfile.core.layout.SpanRole;
import io.colfile.kudu.index.IndexBlock;
import io.colfile.kudu.meta.BlockPointer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Lays out a CFile ({@link CFile#layout()}, cfile.md section 3): the header, the index trees
 * block by block, the data blocks their leaves point at (BloomFile filters as BLOOM_FILTER;
 * the null header and bitmap of an uncompressed nullable block as NULLS apart from its values),
 * the dictionary block and the footer. Index blocks that cannot be read are UNKNOWN spans
 * saying why; what they would have led to is then left to {@link FileLayout#tile}'s gaps.
 */
final class CFileSpans {
  /** What a CFile's cells are called in layouts: a CFile holds one column. */
  static final String CELLS = "cells";

  private final CFile file;
  private final InputFile in;
  private final boolean bloom;
  private final List<LayoutSpan> spans = new ArrayList<>();
  private final Set<Long> indexBlocks = new HashSet<>();
  /** Data block pointers in leaf order, without repeats, with their first ordinal or -1. */
  private final Map<Long, long[]> data = new LinkedHashMap<>();

  private CFileSpans(CFile file, InputFile in) {
    this.file = file;
    this.in = in;
    this.bloom = "bloom file".equals(CFileDescription.role(file.footer()));
  }

  static FileLayout of(CFile file, InputFile in, long footerStart) throws IOException {
    CFileSpans s = new CFileSpans(file, in);
    s.spans.add(LayoutSpan.of(0, file.header().length(), SpanRole.HEADER, "header"));
    Map<String, Object> fd = new LinkedHashMap<>();
    fd.put("values", file.numValues());
    fd.put("type", file.dataType().kuduName());
    fd.put("role", CFileDescription.role(file.footer()));
    if (file.footer().hasChecksums()) {
      fd.put("checksums", "crc32c on every block, header and footer");
    }
    s.spans.add(new LayoutSpan(footerStart, file.length() - footerStart, List.of("footer"),
        SpanRole.FOOTER, -1, null, fd));
    if (file.footer().posIndexRoot() != null) {
      s.walk(file.footer().posIndexRoot(), 0, "posidx", true);
    }
    if (file.footer().valueIndexRoot() != null) {
      s.walk(file.footer().valueIndexRoot(), 0, "validx", false);
    }
    s.dataBlocks();
    BlockPointer dict = file.footer().dictionaryBlock();
    if (dict != null && dict.offset() >= 0 && dict.size() >= 0) {
      s.spans.add(new LayoutSpan(dict.offset(), dict.size(), List.of("dictionary block"),
          SpanRole.DICTIONARY, 0, CELLS, s.envelope(dict)));
    }
    return FileLayout.tile(KuduFormat.NAME, file.length(), file.numValues(), s.spans);
  }

  private void walk(BlockPointer ptr, int level, String tree, boolean positional)
      throws IOException {
    if (ptr.offset() < 0 || ptr.size() < 0 || !indexBlocks.add(ptr.offset())) {
      return; // a block reached twice is laid out once (and a damaged tree cannot loop)
    }
    IndexBlock b;
    try {
      b = file.readIndexBlock(ptr, level, tree);
    } catch (IOException | RuntimeException e) {
      Map<String, Object> d = new LinkedHashMap<>();
      d.put("problem", LayoutSpan.problemOf(e));
      spans.add(new LayoutSpan(ptr.offset(), ptr.size(), List.of(tree + " block"),
          SpanRole.UNKNOWN, -1, null, d));
      return;
    }
    Map<String, Object> d = envelope(ptr);
    d.put("level", level);
    d.put("entries", b.count());
    spans.add(new LayoutSpan(ptr.offset(), ptr.size(),
        List.of(tree + (b.isLeaf() ? " leaf block" : " internal block")), SpanRole.INDEX, -1,
        null, d));
    for (int i = 0; i < b.count(); i++) {
      BlockPointer p = b.pointer(i);
      if (!b.isLeaf()) {
        walk(p, level + 1, tree, positional);
      } else if (p.offset() >= 0 && p.size() >= 0) {
        long first = -1;
        byte[] key = b.key(i);
        if (positional && key.length == 4) {
          first = Endian.getIntBE(key, 0) & 0xFFFFFFFFL;
        }
        long[] known = data.get(p.offset());
        if (known == null) {
          data.put(p.offset(), new long[] {p.size(), first});
        } else if (known[1] < 0) {
          known[1] = first;
        }
      }
    }
  }

  private void dataBlocks() throws IOException {
    List<Map.Entry<Long, long[]>> blocks = new ArrayList<>(data.entrySet());
    String what = bloom ? "bloom block " : "data block ";
    for (int k = 0; k < blocks.size(); k++) {
      long offset = blocks.get(k).getKey();
      int size = (int) blocks.get(k).getValue()[0];
      long first = blocks.get(k).getValue()[1];
      Map<String, Object> d = new LinkedHashMap<>();
      if (!bloom) {
        d.put("encoding", file.encoding().kuduName());
      }
      d.putAll(envelope(new BlockPointer(offset, size)));
      if (!bloom) {
        if (first >= 0) {
          long next = k + 1 < blocks.size() && blocks.get(k + 1).getValue()[1] >= 0
              ? blocks.get(k + 1).getValue()[1] : file.numValues();
          d.put("values", Math.max(0, next - first));
          d.put("first ordinal", first);
        }
      }
      if (bloom) {
        spans.add(new LayoutSpan(offset, size, List.of(what + k), SpanRole.BLOOM_FILTER, -1,
            null, d));
        continue;
      }
      long nulls = file.isNullable() && file.compression() == KuduCompression.NONE
          ? nullHeader(offset, size) : -1;
      if (nulls > 0) {
        spans.add(new LayoutSpan(offset, nulls, List.of(what + k, "null bitmap"),
            SpanRole.NULLS, 0, CELLS, Map.of()));
        spans.add(new LayoutSpan(offset + nulls, size - nulls, List.of(what + k, "values"),
            SpanRole.DATA, 0, CELLS, d));
      } else {
        if (file.isNullable()) {
          d.put("nullable", true); // the bitmap is compressed with the values
        }
        spans.add(new LayoutSpan(offset, size, List.of(what + k), SpanRole.DATA, 0, CELLS, d));
      }
    }
  }

  /**
   * The bytes of an uncompressed nullable block's null header (rows and bitmap length, two
   * varints) and bitmap, or -1 when they do not fit the block.
   */
  private long nullHeader(long offset, int size) throws IOException {
    int crc = file.footer().hasChecksums() ? 4 : 0;
    int stored = size - crc;
    if (stored <= 0 || offset + size > file.length()) {
      return -1;
    }
    byte[] head = in.read(offset, Math.min(stored, 20));
    try {
      ByteCursor c = new ByteCursor(head, 0, head.length);
      long rows = c.readVarLong();
      long bitmap = c.readVarLong();
      long n = c.position() + bitmap;
      return rows >= 0 && bitmap >= 0 && n <= stored ? n : -1;
    } catch (MalformedInputException e) {
      return -1;
    }
  }

  /**
   * Details of the block at {@code ptr}: its codec and, when compressed, the bytes its payload
   * decompresses to (from the envelope's size header, without decompressing).
   */
  private Map<String, Object> envelope(BlockPointer ptr) throws IOException {
    Map<String, Object> d = new LinkedHashMap<>();
    if (file.compression() != KuduCompression.NONE) {
      d.put("compression", file.compression().kuduName());
      int header = file.version() == 1 ? 8 : 4;
      if (ptr.size() >= header && ptr.offset() >= 0 && ptr.offset() + ptr.size() <= file.length()) {
        byte[] h = in.read(ptr.offset(), header);
        d.put("uncompressed", Endian.getIntLE(h, header - 4) & 0xFFFFFFFFL);
      }
    }
    return d;
  }
}
