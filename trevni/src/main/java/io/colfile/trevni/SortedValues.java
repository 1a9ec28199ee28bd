package io.colfile.trevni;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * The last value written to a column declared sorted ({@link ColumnSpec#sorted()}), and the
 * check that the next one does not come before it in Java's order (trevni.md section 8), the
 * order Trevni's seeks and colfile's block skipping assume. Strings are compared as a reader
 * decodes them (malformed UTF-8 as U+FFFD, unpaired surrogates as {@code ?}), bytes as signed
 * bytes ({@code ByteBuffer.compareTo}), floats and doubles with {@code Double.compare} (NaN
 * last, -0.0 before 0.0), booleans false before true.
 */
final class SortedValues {
  private final ValueType type;
  private boolean any;
  private long lastLong;
  private double lastDouble;
  private String lastString;
  private byte[] lastBytes;

  SortedValues(ValueType type) {
    this.type = type;
  }

  /**
   * Takes a boolean, int or long value; null when it keeps the order, else the text of the
   * value it comes before (the previous one's).
   */
  String nextLong(long v) {
    String problem = any && v < lastLong ? text(lastLong) + ", then " + text(v) : null;
    any = true;
    lastLong = v;
    return problem;
  }

  /** As {@link #nextLong}, for a float or double value. */
  String nextDouble(double v) {
    String problem = any && Double.compare(v, lastDouble) < 0
        ? lastDouble + ", then " + v : null;
    any = true;
    lastDouble = v;
    return problem;
  }

  /** As {@link #nextLong}, for a string value given as UTF-8 bytes. */
  String nextString(byte[] b, int off, int len) {
    String v = new String(b, off, len, StandardCharsets.UTF_8);
    String problem = any && v.compareTo(lastString) < 0
        ? quote(lastString) + ", then " + quote(v) : null;
    any = true;
    lastString = v;
    return problem;
  }

  /** As {@link #nextLong}, for a bytes value. */
  String nextBytes(byte[] b, int off, int len) {
    String problem = any && Arrays.compare(b, off, off + len, lastBytes, 0, lastBytes.length) < 0
        ? hex(lastBytes, 0, lastBytes.length) + ", then " + hex(b, off, len) : null;
    any = true;
    lastBytes = Arrays.copyOfRange(b, off, off + len);
    return problem;
  }

  private String text(long v) {
    return type == ValueType.BOOLEAN ? String.valueOf(v != 0) : String.valueOf(v);
  }

  private static String quote(String s) {
    return "'" + (s.length() > 100 ? s.substring(0, 100) + "..." : s) + "'";
  }

  private static String hex(byte[] b, int off, int len) {
    return "0x" + HexFormat.of().formatHex(b, off, off + Math.min(len, 50))
        + (len > 50 ? "..." : "");
  }
}
