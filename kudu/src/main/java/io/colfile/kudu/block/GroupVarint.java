package io.colfile.kudu.block;

import io.colfile.core.encoding.Endian;
import io.colfile.core.error.MalformedInputException;

/**
 * Group varint (cfile.md section 1), used for BINARY PLAIN offsets (section 6.5) and the PREFIX
 * header (section 6.7).
 *
 * <pre>
 * group    ::= selector:u8 | v1 | v2 | v3 | v4     each vi 1 to 4 bytes, little-endian
 * selector ::= bits 7-6 = len(v1) - 1, 5-4 = len(v2) - 1, 3-2 = len(v3) - 1, 1-0 = len(v4) - 1
 * </pre>
 *
 * Lengths are minimal (0 takes one byte); a sequence whose length is not a multiple of 4 ends
 * with a group padded with zeros.
 */
final class GroupVarint {
  /** The longest group: a selector and four 4-byte values. */
  static final int MAX_GROUP_BYTES = 17;

  /** A value of {@code i + 1} bytes read as an int, cut to them. */
  private static final int[] MASK = {0xFF, 0xFFFF, 0xFF_FFFF, -1};

  /**
   * Of each selector, where its group's second, third and fourth values start (5 bits each,
   * counted from the selector) and, from bit 15, the group's length.
   */
  private static final int[] LAYOUT = new int[256];

  static {
    for (int sel = 0; sel < 256; sel++) {
      int second = 1 + (sel >>> 6) + 1;
      int third = second + (sel >>> 4 & 3) + 1;
      int fourth = third + (sel >>> 2 & 3) + 1;
      int end = fourth + (sel & 3) + 1;
      LAYOUT[sel] = second | third << 5 | fourth << 10 | end << 15;
    }
  }

  private GroupVarint() {}

  /** Bytes value {@code v} (unsigned) takes in a group: 1 to 4. */
  static int size(int v) {
    return 4 - Integer.numberOfLeadingZeros(v | 1) / 8;
  }

  /** Bytes the sequence {@code v[0, n)} takes, padding included. */
  static int sequenceSize(int[] v, int n) {
    int bytes = (n + 3) / 4 * 5;
    for (int i = 0; i < n; i++) {
      bytes += size(v[i]) - 1;
    }
    return bytes;
  }

  /** Writes one group at {@code b[pos]}; returns the position after it. */
  static int writeGroup(byte[] b, int pos, int v1, int v2, int v3, int v4) {
    int sel = pos++;
    pos = writeValue(b, pos, v1);
    pos = writeValue(b, pos, v2);
    pos = writeValue(b, pos, v3);
    pos = writeValue(b, pos, v4);
    b[sel] = (byte) ((size(v1) - 1) << 6 | (size(v2) - 1) << 4 | (size(v3) - 1) << 2
        | (size(v4) - 1));
    return pos;
  }

  /** Writes {@code v[0, n)} as groups, the last one padded with zeros. */
  static int writeSequence(byte[] b, int pos, int[] v, int n) {
    int i = 0;
    for (; i + 4 <= n; i += 4) {
      pos = writeGroup(b, pos, v[i], v[i + 1], v[i + 2], v[i + 3]);
    }
    if (i < n) {
      pos = writeGroup(b, pos, v[i], i + 1 < n ? v[i + 1] : 0, i + 2 < n ? v[i + 2] : 0, 0);
    }
    return pos;
  }

  private static int writeValue(byte[] b, int pos, int v) {
    int n = size(v);
    for (int k = 0; k < n; k++) {
      b[pos++] = (byte) (v >>> 8 * k);
    }
    return pos;
  }

  /**
   * Decodes {@code groups} consecutive groups from {@code b[pos]} into {@code dst[dstOffset,
   * dstOffset + 4·groups)}, checking that they end by {@code limit}; returns the position after
   * them. The same as as many {@link #readGroup} calls, in one loop.
   */
  static int readGroups(byte[] b, int pos, int limit, int[] dst, int dstOffset, int groups,
      int base, String what) throws MalformedInputException {
    java.util.Objects.checkFromIndexSize(dstOffset, 4 * groups, dst.length);
    int g = 0;
    int d = dstOffset;
    // Each value is a 4-byte load cut to its length; the last starts at most 13 bytes after the
    // selector, so with 17 bytes left every load stays before the limit. Where each value
    // starts and where the group ends come from the selector's entry in LAYOUT at once, so the
    // next group's position waits on one table load rather than on four lengths added up.
    int fastEnd = limit - MAX_GROUP_BYTES;
    for (; g < groups && pos <= fastEnd; g++, d += 4) {
      int sel = b[pos] & 0xFF;
      int layout = LAYOUT[sel];
      dst[d] = Endian.getIntLE(b, pos + 1) & MASK[sel >>> 6];
      dst[d + 1] = Endian.getIntLE(b, pos + (layout & 0x1F)) & MASK[sel >>> 4 & 3];
      dst[d + 2] = Endian.getIntLE(b, pos + (layout >>> 5 & 0x1F)) & MASK[sel >>> 2 & 3];
      dst[d + 3] = Endian.getIntLE(b, pos + (layout >>> 10 & 0x1F)) & MASK[sel & 3];
      pos += layout >>> 15;
    }
    for (; g < groups; g++, d += 4) {
      pos = readGroup(b, pos, limit, dst, d, base, what);
    }
    return pos;
  }

  /** The byte length of the group whose selector is at {@code b[pos]}. */
  static int groupSize(byte[] b, int pos) {
    int s = b[pos] & 0xFF;
    return 5 + (s >>> 6) + (s >>> 4 & 3) + (s >>> 2 & 3) + (s & 3);
  }

  /**
   * Decodes the group at {@code b[pos]} into {@code dst[0, 4)}, checking that it ends by {@code
   * limit}; returns the position after it.
   *
   * @param base index of the block's first byte, for error offsets
   */
  static int readGroup(byte[] b, int pos, int limit, int[] dst, int base, String what)
      throws MalformedInputException {
    return readGroup(b, pos, limit, dst, 0, base, what);
  }

  /** {@link #readGroup} into {@code dst[dstOffset, dstOffset + 4)}. */
  static int readGroup(byte[] b, int pos, int limit, int[] dst, int dstOffset, int base,
      String what) throws MalformedInputException {
    if (limit - pos >= MAX_GROUP_BYTES) {
      // Each value is a 4-byte load cut to its length. The last load starts at most 13 bytes
      // after the selector, so with 17 bytes left every load stays before the limit.
      int s = b[pos] & 0xFF;
      int p = pos + 1;
      int len = (s >>> 6) + 1;
      dst[dstOffset] = Endian.getIntLE(b, p) & (-1 >>> (32 - 8 * len));
      p += len;
      len = (s >>> 4 & 3) + 1;
      dst[dstOffset + 1] = Endian.getIntLE(b, p) & (-1 >>> (32 - 8 * len));
      p += len;
      len = (s >>> 2 & 3) + 1;
      dst[dstOffset + 2] = Endian.getIntLE(b, p) & (-1 >>> (32 - 8 * len));
      p += len;
      len = (s & 3) + 1;
      dst[dstOffset + 3] = Endian.getIntLE(b, p) & (-1 >>> (32 - 8 * len));
      return p + len;
    }
    if (pos >= limit || groupSize(b, pos) > limit - pos) {
      throw new MalformedInputException(pos - base, what + " group varint runs past the end");
    }
    int s = b[pos++] & 0xFF;
    for (int k = 0; k < 4; k++) {
      int len = (s >>> (6 - 2 * k) & 3) + 1;
      int v = 0;
      for (int i = 0; i < len; i++) {
        v |= (b[pos++] & 0xFF) << 8 * i;
      }
      dst[dstOffset + k] = v;
    }
    return pos;
  }
}
