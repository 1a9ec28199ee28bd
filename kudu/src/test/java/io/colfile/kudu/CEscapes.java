package io.colfile.kudu;

import java.io.ByteArrayOutputStream;

/**
 * Reverses the C escaping of Kudu's dumps: {@code \xNN} (binary cells; Kudu also escapes a hex
 * digit that follows a hex escape, so exactly two digits belong to each), {@code \NNN} octal
 * (strings and protobuf text), {@code \n \r \t \" \' \\}, everything else as is. Input text is
 * one char per byte (the dumps are read as ISO-8859-1, so raw non-ASCII bytes survive).
 */
public final class CEscapes {
  private CEscapes() {}

  /** The bytes of one double-quoted C string literal, quotes included in {@code s}. */
  public static byte[] unquote(String s) {
    if (s.length() < 2 || s.charAt(0) != '"' || s.charAt(s.length() - 1) != '"') {
      throw new IllegalArgumentException("not a quoted string: " + s);
    }
    return unescape(s, 1, s.length() - 1);
  }

  /** The bytes of the escaped text {@code s[from, to)}. */
  public static byte[] unescape(String s, int from, int to) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(to - from);
    int i = from;
    while (i < to) {
      char c = s.charAt(i);
      if (c > 0xFF) {
        throw new IllegalArgumentException("not a byte: " + c + " at " + i + " of " + s);
      }
      if (c != '\\') {
        out.write(c);
        i++;
        continue;
      }
      if (i + 1 >= to) {
        throw new IllegalArgumentException("dangling backslash in " + s);
      }
      char e = s.charAt(i + 1);
      switch (e) {
        case 'x' -> {
          out.write(Integer.parseInt(s.substring(i + 2, i + 4), 16));
          i += 4;
        }
        case 'n' -> {
          out.write('\n');
          i += 2;
        }
        case 'r' -> {
          out.write('\r');
          i += 2;
        }
        case 't' -> {
          out.write('\t');
          i += 2;
        }
        case '"', '\'', '\\' -> {
          out.write(e);
          i += 2;
        }
        default -> {
          if (e < '0' || e > '7') {
            throw new IllegalArgumentException("unknown escape \\" + e + " in " + s);
          }
          int j = i + 1;
          int v = 0;
          while (j < to && j < i + 4 && s.charAt(j) >= '0' && s.charAt(j) <= '7') {
            v = v * 8 + (s.charAt(j) - '0');
            j++;
          }
          out.write(v);
          i = j;
        }
      }
    }
    return out.toByteArray();
  }
}
