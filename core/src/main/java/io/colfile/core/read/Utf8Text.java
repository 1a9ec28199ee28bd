package io.colfile.core.read;

/**
 * CHAR and VARCHAR lengths as Apache ORC's schema evolution applies them (hive-storage-api {@code
 * StringExpr}): a character is a UTF-8 lead byte, so lengths count code points and a cut never
 * splits one; CHAR values also lose their trailing spaces (0x20 only), since orc-core reads CHAR
 * right-trimmed.
 */
final class Utf8Text {
  private Utf8Text() {}

  /** The byte length of the first {@code maxChars} characters of {@code b[start, start+length)}. */
  static int truncate(byte[] b, int start, int length, int maxChars) {
    int end = start + length;
    int chars = 0;
    for (int j = start; j < end; j++) {
      if (isLead(b[j])) {
        if (chars == maxChars) {
          return j - start;
        }
        chars++;
      }
    }
    return length;
  }

  /** {@link #truncate}, then without trailing spaces. */
  static int rightTrimAndTruncate(byte[] b, int start, int length, int maxChars) {
    int n = truncate(b, start, length, maxChars);
    while (n > 0 && b[start + n - 1] == ' ') {
      n--;
    }
    return n;
  }

  /** The number of characters (UTF-8 lead bytes) in {@code b[start, start+length)}. */
  static int characters(byte[] b, int start, int length) {
    int chars = 0;
    for (int j = start; j < start + length; j++) {
      if (isLead(b[j])) {
        chars++;
      }
    }
    return chars;
  }

  private static boolean isLead(byte b) {
    return (b & 0xC0) != 0x80;
  }
}
