package io.colfile.kudu;

import io.colfile.core.codec.Compressor;
import io.colfile.core.encoding.Endian;
import io.colfile.core.encoding.Varints;
import io.colfile.core.io.InputFile;
import io.colfile.kudu.index.IndexBlock;
import io.colfile.kudu.meta.BlockPointer;
import io.colfile.kudu.proto.KuduProto;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import java.util.zip.CRC32C;

/**
 * Rebuilds a v2 CFile block by block from its {@link CFileLayout}, letting a test change one
 * structure on the way (a block's payload, its stored bytes, an index block's entries, the
 * header or the footer) while everything else stays consistent: blocks are re-framed, pointers
 * to moved blocks follow them (children precede parents, so one pass in file order does it) and
 * checksums are recomputed. The damage therefore reaches the decoders instead of stopping at a
 * checksum. With no edits, a file colfile wrote comes back byte for byte. v1 files stay v1.
 */
final class CFileRewriter {
  private CFileRewriter() {}

  /** A block being rewritten: its index in file order, kind (data, posidx, validx, dict). */
  record Block(int index, String kind, long oldOffset) {}

  /** An index block's contents, to change before it is encoded. */
  static final class IndexEntries {
    final List<byte[]> keys = new ArrayList<>();
    /** {offset, size} of each entry, already pointing at the rewritten children. */
    final List<long[]> pointers = new ArrayList<>();
    /** The trailer's fields: entries (normally the entry count) and type (LEAF 0 / INTERNAL 1). */
    long numEntries;
    long type;
    /** Set to change one u32 of the entry offset table after encoding: {index, value}. */
    long[] offsetPatch;
    /** Set to replace the u32 trailer length. */
    Long trailerLength;
  }

  /** The changes to make; each hook may return its input (or do nothing). */
  static final class Edits {
    BiFunction<Block, byte[], byte[]> payload = (b, p) -> p;
    BiFunction<Block, byte[], byte[]> stored = (b, s) -> s;
    BiFunction<Block, IndexEntries, IndexEntries> index = (b, e) -> e;
    Consumer<KuduProto.CFileFooterPB.Builder> footer = f -> { };
    /** The header's bytes before its checksum (magic, length, message). */
    UnaryOperator<byte[]> header = h -> h;
    /** The last 4 bytes (footer message length), after the footer checksum was computed. */
    UnaryOperator<byte[]> footerLength = l -> l;
    /**
     * Write the file as Kudu 1.2 and older did (cfile.md section 3.5): magic {@code kuducfil},
     * a header message with major_version 1 and minor_version 0, compressed blocks framed with
     * both sizes and always codec output, no checksums and no feature flags.
     */
    boolean version1;
  }

  static byte[] rewrite(String name, byte[] file, Edits edits) throws IOException {
    try (CFile r = CFile.open(InputFile.of(name, file))) {
      boolean v1 = edits.version1 || r.version() == 1; // a v1 file stays one
      CFileLayout layout = CFileLayout.of(r, file);
      boolean crc = r.footer().hasChecksums() && !edits.version1;
      int readCrc = r.footer().hasChecksums() ? 4 : 0;
      Compressor compressor = BlockEnvelope.compressor(r.compression());
      ByteArrayOutputStream out = new ByteArrayOutputStream(file.length + 64);

      int headerLen = r.header().length() - readCrc;
      byte[] header = java.util.Arrays.copyOf(file, headerLen);
      if (edits.version1) {
        byte[] pb = KuduProto.CFileHeaderPB.newBuilder().setMajorVersion(1).setMinorVersion(0)
            .build().toByteArray();
        header = java.util.Arrays.copyOf(CFile.MAGIC_V1, 12 + pb.length);
        Endian.putIntLE(header, 8, pb.length);
        System.arraycopy(pb, 0, header, 12, pb.length);
      }
      header = edits.header.apply(header);
      out.writeBytes(header);
      if (crc) {
        out.writeBytes(crc(header));
      }

      Map<Long, BlockPointer> moved = new HashMap<>();
      int index = 0;
      for (CFileLayout.Region g : layout.regions()) {
        if (g.kind().equals("header") || g.kind().equals("footer")) {
          continue;
        }
        Block b = new Block(index++, g.kind(), g.offset());
        BlockPointer old = new BlockPointer(g.offset(), (int) g.length());
        byte[] payload = r.readBlock(old, g.what()).toByteArray();
        if (g.kind().equals("posidx") || g.kind().equals("validx")) {
          payload = reindex(b, payload, moved, edits);
        }
        payload = edits.payload.apply(b, payload);
        byte[] stored = compressor == null ? payload
            : v1 ? frameV1(payload, compressor)
            : BlockEnvelope.store(payload, compressor);
        stored = edits.stored.apply(b, stored);
        long offset = out.size();
        out.writeBytes(stored);
        if (crc) {
          out.writeBytes(crc(stored));
        }
        moved.put(g.offset(), new BlockPointer(offset, (int) (out.size() - offset)));
      }

      int pbLen = Endian.getIntLE(file, file.length - 4);
      KuduProto.CFileFooterPB.Builder f = KuduProto.CFileFooterPB.newBuilder()
          .mergeFrom(file, file.length - 12 - pbLen, pbLen);
      if (f.hasPosidxInfo()) {
        f.getPosidxInfoBuilder().setRootBlock(pb(moved.get(f.getPosidxInfo().getRootBlock()
            .getOffset())));
      }
      if (f.hasValidxInfo()) {
        f.getValidxInfoBuilder().setRootBlock(pb(moved.get(f.getValidxInfo().getRootBlock()
            .getOffset())));
      }
      if (f.hasDictBlockPtr()) {
        f.setDictBlockPtr(pb(moved.get(f.getDictBlockPtr().getOffset())));
      }
      if (edits.version1) {
        f.clearIncompatibleFeatures().clearCompatibleFeatures();
      }
      edits.footer.accept(f);
      byte[] pb = f.build().toByteArray();
      byte[] tail = new byte[12];
      System.arraycopy(edits.version1 ? CFile.MAGIC_V1 : file, edits.version1 ? 0
          : file.length - 12, tail, 0, 8);
      Endian.putIntLE(tail, 8, pb.length);
      if (crc) {
        out.writeBytes(crc(pb, tail));
      }
      out.writeBytes(pb);
      out.write(tail, 0, 8);
      out.writeBytes(edits.footerLength.apply(java.util.Arrays.copyOfRange(tail, 8, 12)));
      return out.toByteArray();
    }
  }

  /** A v1 compressed block: compressed size, uncompressed size, codec output. */
  private static byte[] frameV1(byte[] payload, Compressor c) {
    byte[] out = new byte[8 + c.maxCompressedLength(payload.length)];
    int n = c.compress(payload, 0, payload.length, out, 8, out.length - 8);
    Endian.putIntLE(out, 0, n);
    Endian.putIntLE(out, 4, payload.length);
    return java.util.Arrays.copyOf(out, 8 + n);
  }

  /** Re-encodes an index block with its pointers moved, through the index hook. */
  private static byte[] reindex(Block b, byte[] payload, Map<Long, BlockPointer> moved,
      Edits edits) throws IOException {
    IndexBlock block;
    try {
      block = IndexBlock.parse(payload, 0, payload.length);
    } catch (io.colfile.core.error.MalformedInputException e) {
      throw new IOException(e);
    }
    IndexEntries e = new IndexEntries();
    for (int i = 0; i < block.count(); i++) {
      BlockPointer p = moved.get(block.pointer(i).offset());
      if (p == null) {
        throw new IllegalStateException("index block " + b + " points at a block not before it");
      }
      e.keys.add(block.key(i));
      e.pointers.add(new long[] {p.offset(), p.size()});
    }
    e.numEntries = block.count();
    e.type = block.isLeaf() ? 0 : 1;
    return encode(edits.index.apply(b, e));
  }

  /** cfile.md section 8.1, as IndexBlockBuilder writes it, from possibly damaged entries. */
  static byte[] encode(IndexEntries e) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] v = new byte[Varints.MAX_VARLONG_BYTES];
    List<Integer> offsets = new ArrayList<>();
    for (int i = 0; i < e.keys.size(); i++) {
      offsets.add(out.size());
      out.write(v, 0, Varints.writeVarLong(v, 0, e.keys.get(i).length));
      out.writeBytes(e.keys.get(i));
      out.write(v, 0, Varints.writeVarLong(v, 0, e.pointers.get(i)[0]));
      out.write(v, 0, Varints.writeVarLong(v, 0, e.pointers.get(i)[1]));
    }
    int table = out.size();
    for (int o : offsets) {
      out.writeBytes(le(o));
    }
    byte[] trailer = KuduProto.IndexBlockTrailerPB.newBuilder()
        .setNumEntries((int) e.numEntries).setType((int) e.type).build().toByteArray();
    out.writeBytes(trailer);
    out.writeBytes(le(e.trailerLength != null ? e.trailerLength.intValue() : trailer.length));
    byte[] bytes = out.toByteArray();
    if (e.offsetPatch != null && e.offsetPatch[0] < offsets.size()) {
      Endian.putIntLE(bytes, table + 4 * (int) e.offsetPatch[0], (int) e.offsetPatch[1]);
    }
    return bytes;
  }

  private static KuduProto.BlockPointerPB pb(BlockPointer p) {
    return KuduProto.BlockPointerPB.newBuilder().setOffset(p.offset()).setSize(p.size()).build();
  }

  static byte[] le(int v) {
    byte[] b = new byte[4];
    Endian.putIntLE(b, 0, v);
    return b;
  }

  static byte[] crc(byte[]... parts) {
    CRC32C c = new CRC32C();
    for (byte[] p : parts) {
      c.update(p);
    }
    return le((int) c.getValue());
  }
}
