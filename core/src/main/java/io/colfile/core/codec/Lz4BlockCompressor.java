package io.colfile.core.codec;

import io.colfile.core.encoding.Endian;
import java.util.Arrays;

/**
 * One raw LZ4 block, byte for byte as the reference library's {@code LZ4_compress_default} writes
 * it (LZ4 1.9.3, acceleration 1, a fresh state per block): the bytes Kudu's LZ4 codec and its
 * bitshuffle sub-blocks hold. aircompressor's LZ4 compressor ({@link CompressionCodec#LZ4})
 * writes valid blocks too, but picks other matches, so its bytes differ.
 *
 * <pre>
 * Block    ::= Sequence* LastLiterals
 * Sequence ::= token:(lit_len:4 | match_len-4:4) lit_len_ext* literals offset:u16le match_len_ext*
 * LastLiterals ::= token:(lit_len:4 | 0:4) lit_len_ext* literals
 *     a length field of 15 continues in bytes of 255 ... ended by a byte below 255
 * </pre>
 *
 * What decides the bytes (lz4.c, LZ4_compress_generic):
 *
 * <ul>
 *   <li>Inputs under 64 KiB + 11 bytes use a table of 8192 16-bit positions hashed from 4 bytes,
 *       {@code (u32le * 2654435761) >>> 19}; larger inputs 4096 32-bit positions hashed from 5
 *       bytes, {@code ((u64le << 24) * 889523592379) >>> 52}, and skip candidates more than 65535
 *       bytes back. The table starts zeroed, so an empty slot names position 0.
 *   <li>Searching from position 1, each probe stores its position and compares 4 bytes with the
 *       slot's old position; the step to the next probe is {@code probes++ >> 6} with probes
 *       counted from 64, so it grows by one every 64 misses. The search ends when the next probe
 *       would lie past {@code end - 11}: a match can start as late as {@code end - 12}.
 *   <li>A match found by search is extended backwards over equal bytes (not before the last
 *       sequence's end, not before position 0) and forwards up to {@code end - 5}.
 *   <li>After a match: stop if it ends past {@code end - 12}; else store position {@code p -
 *       2}, then look up {@code p}: a 4-byte hit is taken at once as a match with no literals.
 *   <li>Inputs under 13 bytes are literals only; an empty input is the one byte {@code 00}.
 * </ul>
 *
 * Not thread-safe: the instance keeps its hash table (32 KiB) for reuse. LZ4 zeroes the table
 * for every block; after a small block only the slots it wrote are zeroed, which leaves the same
 * all-zero table for the next.
 */
public final class Lz4BlockCompressor implements Compressor {
  private static final int MIN_MATCH = 4;
  private static final int LAST_LITERALS = 5;
  private static final int MF_LIMIT = 12;
  /** Inputs below this many bytes are emitted as literals only. */
  private static final int MIN_LENGTH = MF_LIMIT + 1;
  /** Inputs below this many bytes use the 16-bit table (LZ4_64Klimit). */
  private static final int LIMIT_64K = (64 << 10) + MF_LIMIT - 1;
  private static final int SKIP_TRIGGER = 6;
  /** LZ4_MEMORY_USAGE 14: a 16 KiB table, 4096 32-bit or 8192 16-bit slots. */
  private static final int HASH_LOG = 12;
  private static final int MAX_DISTANCE = 65535;
  private static final int MAX_INPUT = 0x7E000000;
  private static final int RUN_MASK = 15;
  private static final int ML_MASK = 15;

  /** Inputs below this many bytes clear their own table slots afterwards (cheaper than 32 KiB). */
  private static final int CLEAN_UP_BELOW = 2048;

  private final int[] table = new int[1 << (HASH_LOG + 1)];
  /** True when every slot is 0, as LZ4 starts each block. */
  private boolean tableZero;
  private byte[] scratch = new byte[0];

  /** LZ4_compressBound: {@code n + n / 255 + 16}. */
  @Override
  public int maxCompressedLength(int uncompressedLength) {
    Ranges.checkLength(uncompressedLength);
    if (uncompressedLength > MAX_INPUT) {
      throw new IllegalArgumentException("LZ4 compresses at most " + MAX_INPUT
          + " bytes in one block, not " + uncompressedLength);
    }
    return uncompressedLength + uncompressedLength / 255 + 16;
  }

  @Override
  public int compress(
      byte[] input, int inputOffset, int inputLength,
      byte[] output, int outputOffset, int maxOutputLength) {
    Ranges.check(input, inputOffset, inputLength, output, outputOffset, maxOutputLength);
    int bound = maxCompressedLength(inputLength);
    if (maxOutputLength >= bound) {
      return compressBlock(input, inputOffset, inputLength, output, outputOffset);
    }
    // The block is written without bounds checks, so a short window goes through scratch.
    if (scratch.length < bound) {
      scratch = new byte[bound];
    }
    int n = compressBlock(input, inputOffset, inputLength, scratch, 0);
    if (n > maxOutputLength) {
      return -1;
    }
    System.arraycopy(scratch, 0, output, outputOffset, n);
    return n;
  }

  /** Writes the block of {@code src[base, base + length)} at {@code dst[out]}; room is there. */
  private int compressBlock(byte[] src, int base, int length, byte[] dst, int out) {
    final int end = base + length;
    final int matchLimit = end - LAST_LITERALS;
    final int searchLimit = end - MF_LIMIT + 1; // mflimitPlusOne
    final boolean small = length < LIMIT_64K;
    final int[] t = table;
    int op = out;
    int anchor = base;
    if (length >= MIN_LENGTH) {
      if (!tableZero) {
        Arrays.fill(t, 0, small ? 1 << (HASH_LOG + 1) : 1 << HASH_LOG, 0);
      }
      tableZero = false;
      int ip = base;
      t[hash(src, ip, small)] = 0;
      ip++;
      int forwardHash = hash(src, ip, small);
      search:
      while (true) {
        // Find a match: probe ahead, accelerating after 64 misses.
        int match;
        int forward = ip;
        int step = 1;
        int probes = 1 << SKIP_TRIGGER;
        while (true) {
          int h = forwardHash;
          int current = forward - base;
          int candidate = t[h];
          ip = forward;
          forward += step;
          step = probes++ >>> SKIP_TRIGGER;
          if (forward > searchLimit) {
            break search;
          }
          forwardHash = hash(src, forward, small);
          t[h] = current;
          if (!small && candidate + MAX_DISTANCE < current) {
            continue;
          }
          if (readInt(src, base + candidate) == readInt(src, ip)) {
            match = base + candidate;
            break;
          }
        }
        // Extend it backwards over the literals.
        while (ip > anchor && match > base && src[ip - 1] == src[match - 1]) {
          ip--;
          match--;
        }
        int token = op++;
        int literals = ip - anchor;
        op = writeLength(dst, token, op, literals, 4);
        System.arraycopy(src, anchor, dst, op, literals);
        op += literals;
        while (true) {
          // The match: offset, then its length past the first four bytes.
          int offset = ip - match;
          dst[op] = (byte) offset;
          dst[op + 1] = (byte) (offset >>> 8);
          op += 2;
          int more = count(src, ip + MIN_MATCH, match + MIN_MATCH, matchLimit);
          ip += more + MIN_MATCH;
          op = writeLength(dst, token, op, more, 0);
          anchor = ip;
          if (ip >= searchLimit) {
            break search;
          }
          t[hash(src, ip - 2, small)] = ip - 2 - base;
          // A match right here is taken at once, with no literals before it.
          int h = hash(src, ip, small);
          int current = ip - base;
          int candidate = t[h];
          t[h] = current;
          if ((small || candidate + MAX_DISTANCE >= current)
              && readInt(src, base + candidate) == readInt(src, ip)) {
            match = base + candidate;
            token = op++;
            dst[token] = 0;
            continue;
          }
          break;
        }
        forwardHash = hash(src, ++ip, small);
      }
    }
    // The last literals: everything after the last match.
    int token = op++;
    int literals = end - anchor;
    op = writeLength(dst, token, op, literals, 4);
    System.arraycopy(src, anchor, dst, op, literals);
    if (length >= MIN_LENGTH && length < CLEAN_UP_BELOW) {
      // Positions stored lie before the search limit: zero their slots for the next block.
      for (int p = base; p < searchLimit; p++) {
        t[hash(src, p, true)] = 0;
      }
      tableZero = true;
    }
    return op + literals - out;
  }

  /**
   * Puts {@code length} in the token's nibble at {@code shift} (4: literals, 0: match), with
   * extension bytes from {@code op} when it reaches 15; returns the position after them. A
   * match nibble is added to the literal nibble already there.
   */
  private static int writeLength(byte[] dst, int token, int op, int length, int shift) {
    int nibble = Math.min(length, shift == 4 ? RUN_MASK : ML_MASK);
    dst[token] = (byte) (shift == 4 ? nibble << 4 : (dst[token] | nibble));
    if (nibble == 15) {
      int rest = length - 15;
      for (; rest >= 255; rest -= 255) {
        dst[op++] = (byte) 255;
      }
      dst[op++] = (byte) rest;
    }
    return op;
  }

  /** How many bytes at {@code a} equal those at {@code b}, stopping at {@code limit} for a. */
  private static int count(byte[] src, int a, int b, int limit) {
    int start = a;
    while (a <= limit - 8) {
      long diff = Endian.getLongLE(src, a) ^ Endian.getLongLE(src, b);
      if (diff != 0) {
        return a - start + (Long.numberOfTrailingZeros(diff) >>> 3);
      }
      a += 8;
      b += 8;
    }
    while (a < limit && src[a] == src[b]) {
      a++;
      b++;
    }
    return a - start;
  }

  private static int hash(byte[] src, int p, boolean small) {
    if (small) {
      return (readInt(src, p) * -1640531535) >>> (32 - (HASH_LOG + 1)); // 2654435761
    }
    return (int) ((Endian.getLongLE(src, p) << 24) * 889523592379L >>> (64 - HASH_LOG));
  }

  private static int readInt(byte[] src, int p) {
    return Endian.getIntLE(src, p);
  }
}
