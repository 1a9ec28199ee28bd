package io.colfile.text;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;

/**
 * The printer's output buffer: bytes go into one array that is handed to the stream whenever a
 * write would not fit, so printing allocates nothing per value and memory stays bounded by the
 * largest single value. Stream failures surface as {@link UncheckedIOException} from the appends
 * (the printer's recursion stays free of checked exceptions) and are unwrapped by {@link
 * JsonLinesWriter}.
 */
final class ByteSink {
  static final int DEFAULT_CAPACITY = 1 << 16;
  /** Tens and ones digits of 0..99, so numbers are cut two digits per division. */
  private static final byte[] TENS = new byte[100];
  private static final byte[] ONES = new byte[100];
  private static final long[] POW10 = new long[19];

  static {
    for (int i = 0; i < 100; i++) {
      TENS[i] = (byte) ('0' + i / 10);
      ONES[i] = (byte) ('0' + i % 10);
    }
    POW10[0] = 1;
    for (int i = 1; i < POW10.length; i++) {
      POW10[i] = POW10[i - 1] * 10;
    }
  }

  private final OutputStream out;
  private byte[] buf;
  private int size;

  ByteSink(OutputStream out, int capacity) {
    this.out = out;
    this.buf = new byte[capacity];
  }

  /** Makes room for {@code n} more bytes, draining to the stream or growing for a huge value. */
  private static final int QUOTE_PIECE = 1 << 15;

  private void ensure(int n) {
    if (buf.length - size >= n) {
      return;
    }
    drain();
    if (buf.length < n) {
      buf = new byte[Math.max(n, buf.length * 2)];
    }
  }

  void drain() {
    if (size == 0) {
      return;
    }
    try {
      out.write(buf, 0, size);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    size = 0;
  }

  void flush() {
    drain();
    try {
      out.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  void put(byte b) {
    ensure(1);
    buf[size++] = b;
  }

  void put(char c) {
    put((byte) c);
  }

  void put(byte[] b) {
    put(b, 0, b.length);
  }

  void put(byte[] b, int off, int len) {
    ensure(len);
    System.arraycopy(b, off, buf, size, len);
    size += len;
  }

  /** Characters known to be ASCII (tokens, digits from {@code toString} of numbers). */
  void putAscii(String s) {
    int n = s.length();
    ensure(n);
    for (int i = 0; i < n; i++) {
      buf[size++] = (byte) s.charAt(i);
    }
  }

  /** A decimal integer, without allocating. */
  void putLong(long v) {
    if (v < 0) {
      if (v == Long.MIN_VALUE) {
        putAscii("-9223372036854775808");
        return;
      }
      put('-');
      v = -v;
    }
    putDigits(v, digitCount(v));
  }

  /** {@code v} (non-negative) left-padded with zeros to at least {@code width} digits. */
  void putPadded(long v, int width) {
    putDigits(v, Math.max(width, digitCount(v)));
  }

  /** The last {@code len} digits of {@code v} (non-negative), from the right, two at a time. */
  private void putDigits(long v, int len) {
    ensure(len);
    byte[] b = buf;
    int start = size;
    int pos = start + len;
    while (v >= Integer.MAX_VALUE) {
      long q = v / 100;
      int r = (int) (v - q * 100);
      b[--pos] = ONES[r];
      b[--pos] = TENS[r];
      v = q;
    }
    int i = (int) v;
    while (i >= 100) {
      int q = i / 100;
      int r = i - q * 100;
      b[--pos] = ONES[r];
      b[--pos] = TENS[r];
      i = q;
    }
    if (i >= 10) {
      b[--pos] = ONES[i];
      b[--pos] = TENS[i];
    } else {
      b[--pos] = (byte) ('0' + i);
    }
    while (pos > start) {
      b[--pos] = '0';
    }
    size = start + len;
  }

  /** Decimal digits of {@code v} (non-negative); 1 for zero. */
  static int digitCount(long v) {
    int n = 1;
    while (n < POW10.length && v >= POW10[n]) {
      n++;
    }
    return n;
  }

  /** Two digits of {@code v} in 0..99. */
  void putTwoDigits(int v) {
    ensure(2);
    buf[size++] = TENS[v];
    buf[size++] = ONES[v];
  }

  /**
   * A quoted JSON string of stored bytes. Only {@code " \ \b \f \n \r \t} are escaped and every
   * other byte is copied as it is, as Apache ORC C++'s printer does (so invalid UTF-8 and other
   * control bytes pass through unchanged).
   */
  void putQuoted(byte[] src, int off, int len) {
    ensure(1);
    buf[size++] = '"';
    // In pieces, so that the escaped form (up to twice as long) never needs a huge buffer.
    for (int from = off, end = off + len; from < end; ) {
      int to = from + Math.min(QUOTE_PIECE, end - from);
      putEscaped(src, from, to);
      from = to;
    }
    ensure(1);
    buf[size++] = '"';
  }

  private void putEscaped(byte[] src, int from, int to) {
    ensure(2 * (to - from));
    byte[] b = buf;
    int s = size;
    for (int i = from; i < to; i++) {
      byte c = src[i];
      if (c >= 0x20 && c != '"' && c != '\\' || c < 0) {
        b[s++] = c;
        continue;
      }
      switch (c) {
        case '"': b[s++] = '\\'; b[s++] = '"'; break;
        case '\\': b[s++] = '\\'; b[s++] = '\\'; break;
        case '\b': b[s++] = '\\'; b[s++] = 'b'; break;
        case '\f': b[s++] = '\\'; b[s++] = 'f'; break;
        case '\n': b[s++] = '\\'; b[s++] = 'n'; break;
        case '\r': b[s++] = '\\'; b[s++] = 'r'; break;
        case '\t': b[s++] = '\\'; b[s++] = 't'; break;
        default: b[s++] = c;
      }
    }
    size = s;
  }
}
