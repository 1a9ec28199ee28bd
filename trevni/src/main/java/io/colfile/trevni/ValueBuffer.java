package io.colfile.trevni;

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
    size = Varints.writeVarLong(buf, size, v);
  }

  void writeFixed32(int n) {
    ensure(4);
    buf[size] = (byte) n;
    buf[size + 1] = (byte) (n >>> 8);
    buf[size + 2] = (byte) (n >>> 16);
    buf[size + 3] = (byte) (n >>> 24);
    size += 4;
  }

  void writeFixed64(long n) {
    writeFixed32((int) n);
    writeFixed32((int) (n >>> 32));
  }

  void writeFloat(float f) {
    writeFixed32(Float.floatToRawIntBits(f));
  }

  void writeDouble(double d) {
    writeFixed64(Double.doubleToRawLongBits(d));
  }

  void writeBytes(byte[] b, int off, int len) {
    writeInt(len);
    write(b, off, len);
  }

  void writeString(String s) {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    writeBytes(b, 0, b.length);
  }

  void write(byte[] b, int off, int len) {
    ensure(len);
    System.arraycopy(b, off, buf, size, len);
    size += len;
  }
}
