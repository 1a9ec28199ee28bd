package io.colfile.core.encoding;

import io.colfile.core.error.MalformedInputException;
import java.util.Objects;

/**
 * Unsigned LEB128 varints and zigzag, the integer encodings ORC (varints inside RLE v1 and
 * DIRECT streams), protobuf and Kudu share.
 *
 * <pre>
 * varint ::= byte*   low 7 bits carry the value, least significant group first;
 *                    the high bit says another byte follows; a 64-bit value needs at most 10
 * zigzag(n) = (n &lt;&lt; 1) ^ (n &gt;&gt; 63)   maps 0, -1, 1, -2 ... to 0, 1, 2, 3 ... so small
 *                                   magnitudes of either sign stay short
 * </pre>
 *
 * Every format reads its varints here, over {@code byte[]} with explicit positions and limits.
 * Reads are bounded: a varint that runs past the limit, takes more than 5 (32-bit) or 10 (64-bit)
 * bytes, or holds more bits than its width is a {@link MalformedInputException} whose offset is
 * the index in the buffer where the varint starts; never an overflow or an {@link
 * ArrayIndexOutOfBoundsException}. Non-minimal encodings (trailing {@code 0x80 ... 0x00} groups)
 * are accepted, as LEB128 allows and every reference reader does.
 *
 * <ul>
 *   <li>32-bit ({@link #readVarInt}): the value and the position after it come back packed in one
 *       long, so per-entry loops allocate nothing.
 *   <li>64-bit ({@link #readVarLong}, {@link #readVarLongs}): the values go to a {@code long[]}
 *       and the position after them is returned. The bulk form decodes 8 bytes at a time while a
 *       whole varint surely fits before the limit.
 * </ul>
 *
 * <p>Formats differ in one point: what a 10th byte above 1 (bits beyond the 64th) means. orc-core
 * drops those bits; protobuf, Avro's strict readers and colfile's Trevni and Kudu readers refuse
 * them. The 64-bit reads take that choice as {@code dropExtraBits}.
 */
public final class Varints {
  /** The longest varint of a 32-bit value: ceil(32 / 7) bytes. */
  public static final int MAX_VARINT_BYTES = 5;
  /** The longest varint of a 64-bit value: ceil(64 / 7) bytes. */
  public static final int MAX_VARLONG_BYTES = 10;

  private Varints() {}

  /** Maps signed values to unsigned so that small magnitudes get small codes. */
  public static long zigzagEncode(long value) {
    return (value << 1) ^ (value >> 63);
  }

  /** The inverse of {@link #zigzagEncode}. */
  public static long zigzagDecode(long encoded) {
    return (encoded >>> 1) ^ -(encoded & 1);
  }

  /** The 32-bit inverse of zigzag: {@code 0, 1, 2, 3 ...} to {@code 0, -1, 1, -2 ...}. */
  public static int zigzagDecode(int encoded) {
    return (encoded >>> 1) ^ -(encoded & 1);
  }

  /** Zigzag-decodes {@code values[off, off + n)} in place. */
  public static void zigzagDecode(long[] values, int off, int n) {
    Objects.checkFromIndexSize(off, n, values.length);
    for (int i = off, end = off + n; i < end; i++) {
      long u = values[i];
      values[i] = (u >>> 1) ^ -(u & 1);
    }
  }

  // ---- reading 32-bit varints ----

  /**
   * Reads an unsigned varint of at most 5 bytes whose value fits 32 bits from {@code buf[pos]},
   * ending before {@code limit}.
   *
   * @param base subtracted from buffer indices to give the offsets in exceptions (e.g. the
   *     index of the block's first byte, so that offsets are within the block)
   * @param what names the value in messages, e.g. {@code "RLE run indicator"}
   * @return {@code (value << 32) | positionAfter}; take them apart with {@link #packedValue} (an
   *     unsigned int) and {@link #packedPosition}
   */
  public static long readVarInt(byte[] buf, int pos, int limit, int base, String what)
      throws MalformedInputException {
    long value = 0;
    int p = pos;
    int end = pos + Math.min(limit - pos, MAX_VARINT_BYTES);
    for (int shift = 0; p < end; shift += 7) {
      int b = buf[p++];
      value |= (long) (b & 0x7F) << shift;
      if (b >= 0) {
        if (value > 0xFFFF_FFFFL) {
          throw new MalformedInputException(pos - base, what + " varint " + value
              + " overflows 32 bits");
        }
        return value << 32 | p;
      }
    }
    if (end - pos == MAX_VARINT_BYTES) {
      throw new MalformedInputException(pos - base, what + " varint is longer than 5 bytes");
    }
    throw new MalformedInputException(pos - base, what + " varint runs past the end");
  }

  /** The value (an unsigned 32-bit int) of a {@link #readVarInt} result. */
  public static int packedValue(long packed) {
    return (int) (packed >>> 32);
  }

  /** The position after the varint, of a {@link #readVarInt} result. */
  public static int packedPosition(long packed) {
    return (int) packed;
  }

  // ---- reading 64-bit varints ----

  /**
   * Reads one unsigned varint of at most 10 bytes from {@code buf[pos]}, ending before {@code
   * limit}, into {@code dst[off]}.
   *
   * @param dropExtraBits what a 10th byte above 1 means: bits beyond the 64th that are dropped
   *     (true, as orc-core reads), or corruption (false)
   * @return the position after the varint
   */
  public static int readVarLong(byte[] buf, int pos, int limit, long[] dst, int off,
      boolean dropExtraBits) throws MalformedInputException {
    Objects.checkIndex(off, dst.length);
    // One-byte values dominate most streams: take them without the loop.
    if (pos < limit && buf[pos] >= 0) {
      dst[off] = buf[pos];
      return pos + 1;
    }
    // Only the first 10 bytes can belong to a valid varint, so bound the loop by whichever of
    // the limit and those 10 bytes comes first; one comparison per byte does both checks.
    final int end = pos + Math.min(limit - pos, MAX_VARLONG_BYTES);
    long result = 0;
    int p = pos;
    for (int shift = 0; p < end; shift += 7) {
      byte b = buf[p++];
      result |= (long) (b & 0x7F) << shift;
      if (b >= 0) {
        // The 10th byte sits at shift 63: only its lowest bit lands inside 64 bits.
        if (shift == 63 && b > 1 && !dropExtraBits) {
          throw new MalformedInputException(pos, "varint overflows 64 bits");
        }
        dst[off] = result;
        return p;
      }
    }
    throw unfinished(pos, end);
  }

  /**
   * Reads {@code n} unsigned varints from {@code buf[pos]}, ending before {@code limit}, into
   * {@code dst[off, off + n)}, as {@link #readVarLong} reads each.
   *
   * @return the position after the last one
   */
  public static int readVarLongs(byte[] buf, int pos, int limit, long[] dst, int off, int n,
      boolean dropExtraBits) throws MalformedInputException {
    Objects.checkFromIndexSize(off, n, dst.length);
    Objects.checkFromToIndex(pos, limit, buf.length);
    int i = off;
    int end = off + n;
    int p = pos;
    while (i < end) {
      long r = readVarLongsWhileRoom(buf, p, limit, dst, i, end - i, dropExtraBits);
      i += packedValue(r);
      p = packedPosition(r);
      if (i < end) { // fewer than 10 bytes left: the careful way
        p = readVarLong(buf, p, limit, dst, i++, dropExtraBits);
      }
    }
    return p;
  }

  /**
   * The fast part of {@link #readVarLongs}: decodes up to {@code n} varints into {@code
   * dst[off, ...)} while at least {@link #MAX_VARLONG_BYTES} bytes remain before {@code limit},
   * so that a whole varint surely fits and no byte needs a bounds check of its own. The caller
   * reads what is left near the limit another way (ORC's streams continue in the next chunk).
   *
   * @return {@code (count << 32) | positionAfter}: how many values were decoded ({@link
   *     #packedValue}) and where the next one starts ({@link #packedPosition})
   */
  public static long readVarLongsWhileRoom(byte[] buf, int pos, int limit, long[] dst, int off,
      int n, boolean dropExtraBits) throws MalformedInputException {
    Objects.checkFromIndexSize(off, n, dst.length);
    Objects.checkFromToIndex(pos, limit, buf.length);
    int i = off;
    final int end = off + n;
    int p = pos;
    // Safety: p <= safe means buf[p, p + 10) lies within the limit, so the 8-byte load at p and
    // the byte-wise loop below (which stops at the 10th byte) stay inside.
    final int safe = limit - MAX_VARLONG_BYTES;
    while (i < end && p <= safe) {
      // 8 bytes at once: each byte without the continuation bit ends a varint ("stops").
      long w = Endian.getLongLE(buf, p);
      long stops = ~w & 0x8080808080808080L;
      if (stops == 0x8080808080808080L && end - i >= 8) { // eight one-byte varints
        for (int k = 0; k < 8; k++) {
          dst[i + k] = (w >>> (k << 3)) & 0x7f;
        }
        i += 8;
        p += 8;
        continue;
      }
      // The first varint ends at bit e1 (bit 7 of its last byte), a second one at e2 (64: not
      // in these 8 bytes). Taking both from one load halves the chain of position arithmetic
      // that each load waits on.
      int e1 = Long.numberOfTrailingZeros(stops);
      long more = stops & (stops - 1);
      int e2 = Long.numberOfTrailingZeros(more);
      if (e1 < 32 && e2 - e1 <= 32 && end - i >= 2) {
        // Both of at most 4 bytes: squeezed side by side, the first in the low half.
        long both = w & (-1L >>> (63 - e2));
        long u = ((both & ((2L << e1) - 1)) | (both >>> (e1 + 1)) << 32) & 0x7f7f7f7f7f7f7f7fL;
        u = (u & 0x007f007f007f007fL) | (u & 0x7f007f007f007f00L) >>> 1;
        u = (u & 0x00003fff00003fffL) | (u & 0x3fff00003fff0000L) >>> 2;
        dst[i] = u & 0xfffffffL;
        dst[i + 1] = u >>> 32;
        i += 2;
        p += (e2 >>> 3) + 1;
        continue;
      }
      if (stops != 0) {
        long first = w & (-1L >>> (63 - e1));
        if (more != 0 && end - i >= 2) { // bits (e1, e2] hold the second varint
          dst[i] = compact(first);
          dst[i + 1] = compact((w >>> (e1 + 1)) & (-1L >>> (63 - e2 + e1 + 1)));
          i += 2;
          p += (e2 >>> 3) + 1;
        } else {
          dst[i++] = compact(first);
          p += (e1 >>> 3) + 1;
        }
        continue;
      }
      // 9 or 10 bytes, or too long
      final int start = p;
      int x = buf[p++];
      long u = x & 0x7f;
      int shift = 7;
      while (true) {
        x = buf[p++];
        u |= (long) (x & 0x7f) << shift;
        if (x >= 0) {
          break;
        }
        shift += 7;
        if (shift >= 70) {
          throw new MalformedInputException(start, "varint longer than 10 bytes");
        }
      }
      if (shift == 63 && x > 1 && !dropExtraBits) {
        throw new MalformedInputException(start, "varint overflows 64 bits");
      }
      dst[i++] = u;
    }
    return (long) (i - off) << 32 | p;
  }

  /**
   * The value of one varint of at most 8 bytes held little-endian in {@code w}, its first byte
   * lowest, every bit above its last byte already cleared: the 7-bit groups squeezed together in
   * three branch-free steps.
   */
  private static long compact(long w) {
    long u = w & 0x7f7f7f7f7f7f7f7fL;
    u = (u & 0x007f007f007f007fL) | (u & 0x7f007f007f007f00L) >>> 1;
    u = (u & 0x00003fff00003fffL) | (u & 0x3fff00003fff0000L) >>> 2;
    return (u & 0x000000000fffffffL) | (u & 0x0fffffff00000000L) >>> 4;
  }

  /** Why a varint starting at {@code pos} found no last byte before {@code end}. */
  private static MalformedInputException unfinished(int pos, int end) {
    if (end - pos == MAX_VARLONG_BYTES) {
      return new MalformedInputException(pos, "varint longer than 10 bytes");
    }
    if (end <= pos) {
      return new MalformedInputException(pos, "expected a varint, found the end");
    }
    return new MalformedInputException(pos,
        "varint truncated: " + (end - pos) + " bytes with the continuation bit, then the end");
  }

  /** The number of bytes {@link #writeVarLong} needs for {@code value} (1 to 10). */
  public static int varLongSize(long value) {
    // value | 1 so that 0 counts as one significant bit and takes one byte.
    int bits = Long.SIZE - Long.numberOfLeadingZeros(value | 1);
    return (bits + 6) / 7;
  }

  /**
   * Writes {@code value} as an unsigned varint at {@code buf[pos]}, returning the position after
   * it. The caller guarantees room ({@link #varLongSize} or {@link #MAX_VARLONG_BYTES} bytes); a
   * too small buffer is a caller bug and fails with {@link ArrayIndexOutOfBoundsException}.
   */
  public static int writeVarLong(byte[] buf, int pos, long value) {
    while ((value & ~0x7FL) != 0) {
      buf[pos++] = (byte) (value | 0x80);
      value >>>= 7;
    }
    buf[pos++] = (byte) value;
    return pos;
  }

  /** Writes {@code zigzagEncode(value)} as a varint; see {@link #writeVarLong}. */
  public static int writeSignedVarLong(byte[] buf, int pos, long value) {
    return writeVarLong(buf, pos, zigzagEncode(value));
  }
}
