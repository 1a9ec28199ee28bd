package io.colfile.kudu;

import io.colfile.core.codec.BlockDecompression;
import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.codec.Compressor;
import io.colfile.core.codec.Decompressor;
import io.colfile.core.codec.Lz4BlockCompressor;
import io.colfile.core.codec.SnappyBlockCompressor;
import io.colfile.core.encoding.Endian;
import io.colfile.core.error.MalformedInputException;
import java.util.Arrays;

/**
 * The frame every block of a CFile goes through, data, index, dictionary and bloom blocks alike
 * (cfile.md section 4): encode, then compress, then checksum.
 *
 * <pre>
 * Block    ::= Stored | Stored crc32c:u32le        (the CRC when the footer's CHECKSUM bit is set)
 * Stored   ::= payload                             (NO_COMPRESSION)
 *            | uncompressed_size:u32le codec_bytes   v2, compressed
 *            | uncompressed_size:u32le payload       v2, "not worth it": size == remaining length
 *            | compressed_size:u32le uncompressed_size:u32le codec_bytes    v1
 * </pre>
 *
 * A payload is stored raw inside a compressed file when compression saves less than 10 % (Kudu's
 * {@code --min_compression_ratio} 0.9); a genuinely compressed payload is always shorter than its
 * uncompressed size, which is how a reader tells the two apart. Kudu's codecs: raw Snappy
 * blocks, raw LZ4 blocks and wrapped zlib streams at level 6. All three come out as Kudu's own,
 * and so does the raw-or-compressed choice: {@link SnappyBlockCompressor} is Snappy 1.1.8's
 * compressor, {@link Lz4BlockCompressor} LZ4 1.9.3's (the versions Kudu 1.17 builds with), the
 * JDK's zlib is zlib.
 */
final class BlockEnvelope {
  /** The largest uncompressed block Kudu writes or reads with a codec (max_cfile_block_size). */
  static final int MAX_BLOCK_SIZE = 16 << 20;
  private static final double MIN_COMPRESSION_RATIO = 0.9;

  private BlockEnvelope() {}

  /** The compressor for a Kudu codec, or null for NO_COMPRESSION. */
  static Compressor compressor(KuduCompression c) {
    return switch (c) {
      case NONE -> null;
      case SNAPPY -> new SnappyBlockCompressor();
      case LZ4 -> new Lz4BlockCompressor();
      case ZLIB -> CompressionCodec.zlibStream(6);
      case DEFAULT -> throw new IllegalArgumentException("DEFAULT compression is resolved first");
    };
  }

  /** The decompressor for a Kudu codec, or null for NO_COMPRESSION. */
  static Decompressor decompressor(KuduCompression c) {
    return c.newDecompressor();
  }

  /**
   * The stored form of {@code payload} (v2), compressed with {@code compressor} unless that is
   * null or saves less than 10 %.
   */
  static byte[] store(byte[] payload, Compressor compressor) {
    if (compressor == null) {
      return payload;
    }
    if (payload.length > MAX_BLOCK_SIZE) {
      throw new IllegalArgumentException("a block of " + payload.length
          + " bytes exceeds Kudu's 16 MiB limit for compressed blocks (Kudu's cells are at most "
          + "64 KiB unless its server is told otherwise); write it without compression");
    }
    byte[] out = new byte[4 + compressor.maxCompressedLength(payload.length)];
    Endian.putIntLE(out, 0, payload.length);
    int n = compressor.compress(payload, 0, payload.length, out, 4, out.length - 4);
    if (n < 0 || n >= payload.length || (double) n / payload.length > MIN_COMPRESSION_RATIO) {
      byte[] raw = new byte[4 + payload.length];
      Endian.putIntLE(raw, 0, payload.length);
      System.arraycopy(payload, 0, raw, 4, payload.length);
      return raw;
    }
    return Arrays.copyOf(out, 4 + n);
  }

  /**
   * The stored form of {@code payload} in a v1 file (Kudu 1.2 and older): with a codec, always
   * compressed, behind an 8-byte header of compressed and uncompressed sizes.
   */
  static byte[] storeV1(byte[] payload, Compressor compressor) {
    if (compressor == null) {
      return payload;
    }
    byte[] out = new byte[8 + compressor.maxCompressedLength(payload.length)];
    int n = compressor.compress(payload, 0, payload.length, out, 8, out.length - 8);
    if (n < 0) {
      throw new IllegalStateException("compressor overflowed its own bound");
    }
    Endian.putIntLE(out, 0, n);
    Endian.putIntLE(out, 4, payload.length);
    return Arrays.copyOf(out, 8 + n);
  }

  /**
   * The payload of a block stored as {@code buf[offset, offset + length)} (checksum already
   * removed) in a file of {@code version} compressed with {@code decompressor} (null for none).
   * Returns {@code buf} itself, sliced by the returned range, when nothing needs decompressing.
   */
  static BlockSlice open(byte[] buf, int offset, int length, int version,
      Decompressor decompressor) throws MalformedInputException {
    if (decompressor == null) {
      return new BlockSlice(buf, offset, length);
    }
    int header = version == 1 ? 8 : 4;
    if (length < header) {
      throw new MalformedInputException(0, "compressed block of " + length
          + " bytes is shorter than its " + header + "-byte size header");
    }
    long uncompressed = Endian.getIntLE(buf, offset + header - 4) & 0xFFFFFFFFL;
    int stored = length - header;
    if (uncompressed > MAX_BLOCK_SIZE) {
      throw new MalformedInputException(header - 4, "block claims " + uncompressed
          + " uncompressed bytes, more than Kudu's 16 MiB limit");
    }
    if (version == 1) {
      long compressed = Endian.getIntLE(buf, offset) & 0xFFFFFFFFL;
      if (compressed != stored) {
        throw new MalformedInputException(0, "v1 block header says " + compressed
            + " compressed bytes, the block holds " + stored);
      }
    } else if (uncompressed == stored) {
      return new BlockSlice(buf, offset + header, stored); // stored raw: compression did not pay
    } else if (stored > uncompressed) {
      throw new MalformedInputException(0, "block holds " + stored
          + " compressed bytes for " + uncompressed + " uncompressed ones");
    }
    byte[] out = new byte[(int) uncompressed];
    try {
      BlockDecompression.exactly(decompressor, buf, offset + header, stored, out, 0, out.length,
          0);
    } catch (MalformedInputException e) {
      throw new MalformedInputException(header + e.offset(), e.getMessage(), e);
    }
    return new BlockSlice(out, 0, out.length);
  }
}
