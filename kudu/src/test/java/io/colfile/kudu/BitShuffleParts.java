package io.colfile.kudu;

import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.codec.Decompressor;
import io.colfile.core.encoding.Endian;
import io.colfile.core.error.MalformedInputException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A BIT_SHUFFLE block taken apart (cfile.md section 6.4): the five header fields, and each
 * sub-block both as stored (its raw LZ4 block) and decompressed (the bit-transposed bytes).
 * Comparing the decompressed sub-blocks of two blocks compares everything but the LZ4
 * compressor's choices.
 *
 * <pre>
 * BitShuffleBlock ::= ordinal:u32le count:u32le compressed_size:u32le padded_count:u32le
 *                     elem_size:u32le (lz4_len:u32be lz4_block)*
 * </pre>
 */
record BitShuffleParts(int ordinal, int count, int compressedSize, int paddedCount,
    int elemSize, List<byte[]> lz4Blocks, List<byte[]> shuffled) {
  static final int HEADER = 20;

  /** Parses the block in {@code b[off, off + len)}; sub-block sizes follow from the header. */
  static BitShuffleParts parse(byte[] b, int off, int len) throws MalformedInputException {
    if (len < HEADER) {
      throw new MalformedInputException(0, "BIT_SHUFFLE block of " + len + " bytes");
    }
    int padded = Endian.getIntLE(b, off + 12);
    int es = Endian.getIntLE(b, off + 16);
    if (es < 1 || es > 16 || padded < 0 || padded % 8 != 0 || (long) padded * es > 1 << 26) {
      throw new MalformedInputException(12, "padded count " + padded + ", elem size " + es);
    }
    // bitshuffle's sub-block: max(128, floor(8192 / es / 8) * 8) elements
    int perBlock = Math.max(128, 8192 / es / 8 * 8);
    Decompressor lz4 = CompressionCodec.LZ4.newDecompressor();
    List<byte[]> stored = new ArrayList<>();
    List<byte[]> plain = new ArrayList<>();
    int p = HEADER;
    for (int done = 0; done < padded; done += perBlock) {
      int n = Math.min(perBlock, padded - done) * es;
      if (len - p < 4) {
        throw new MalformedInputException(p, "sub-block length cut off");
      }
      int lz4Len = Endian.getIntBE(b, off + p);
      if (lz4Len < 0 || lz4Len > len - p - 4) {
        throw new MalformedInputException(p, "sub-block of " + lz4Len + " bytes");
      }
      stored.add(Arrays.copyOfRange(b, off + p + 4, off + p + 4 + lz4Len));
      byte[] out = new byte[n];
      int got = lz4.decompress(b, off + p + 4, lz4Len, out, 0, n);
      if (got != n) {
        throw new MalformedInputException(p, "sub-block decompressed to " + got + " of " + n);
      }
      plain.add(out);
      p += 4 + lz4Len;
    }
    if (p != len) {
      throw new MalformedInputException(p, (len - p) + " bytes after the last sub-block");
    }
    return new BitShuffleParts(Endian.getIntLE(b, off), Endian.getIntLE(b, off + 4),
        Endian.getIntLE(b, off + 8), padded, es, stored, plain);
  }

  /** Every header field but compressed_size is equal. */
  boolean sameHeaderFields(BitShuffleParts o) {
    return ordinal == o.ordinal && count == o.count && paddedCount == o.paddedCount
        && elemSize == o.elemSize;
  }

  /** The same number of sub-blocks, each decompressing to the same bytes. */
  boolean sameShuffledBytes(BitShuffleParts o) {
    if (shuffled.size() != o.shuffled.size()) {
      return false;
    }
    for (int i = 0; i < shuffled.size(); i++) {
      if (!Arrays.equals(shuffled.get(i), o.shuffled.get(i))) {
        return false;
      }
    }
    return true;
  }
}
