package io.colfile.orc;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.UnsupportedFeatureException;
import io.colfile.core.io.InputFile;
import io.colfile.orc.proto.OrcProto;
import io.colfile.orc.stream.OrcInputStream;
import java.io.IOException;
import java.util.Arrays;

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
   * A footer or metadata section may not decompress to more than this: real ones are at most a
   * few MiB, and a compressed bomb would otherwise become millions of protobuf objects.
   */
  static final int MAX_DECOMPRESSED_SECTION = 256 << 20;
  /**
   * The most messages (stripes, types, statistics, metadata items, ...) a tail section may hold,
   * counted two levels deep: about 8 million, a few hundred MiB of objects once parsed.
   */
  static final long MAX_ELEMENTS = 1L << 23;

  final String file;
  final long fileLength;
  final int postScriptLength;
  final OrcProto.PostScript postScript;
  final OrcProto.Footer footer;
  final CompressionCodec codec;
  final int blockSize;
  final OrcFileVersion version;
  /** Bytes from the start of the Metadata section to the end of the file. */
  final long tailLength;
  final boolean hasMagic;

  private OrcTail(String file, long fileLength, int postScriptLength,
      OrcProto.PostScript postScript, OrcProto.Footer footer, CompressionCodec codec,
      int blockSize, long tailLength, boolean hasMagic) {
    this.file = file;
    this.fileLength = fileLength;
    this.postScriptLength = postScriptLength;
    this.postScript = postScript;
    this.footer = footer;
    this.codec = codec;
    this.blockSize = blockSize;
    this.version = OrcFileVersion.of(postScript.getVersionList());
    this.tailLength = tailLength;
    this.hasMagic = hasMagic;
  }

  static OrcTail read(InputFile in) throws IOException {
    String file = in.name();
    long length = in.length();
    if (length == 0) {
      // Apache ORC Java reads a zero-byte file as an empty file with schema struct<>.
      OrcProto.Footer footer = OrcProto.Footer.newBuilder()
          .addTypes(OrcProto.Type.newBuilder().setKind(OrcProto.Type.Kind.STRUCT))
          .setNumberOfRows(0).build();
      OrcProto.PostScript ps = OrcProto.PostScript.newBuilder()
          .setCompression(OrcProto.CompressionKind.NONE).addVersion(0).addVersion(12).build();
      return new OrcTail(file, 0, 0, ps, footer, CompressionCodec.NONE, DEFAULT_BLOCK_SIZE, 0,
          false);
    }
    if (length <= MAGIC_LENGTH) {
      throw CorruptFileException.at(file, "file", 0,
          "not a valid ORC file: it has only %d bytes", length);
    }
    int readSize = (int) Math.min(length, TAIL_READ);
    long readStart = length - readSize;
    byte[] buf = in.read(readStart, readSize);
    int psLen = buf[readSize - 1] & 0xff;
    if (psLen + 1 > readSize || psLen == 0) {
      throw CorruptFileException.at(file, "postscript length byte", length - 1,
          "postscript length %d does not fit in the file's %d bytes", psLen, length);
    }
    int psStart = readSize - 1 - psLen;
    boolean hasMagic = psLen >= MAGIC_LENGTH && isMagic(buf, readSize - 1 - MAGIC_LENGTH);
    if (!hasMagic) {
      // Pre-release Hive 0.11 files have a PostScript without the magic field; they still
      // start with the magic.
      if (!isMagic(in.read(0, MAGIC_LENGTH), 0)) {
        throw CorruptFileException.at(file, "postscript", readStart + psStart,
            "not an ORC file: no ORC magic at its start or end");
      }
    }
    OrcProto.PostScript ps;
    try {
      ps = OrcProto.PostScript.parseFrom(
          CodedInputStream.newInstance(buf, psStart, psLen));
    } catch (InvalidProtocolBufferException e) {
      throw new CorruptFileException(file, "postscript", readStart + psStart,
          "unreadable postscript: " + e.getMessage(), e);
    }
    CompressionCodec codec = codec(file, ps.getCompression());
    int blockSize = DEFAULT_BLOCK_SIZE;
    if (ps.hasCompressionBlockSize()) {
      long b = ps.getCompressionBlockSize();
      if (b <= 0 || b > MAX_BLOCK_SIZE) {
        if (codec != CompressionCodec.NONE) {
          throw CorruptFileException.at(file, "postscript", readStart + psStart,
              "compression block size %d is outside 1..%d", b, MAX_BLOCK_SIZE);
        }
      } else {
        blockSize = (int) b;
      }
    }
    long footerLen = ps.getFooterLength();
    long metadataLen = ps.getMetadataLength();
    long statsLen = ps.getStripeStatisticsLength();
    long tail = 1L + psLen;
    for (long part : new long[] {footerLen, metadataLen, statsLen}) {
      if (part < 0 || part > length || part > MAX_SECTION) {
        throw CorruptFileException.at(file, "postscript", readStart + psStart,
            "section length %d exceeds the file's %d bytes", part, length);
      }
      tail += part;
    }
    if (tail > length) {
      throw CorruptFileException.at(file, "postscript", readStart + psStart,
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
    OrcProto.Footer footer = parse(file, "footer", footerStart, footerBytes, footerOff,
        (int) footerLen, codec, blockSize, OrcProto.Footer.parser());
    long tailLength = tail - statsLen;
    return new OrcTail(file, length, psLen, ps, footer, codec, blockSize, tailLength, hasMagic);
  }

  private static boolean isMagic(byte[] b, int off) {
    return b[off] == 'O' && b[off + 1] == 'R' && b[off + 2] == 'C';
  }

  static CompressionCodec codec(String file, OrcProto.CompressionKind kind)
      throws UnsupportedFeatureException {
    switch (kind) {
      case NONE: return CompressionCodec.NONE;
      case ZLIB: return CompressionCodec.ZLIB;
      case SNAPPY: return CompressionCodec.SNAPPY;
      case LZO: return CompressionCodec.LZO;
      case LZ4: return CompressionCodec.LZ4;
      case ZSTD: return CompressionCodec.ZSTD;
      default:
        throw new UnsupportedFeatureException(file + ": compression " + kind
            + " is not supported");
    }
  }

  /** Reads the Metadata section (stripe statistics); parsed on demand. */
  OrcProto.Metadata metadata(InputFile in) throws IOException {
    long len = postScript.getMetadataLength();
    if (len == 0) {
      return OrcProto.Metadata.getDefaultInstance();
    }
    long start = fileLength - 1 - postScriptLength - postScript.getFooterLength() - len;
    byte[] bytes = in.read(start, (int) len);
    return parse(file, "metadata", start, bytes, 0, (int) len, codec, blockSize,
        OrcProto.Metadata.parser());
  }

  /**
   * Parses one compressed metadata structure. It is first decompressed whole (at most {@link
   * #MAX_DECOMPRESSED_SECTION} bytes) and its repeated messages counted two levels deep (at
   * most {@link #MAX_ELEMENTS}) before protobuf builds objects from it: a few kilobytes of
   * compressed empty messages would otherwise become hundreds of millions of objects.
   */
  static <T> T parse(String file, String structure, long fileOffset, byte[] buf, int off,
      int len, CompressionCodec codec, int blockSize, com.google.protobuf.Parser<T> parser)
      throws CorruptFileException {
    OrcInputStream stream = new OrcInputStream(file, structure + " at file offset " + fileOffset,
        buf, off, len, codec == CompressionCodec.NONE ? null : codec.newDecompressor(),
        blockSize);
    byte[] bytes = decompressAll(stream, file, structure, fileOffset);
    try {
      long elements = countElements(bytes, 0, bytes.length, 2);
      if (elements > MAX_ELEMENTS) {
        throw CorruptFileException.at(file, structure, fileOffset,
            "%s holds %d messages, more than the %d colfile accepts", structure, elements,
            MAX_ELEMENTS);
      }
      CodedInputStream coded = CodedInputStream.newInstance(bytes);
      coded.setSizeLimit(Integer.MAX_VALUE);
      coded.setRecursionLimit(200);
      return parser.parseFrom(coded);
    } catch (IOException e) {
      if (e instanceof CorruptFileException) {
        throw (CorruptFileException) e;
      }
      throw new CorruptFileException(file, structure, fileOffset,
          "unreadable " + structure + ": " + e.getMessage(), e);
    }
  }

  private static byte[] decompressAll(OrcInputStream in, String file, String structure,
      long fileOffset) throws CorruptFileException {
    byte[] b = new byte[4096];
    int have = 0;
    while (true) {
      if (have == b.length) {
        if (b.length >= MAX_DECOMPRESSED_SECTION) {
          throw CorruptFileException.at(file, structure, fileOffset,
              "%s decompresses to more than %d bytes", structure, MAX_DECOMPRESSED_SECTION);
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

  /**
   * Counts the length-delimited fields (messages, strings, packed lists) of a protobuf message,
   * and recursively of those fields' contents down to {@code depth} levels, without building
   * anything. Contents that do not parse as a message are counted as one field.
   */
  private static long countElements(byte[] b, int off, int len, int depth) throws IOException {
    CodedInputStream in = CodedInputStream.newInstance(b, off, len);
    long count = 0;
    while (!in.isAtEnd()) {
      int tag = in.readTag();
      if (tag == 0) {
        break;
      }
      if ((tag & 7) == 2) {
        int size = in.readRawVarint32();
        int start = off + in.getTotalBytesRead();
        if (size < 0 || size > off + len - start) {
          throw new InvalidProtocolBufferException("a field runs past the end of its message");
        }
        count++;
        if (depth > 1 && size > 0) {
          try {
            count += countElements(b, start, size, depth - 1);
          } catch (InvalidProtocolBufferException notAMessage) {
            // a string or bytes field: counted once above
          }
        }
        in.skipRawBytes(size);
      } else if (!in.skipField(tag)) {
        break;
      }
    }
    return count;
  }

}
