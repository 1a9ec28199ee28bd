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

  void write(byte[] b, int off, int len) {
    ensure(len);
    System.arraycopy(b, off, buf, size, len);
    size += len;
  }
}
