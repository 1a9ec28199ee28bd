package io.colfile.core.codec;

import io.colfile.core.encoding.Endian;
import java.util.Arrays;

/**
 * One raw Snappy block, byte for byte as C++ Snappy 1.1.8's {@code snappy::RawCompress} (and its
 * {@code Compress} over slices) writes it: the bytes Kudu 1.17's SNAPPY codec stores, since Kudu
 * builds with Snappy 1.1.8. aircompressor's Snappy compressor ({@link CompressionCodec#SNAPPY})
 * and snappy-java 1.1.10 write valid blocks too, but choose other copies for some inputs, so
 * their bytes differ.
 *
 * <pre>
 * Block   ::= uncompressed_length:varint32 Element*
 * Element ::= tag:(len-1:6 | 00) byte{len}                     literal, len 1..60
 *           | tag:(59+k:6 | 00) len-1:u(8k)le byte{len}         literal, k = 1..4 bytes of length
 *           | tag:(offset>>8:3 | len-4:3 | 01) offset:u8        copy, len 4..11, offset < 2048
 *           | tag:(len-1:6 | 10) offset:u16le                   copy, len 1..64
 * </pre>
 *
 * What decides the bytes (snappy.cc, Compress and CompressFragment):
 *
 * <ul>
 *   <li>The input is cut into fragments of 64 KiB, the last one shorter, each compressed alone:
 *       no copy reaches into an earlier fragment. Each fragment starts with a zeroed table of
 *       positions, as many slots as its length rounded up to a power of two, at least 256 and
 *       at most 16384, indexed by {@code (u32le * 0x1e35a7bd) >>> (32 - log2(slots))}. An empty
 *       slot names position 0.
 *   <li>A fragment under 15 bytes is one literal. Otherwise the search starts at position 1;
 *       each probe stores its position and compares 4 bytes with the slot's old one. The step
 *       to the next probe is {@code skip >>> 5} with skip counted from 32 and growing by each
 *       step: 32 probes one byte apart, then 16 two apart, then 11 three apart, and so on. The
 *       search ends when the next probe would lie past {@code length - 15}.
 *   <li>A match extends forwards only (not backwards) up to the end of the fragment. After a
 *       copy ending at {@code p}: stop if {@code p >= length - 15}; else store {@code p - 1},
 *       then look up and store {@code p}: a 4-byte hit there is the next copy, with no literal
 *       before it; otherwise the search resumes at {@code p + 1} with the step back at one.
 *   <li>A copy of 4 to 11 bytes less than 2048 back takes 2 bytes, any other 3. A longer copy
 *       goes out in pieces of 64 while 68 or more remain, then one of 60 if more than 64
 *       remain, then the rest, so that no piece is shorter than 4.
 *   <li>The remaining bytes, if any, end the fragment as one literal.
 * </ul>
 *
 * <p>Every write is checked against the output window: output that does not fit is reported as
 * -1 and nothing is written past the window (what was written inside it is then garbage). Not thread-safe: the instance keeps its table
 * (32 KiB) for reuse.
 */
public final class SnappyBlockCompressor implements Compressor {
  /** kBlockSize: inputs are compressed in independent fragments of this size. */
  private static final int FRAGMENT_SIZE = 1 << 16;
  private static final int MIN_TABLE_SIZE = 1 << 8;
  private static final int MAX_TABLE_SIZE = 1 << 14;
  /** kInputMarginBytes: no match starts and no probe lies in a fragment's last 15 bytes. */
  private static final int INPUT_MARGIN = 15;
  private static final int HASH_MULTIPLIER = 0x1e35a7bd;
  private static final int LITERAL = 0;
  private static final int COPY_1_BYTE_OFFSET = 1;
  private static final int COPY_2_BYTE_OFFSET = 2;
  /** Returned by the emitters when the element does not fit before the output limit. */
  private static final int FULL = -1;

  /** Positions in the fragment (below 65536), 16 bits each as in Snappy: a char each. */
  private final char[] table = new char[MAX_TABLE_SIZE];

  @Override
  public int maxCompressedLength(int uncompressedLength) {
    return bound(uncompressedLength);
  }

  /**
   * Snappy's MaxCompressedLength, {@code 32 + n + n / 6}, computed in long (the library's int
   * would overflow); refuses a length whose bound no array can hold.
   */
  static int bound(int uncompressedLength) {
    Ranges.checkLength(uncompressedLength);
    return Ranges.checkBound(32L + uncompressedLength + uncompressedLength / 6,
        uncompressedLength);
  }

  @Override
  public int compress(
      byte[] input, int inputOffset, int inputLength,
      byte[] output, int outputOffset, int maxOutputLength) {
    Ranges.check(input, inputOffset, inputLength, output, outputOffset, maxOutputLength);
    maxCompressedLength(inputLength); // refuses an input whose bound no array can hold
    int limit = outputOffset + maxOutputLength;
    int op = outputOffset;
    for (int v = inputLength; ; v >>>= 7) {
      if (op == limit) {
        return -1;
      }
      if ((v & ~0x7F) == 0) {
        output[op++] = (byte) v;
        break;
      }
      output[op++] = (byte) (v | 0x80);
    }
    for (int from = 0; from < inputLength; from += FRAGMENT_SIZE) {
      int length = Math.min(FRAGMENT_SIZE, inputLength - from);
      op = compressFragment(input, inputOffset + from, length, output, op, limit);
      if (op == FULL) {
        return -1;
      }
    }
    return op - outputOffset;
  }

  /** The slots a fragment of {@code length} bytes hashes into: a power of two, 256 to 16384. */
  static int tableSize(int length) {
    if (length >= MAX_TABLE_SIZE) {
      return MAX_TABLE_SIZE;
    }
    return length <= MIN_TABLE_SIZE ? MIN_TABLE_SIZE : Integer.highestOneBit(length - 1) << 1;
  }

  /**
   * Writes the elements of {@code src[base, base + length)} from {@code dst[op]}, not reaching
   * {@code limit}; returns the position after them, or {@link #FULL}.
   */
  private int compressFragment(byte[] src, int base, int length, byte[] dst, int op, int limit) {
    final int end = base + length;
    int nextEmit = base;
    if (length >= INPUT_MARGIN) {
      final int size = tableSize(length);
      final int shift = 32 - Integer.numberOfTrailingZeros(size);
      final char[] t = table;
      Arrays.fill(t, 0, size, (char) 0);
      // Probes and match starts stay at or before ipLimit, so 4-byte reads (8 at ip - 1 below)
      // stay inside the fragment.
      final int ipLimit = end - INPUT_MARGIN;
      int ip = base + 1;
      // the 4 bytes at the next probe, read once for its hash and its comparison
      int nextBytes = Endian.getIntLE(src, ip);
      search:
      while (true) {
        int skip = 32;
        int nextIp = ip;
        int candidate;
        int bytes;
        do {
          ip = nextIp;
          bytes = nextBytes;
          int step = skip >>> 5;
          skip += step;
          nextIp = ip + step;
          if (nextIp > ipLimit) {
            break search;
          }
          nextBytes = Endian.getIntLE(src, nextIp);
          int h = hash(bytes, shift);
          candidate = base + t[h];
          t[h] = (char) (ip - base);
        } while (bytes != Endian.getIntLE(src, candidate));
        op = emitLiteral(src, nextEmit, ip - nextEmit, dst, op, limit);
        if (op == FULL) {
          return FULL;
        }
        // Copies follow one another while the bytes right after one match the table's entry.
        long around;
        int current;
        do {
          int matched = 4 + matchLength(src, candidate + 4, ip + 4, end);
          op = emitCopy(ip - candidate, matched, dst, op, limit);
          if (op == FULL) {
            return FULL;
          }
          ip += matched;
          nextEmit = ip;
          if (ip >= ipLimit) {
            break search;
          }
          around = Endian.getLongLE(src, ip - 1);
          t[hash((int) around, shift)] = (char) (ip - 1 - base);
          current = (int) (around >>> 8);
          int h = hash(current, shift);
          candidate = base + t[h];
          t[h] = (char) (ip - base);
        } while (current == Endian.getIntLE(src, candidate));
        nextBytes = (int) (around >>> 16);
        ip++;
      }
    }
    if (nextEmit < end) {
      op = emitLiteral(src, nextEmit, end - nextEmit, dst, op, limit);
    }
    return op;
  }

  private static int hash(int bytes, int shift) {
    return (bytes * HASH_MULTIPLIER) >>> shift;
  }

  /** How many bytes at {@code a} equal those at {@code b}, stopping at {@code limit} for b. */
  private static int matchLength(byte[] src, int a, int b, int limit) {
    int start = b;
    while (b <= limit - 8) {
      long diff = Endian.getLongLE(src, a) ^ Endian.getLongLE(src, b);
      if (diff != 0) {
        return b - start + (Long.numberOfTrailingZeros(diff) >>> 3);
      }
      a += 8;
      b += 8;
    }
    while (b < limit && src[a] == src[b]) {
      a++;
      b++;
    }
    return b - start;
  }

  /** A literal of {@code length} (1 to 65536) bytes: its tag, its length bytes, its bytes. */
  private static int emitLiteral(byte[] src, int from, int length, byte[] dst, int op, int limit) {
    int n = length - 1;
    int lengthBytes = n < 60 ? 0 : n < 1 << 8 ? 1 : n < 1 << 16 ? 2 : n < 1 << 24 ? 3 : 4;
    if (limit - op < 1 + lengthBytes + length) {
      return FULL;
    }
    if (lengthBytes == 0) {
      dst[op++] = (byte) (LITERAL | n << 2);
    } else {
      dst[op++] = (byte) (LITERAL | (59 + lengthBytes) << 2);
      for (int i = 0; i < lengthBytes; i++, n >>>= 8) {
        dst[op++] = (byte) n;
      }
    }
    System.arraycopy(src, from, dst, op, length);
    return op + length;
  }

  /** A copy of {@code length} bytes {@code offset} (1 to 65535) back, in pieces of at most 64. */
  private static int emitCopy(int offset, int length, byte[] dst, int op, int limit) {
    while (length >= 68) {
      op = emitCopyAtMost64(offset, 64, dst, op, limit);
      length -= 64;
    }
    if (length > 64) {
      op = emitCopyAtMost64(offset, 60, dst, op, limit);
      length -= 60;
    }
    return emitCopyAtMost64(offset, length, dst, op, limit);
  }

  private static int emitCopyAtMost64(int offset, int length, byte[] dst, int op, int limit) {
    if (op == FULL) {
      return FULL;
    }
    if (length < 12 && offset < 2048) {
      if (limit - op < 2) {
        return FULL;
      }
      dst[op] = (byte) (COPY_1_BYTE_OFFSET | (length - 4) << 2 | (offset >>> 3) & 0xE0);
      dst[op + 1] = (byte) offset;
      return op + 2;
    }
    if (limit - op < 3) {
      return FULL;
    }
    dst[op] = (byte) (COPY_2_BYTE_OFFSET | (length - 1) << 2);
    dst[op + 1] = (byte) offset;
    dst[op + 2] = (byte) (offset >>> 8);
    return op + 3;
  }
}
