package io.colfile.text.convert;

import java.io.IOException;
import java.io.Reader;
import java.util.Arrays;

/**
 * Records of CSV in a {@link CsvFormat}, one at a time, each field with whether it was quoted
 * (so that an empty quoted field, the empty string, is told from an empty one, NULL). Lines end
 * with {@code \n}, {@code \r\n} or {@code \r}; empty lines are skipped. Malformed input (text after
 * a closing quote, a quote never closed, an escape at the end) is a {@link BadInputException}
 * naming the line.
 */
final class CsvParser {
  /** Characters one record may hold, so that a quote never closed cannot fill the memory. */
  static final int MAX_RECORD = 1 << 27;

  private final String name;
  private final Reader in;
  private final CsvFormat format;
  private final char[] buffer = new char[1 << 16];
  private int pos;
  private int limit;
  private boolean eof;
  private long line = 1;
  private boolean pendingCr;

  private final StringBuilder field = new StringBuilder();
  private final StringBuilder raw = new StringBuilder();
  private String[] raws = new String[16];
  private String[] fields = new String[16];
  private boolean[] quoted = new boolean[16];
  private int count;
  private long recordLine;
  private int recordChars;

  CsvParser(String name, Reader in, CsvFormat format) {
    this.name = name;
    this.in = in;
    this.format = format;
  }

  private int read() throws IOException {
    if (pos == limit) {
      if (eof) {
        return -1;
      }
      limit = in.read(buffer, 0, buffer.length);
      pos = 0;
      if (limit <= 0) {
        limit = 0;
        eof = true;
        return -1;
      }
    }
    return buffer[pos++];
  }

  private void unread() {
    pos--;
  }

  /** Reads the next record; false at the end of the input. */
  boolean next() throws IOException {
    count = 0;
    recordChars = 0;
    int c;
    // skip empty lines
    while (true) {
      c = read();
      if (c == -1) {
        return false;
      }
      if (c == '\n' && pendingCr) {
        pendingCr = false;
        continue;
      }
      pendingCr = false;
      if (c == '\r' || c == '\n') {
        line++;
        pendingCr = c == '\r';
        continue;
      }
      unread();
      break;
    }
    recordLine = line;
    char sep = format.separator();
    char quote = format.quote();
    char escape = format.escape();
    while (true) {
      field.setLength(0);
      raw.setLength(0);
      boolean isQuoted = false;
      c = read();
      if (c == quote) {
        isQuoted = true;
        while (true) {
          c = read();
          if (c == -1) {
            throw new BadInputException(name, recordLine, column(), "malformed CSV: a quoted "
                + "field is never closed");
          }
          if (escape != 0 && c == escape) {
            c = read();
            if (c == -1) {
              throw new BadInputException(name, line, column(), "malformed CSV: an escape "
                  + "character at the end of the input");
            }
          } else if (c == quote) {
            c = read();
            if (c != quote) {
              if (c != -1) {
                unread();
              }
              break;
            }
          }
          if (c == '\n' || (c == '\r')) {
            line++; // a line end inside quotes belongs to the value; \r\n counted once below
            if (c == '\r') {
              int d = read();
              if (d == '\n') {
                add('\r');
                c = '\n';
              } else if (d != -1) {
                unread();
              }
            }
          }
          add((char) c);
        }
        c = read();
        if (c != -1 && c != sep && c != '\n' && c != '\r') {
          throw new BadInputException(name, line, column(), "malformed CSV: '" + (char) c
              + "' after a closing quote (a quote inside a quoted field is written twice)");
        }
      } else {
        while (c != -1 && c != sep && c != '\n' && c != '\r') {
          if (escape != 0 && c == escape) {
            raw.append((char) c);
            c = read();
            if (c == -1) {
              throw new BadInputException(name, line, column(), "malformed CSV: an escape "
                  + "character at the end of the input");
            }
            if (c == '\r' || c == '\n') {
              line++;
            }
          }
          raw.append((char) c);
          add((char) c);
          c = read();
        }
      }
      if (count == fields.length) {
        fields = Arrays.copyOf(fields, count * 2);
        quoted = Arrays.copyOf(quoted, count * 2);
        raws = Arrays.copyOf(raws, count * 2);
      }
      fields[count] = field.toString();
      raws[count] = raw.length() == field.length() ? null : raw.toString();
      quoted[count] = isQuoted;
      count++;
      if (c == sep) {
        continue;
      }
      if (c == '\r' || c == '\n') {
        line++;
        pendingCr = c == '\r';
      }
      return true;
    }
  }

  private void add(char c) throws BadInputException {
    if (++recordChars > MAX_RECORD) {
      throw new BadInputException(name, recordLine, null, "the record is longer than "
          + MAX_RECORD + " characters (a quote never closed?)");
    }
    field.append(c);
  }

  private String column() {
    return "#" + (count + 1);
  }

  int count() {
    return count;
  }

  String field(int i) {
    return fields[i];
  }

  boolean quoted(int i) {
    return quoted[i];
  }

  /**
   * Whether field {@code i} is NULL: empty and unquoted, or unquoted and, as written (escapes
   * included), the null string.
   */
  boolean isNull(int i) {
    if (quoted[i]) {
      return false;
    }
    String written = raws[i] == null ? fields[i] : raws[i];
    return written.isEmpty() || written.equals(format.nullString());
  }

  /** The line the current record starts on, 1-based. */
  long line() {
    return recordLine;
  }

  void close() throws IOException {
    in.close();
  }
}
