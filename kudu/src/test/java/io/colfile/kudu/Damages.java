package io.colfile.kudu;

import io.colfile.core.encoding.ByteCursor;
import io.colfile.core.encoding.Endian;
import io.colfile.core.encoding.Varints;
import io.colfile.kudu.proto.KuduProto;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;

/**
 * Damaged copies of a CFile, each with the rule its read must follow (STYLE.md section 4):
 * truncations at every structural boundary and at random points; one flipped byte per region,
 * left for the checksums to catch; and, through {@link CFileRewriter} with the checksums made
 * right again, length and count fields set to huge, negative and off-by-one values, bytes
 * flipped inside blocks, footer fields changed and index entries pointed elsewhere.
 */
final class Damages {
  private static final long[] U32 = {0, 1, 0x7FFF_FFFFL, 0xFFFF_FFFFL, 0x8000_0000L};
  private static final long[] VARINTS = {0, 1, 0x7FFF_FFFFL, 0xFFFF_FFFFL, 1L << 35,
      Long.MAX_VALUE, -1L};

  private Damages() {}

  /** What the read of a damaged file may end in. */
  enum Rule {
    /** CorruptFileException and nothing else (truncations, other formats). */
    CORRUPT,
    /** CorruptFileException naming a checksum mismatch of the block at {@code offset}. */
    CHECKSUM_OF_BLOCK,
    /** CorruptFileException or UnsupportedFeatureException: never a clean read. */
    NOT_CLEAN,
    /** A flipped footer byte: NOT_CLEAN unless it cleared the CHECKSUM bit itself. */
    FOOTER_FLIP,
    /** Anything allowed: a clean read, CorruptFileException or UnsupportedFeatureException. */
    ANY,
    /** UnsupportedFeatureException. */
    UNSUPPORTED,
    /** A clean read (damage a reader must ignore). */
    CLEAN
  }

  /** Makes a damaged copy. */
  interface Maker {
    byte[] make() throws IOException;
  }

  /**
   * One damaged copy, made when asked for ({@link #bytes}); {@code offset} is the damaged
   * block's for {@link Rule#CHECKSUM_OF_BLOCK}.
   */
  record Damage(String what, Rule rule, long offset, Maker maker) {
    byte[] bytes() throws IOException {
      return maker.make();
    }
  }

  /** Every damage of one file; {@code full} takes every block and several bytes per region. */
  static List<Damage> of(String name, byte[] file, Random r, boolean full) throws IOException {
    CFileLayout layout = CFileLayout.of(name, file);
    boolean crc;
    int pbLen = Endian.getIntLE(file, file.length - 4);
    KuduProto.CFileFooterPB footer = KuduProto.CFileFooterPB.parser()
        .parseFrom(file, file.length - 12 - pbLen, pbLen);
    crc = (footer.getIncompatibleFeatures() & 1) != 0;
    List<Damage> out = new ArrayList<>();
    truncations(file, layout, r, full, out);
    flips(file, layout, r, full, crc, out);
    footerEdits(name, file, footer, out);
    tailEdits(file, out);
    headerEdits(name, file, out);
    blockEdits(name, file, layout, footer, r, full, out);
    return out;
  }

  private static void truncations(byte[] file, CFileLayout layout, Random r, boolean full,
      List<Damage> out) {
    java.util.TreeSet<Integer> cuts = new java.util.TreeSet<>(List.of(0, 1, 8, 11, 12, 23));
    List<CFileLayout.Region> regions = layout.regions();
    for (int i = 0; i < regions.size(); i++) {
      CFileLayout.Region g = regions.get(i);
      if (full || i < 3 || i >= regions.size() - 3 || r.nextInt(regions.size()) < 4) {
        cuts.add((int) g.offset());
        cuts.add((int) g.offset() + 1);
        cuts.add((int) g.end() - 1);
      }
    }
    cuts.add(file.length - 4);
    cuts.add(file.length - 12);
    for (int i = 0; i < (full ? 30 : 5); i++) {
      cuts.add(r.nextInt(file.length));
    }
    for (int cut : cuts) {
      if (cut >= 0 && cut < file.length) {
        out.add(new Damage("truncated to " + cut + " bytes", Rule.CORRUPT, -1,
            () -> Arrays.copyOf(file, cut)));
      }
    }
  }

  private static void flips(byte[] file, CFileLayout layout, Random r, boolean full, boolean crc,
      List<Damage> out) {
    for (CFileLayout.Region g : layout.regions()) {
      int times = full ? 3 : 1;
      for (int i = 0; i < times && g.length() > 0; i++) {
        int at = (int) (g.offset() + r.nextInt((int) g.length()));
        byte mask = (byte) (1 + r.nextInt(255));
        Rule rule = !crc ? Rule.ANY
            : g.kind().equals("footer") ? Rule.FOOTER_FLIP
            : g.kind().equals("header") ? Rule.NOT_CLEAN : Rule.CHECKSUM_OF_BLOCK;
        out.add(new Damage("byte " + at + " flipped in " + g, rule, g.offset(),
            () -> flip(file, at, mask)));
      }
    }
  }

  /**
   * Every byte of every block flipped, one at a time (checksummed files); at most {@code
   * maxPerBlock} bytes of a block and {@code maxBlocks} blocks (the first and last, every index
   * and dictionary block, and data blocks at random), spread evenly.
   */
  static List<Damage> everyBlockByte(String name, byte[] file, Random r, int maxPerBlock,
      int maxBlocks) throws IOException {
    List<Damage> out = new ArrayList<>();
    List<CFileLayout.Region> regions = CFileLayout.of(name, file).regions();
    int dataBlocks = (int) regions.stream().filter(g -> g.kind().equals("data")).count();
    for (int i = 0; i < regions.size(); i++) {
      CFileLayout.Region g = regions.get(i);
      if (g.kind().equals("header") || g.kind().equals("footer")) {
        continue;
      }
      if (g.kind().equals("data") && i != 1 && i != regions.size() - 2
          && r.nextInt(Math.max(1, dataBlocks)) >= maxBlocks) {
        continue;
      }
      int step = Math.max(1, (int) (g.length() / maxPerBlock));
      for (int at = (int) g.offset() + r.nextInt(step); at < g.end(); at += step) {
        int where = at;
        byte mask = (byte) (1 + r.nextInt(255));
        out.add(new Damage("byte " + at + " flipped in " + g, Rule.CHECKSUM_OF_BLOCK,
            g.offset(), () -> flip(file, where, mask)));
      }
    }
    return out;
  }

  private static void footerEdits(String name, byte[] file, KuduProto.CFileFooterPB footer,
      List<Damage> out) throws IOException {
    long n = footer.getNumValues();
    boolean bloom = name.contains("bloom");
    for (long v : new long[] {-1, Long.MIN_VALUE, Long.MAX_VALUE, n + 1, 1L << 31, 1L << 32}) {
      footer(name, file, out, "num_values " + v, bloom ? Rule.ANY : Rule.NOT_CLEAN,
          f -> f.setNumValues(v));
    }
    if (n > 0) {
      // without a positional index, 0 values is what a BloomFile says: nothing is read
      boolean none = n == 1 && !footer.hasPosidxInfo();
      footer(name, file, out, "num_values " + (n - 1), bloom || none ? Rule.ANY : Rule.NOT_CLEAN,
          f -> f.setNumValues(n - 1));
    }
    // {offset, size, 1 if the pointer may land on real bytes (anything goes), else 0}
    long[][] pointers = {{-1, 10, 0}, {0, 10, 0}, {1, 10, 0}, {Long.MAX_VALUE, 10, 0},
        {file.length, 10, 0}, {16, -1, 0}, {16, 0, 0}, {16, 3, 0}, {16, Integer.MAX_VALUE, 0},
        {16, Integer.MIN_VALUE, 0}, {16, 40, 1}, {file.length - 40, 20, 1}};
    for (long[] p : pointers) {
      KuduProto.BlockPointerPB ptr = KuduProto.BlockPointerPB.newBuilder().setOffset(p[0])
          .setSize((int) p[1]).build();
      String at = "(" + p[0] + ", " + p[1] + ")";
      Rule rule = p[2] == 1 ? Rule.ANY : Rule.NOT_CLEAN;
      if (footer.hasPosidxInfo()) {
        footer(name, file, out, "posidx root " + at, rule,
            f -> f.setPosidxInfo(KuduProto.BTreeInfoPB.newBuilder().setRootBlock(ptr)));
      }
      if (footer.hasValidxInfo()) {
        footer(name, file, out, "validx root " + at, rule,
            f -> f.setValidxInfo(KuduProto.BTreeInfoPB.newBuilder().setRootBlock(ptr)));
      }
      if (footer.hasDictBlockPtr()) {
        // only read when a data block is in codeword mode
        footer(name, file, out, "dict_block_ptr " + at, Rule.ANY, f -> f.setDictBlockPtr(ptr));
      }
    }
    footer(name, file, out, "no posidx", Rule.ANY, f -> f.clearPosidxInfo());
    footer(name, file, out, "no validx", Rule.ANY, f -> f.clearValidxInfo());
    footer(name, file, out, "no dict_block_ptr", Rule.ANY, f -> f.clearDictBlockPtr());
    for (int t : new int[] {-1, 18, 999, 0, 1, 2, 5, 7, 8, 9, 10, 11, 12, 14, 17, 20}) {
      footer(name, file, out, "data_type " + t, t == -1 || t == 18 || t == 999
          ? Rule.NOT_CLEAN : Rule.ANY, f -> f.setDataType(t));
    }
    for (int e : new int[] {0, 3, 999, -1, 1, 2, 4, 5, 6}) {
      footer(name, file, out, "encoding " + e, e == 3 ? Rule.UNSUPPORTED
          : e == 0 || e == 999 || e == -1 ? Rule.NOT_CLEAN : Rule.ANY, f -> f.setEncoding(e));
    }
    for (int c : new int[] {0, 5, 999, -1, 1, 2, 3, 4}) {
      footer(name, file, out, "compression " + c, c < 1 || c > 4 ? Rule.NOT_CLEAN : Rule.ANY,
          f -> f.setCompression(c));
    }
    footer(name, file, out, "is_type_nullable flipped", Rule.ANY,
        f -> f.setIsTypeNullable(!f.getIsTypeNullable()));
    int features = footer.getIncompatibleFeatures();
    for (int bits : new int[] {2, 4, 0x80000000, 0xFFFFFFFE}) {
      footer(name, file, out, "incompatible_features | " + Integer.toHexString(bits),
          Rule.UNSUPPORTED, f -> f.setIncompatibleFeatures(features | bits));
    }
    footer(name, file, out, "CHECKSUM bit flipped", Rule.ANY,
        f -> f.setIncompatibleFeatures(features ^ 1));
    footer(name, file, out, "unknown compatible_features", Rule.CLEAN,
        f -> f.setCompatibleFeatures(0xFFFFFFFF));
    footer(name, file, out, "a large metadata pair", Rule.CLEAN,
        f -> f.addMetadata(KuduProto.FileMetadataPairPB.newBuilder().setKey("junk")
            .setValue(com.google.protobuf.ByteString.copyFrom(new byte[30_000]))));
    footer(name, file, out, "footer over Kudu's 64 KiB", Rule.NOT_CLEAN,
        f -> f.addMetadata(KuduProto.FileMetadataPairPB.newBuilder().setKey("junk")
            .setValue(com.google.protobuf.ByteString.copyFrom(new byte[70_000]))));
  }

  private static void footer(String name, byte[] file, List<Damage> out, String what, Rule rule,
      Consumer<KuduProto.CFileFooterPB.Builder> edit) throws IOException {
    CFileRewriter.Edits e = new CFileRewriter.Edits();
    e.footer = edit;
    out.add(new Damage("footer " + what, rule, -1, () -> CFileRewriter.rewrite(name, file, e)));
  }

  /** The footer length field in place (the footer checksum, if any, then fails too). */
  private static void tailEdits(byte[] file, List<Damage> out) {
    int len = Endian.getIntLE(file, file.length - 4);
    for (long v : new long[] {0, 1, len - 1, len + 1, 65536, 65537, 0x7FFF_FFFFL, 0xFFFF_FFFFL,
        file.length - 12, file.length}) {
      if (v == len) {
        continue;
      }
      out.add(new Damage("footer length " + v, Rule.NOT_CLEAN, -1, () -> {
        byte[] b = file.clone();
        Endian.putIntLE(b, b.length - 4, (int) v);
        return b;
      }));
    }
  }

  /** The header's length field, with the header checksum made right. */
  private static void headerEdits(String name, byte[] file, List<Damage> out)
      throws IOException {
    for (long v : new long[] {1, 4, 65536, 65537, 0x7FFF_FFFFL, 0xFFFF_FFFFL}) {
      CFileRewriter.Edits e = new CFileRewriter.Edits();
      e.header = h -> {
        byte[] c = h.clone();
        Endian.putIntLE(c, 8, (int) v);
        return c;
      };
      out.add(new Damage("header length " + v, v > 65536 ? Rule.NOT_CLEAN : Rule.ANY, -1,
          () -> CFileRewriter.rewrite(name, file, e)));
    }
    CFileRewriter.Edits e = new CFileRewriter.Edits();
    e.header = h -> {
      byte[] c = h.clone();
      c[7] = '1'; // v1 magic at the front, v2 at the back
      return c;
    };
    out.add(new Damage("header magic v1", Rule.NOT_CLEAN, -1,
        () -> CFileRewriter.rewrite(name, file, e)));
  }

  private static void blockEdits(String name, byte[] file, CFileLayout layout,
      KuduProto.CFileFooterPB footer, Random r, boolean full, List<Damage> out)
      throws IOException {
    List<CFileLayout.Region> blocks = new ArrayList<>();
    for (CFileLayout.Region g : layout.regions()) {
      if (!g.kind().equals("header") && !g.kind().equals("footer")) {
        blocks.add(g);
      }
    }
    boolean nullable = footer.getIsTypeNullable();
    boolean compressed = footer.getCompression() != 1;
    for (int i = 0; i < blocks.size(); i++) {
      CFileLayout.Region g = blocks.get(i);
      boolean data = g.kind().equals("data");
      // the first and last blocks, every index and dictionary block, and of the other data
      // blocks about 3 (30 with full)
      if (data && i != 0 && i != blocks.size() - 1
          && r.nextInt(blocks.size()) >= (full ? 30 : 3)) {
        continue;
      }
      final int index = i;
      String where = g.what();
      if (g.kind().equals("posidx") || g.kind().equals("validx")) {
        indexEdits(name, file, index, where, r, out);
      } else {
        int inner = data && nullable ? -2 : 0; // -2: after the null header, found per payload
        for (int at : new int[] {0, 4, 8, 12, 16}) {
          for (long v : U32) {
            payload(name, file, out, where + ": u32 at " + at + " (of the "
                + (inner == 0 ? "block" : "inner block") + ") = " + v, index, p -> {
                  int o = (inner == 0 ? 0 : innerStart(p)) + at;
                  if (o + 4 <= p.length) {
                    Endian.putIntLE(p, o, (int) v);
                  }
                  return p;
                });
          }
        }
        if (data && nullable) {
          for (int field = 0; field < 2; field++) {
            for (long v : VARINTS) {
              int f = field;
              payload(name, file, out, where + ": null header " + (f == 0 ? "num_rows"
                  : "bitmap_len") + " = " + v, index, p -> replaceVarint(p, f, v));
            }
          }
        }
      }
      payload(name, file, out, where + ": payload cut by one byte", index,
          p -> Arrays.copyOf(p, Math.max(0, p.length - 1)));
      payload(name, file, out, where + ": payload cut in half", index,
          p -> Arrays.copyOf(p, p.length / 2));
      payload(name, file, out, where + ": payload empty", index, p -> new byte[0]);
      payload(name, file, out, where + ": payload with 9 bytes more", index,
          p -> Arrays.copyOf(p, p.length + 9));
      for (int k = 0; k < (full ? 8 : 3); k++) {
        long seed = r.nextLong();
        payload(name, file, out, where + ": payload byte flipped (seed " + seed + ")", index,
            p -> {
              if (p.length > 0) {
                Random x = new Random(seed);
                p[x.nextInt(p.length)] ^= (byte) (1 + x.nextInt(255));
              }
              return p;
            });
      }
      if (compressed) {
        // the frame's uncompressed size: {label, value or -1 for "as if stored raw", -2 for one
        // less than that}
        for (long v : new long[] {0, 1, 0x7FFF_FFFFL, 0xFFFF_FFFFL, 16 << 20, (16 << 20) + 1,
            -1, -2}) {
          CFileRewriter.Edits e = new CFileRewriter.Edits();
          e.stored = (b, s) -> {
            if (b.index() == index && s.length >= 4) {
              s = s.clone();
              Endian.putIntLE(s, 0, (int) (v >= 0 ? v : s.length - 4 + v + 1));
            }
            return s;
          };
          String label = v == -1 ? "the stored length (raw)" : v == -2 ? "the stored length - 1"
              : Long.toString(v);
          out.add(new Damage(where + ": uncompressed size in the frame = " + label, Rule.ANY,
              -1, () -> CFileRewriter.rewrite(name, file, e)));
        }
      }
    }
  }

  private static void indexEdits(String name, byte[] file, int index, String where, Random r,
      List<Damage> out) throws IOException {
    for (long v : new long[] {0, 1, -1, Integer.MAX_VALUE, Integer.MIN_VALUE, 1 << 20}) {
      index(name, file, out, where + ": num_entries = " + v, index, e -> e.numEntries = v);
    }
    index(name, file, out, where + ": num_entries + 1", index, e -> e.numEntries++);
    index(name, file, out, where + ": num_entries - 1", index, e -> e.numEntries--);
    for (long v : new long[] {1, 2, 999, -1}) {
      index(name, file, out, where + ": type = " + v, index,
          e -> e.type = v == 1 ? 1 - e.type : v);
    }
    for (long v : U32) {
      index(name, file, out, where + ": trailer length = " + v, index, e -> e.trailerLength = v);
      index(name, file, out, where + ": entry 0's offset = " + v, index,
          e -> e.offsetPatch = new long[] {0, v});
    }
    for (long v : VARINTS) {
      index(name, file, out, where + ": entry pointer offset = " + v, index,
          e -> e.pointers.forEach(p -> p[0] = v));
      index(name, file, out, where + ": entry pointer size = " + v, index,
          e -> e.pointers.forEach(p -> p[1] = v));
    }
    index(name, file, out, where + ": entries point at the first entry's block", index,
        e -> e.pointers.forEach(p -> {
          p[0] = e.pointers.get(0)[0];
          p[1] = e.pointers.get(0)[1];
        }));
    index(name, file, out, where + ": entries in reverse", index, e -> {
      java.util.Collections.reverse(e.pointers);
    });
    index(name, file, out, where + ": keys empty", index,
        e -> e.keys.replaceAll(k -> new byte[0]));
    index(name, file, out, where + ": keys long FF", index, e -> e.keys.replaceAll(k -> {
      byte[] ff = new byte[300];
      Arrays.fill(ff, (byte) 0xFF);
      return ff;
    }));
    index(name, file, out, where + ": no entries", index, e -> {
      e.keys.clear();
      e.pointers.clear();
      e.numEntries = 0;
    });
  }

  private static void index(String name, byte[] file, List<Damage> out, String what, int index,
      Consumer<CFileRewriter.IndexEntries> edit) throws IOException {
    CFileRewriter.Edits e = new CFileRewriter.Edits();
    e.index = (b, entries) -> {
      if (b.index() == index) {
        edit.accept(entries);
      }
      return entries;
    };
    out.add(new Damage(what, Rule.ANY, -1, () -> CFileRewriter.rewrite(name, file, e)));
  }

  private static void payload(String name, byte[] file, List<Damage> out, String what,
      int index, java.util.function.UnaryOperator<byte[]> edit) throws IOException {
    CFileRewriter.Edits e = new CFileRewriter.Edits();
    e.payload = (b, p) -> b.index() == index ? edit.apply(p.clone()) : p;
    out.add(new Damage(what, Rule.ANY, -1, () -> CFileRewriter.rewrite(name, file, e)));
  }

  private static byte[] flip(byte[] file, int at, byte mask) {
    byte[] b = file.clone();
    b[at] ^= mask;
    return b;
  }

  /** Where the inner block of a nullable data block starts: after num_rows, bitmap_len, bitmap. */
  private static int innerStart(byte[] p) {
    try {
      ByteCursor in = new ByteCursor(p, 0, p.length);
      in.readVarLong();
      long bitmap = in.readVarLong();
      return (int) Math.min(p.length, in.position() + bitmap);
    } catch (Exception e) {
      return 0;
    }
  }

  /** The payload with varint number {@code field} (0 or 1) of its start replaced by {@code v}. */
  private static byte[] replaceVarint(byte[] p, int field, long v) {
    try {
      ByteCursor in = new ByteCursor(p, 0, p.length);
      int start = 0;
      for (int i = 0; i < field; i++) {
        in.readVarLong();
        start = in.position();
      }
      in.readVarLong();
      int end = in.position();
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      out.write(p, 0, start);
      byte[] buf = new byte[Varints.MAX_VARLONG_BYTES];
      out.write(buf, 0, Varints.writeVarLong(buf, 0, v));
      out.write(p, end, p.length - end);
      return out.toByteArray();
    } catch (Exception e) {
      return p;
    }
  }
}
