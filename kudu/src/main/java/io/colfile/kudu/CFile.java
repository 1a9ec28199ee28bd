package io.colfile.kudu;

import io.colfile.core.codec.Decompressor;
import io.colfile.core.encoding.Endian;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.FileRegion;
import io.colfile.core.error.MalformedInputException;
import io.colfile.core.error.UnsupportedFeatureException;
import io.colfile.core.io.InputFile;
import io.colfile.kudu.block.BinaryDictionary;
import io.colfile.kudu.index.IndexBlock;
import io.colfile.kudu.index.IndexTreeReader;
import io.colfile.kudu.meta.BlockPointer;
import io.colfile.kudu.meta.CFileFooter;
import io.colfile.kudu.meta.CFileHeader;
import io.colfile.kudu.meta.MetaCodec;
import java.io.Closeable;
import java.io.IOException;
import java.util.zip.CRC32C;

/**
 * An open CFile of Kudu 1.17 or older, v1 or v2 (cfile.md section 3).
 *
 * <pre>
 * CFile  ::= Header Block* Footer
 * Header ::= magic:"kuducfl2"|"kuducfil" pb_len:u32le CFileHeaderPB [crc32c:u32le]
 * Footer ::= [crc32c:u32le] CFileFooterPB magic pb_len:u32le
 * </pre>
 *
 * The checksums exist only when the footer's CHECKSUM feature bit is set, so the footer is read
 * first (section 3.4). Blocks are read through their {@link BlockPointer}s: checksum verified
 * (unless switched off), then decompressed ({@link BlockEnvelope}). Values are read through a
 * {@link CFileCursor}; the format's other files (BloomFile, DeltaFile) read their blocks through
 * {@link #readBlock}.
 *
 * <p>Safe for cursors on several threads at once (a parallel read's): each cursor decompresses
 * its data blocks with a decompressor of its own, blocks read through {@link #readBlock} (index
 * blocks, the dictionary) share the file's one decompressor in turn, and the dictionary is
 * decoded once; the {@link InputFile} must allow concurrent positional reads, as local files do.
 */
public final class CFile implements Closeable {
  static final byte[] MAGIC_V1 = {'k', 'u', 'd', 'u', 'c', 'f', 'i', 'l'};
  static final byte[] MAGIC_V2 = {'k', 'u', 'd', 'u', 'c', 'f', 'l', '2'};
  /** The largest header or footer message Kudu reads. */
  static final int MAX_PB_LENGTH = 64 << 10;
  private static final int TAIL = 12;

  private final InputFile file;
  private final long length;
  private final boolean verifyChecksums;
  private final int version;
  private final CFileFooter footer;
  private final CFileHeader header;
  /** Where the footer (with its checksum) starts: no block may reach it. */
  private final long footerStart;
  private final Decompressor decompressor;
  private BinaryDictionary dictionary;

  private CFile(InputFile file, boolean verifyChecksums) throws IOException {
    this.file = file;
    this.verifyChecksums = verifyChecksums;
    this.length = file.length();
    if (length < 2 * TAIL) {
      throw corrupt("file", 0, "a CFile has at least 24 bytes (header and footer); this one has "
          + length);
    }
    byte[] tail = file.read(length - TAIL, TAIL);
    this.version = version(tail, "footer", length - TAIL);
    long pbLen = Endian.getIntLE(tail, 8) & 0xFFFFFFFFL;
    if (pbLen > MAX_PB_LENGTH || pbLen > length - 2 * TAIL) {
      throw corrupt("footer", length - 4, "footer length " + pbLen + " is impossible in a file "
          + "of " + length + " bytes (Kudu allows at most " + MAX_PB_LENGTH + ")");
    }
    long pbStart = length - TAIL - pbLen;
    byte[] pb = file.read(pbStart, (int) pbLen);
    try {
      this.footer = MetaCodec.parseFooter(pb, 0, pb.length);
    } catch (MalformedInputException e) {
      throw corrupt("footer", pbStart, e.getMessage(), e);
    }
    int unknown = footer.incompatibleFeatures() & ~CFileFooter.SUPPORTED_INCOMPATIBLE;
    if (unknown != 0) {
      throw new UnsupportedFeatureException(file.name() + ": the CFile uses incompatible "
          + "features 0x" + Integer.toHexString(unknown) + " that Kudu 1.17 does not have");
    }
    if (footer.encoding() == KuduEncoding.GROUP_VARINT) {
      throw new UnsupportedFeatureException(file.name() + ": GROUP_VARINT encoding was never "
          + "readable (Kudu 1.17 has no decoder for it)");
    }
    if (!footer.dataType().encodings().contains(footer.encoding())) {
      throw corrupt("footer", pbStart, footer.dataType().kuduName() + " cells cannot be "
          + footer.encoding().kuduName() + " (Kudu allows " + footer.dataType().encodings()
          + ")");
    }
    boolean checksums = footer.hasChecksums();
    this.footerStart = pbStart - (checksums ? 4 : 0);
    if (checksums && verifyChecksums) {
      int stored = Endian.getIntLE(file.read(footerStart, 4), 0);
      CRC32C crc = new CRC32C();
      crc.update(pb);
      crc.update(tail);
      check(stored, (int) crc.getValue(), "footer", footerStart);
    }
    this.header = readHeader(checksums);
    if (header.length() > footerStart) {
      throw corrupt("header", 0, "header of " + header.length() + " bytes overlaps the footer at "
          + footerStart);
    }
    this.decompressor = BlockEnvelope.decompressor(footer.compression());
  }

  /** Opens {@code file}, verifying checksums where the file has them. */
  public static CFile open(InputFile file) throws IOException {
    return open(file, true);
  }

  /**
   * Opens {@code file}; {@code verifyChecksums} false skips the checks (to look at damage). The
   * reader owns the file from here on: it closes it on {@link #close()}, or at once when the
   * file cannot be opened as a CFile.
   */
  public static CFile open(InputFile file, boolean verifyChecksums) throws IOException {
    try {
      return new CFile(file, verifyChecksums);
    } catch (IOException | RuntimeException | Error e) {
      try {
        file.close();
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
  }

  /** True if {@code head} starts with a CFile magic. */
  public static boolean hasMagic(byte[] head) {
    // the two magics share only "kuducf": kuducfil (v1), kuducfl2 (v2)
    return head.length >= 8 && (java.util.Arrays.equals(head, 0, 8, MAGIC_V1, 0, 8)
        || java.util.Arrays.equals(head, 0, 8, MAGIC_V2, 0, 8));
  }

  private CFileHeader readHeader(boolean checksums) throws IOException {
    byte[] start = file.read(0, TAIL);
    int v = version(start, "header", 0);
    if (v != version) {
      throw corrupt("header", 0, "header magic is CFile v" + v + ", footer magic v" + version);
    }
    long pbLen = Endian.getIntLE(start, 8) & 0xFFFFFFFFL;
    if (pbLen > MAX_PB_LENGTH || TAIL + pbLen + (checksums ? 4 : 0) > footerStart) {
      throw corrupt("header", 8, "header length " + pbLen + " does not fit before the footer");
    }
    byte[] pb = file.read(TAIL, (int) pbLen);
    int total = TAIL + (int) pbLen + (checksums ? 4 : 0);
    if (checksums && verifyChecksums) {
      CRC32C crc = new CRC32C();
      crc.update(start);
      crc.update(pb);
      int stored = Endian.getIntLE(file.read(TAIL + pbLen, 4), 0);
      check(stored, (int) crc.getValue(), "header", 0);
    }
    try {
      return MetaCodec.parseHeader(version, pb, 0, pb.length, total);
    } catch (MalformedInputException e) {
      throw corrupt("header", TAIL, e.getMessage(), e);
    }
  }

  private int version(byte[] b, String where, long at) throws CorruptFileException {
    if (!hasMagic(b)) {
      throw corrupt(where, at, "not a CFile: the " + where + " magic is not kuducfl2 or kuducfil");
    }
    return java.util.Arrays.equals(b, 0, 8, MAGIC_V2, 0, 8) ? 2 : 1;
  }

  public String name() {
    return file.name();
  }

  /** The file's length in bytes. */
  public long length() {
    return length;
  }

  /** 1 for {@code kuducfil} (Kudu 1.2 and older), 2 for {@code kuducfl2}. */
  public int version() {
    return version;
  }

  public CFileHeader header() {
    return header;
  }

  public CFileFooter footer() {
    return footer;
  }

  public KuduType dataType() {
    return footer.dataType();
  }

  public KuduEncoding encoding() {
    return footer.encoding();
  }

  public KuduCompression compression() {
    return footer.compression();
  }

  public boolean isNullable() {
    return footer.nullable();
  }

  /** Cells in the file, NULLs included. */
  public long numValues() {
    return footer.numValues();
  }

  /** A cursor over the file's values, positioned before the first. */
  public CFileCursor newCursor() throws IOException {
    return new CFileCursor(this);
  }

  /**
   * The verified, decompressed payload of the block at {@code ptr}; {@code what} names it in
   * errors (e.g. {@code "data block"}).
   */
  public BlockSlice readBlock(BlockPointer ptr, String what) throws IOException {
    if (decompressor == null) {
      return readBlock(ptr, what, null);
    }
    synchronized (decompressor) {
      return readBlock(ptr, what, decompressor);
    }
  }

  /** A new decompressor for this file's blocks, or null when they are not compressed. */
  Decompressor newDecompressor() {
    return BlockEnvelope.decompressor(footer.compression());
  }

  /** {@link #readBlock(BlockPointer, String)} decompressing with {@code d}, the caller's. */
  BlockSlice readBlock(BlockPointer ptr, String what, Decompressor d) throws IOException {
    FileRegion block = FileRegion.of(file.name(), length).child(what)
        .at(Math.max(-1, ptr.offset()), Math.max(-1, ptr.size()));
    int crcLen = footer.hasChecksums() ? 4 : 0;
    if (ptr.offset() < header.length() || ptr.size() < crcLen
        || ptr.offset() > footerStart - ptr.size()) { // offset + size may overflow
      throw block.corrupt("block pointer (offset %d, size %d) lies outside the blocks of the file"
          + " (bytes %d to %d)", ptr.offset(), ptr.size(), header.length(), footerStart);
    }
    byte[] buf = file.read(ptr.offset(), ptr.size());
    int stored = ptr.size() - crcLen;
    if (crcLen > 0 && verifyChecksums) {
      CRC32C crc = new CRC32C();
      crc.update(buf, 0, stored);
      int want = Endian.getIntLE(buf, stored);
      if (want != (int) crc.getValue()) {
        throw block.corrupt(stored, "checksum mismatch: the file says %08x, the bytes give %08x"
            + " (damaged bytes)", want, (int) crc.getValue());
      }
    }
    try {
      return BlockEnvelope.open(buf, 0, stored, version, d);
    } catch (MalformedInputException e) {
      throw block.malformed(e, 0);
    }
  }

  /** A decoder for the data block payload {@code slice}. */
  io.colfile.kudu.block.BlockDecoder blockDecoder(BlockSlice slice)
      throws IOException, MalformedInputException {
    return io.colfile.kudu.block.BlockCodecs.decoder(footer.encoding(),
        footer.dataType().physical(), slice.buf(), slice.offset(), slice.length(),
        footer.encoding() == KuduEncoding.DICT ? dictionary() : null);
  }

  /** The dictionary of a DICT_ENCODING file, read once (cfile.md section 6.6). */
  public synchronized BinaryDictionary dictionary() throws IOException {
    if (dictionary == null) {
      BlockPointer ptr = footer.dictionaryBlock();
      if (ptr == null) {
        throw footerRegion().corrupt("a DICT_ENCODING file has a dictionary block; this one has"
            + " no dict_block_ptr");
      }
      BlockSlice b = readBlock(ptr, "dictionary block");
      try {
        dictionary = BinaryDictionary.decode(b.buf(), b.offset(), b.length());
      } catch (MalformedInputException e) {
        throw payload(ptr, "dictionary block").malformed(e, b.offset());
      }
    }
    return dictionary;
  }

  /** Reads and parses the index block at {@code ptr}, {@code level} steps below a root. */
  IndexBlock readIndexBlock(BlockPointer ptr, int level, String tree) throws IOException {
    FileRegion where = payload(ptr, tree + " block");
    if (level >= IndexTreeReader.MAX_DEPTH) {
      throw where.corrupt("index tree deeper than %d levels: the index is damaged (a pointer"
          + " cycle?)", IndexTreeReader.MAX_DEPTH);
    }
    BlockSlice b = readBlock(ptr, tree + " block");
    try {
      return IndexBlock.parse(b.buf(), b.offset(), b.length());
    } catch (MalformedInputException e) {
      throw where.malformed(e, b.offset());
    }
  }

  /** A reader of the positional index, or null when the file has none. */
  public IndexTreeReader positionalIndex() {
    BlockPointer root = footer.posIndexRoot();
    return root == null ? null
        : new IndexTreeReader(root, (ptr, level) -> readIndexBlock(ptr, level, "posidx"));
  }

  /** A reader of the value index, or null when the file has none. */
  public IndexTreeReader valueIndex() {
    BlockPointer root = footer.valueIndexRoot();
    return root == null ? null
        : new IndexTreeReader(root, (ptr, level) -> readIndexBlock(ptr, level, "validx"));
  }

  /**
   * Every byte of the file, in order ({@code colfile layout}): the header, the positional and
   * value index trees block by block, the data blocks their leaves point at (with encoding,
   * codec, uncompressed bytes and the values each holds; a BloomFile's filter blocks as bloom
   * filters; an uncompressed nullable block's null bitmap apart from its values), the
   * dictionary block and the footer (its checksum, protobuf, magic and length). Reads the
   * index blocks and a few bytes of each block, never the values.
   */
  public io.colfile.core.layout.FileLayout layout() throws IOException {
    return CFileSpans.of(this, file, footerStart);
  }

  /**
   * A problem with {@code structure} of this file, at file offset {@code fileOffset} (-1: the
   * structure as a whole, whose place is not known).
   */
  CorruptFileException corrupt(String structure, long fileOffset, String problem) {
    return corrupt(structure, fileOffset, problem, null);
  }

  CorruptFileException corrupt(String structure, long fileOffset, String problem,
      Throwable cause) {
    FileRegion where = FileRegion.of(file.name(), length).child(structure);
    return fileOffset < 0 ? where.corrupt(cause, -1, "%s", problem)
        : where.at(fileOffset, -1).corrupt(cause, 0, "%s", problem);
  }

  /** The footer's bytes in the file (its protobuf, length and magic). */
  public FileRegion footerRegion() {
    return FileRegion.of(file.name(), length).slice("footer", footerStart, length - footerStart);
  }

  /**
   * The payload of the block at {@code ptr}, called {@code what}: the block's bytes in the file,
   * or what they decompress to.
   */
  public FileRegion payload(BlockPointer ptr, String what) {
    FileRegion r = FileRegion.of(file.name(), length).child(what)
        .at(Math.max(-1, ptr.offset()), Math.max(-1, ptr.size()));
    return footer.compression() == KuduCompression.NONE ? r : r.asDecoded();
  }

  private void check(int stored, int computed, String where, long at)
      throws CorruptFileException {
    if (stored != computed) {
      throw corrupt(where, at, String.format("checksum mismatch: the file says %08x, the bytes "
          + "give %08x (damaged bytes)", stored, computed));
    }
  }

  @Override
  public void close() throws IOException {
    file.close();
  }
}
