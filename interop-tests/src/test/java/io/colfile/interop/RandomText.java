package io.colfile.interop;

import java.util.List;
import java.util.Random;

/**
 * Random strings and byte arrays: mostly short ASCII, with empty, long, non-ASCII (2-, 3- and
 * 4-byte UTF-8), and every character the JSON form escapes or deliberately leaves raw.
 */
final class RandomText {
  private static final List<String> EDGES = List.of(
      "", " ", "\"quoted\"", "back\\slash", "line\nbreak\ttab\rret\bbs\fff", "\u0001\u001f\u007f",
      "naïve café", "日本語テキスト", "emoji 😀🎉", "Ωμέγα", "  padded  ", "null", "0", "/", "é");
  /** [first, last] code points to draw non-ASCII text from; all are assigned scalar values. */
  private static final int[][] RANGES = {
      {0xA0, 0xFF}, {0x391, 0x3C9}, {0x410, 0x44F}, {0x4E00, 0x9FFF}, {0x1F600, 0x1F64F}};

  private RandomText() {}

  /** A string of at most {@code maxCodePoints} code points (varchar/char limits count those). */
  static String string(Random r, int maxCodePoints) {
    int k = r.nextInt(20);
    String s;
    if (k == 0) {
      s = EDGES.get(r.nextInt(EDGES.size()));
    } else if (k == 1) {
      s = randomText(r, 1000 + r.nextInt(4000), true);          // long: spans chunks and buffers
    } else if (k < 5) {
      s = randomText(r, r.nextInt(40), true);
    } else {
      s = randomText(r, r.nextInt(12), false);
    }
    return truncate(s, maxCodePoints);
  }

  static String randomText(Random r, int length, boolean nonAscii) {
    StringBuilder b = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      if (nonAscii && r.nextInt(4) == 0) {
        int[] range = RANGES[r.nextInt(RANGES.length)];
        b.appendCodePoint(range[0] + r.nextInt(range[1] - range[0] + 1));
      } else if (r.nextInt(30) == 0) {
        b.append(" \"\\\n\t,:{}[]".charAt(r.nextInt(11)));
      } else {
        b.append((char) ('a' + r.nextInt(26)));
      }
    }
    return b.toString();
  }

  static String truncate(String s, int maxCodePoints) {
    if (maxCodePoints == Integer.MAX_VALUE || s.codePointCount(0, s.length()) <= maxCodePoints) {
      return s;
    }
    return s.substring(0, s.offsetByCodePoints(0, maxCodePoints));
  }

  /** CHAR(n) as ORC writes it: padded with spaces to n code points (orc-core CharTreeWriter). */
  static String padded(String s, int length) {
    int have = s.codePointCount(0, s.length());
    return have >= length ? s : s + " ".repeat(length - have);
  }

  static byte[] bytes(Random r) {
    int k = r.nextInt(10);
    int n = k == 0 ? 0 : k == 1 ? 500 + r.nextInt(3000) : r.nextInt(24);
    byte[] b = new byte[n];
    r.nextBytes(b);
    return b;
  }
}
