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
import java.io.InputStream;

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
      if (part < 0 || part > length) {
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

  /** Parses one compressed metadata structure, reading the chunks as protobuf consumes them. */
  static <T> T parse(String file, String structure, long fileOffset, byte[] buf, int off,
      int len, CompressionCodec codec, int blockSize, com.google.protobuf.Parser<T> parser)
      throws CorruptFileException {
    OrcInputStream stream = new OrcInputStream(file, structure + " at file offset " + fileOffset,
        buf, off, len, codec == CompressionCodec.NONE ? null : codec.newDecompressor(),
        blockSize);
    try {
      CodedInputStream coded = CodedInputStream.newInstance(new Adapter(stream));
      coded.setSizeLimit(Integer.MAX_VALUE);
      coded.setRecursionLimit(200);
      return parser.parseFrom(coded);
    } catch (InvalidProtocolBufferException e) {
      if (e.getCause() instanceof CorruptFileException) {
        throw (CorruptFileException) e.getCause();
      }
      throw new CorruptFileException(file, structure, fileOffset,
          "unreadable " + structure + ": " + e.getMessage(), e);
    } catch (UncheckedCorrupt e) {
      throw e.cause;
    }
  }

  /** protobuf reads an InputStream; decoding problems travel through it unchecked. */
  private static final class Adapter extends InputStream {
    private final OrcInputStream in;

    Adapter(OrcInputStream in) {
      this.in = in;
    }

    @Override
    public int read() {
      try {
        return in.read();
      } catch (CorruptFileException e) {
        throw new UncheckedCorrupt(e);
      }
    }

    @Override
    public int read(byte[] b, int off, int len) {
      if (len == 0) {
        return 0;
      }
      int n = 0;
      while (n < len) {
        int c = read();
        if (c < 0) {
          break;
        }
        b[off + n++] = (byte) c;
      }
      return n == 0 ? -1 : n;
    }
  }

  private static final class UncheckedCorrupt extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final CorruptFileException cause;

    UncheckedCorrupt(CorruptFileException cause) {
      super(cause);
      this.cause = cause;
    }
  }
}
