package io.colfile.trevni;

import io.colfile.core.encoding.Endian;
import io.colfile.core.encoding.Varints;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A growable buffer of encoded Trevni values: one column's current block. Booleans are packed
 * lowest bit first; the bit position restarts at every length (and in every new buffer), as
 * Apache Avro's writer does.
 */
final class ValueBuffer {
  private byte[] buf;
  private int size;
  private int bitCount;

  ValueBuffer(int capacity) {
    buf = new byte[Math.max(16, capacity)];
  }

  int size() {
    return size;
  }

  byte[] array() {
    return buf;
  }

  byte[] copy() {
    return Arrays.copyOf(buf, size);
  }

  byte[] copyRange(int from) {
    return Arrays.copyOfRange(buf, from, size);
  }

  void reset() {
    size = 0;
    bitCount = 0;
  }

  private void ensure(int n) {
    if (size + n > buf.length) {
      long want = Math.max((long) buf.length * 2, (long) size + n);
      if (want > Integer.MAX_VALUE - 16) {
        if ((long) size + n > Integer.MAX_VALUE - 16) {
          throw new IllegalStateException("a Trevni block cannot exceed 2 GiB");
        }
        want = Integer.MAX_VALUE - 16;
      }
      buf = Arrays.copyOf(buf, (int) want);
    }
  }

  void writeBoolean(boolean value) {
    if (bitCount == 0) {
      ensure(1);
      buf[size++] = 0;
    }
    if (value) {
      buf[size - 1] |= (byte) (1 << bitCount);
    }
    bitCount = (bitCount + 1) & 7;
  }

  /** A length (or run code): restarts boolean packing. */
  void writeLength(int length) {
    bitCount = 0;
    writeInt(length);
  }

  void writeInt(int n) {
    writeVarint(((n << 1) ^ (n >> 31)) & 0xFFFFFFFFL);
  }

  void writeLong(long n) {
    writeVarint((n << 1) ^ (n >> 63));
  }

  private void writeVarint(long v) {
    ensure(Varints.MAX_VARLONG_BYTES);
    size = putVarint(buf, size, v);
  }

  /**
   * Writes {@code v} as an unsigned varint at {@code b[at]}, which has room for 10 bytes, and
   * returns the position after it. Below 2^56 (up to 8 bytes) the 7-bit groups are spread to
   * bytes in three steps and stored at once.
   */
  static int putVarint(byte[] b, int at, long v) {
    if ((v & ~0x7FL) == 0) {
      b[at] = (byte) v;
      return at + 1;
    }
    if ((v >>> 56) != 0) {
      return Varints.writeVarLong(b, at, v);
    }
    long x = (v & 0x000000000FFFFFFFL) | (v & 0x00FFFFFFF0000000L) << 4;
    x = (x & 0x00003FFF00003FFFL) | (x & 0x0FFFC0000FFFC000L) << 2;
    x = (x & 0x007F007F007F007FL) | (x & 0x3F803F803F803F80L) << 1;
    int bytes = (70 - Long.numberOfLeadingZeros(v)) / 7; // 2 to 8
    long more = 0x8080808080808080L & ((1L << ((bytes - 1) << 3)) - 1);
    Endian.putLongLE(b, at, x | more);
    return at + bytes;
  }

  void writeFixed32(int n) {
    ensure(4);
    Endian.putIntLE(buf, size, n);
    size += 4;
  }

  void writeFixed64(long n) {
    ensure(8);
    Endian.putLongLE(buf, size, n);
    size += 8;
  }

  void writeFloat(float f) {
    writeFixed32(Float.floatToRawIntBits(f));
  }

  void writeDouble(double d) {
    writeFixed64(Double.doubleToRawLongBits(d));
  }

  void writeBytes(byte[] b, int off, int len) {
    if (len < 0 || len > 0x1FFF) { // the zigzag length takes more than 2 bytes
      writeInt(len);
      write(b, off, len);
      return;
    }
    ensure(2 + len);
    int z = len << 1; // the zigzag varint of the length: 1 or 2 bytes
    if (z < 0x80) {
      buf[size++] = (byte) z;
    } else {
      buf[size] = (byte) (z | 0x80);
      buf[size + 1] = (byte) (z >>> 7);
      size += 2;
    }
    System.arraycopy(b, off, buf, size, len);
    size += len;
  }

  void writeString(String s) {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    writeBytes(b, 0, b.length);
  }

  /**
   * A decimal's unscaled value as Apache Avro stores it: a length, then the fewest big-endian
   * two's-complement bytes that hold it ({@code BigInteger.toByteArray()}).
   */
  void writeDecimal(long unscaled) {
    int n = decimalLength(unscaled);
    ensure(1 + n);
    buf[size++] = (byte) (n << 1); // the zigzag varint of n, 1 to 8
    putBigEndian(buf, size, unscaled, n);
    size += n;
  }

  /** How many bytes {@code BigInteger.valueOf(v).toByteArray()} has: 1 to 8. */
  static int decimalLength(long v) {
    int bits = 64 - Long.numberOfLeadingZeros(v ^ (v >> 63)); // bitLength()
    return (bits >> 3) + 1;
  }

  /** The low {@code n} bytes of {@code v}, most significant first, at {@code out[0, n)}. */
  static void putBigEndian(byte[] out, long v, int n) {
    putBigEndian(out, 0, v, n);
  }

  private static void putBigEndian(byte[] out, int at, long v, int n) {
    for (int k = n - 1; k >= 0; k--) {
      out[at + k] = (byte) v;
      v >>= 8;
    }
  }

  // Column-at-a-time writing: each method below appends values[from, ...) one after another
  // while the buffer holds fewer than limit bytes (at least one value), returns the index after
  // the last value written, and gives the bytes of the per-value methods above. Room is made
  // once for all the values that can fit, so the loops check no capacity per value.

  /**
   * Makes room for values of at most {@code maxBytes} each written from {@code from} to {@code
   * end} while the size stays below {@code limit}, plus 8 bytes of slack for the 8-byte stores
   * that write shorter values.
   */
  private void ensureValues(int from, int end, int limit, int maxBytes) {
    long all = (long) (end - from) * maxBytes;
    long untilLimit = (long) Math.max(limit - size, 0) + maxBytes; // the last one may pass it
    long room = Math.min(all, untilLimit) + 8;
    if (room > Integer.MAX_VALUE - 16) {
      room = Integer.MAX_VALUE - 16; // ensure() then refuses what cannot fit a block
    }
    ensure((int) room);
  }

  /** Longs as zig-zag varints ({@link #writeLong}). */
  int putLongs(long[] values, int from, int end, int limit) {
    ensureValues(from, end, limit, Varints.MAX_VARLONG_BYTES);
    byte[] b = buf;
    int pos = size;
    int j = from;
    do {
      long n = values[j++];
      pos = putVarint(b, pos, (n << 1) ^ (n >> 63));
    } while (j < end && pos < limit);
    size = pos;
    return j;
  }

  /** Longs narrowed to ints, as zig-zag varints ({@link #writeInt}). */
  int putInts(long[] values, int from, int end, int limit) {
    ensureValues(from, end, limit, Varints.MAX_VARINT_BYTES);
    byte[] b = buf;
    int pos = size;
    int j = from;
    do {
      int n = (int) values[j++];
      pos = putVarint(b, pos, ((n << 1) ^ (n >> 31)) & 0xFFFFFFFFL);
    } while (j < end && pos < limit);
    size = pos;
    return j;
  }

  /**
   * How many fixed-size values of {@code width} bytes from {@code from} to {@code end} are
   * written before the size reaches {@code limit} (at least one), with room made for them.
   */
  private int fixedCount(int from, int end, int limit, int width) {
    int count = end - from;
    if (size + (long) count * width > limit) {
      count = Math.max(1, (int) (((long) limit - size + width - 1) / width));
    }
    ensure(count * width);
    return count;
  }

  /** Longs as little-endian fixed64 ({@link #writeFixed64}). */
  int putFixed64s(long[] values, int from, int end, int limit) {
    int count = fixedCount(from, end, limit, 8);
    byte[] b = buf;
    int pos = size;
    for (int j = from, e = from + count; j < e; j++, pos += 8) {
      Endian.putLongLE(b, pos, values[j]);
    }
    size = pos;
    return from + count;
  }

  /** Longs narrowed to ints, as little-endian fixed32 ({@link #writeFixed32}). */
  int putFixed32s(long[] values, int from, int end, int limit) {
    int count = fixedCount(from, end, limit, 4);
    byte[] b = buf;
    int pos = size;
    for (int j = from, e = from + count; j < e; j++, pos += 4) {
      Endian.putIntLE(b, pos, (int) values[j]);
    }
    size = pos;
    return from + count;
  }

  /** Doubles ({@link #writeDouble}). */
  int putDoubles(double[] values, int from, int end, int limit) {
    int count = fixedCount(from, end, limit, 8);
    byte[] b = buf;
    int pos = size;
    for (int j = from, e = from + count; j < e; j++, pos += 8) {
      Endian.putLongLE(b, pos, Double.doubleToRawLongBits(values[j]));
    }
    size = pos;
    return from + count;
  }

  /** Doubles narrowed to floats ({@link #writeFloat}). */
  int putFloats(double[] values, int from, int end, int limit) {
    int count = fixedCount(from, end, limit, 4);
    byte[] b = buf;
    int pos = size;
    for (int j = from, e = from + count; j < e; j++, pos += 4) {
      Endian.putIntLE(b, pos, Float.floatToRawIntBits((float) values[j]));
    }
    size = pos;
    return from + count;
  }

  /**
   * Byte strings, value {@code j} being {@code data[j][start[j], start[j] + length[j])}, each
   * after its zig-zag varint length ({@link #writeBytes(byte[], int, int)}).
   */
  int putBytes(byte[][] data, int[] start, int[] length, int from, int end, int limit) {
    byte[] b = buf;
    int pos = size;
    int j = from;
    do {
      int len = length[j];
      if (len < 0 || len > 0x1FFF || len + 2 > b.length - pos) {
        // a length of more than two varint bytes, or no room: the general way
        size = pos;
        writeBytes(data[j], start[j], len);
        b = buf;
        pos = size;
      } else {
        int z = len << 1; // the zigzag varint of the length: 1 or 2 bytes
        if (z < 0x80) {
          b[pos++] = (byte) z;
        } else {
          b[pos] = (byte) (z | 0x80);
          b[pos + 1] = (byte) (z >>> 7);
          pos += 2;
        }
        System.arraycopy(data[j], start[j], b, pos, len);
        pos += len;
      }
      j++;
    } while (j < end && pos < limit);
    size = pos;
    return j;
  }

  /** Decimals' unscaled values as Avro's bytes ({@link #writeDecimal}). */
  int putDecimals(long[] unscaled, int from, int end, int limit) {
    ensureValues(from, end, limit, 9);
    byte[] b = buf;
    int pos = size;
    int j = from;
    do {
      long v = unscaled[j++];
      int n = decimalLength(v);
      b[pos] = (byte) (n << 1); // the zigzag varint of n, 1 to 8
      // the n low bytes of v, most significant first, then (8 - n) bytes of slack that the
      // next value overwrites
      Endian.putLongBE(b, pos + 1, v << ((8 - n) << 3));
      pos += 1 + n;
    } while (j < end && pos < limit);
    size = pos;
    return j;
  }

  void write(byte[] b, int off, int len) {
    ensure(len);
    System.arraycopy(b, off, buf, size, len);
    size += len;
  }
}
