package io.colfile.text.convert;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/** Lines of bytes ({@code \n} or {@code \r\n} ended), read through a reused buffer. */
final class LineReader {
  private static final int MAX_LINE = 1 << 30;

  private final InputStream in;
  private final byte[] buffer = new byte[1 << 16];
  private int pos;
  private int limit;
  private byte[] line = new byte[1024];
  private int length;
  private long number;

  LineReader(InputStream in) {
    this.in = in;
  }

  /** Reads the next line; false at the end of the input. */
  boolean next() throws IOException {
    length = 0;
    boolean any = false;
    while (true) {
      if (pos == limit) {
        limit = in.read(buffer, 0, buffer.length);
        pos = 0;
        if (limit <= 0) {
          limit = 0;
          if (any) {
            number++;
          }
          return any;
        }
      }
      any = true;
      int start = pos;
      while (pos < limit && buffer[pos] != '\n') {
        pos++;
      }
      append(start, pos - start);
      if (pos < limit) {
        pos++;
        number++;
        if (length > 0 && line[length - 1] == '\r') {
          length--;
        }
        return true;
      }
    }
  }

  private void append(int from, int n) throws IOException {
    if (length + n > line.length) {
      if ((long) length + n > MAX_LINE) {
        throw new IOException("line " + (number + 1) + " is longer than " + MAX_LINE + " bytes");
      }
      line = Arrays.copyOf(line, Math.max(length + n, line.length * 2));
    }
    System.arraycopy(buffer, from, line, length, n);
    length += n;
  }

  byte[] line() {
    return line;
  }

  int length() {
    return length;
  }

  /** 1-based number of the current line. */
  long number() {
    return number;
  }

  boolean isBlank() {
    for (int i = 0; i < length; i++) {
      byte c = line[i];
      if (c != ' ' && c != '\t' && c != '\r') {
        return false;
      }
    }
    return true;
  }
}
