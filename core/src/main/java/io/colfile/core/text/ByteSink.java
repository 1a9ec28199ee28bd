package io.colfile.core.text;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** A growable byte buffer with the appends the JSON printer needs. */
final class ByteSink {
  private byte[] buf = new byte[1 << 17];
  private int size;

  int size() {
    return size;
  }

  private void ensure(int more) {
    if (size + more > buf.length) {
      buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + more));
    }
  }

  ByteSink put(char c) {
    ensure(1);
    buf[size++] = (byte) c;
    return this;
  }

  ByteSink putAscii(String s) {
    int n = s.length();
    ensure(n);
    for (int i = 0; i < n; i++) {
      buf[size++] = (byte) s.charAt(i);
    }
    return this;
  }

  /** A field name: its UTF-8 bytes, unescaped, as the C++ printer writes it. */
  ByteSink putRaw(String s) {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    ensure(b.length);
    System.arraycopy(b, 0, buf, size, b.length);
    size += b.length;
    return this;
  }

  ByteSink putLong(long v) {
    if (v >= 0 && v < 10) {
      return put((char) ('0' + v));
    }
    return putAscii(Long.toString(v));
  }

  /** Stored string bytes with {@code " \ \b \f \n \r \t} escaped and all others copied. */
  ByteSink putEscaped(byte[] src, int off, int len) {
    ensure(len * 2);
    for (int i = off; i < off + len; i++) {
      byte b = src[i];
      switch (b) {
        case '"': buf[size++] = '\\'; buf[size++] = '"'; break;
        case '\\': buf[size++] = '\\'; buf[size++] = '\\'; break;
        case '\b': buf[size++] = '\\'; buf[size++] = 'b'; break;
        case '\f': buf[size++] = '\\'; buf[size++] = 'f'; break;
        case '\n': buf[size++] = '\\'; buf[size++] = 'n'; break;
        case '\r': buf[size++] = '\\'; buf[size++] = 'r'; break;
        case '\t': buf[size++] = '\\'; buf[size++] = 't'; break;
        default: buf[size++] = b;
      }
    }
    return this;
  }

  void drainTo(OutputStream out) throws IOException {
    out.write(buf, 0, size);
    size = 0;
  }
}
