package io.colfile.testkit;

import java.io.ByteArrayOutputStream;
import java.util.HexFormat;

/**
 * Bytes written and read as the specs and hex dumps print them, for tests in every module:
 * {@code "5e 03 5c a1"}, pairs with any spacing, {@code |} separators ignored, and quoted ASCII
 * ({@code "abc"}) spelled out.
 */
public final class Hex {
  private static final HexFormat SPACED = HexFormat.ofDelimiter(" ");

  private Hex() {}

  /**
   * The bytes a dump spells: hex pairs, whitespace and {@code |} ignored anywhere, text between
   * double quotes taken as its ISO-8859-1 bytes. An odd number of digits or any other character
   * is an error, not a silently different array.
   */
  public static byte[] bytes(String dump) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(dump.length() / 2);
    int high = -1;
    for (int i = 0; i < dump.length(); i++) {
      char c = dump.charAt(i);
      if (c == '"') {
        int end = dump.indexOf('"', i + 1);
        if (high >= 0 || end < 0) {
          throw new IllegalArgumentException("misplaced quote at " + i + " in: " + dump);
        }
        for (int k = i + 1; k < end; k++) {
          out.write(dump.charAt(k));
        }
        i = end;
      } else if (Character.isWhitespace(c) || c == '|') {
        if (high >= 0) {
          throw new IllegalArgumentException("a lone hex digit before " + i + " in: " + dump);
        }
      } else {
        int d = Character.digit(c, 16);
        if (d < 0) {
          throw new IllegalArgumentException("'" + c + "' at " + i + " is not hex in: " + dump);
        }
        if (high < 0) {
          high = d;
        } else {
          out.write(high << 4 | d);
          high = -1;
        }
      }
    }
    if (high >= 0) {
      throw new IllegalArgumentException("an odd number of hex digits in: " + dump);
    }
    return out.toByteArray();
  }

  /** Lower-case pairs separated by single spaces: {@code "5e 03 5c a1"}. */
  public static String of(byte[] b) {
    return SPACED.formatHex(b);
  }

  /** {@link #of(byte[])} of {@code b[from..to)}. */
  public static String of(byte[] b, int from, int to) {
    return SPACED.formatHex(b, from, to);
  }

  /** Lower-case pairs with no separator: {@code "5e035ca1"}. */
  public static String compact(byte[] b) {
    return HexFormat.of().formatHex(b);
  }

  /**
   * The bytes around offset {@code at}, eight before and sixteen from it, the byte at {@code at}
   * in brackets: for messages that say where two arrays first differ.
   */
  public static String around(byte[] b, int at) {
    StringBuilder s = new StringBuilder();
    for (int i = Math.max(0, at - 8); i < Math.min(b.length, at + 16); i++) {
      String pair = String.format("%02x", b[i] & 0xff);
      s.append(i == at ? "[" + pair + "] " : pair + " ");
    }
    return s.toString();
  }
}
