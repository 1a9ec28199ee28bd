package io.colfile.orc;

import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.FileRegion;
import io.colfile.core.error.UnsupportedFeatureException;
import io.colfile.core.io.InputFile;
import io.colfile.orc.proto.TailMessages;
import io.colfile.orc.stats.ColumnStatistics;
import io.colfile.orc.stream.OrcInputStream;
import io.colfile.orc.tail.CompressionKind;
import io.colfile.orc.tail.FileEncryption;
import io.colfile.orc.tail.Footer;
import io.colfile.orc.tail.OrcType;
import io.colfile.orc.tail.OrcTypeKind;
import io.colfile.orc.tail.PostScript;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The end of an ORC file, read as Apache ORC reads it (specs/orc.md section 1):
 *
 * <pre>
 * File     ::= "ORC" Stripe* EncryptedStripeStatistics? Metadata Footer PostScript psLen:u8
 * </pre>
 *
 * The PostScript is never compressed; Metadata and Footer use the file's chunk framing.
 * Metadata (stripe statistics) is parsed only on demand: some writers left it unreadable while
 * the data is fine.
 */
final class OrcTail {
  static final int MAGIC_LENGTH = 3;
  static final int DEFAULT_BLOCK_SIZE = 256 * 1024;
  /** Chunk lengths are 23-bit, so larger blocks cannot be framed. */
  static final int MAX_BLOCK_SIZE = (1 << 23) - 1;
  private static final int TAIL_READ = 16 * 1024;
  /** Tail sections are read whole into one array. */
  private static final long MAX_SECTION = Integer.MAX_VALUE - 16;
  /**
   * A footer, metadata or index section may not decompress to more than this: real ones are at
   * most a few MiB, and a compressed bomb would otherwise become millions of protobuf objects.
   */
  static final int MAX_DECOMPRESSED_SECTION = 256 << 20;

  final String file;
  /** The whole file, for errors: the regions of its structures are made from it. */
  final FileRegion region;
  final long fileLength;
  final int postScriptLength;
  final PostScript postScript;
  final Footer footer;
  final CompressionCodec codec;
  final int blockSize;
  final OrcFileVersion version;
  /** Bytes from the start of the Metadata section to the end of the file. */
  final long tailLength;
  final boolean hasMagic;
  /** The footer's Encryption section as stored; null when the file has none. */
  final FileEncryption encryption;
  /**
   * What the reader's keys decrypt ({@link #withKeys}); null when nothing is (then the
   * footer's statistics and the streams read are the masked ones).
   */
  final OrcDecryption decryption;

  private OrcTail(String file, long fileLength, int postScriptLength,
      PostScript postScript, Footer footer, CompressionCodec codec,
      int blockSize, long tailLength, boolean hasMagic) {
    this(file, fileLength, postScriptLength, postScript, footer, codec, blockSize, tailLength,
        hasMagic, null, null);
  }

  private OrcTail(String file, long fileLength, int postScriptLength,
      PostScript postScript, Footer footer, CompressionCodec codec,
      int blockSize, long tailLength, boolean hasMagic, FileEncryption encryption,
      OrcDecryption decryption) {
    this.file = file;
    this.region = FileRegion.of(file, fileLength);
    this.fileLength = fileLength;
    this.postScriptLength = postScriptLength;
    this.postScript = postScript;
    this.footer = footer;
    this.codec = codec;
    this.blockSize = blockSize;
    this.version = OrcFileVersion.of(postScript.version());
    this.tailLength = tailLength;
    this.hasMagic = hasMagic;
    this.encryption = encryption;
    this.decryption = decryption;
  }

  /**
   * This tail as a reader with {@code keys} sees it: the variants whose master key the provider
   * has are decrypted ({@link OrcDecryption}), and the footer's statistics of their columns are
   * the real ones. This tail when the file has no encryption or the keys decrypt nothing.
   */
  OrcTail withKeys(KeyProvider keys) throws IOException {
    if (encryption == null || keys == null) {
      return this;
    }
    FileRegion where = footerRegion();
    OrcDecryption d = OrcDecryption.create(where, encryption, footer.types(), keys);
    if (d == null) {
      return this;
    }
    Footer f = footer;
    Footer real = new Footer(f.headerLength(), f.contentLength(), f.stripes(), f.types(),
        f.metadata(), f.numberOfRows(), d.fileStatistics(where, f.statistics(), this),
        f.rowIndexStride(), f.writer(), f.encrypted(), f.calendar(), f.softwareVersion());
    return new OrcTail(file, fileLength, postScriptLength, postScript, real, codec, blockSize,
        tailLength, hasMagic, encryption, d);
  }

  /**
   * A tail made up for a file whose own is gone (salvage): {@code footer} as the stripes were
   * found, the postscript saying only the compression; the file holds no tail bytes.
   */
  static OrcTail synthetic(String file, long fileLength, Footer footer, CompressionKind kind,
      int blockSize, int writerVersion, OrcFileVersion version)
      throws UnsupportedFeatureException {
    PostScript ps = new PostScript(0, kind, (long) blockSize,
        List.of(version.major(), version.minor()), 0, writerVersion,
        0, "ORC");
    return new OrcTail(file, fileLength, 0, ps, footer, codec(file, kind), blockSize, 0, true);
  }

  static OrcTail read(InputFile in) throws IOException {
    String file = in.name();
    long length = in.length();
    FileRegion whole = FileRegion.of(file, length);
    if (length == 0) {
      // Apache ORC Java reads a zero-byte file as an empty file with schema struct<>.
      Footer footer = new Footer(0, 0, List.of(),
          List.of(new OrcType(OrcTypeKind.STRUCT, List.of(), List.of(), null, null, null)),
          Map.of(), 0L, List.of(), 0, 0, false, null, null);
      PostScript ps = new PostScript(0, CompressionKind.NONE, null, List.of(0, 12), 0, 0, 0, null);
      return new OrcTail(file, 0, 0, ps, footer, CompressionCodec.NONE, DEFAULT_BLOCK_SIZE, 0,
          false);
    }
    if (length <= MAGIC_LENGTH) {
      throw whole.corrupt(0, "not a valid ORC file: it has only %d bytes", length);
    }
    int readSize = (int) Math.min(length, TAIL_READ);
    long readStart = length - readSize;
    byte[] buf = in.read(readStart, readSize);
    int psLen = buf[readSize - 1] & 0xff;
    if (psLen + 1 > readSize || psLen == 0) {
      throw whole.slice("postscript length byte", length - 1, 1).corrupt(0,
          "postscript length %d does not fit in the file's %d bytes", psLen, length);
    }
    int psStart = readSize - 1 - psLen;
    FileRegion postScript = whole.slice("postscript", readStart + psStart, psLen);
    boolean hasMagic = psLen >= MAGIC_LENGTH && isMagic(buf, readSize - 1 - MAGIC_LENGTH);
    if (!hasMagic) {
      // Pre-release Hive 0.11 files have a PostScript without the magic field; they still
      // start with the magic.
      if (!isMagic(in.read(0, MAGIC_LENGTH), 0)) {
        throw postScript.corrupt("not an ORC file: no ORC magic at its start or end");
      }
    }
    PostScript ps = TailMessages.parsePostScript(postScript, buf, psStart, psLen);
    CompressionCodec codec = codec(file, ps.compression());
    int blockSize = DEFAULT_BLOCK_SIZE;
    if (ps.compressionBlockSize() != null) {
      long b = ps.compressionBlockSize();
      if (b <= 0 || b > MAX_BLOCK_SIZE) {
        if (codec != CompressionCodec.NONE) {
          throw postScript.corrupt("compression block size %d is outside 1..%d", b, MAX_BLOCK_SIZE);
        }
      } else {
        blockSize = (int) b;
      }
    }
    long footerLen = ps.footerLength();
    long metadataLen = ps.metadataLength();
    long statsLen = ps.stripeStatisticsLength();
    long tail = 1L + psLen;
    for (long part : new long[] {footerLen, metadataLen, statsLen}) {
      if (part < 0 || part > length || part > MAX_SECTION) {
        throw postScript.corrupt("section length %d exceeds the file's %d bytes", part, length);
      }
      tail += part;
    }
    if (tail > length) {
      throw postScript.corrupt(
          "footer (%d), metadata (%d) and postscript (%d) need %d bytes, the file has %d",
          footerLen, metadataLen, psLen + 1, tail, length);
    }
    long footerStart = length - 1 - psLen - footerLen;
    byte[] footerBytes;
    int footerOff;
    if (footerStart >= readStart) {
      footerBytes = buf;
      footerOff = (int) (footerStart - readStart);
    } else {
      footerBytes = in.read(footerStart, (int) footerLen);
      footerOff = 0;
    }
    FileRegion footerRegion = whole.slice("footer", footerStart, footerLen);
    Footer footer = TailMessages.parseFooter(footerRegion, decompress(footerRegion, footerBytes,
        footerOff, (int) footerLen, codec, blockSize));
    checkStripes(footerRegion, footer, length - tail);
    long tailLength = tail - statsLen;
    FileEncryption encryption = null;
    if (footer.encrypted()) {
      encryption = TailMessages.parseEncryption(footerRegion, decompress(footerRegion,
          footerBytes, footerOff, (int) footerLen, codec, blockSize));
    }
    return new OrcTail(file, length, psLen, ps, footer, codec, blockSize, tailLength, hasMagic,
        encryption, null);
  }

  /**
   * The footer's stripe list against the file's layout and its own row count: each stripe lies
   * after the magic and before the tail (the stripe statistics of encrypted columns, the
   * metadata, the footer), after the stripe before it, and the stripes' rows add up to the
   * footer's row count where the footer states one (old writers left it out). A footer that
   * lost a stripe, or a row count that was damaged, would otherwise read "successfully" with
   * other rows than the file claims. Apache ORC's writers (Java and C++) and colfile's write
   * the stripes in file order, and concatenation (Hive's, {@link OrcMerge}) keeps it.
   */
  private static void checkStripes(FileRegion footerRegion, Footer footer, long contentEnd)
      throws CorruptFileException {
    long end = MAGIC_LENGTH;
    long rows = 0;
    List<StripeInformation> stripes = footer.stripes();
    for (int i = 0; i < stripes.size(); i++) {
      StripeInformation s = stripes.get(i);
      FileRegion where = footerRegion.part("stripe", i);
      if (s.indexLength() < 0 || s.dataLength() < 0 || s.footerLength() < 0
          || s.numberOfRows() < 0 || s.length() < 0) {
        throw where.corrupt("stripe %d has a negative length or row count: %d index, %d data, "
            + "%d footer bytes, %d rows", i, s.indexLength(), s.dataLength(), s.footerLength(),
            s.numberOfRows());
      }
      if (s.offset() < end || s.offset() > contentEnd || s.length() > contentEnd - s.offset()) {
        throw where.corrupt("stripe %d at file offset %d with %d bytes does not lie between "
            + "%s at %d and the file tail at %d", i, s.offset(), s.length(),
            i == 0 ? "the ORC magic" : "the end of stripe " + (i - 1), end, contentEnd);
      }
      end = s.offset() + s.length();
      rows += s.numberOfRows();
      if (rows < 0) {
        throw where.corrupt("the stripes' row counts overflow at stripe %d", i);
      }
    }
    Long stated = footer.numberOfRows();
    if (stated != null && stated != rows) {
      throw footerRegion.corrupt("the footer says the file holds %d rows, its %d stripes hold %d",
          stated, stripes.size(), rows);
    }
  }

  /** The footer's bytes in the file. */
  FileRegion footerRegion() {
    long len = postScript.footerLength();
    return region.slice("footer", fileLength - 1 - postScriptLength - len, len);
  }

  private static boolean isMagic(byte[] b, int off) {
    return b[off] == 'O' && b[off + 1] == 'R' && b[off + 2] == 'C';
  }

  static CompressionCodec codec(String file, CompressionKind kind)
      throws UnsupportedFeatureException {
    if (kind == null || kind.codec() == null) {
      throw new UnsupportedFeatureException(file + ": compression " + kind
          + " is not supported");
    }
    return kind.codec();
  }

  /** The footer read again for what {@link Footer} leaves out ({@link TailMessages#footerDetails}). */
  Map<String, Object> footerDetails(InputFile in) throws IOException {
    FileRegion where = footerRegion();
    long len = postScript.footerLength();
    if (len == 0) {
      return Map.of();
    }
    byte[] bytes = in.read(where.start(), (int) len);
    return TailMessages.footerDetails(where, decompress(where, bytes, 0, (int) len, codec,
        blockSize));
  }

  /** Reads the Metadata section (stripe statistics); parsed on demand. */
  List<List<ColumnStatistics>> metadata(InputFile in) throws IOException {
    long len = postScript.metadataLength();
    if (len == 0) {
      return List.of();
    }
    long start = fileLength - 1 - postScriptLength - postScript.footerLength() - len;
    byte[] bytes = in.read(start, (int) len);
    FileRegion where = region.slice("metadata", start, len);
    List<List<ColumnStatistics>> masked = TailMessages.parseMetadata(where,
        decompress(where, bytes, 0, (int) len, codec, blockSize));
    return decryption == null ? masked : decryption.stripeStatistics(in, this, masked);
  }

  /**
   * Decompresses one metadata structure (footer, metadata, stripe footer, index stream) whole,
   * to at most {@link #MAX_DECOMPRESSED_SECTION} bytes.
   */
  static byte[] decompress(FileRegion where, byte[] buf, int off, int len,
      CompressionCodec codec, int blockSize) throws CorruptFileException {
    OrcInputStream stream = new OrcInputStream(where, buf, off, len,
        codec == CompressionCodec.NONE ? null : codec.newDecompressor(), blockSize);
    return decompressAll(stream, where);
  }

  private static byte[] decompressAll(OrcInputStream in, FileRegion where)
      throws CorruptFileException {
    byte[] b = new byte[4096];
    int have = 0;
    while (true) {
      if (have == b.length) {
        if (b.length >= MAX_DECOMPRESSED_SECTION) {
          throw where.corrupt("it decompresses to more than %d bytes", MAX_DECOMPRESSED_SECTION);
        }
        b = Arrays.copyOf(b, (int) Math.min(MAX_DECOMPRESSED_SECTION, b.length * 2L));
      }
      int n = in.readSome(b, have, b.length - have);
      if (n < 0) {
        return Arrays.copyOf(b, have);
      }
      have += n;
    }
  }
}
