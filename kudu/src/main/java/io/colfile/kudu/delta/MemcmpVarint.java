package io.colfile.kudu.delta;

import io.colfile.core.error.MalformedInputException;
import java.util.Objects;

/**
 * The order-preserving varint of DeltaKeys (cfile.md section 1, SQLite4's varint as Kudu's
 * {@code util/memcmpable_varint.cc} uses it): unsigned 64-bit values whose encodings compare
 * with unsigned memcmp as the values compare.
 *
 * <pre>
 * first byte A0   value                              bytes
 *   0..240        A0                                 1
 *   241..248      240 + 256 * (A0 - 241) + A1        2
 *   249           2288 + 256 * A1 + A2               3
 *   250..255      the next A0 - 247 bytes (3..8),    4..9
 *                 big-endian
 * </pre>
 *
 * The encoder picks the shortest form: up to 240, 2287, 67823, 2^24 - 1, 2^32 - 1, 2^40 - 1,
 * 2^48 - 1, 2^56 - 1 take 1 to 8 bytes, anything larger 9. The decoder, like Kudu's, also takes
 * longer forms than needed (which the encoder never writes), so a re-encoded value can be
 * shorter than what was read; the length of an encoding follows from its first byte alone.
 */
public final class MemcmpVarint {
  /** The longest encoding: 255 and 8 big-endian bytes. */
  public static final int MAX_LENGTH = 9;

  private MemcmpVarint() {}

  /** The bytes {@link #write} uses for {@code value} (unsigned), 1 to 9. */
  public static int length(long value) {
    if (Long.compareUnsigned(value, 240) <= 0) {
      return 1;
    }
    if (Long.compareUnsigned(value, 2287) <= 0) {
      return 2;
    }
    if (Long.compareUnsigned(value, 67823) <= 0) {
      return 3;
    }
    // 250..255 forms: 3..8 payload bytes, as many as the value's significant bytes (at least 3).
    int bytes = (Long.SIZE - Long.numberOfLeadingZeros(value) + 7) / 8;
    return 1 + Math.max(bytes, 3);
  }

  /**
   * Writes {@code value} (unsigned) at {@code dst[off]} in its shortest form and returns the
   * position after it; the caller provides {@link #length} (or {@link #MAX_LENGTH}) bytes.
   */
  public static int write(byte[] dst, int off, long value) {
    int n = length(value);
    Objects.checkFromIndexSize(off, n, dst.length);
    switch (n) {
      case 1 -> dst[off] = (byte) value;
      case 2 -> {
        long y = value - 240;
        dst[off] = (byte) (241 + (y >>> 8));
        dst[off + 1] = (byte) y;
      }
      case 3 -> {
        long y = value - 2288;
        dst[off] = (byte) 249;
        dst[off + 1] = (byte) (y >>> 8);
        dst[off + 2] = (byte) y;
      }
      default -> {
        int payload = n - 1;
        dst[off] = (byte) (247 + payload);
        for (int i = 0; i < payload; i++) {
          dst[off + 1 + i] = (byte) (value >>> (8 * (payload - 1 - i)));
        }
      }
    }
    return off + n;
  }

  /** The length of the encoding that starts with byte {@code first}, 1 to 9. */
  public static int lengthOf(byte first) {
    int a = first & 0xFF;
    if (a <= 240) {
      return 1;
    }
    if (a <= 248) {
      return 2;
    }
    return a - 246;
  }

  /**
   * The value encoded at {@code src[off]}, which must end by {@code limit}.
   *
   * @throws MalformedInputException at {@code off} if the encoding runs past {@code limit}
   */
  public static long read(byte[] src, int off, int limit) throws MalformedInputException {
    Objects.checkFromToIndex(off, limit, src.length);
    if (off >= limit) {
      throw new MalformedInputException(off, "memcmp-varint expected, no bytes left");
    }
    int a = src[off] & 0xFF;
    int n = lengthOf(src[off]);
    if (n > limit - off) {
      throw new MalformedInputException(off, "memcmp-varint of " + n + " bytes, only "
          + (limit - off) + " left");
    }
    if (a <= 240) {
      return a;
    }
    if (a <= 248) {
      return 240 + 256L * (a - 241) + (src[off + 1] & 0xFF);
    }
    if (a == 249) {
      return 2288 + 256L * (src[off + 1] & 0xFF) + (src[off + 2] & 0xFF);
    }
    long v = 0;
    for (int i = 1; i < n; i++) {
      v = (v << 8) | (src[off + i] & 0xFF);
    }
    return v;
  }
}
