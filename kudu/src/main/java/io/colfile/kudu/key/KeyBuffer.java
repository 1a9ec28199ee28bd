package io.colfile.kudu.key;

import java.util.Arrays;

/**
 * A reusable, growing byte array that encoded keys are built in, so that a writer encoding one
 * key per row allocates only when a key is longer than any before it. The key is {@code
 * array()[0, size())}; {@link #reset()} starts the next one.
 */
public final class KeyBuffer {
  private byte[] buf;
  private int size;

  public KeyBuffer() {
    this(64);
  }

  public KeyBuffer(int initialCapacity) {
    buf = new byte[Math.max(initialCapacity, 16)];
  }

  /** Empties the buffer, keeping its storage. */
  public KeyBuffer reset() {
    size = 0;
    return this;
  }

  public int size() {
    return size;
  }

  /** The backing array; the key is its first {@link #size()} bytes, until the next append. */
  public byte[] array() {
    return buf;
  }

  /** A copy of the key. */
  public byte[] toByteArray() {
    return Arrays.copyOf(buf, size);
  }

  /** Makes room for {@code n} more bytes and returns the position they go to. */
  int reserve(int n) {
    long need = (long) size + n;
    if (need > buf.length) {
      if (need > Integer.MAX_VALUE - 8) {
        throw new IllegalStateException("key of " + need + " bytes");
      }
      long grown = Math.min(2L * buf.length, Integer.MAX_VALUE - 8);
      buf = Arrays.copyOf(buf, (int) Math.max(need, grown));
    }
    return size;
  }

  /** Marks the bytes up to {@code end} as written (after {@link #reserve}). */
  void commit(int end) {
    size = end;
  }

  void put(byte b) {
    int at = reserve(1);
    buf[at] = b;
    size = at + 1;
  }

  void put(byte[] src, int off, int len) {
    int at = reserve(len);
    System.arraycopy(src, off, buf, at, len);
    size = at + len;
  }
}
