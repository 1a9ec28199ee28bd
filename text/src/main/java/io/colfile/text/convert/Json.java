package io.colfile.text.convert;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small JSON parser for one line of JSON-lines input, producing a tree: {@link #NULL},
 * {@link Boolean}, {@link Num} (the number's text, parsed later for its column's type),
 * {@link Str} (the string's bytes), {@link List} and {@link LinkedHashMap} (keys in order).
 *
 * <p>Written for the convention {@code colfile cat} prints (json-lines.md), which standard
 * parsers reject in places: bare {@code NaN}, {@code Infinity} and {@code -Infinity} tokens, and
 * strings holding raw control characters and bytes that are not valid UTF-8 (ORC strings may
 * hold any bytes, and the printer writes them as they are). Those bytes are kept exactly;
 * escapes ({@code \n}, {@code \u00e9}, surrogate pairs) are decoded to UTF-8.
 */
final class Json {
  /** JSON {@code null}. */
  static final Object NULL = new Object() {
    @Override
    public String toString() {
      return "null";
    }
  };

  /** A number token, kept as text. */
  record Num(String text) {
    boolean isInteger() {
      for (int i = 0; i < text.length(); i++) {
        char c = text.charAt(i);
        if (c == '.' || c == 'e' || c == 'E' || c == 'N' || c == 'I') {
          return false;
        }
      }
      return true;
    }
  }

  /** A string's UTF-8 (or raw) bytes. */
  record Str(byte[] bytes) {
    String text() {
      return new String(bytes, StandardCharsets.UTF_8);
    }
  }

  /** Malformed input at a byte position of the line. */
  static final class SyntaxError extends Exception {
    SyntaxError(String message, int position) {
      super(message + " at character " + (position + 1));
    }
  }

  private static final int MAX_DEPTH = 1000;

  private final byte[] b;
  private final int end;
  private int p;
  private byte[] scratch = new byte[64];

  private Json(byte[] line, int length) {
    this.b = line;
    this.end = length;
  }

  /** Parses one whole line (trailing whitespace allowed). */
  static Object parse(byte[] line, int length) throws SyntaxError {
    Json j = new Json(line, length);
    j.skipSpace();
    Object v = j.value(0);
    j.skipSpace();
    if (j.p != j.end) {
      throw new SyntaxError("unexpected '" + (char) (j.b[j.p] & 0xff) + "' after the value", j.p);
    }
    return v;
  }

  private void skipSpace() {
    while (p < end && (b[p] == ' ' || b[p] == '\t' || b[p] == '\r' || b[p] == '\n')) {
      p++;
    }
  }

  private Object value(int depth) throws SyntaxError {
    if (depth > MAX_DEPTH) {
      throw new SyntaxError("values nest deeper than " + MAX_DEPTH, p);
    }
    if (p >= end) {
      throw new SyntaxError("a value is missing", p);
    }
    byte c = b[p];
    switch (c) {
      case '{':
        return object(depth);
      case '[':
        return array(depth);
      case '"':
        return new Str(string());
      case 't':
        word("true");
        return Boolean.TRUE;
      case 'f':
        word("false");
        return Boolean.FALSE;
      case 'n':
        word("null");
        return NULL;
      case 'N':
        word("NaN");
        return new Num("NaN");
      case 'I':
        word("Infinity");
        return new Num("Infinity");
      default:
        if (c == '-' || (c >= '0' && c <= '9')) {
          return number();
        }
        throw new SyntaxError("unexpected '" + (char) (c & 0xff) + "'", p);
    }
  }

  private void word(String w) throws SyntaxError {
    int start = p;
    for (int i = 0; i < w.length(); i++) {
      if (p >= end || b[p] != w.charAt(i)) {
        throw new SyntaxError("expected " + w, start);
      }
      p++;
    }
  }

  private Num number() throws SyntaxError {
    int start = p;
    if (b[p] == '-') {
      p++;
      if (p < end && b[p] == 'I') {
        word("Infinity");
        return new Num("-Infinity");
      }
    }
    int digits = 0;
    while (p < end && b[p] >= '0' && b[p] <= '9') {
      p++;
      digits++;
    }
    if (digits == 0) {
      throw new SyntaxError("malformed number", start);
    }
    if (p < end && b[p] == '.') {
      p++;
      int frac = 0;
      while (p < end && b[p] >= '0' && b[p] <= '9') {
        p++;
        frac++;
      }
      if (frac == 0) {
        throw new SyntaxError("malformed number", start);
      }
    }
    if (p < end && (b[p] == 'e' || b[p] == 'E')) {
      p++;
      if (p < end && (b[p] == '+' || b[p] == '-')) {
        p++;
      }
      int exp = 0;
      while (p < end && b[p] >= '0' && b[p] <= '9') {
        p++;
        exp++;
      }
      if (exp == 0) {
        throw new SyntaxError("malformed number", start);
      }
    }
    return new Num(new String(b, start, p - start, StandardCharsets.US_ASCII));
  }

  private byte[] string() throws SyntaxError {
    int start = p;
    p++;
    int n = 0;
    while (true) {
      if (p >= end) {
        throw new SyntaxError("unterminated string", start);
      }
      byte c = b[p++];
      if (c == '"') {
        break;
      }
      if (c == '\\') {
        if (p >= end) {
          throw new SyntaxError("unterminated string", start);
        }
        byte e = b[p++];
        int cp;
        switch (e) {
          case '"': cp = '"'; break;
          case '\\': cp = '\\'; break;
          case '/': cp = '/'; break;
          case 'b': cp = '\b'; break;
          case 'f': cp = '\f'; break;
          case 'n': cp = '\n'; break;
          case 'r': cp = '\r'; break;
          case 't': cp = '\t'; break;
          case 'u': {
            cp = hex4();
            if (cp >= 0xD800 && cp < 0xDC00 && p + 1 < end && b[p] == '\\' && b[p + 1] == 'u') {
              int save = p;
              p += 2;
              int low = hex4();
              if (low >= 0xDC00 && low < 0xE000) {
                cp = Character.toCodePoint((char) cp, (char) low);
              } else {
                p = save;
              }
            }
            break;
          }
          default:
            throw new SyntaxError("unknown escape \\" + (char) (e & 0xff), p - 2);
        }
        n = putCodePoint(n, cp);
      } else {
        n = put(n, c);
      }
    }
    byte[] out = new byte[n];
    System.arraycopy(scratch, 0, out, 0, n);
    return out;
  }

  private int hex4() throws SyntaxError {
    if (p + 4 > end) {
      throw new SyntaxError("short \\u escape", p);
    }
    int v = 0;
    for (int i = 0; i < 4; i++) {
      int d = Character.digit(b[p++], 16);
      if (d < 0) {
        throw new SyntaxError("bad \\u escape", p - 1);
      }
      v = v << 4 | d;
    }
    return v;
  }

  private int put(int n, byte c) {
    if (n == scratch.length) {
      scratch = java.util.Arrays.copyOf(scratch, n * 2);
    }
    scratch[n] = c;
    return n + 1;
  }

  private int putCodePoint(int n, int cp) {
    byte[] utf8 = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8);
    for (byte x : utf8) {
      n = put(n, x);
    }
    return n;
  }

  private List<Object> array(int depth) throws SyntaxError {
    p++;
    List<Object> out = new ArrayList<>();
    skipSpace();
    if (p < end && b[p] == ']') {
      p++;
      return out;
    }
    while (true) {
      skipSpace();
      out.add(value(depth + 1));
      skipSpace();
      if (p >= end) {
        throw new SyntaxError("unterminated array", p);
      }
      if (b[p] == ',') {
        p++;
      } else if (b[p] == ']') {
        p++;
        return out;
      } else {
        throw new SyntaxError("expected ',' or ']'", p);
      }
    }
  }

  private Map<String, Object> object(int depth) throws SyntaxError {
    p++;
    Map<String, Object> out = new LinkedHashMap<>();
    skipSpace();
    if (p < end && b[p] == '}') {
      p++;
      return out;
    }
    while (true) {
      skipSpace();
      if (p >= end || b[p] != '"') {
        throw new SyntaxError("expected a field name", p);
      }
      int at = p;
      String key = new String(string(), StandardCharsets.UTF_8);
      skipSpace();
      if (p >= end || b[p] != ':') {
        throw new SyntaxError("expected ':'", p);
      }
      p++;
      skipSpace();
      if (out.put(key, value(depth + 1)) != null) {
        throw new SyntaxError("field \"" + key + "\" appears twice", at);
      }
      skipSpace();
      if (p >= end) {
        throw new SyntaxError("unterminated object", p);
      }
      if (b[p] == ',') {
        p++;
      } else if (b[p] == '}') {
        p++;
        return out;
      } else {
        throw new SyntaxError("expected ',' or '}'", p);
      }
    }
  }
}
