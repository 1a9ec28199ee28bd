package io.colfile.orc.stats;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * String, char and varchar columns: minimum and maximum in unsigned byte order, and the total
 * length in bytes. StringStatistics is always present, empty when the count is zero.
 *
 * <p>Truncation (writer ORC_203 and later, orc.md section 9): a value longer than
 * {@value #MAX_BYTES_RECORDED} bytes is never kept whole. As a new minimum it becomes a lower
 * bound, its longest prefix of at most 1024 bytes that ends at a UTF-8 character boundary,
 * written to {@code lower_bound} instead of {@code minimum}. As a new maximum it becomes an
 * upper bound: the same cut, with the last kept character replaced by the next code point,
 * written to {@code upper_bound} instead of {@code maximum}.
 *
 * <p>Java's quirks, reproduced for identical bytes: the next code point is re-encoded by a
 * hand-written encoder that puts 0x7F in two bytes ({@code C1 BF}) and 0xFFFF in four ({@code
 * F0 8F BF BF}), both overlong; and every bound goes out through a String, so bytes that are not
 * well-formed UTF-8 (those overlongs included) are written as U+FFFD replacement characters.
 * Comparisons, though, use the raw bytes.
 *
 * <p>Bytes are copied only when the minimum or maximum changes.
 */
public final class StringStats extends StatsCollector {
  /** Values longer than this are kept only as truncated bounds. */
  public static final int MAX_BYTES_RECORDED = 1024;

  private boolean hasValue;
  private byte[] min = new byte[16];
  private int minLength;
  private boolean minIsBound;
  private byte[] max = new byte[16];
  private int maxLength;
  private boolean maxIsBound;
  private long sum;

  StringStats() {}

  /** A value (UTF-8, not validated) occurring {@code repetitions} times. */
  public void update(byte[] utf8, int offset, int length, int repetitions) {
    if (hasValue && length > 0 && minLength > 0 && maxLength > 0) {
      // A first byte strictly between those of min and max decides both comparisons: the
      // common case once a few values were seen, without a call.
      int first = utf8[offset] & 0xFF;
      if (first > (min[0] & 0xFF) && first < (max[0] & 0xFF)) {
        sum += (long) length * repetitions;
        return;
      }
    }
    if (!hasValue) {
      hasValue = true;
      if (length > MAX_BYTES_RECORDED) {
        setLowerBound(utf8, offset);
        setUpperBound(utf8, offset);
      } else {
        setMin(utf8, offset, length);
        setMax(utf8, offset, length);
      }
    } else if (Arrays.compareUnsigned(min, 0, minLength, utf8, offset, offset + length) > 0) {
      if (length > MAX_BYTES_RECORDED) {
        setLowerBound(utf8, offset);
      } else {
        setMin(utf8, offset, length);
      }
    } else if (Arrays.compareUnsigned(max, 0, maxLength, utf8, offset, offset + length) < 0) {
      if (length > MAX_BYTES_RECORDED) {
        setUpperBound(utf8, offset);
      } else {
        setMax(utf8, offset, length);
      }
    }
    sum += (long) length * repetitions;
  }

  /**
   * {@code repetitions} more occurrences of a value of {@code length} bytes that {@link #update}
   * has seen since the last reset: min and max stay, only the byte total grows. Writers that
   * know repeats (a dictionary id met before in the row group) spare the comparisons.
   */
  public void updateSeen(int length, int repetitions) {
    sum += (long) length * repetitions;
  }

  /** {@link #updateSeen} of values of {@code bytes} bytes in all. */
  public void updateSeenBytes(long bytes) {
    sum += bytes;
  }

  private void setMin(byte[] b, int off, int len) {
    if (min.length < len) {
      min = new byte[Math.max(len, min.length * 2)];
    }
    System.arraycopy(b, off, min, 0, len);
    minLength = len;
    minIsBound = false;
  }

  private void setMax(byte[] b, int off, int len) {
    if (max.length < len) {
      max = new byte[Math.max(len, max.length * 2)];
    }
    System.arraycopy(b, off, max, 0, len);
    maxLength = len;
    maxIsBound = false;
  }

  private void setLowerBound(byte[] b, int from) {
    int cut = lastCharStart(b, from, from + MAX_BYTES_RECORDED);
    if (cut < 0) {
      // No character starts in the first 1025 bytes: not UTF-8 (Java throws). The raw prefix is
      // still a lower bound.
      cut = from + MAX_BYTES_RECORDED;
    }
    setMin(b, from, cut - from);
    minIsBound = true;
  }

  private void setUpperBound(byte[] b, int from) {
    int following = lastCharStart(b, from, from + MAX_BYTES_RECORDED);
    if (following <= from) {
      // No whole character before the cut: not UTF-8 (Java throws). Cut at the raw position.
      following = from + MAX_BYTES_RECORDED;
    }
    int last = lastCharStart(b, from, following - 1);
    if (last < 0) {
      last = following - 1;
    }
    // The decoder's view of the last kept character, U+FFFD if it is malformed, as Java sees it.
    int next = new String(b, last, following - last, StandardCharsets.UTF_8).codePointAt(0) + 1;
    int prefix = last - from;
    setMax(b, from, prefix);
    if (max.length < prefix + 4) {
      max = Arrays.copyOf(max, prefix + 4);
    }
    maxLength = prefix + appendCodePoint(max, prefix, next);
    maxIsBound = true;
  }

  /**
   * Encodes {@code cp} at {@code b[at]} the way Java's writer does, returning the byte count:
   * the 1-byte form only below 0x7F and the 3-byte form only below 0xFFFF, so 0x7F and 0xFFFF
   * get overlong encodings.
   */
  static int appendCodePoint(byte[] b, int at, int cp) {
    if (cp < 0x7f) {
      b[at] = (byte) cp;
      return 1;
    } else if (cp <= 0x7ff) {
      b[at] = (byte) (0xc0 | (cp >> 6));
      b[at + 1] = (byte) (0x80 | (cp & 0x3f));
      return 2;
    } else if (cp < 0xffff) {
      b[at] = (byte) (0xe0 | (cp >> 12));
      b[at + 1] = (byte) (0x80 | ((cp >> 6) & 0x3f));
      b[at + 2] = (byte) (0x80 | (cp & 0x3f));
      return 3;
    } else {
      b[at] = (byte) (0xf0 | (cp >> 18));
      b[at + 1] = (byte) (0x80 | ((cp >> 12) & 0x3f));
      b[at + 2] = (byte) (0x80 | ((cp >> 6) & 0x3f));
      b[at + 3] = (byte) (0x80 | (cp & 0x3f));
      return 4;
    }
  }

  /** The last index in [from, until] holding a byte that is not a continuation byte, or -1. */
  private static int lastCharStart(byte[] b, int from, int until) {
    for (int p = until; p >= from; p--) {
      if ((b[p] & 0xC0) != 0x80) {
        return p;
      }
    }
    return -1;
  }

  public long sum() {
    return sum;
  }

  @Override
  void mergeTyped(StatsCollector other) {
    StringStats o = (StringStats) other;
    if (numberOfValues() == 0 || !hasValue) {
      if (o.numberOfValues() != 0 && o.hasValue) {
        hasValue = true;
        setMin(o.min, 0, o.minLength);
        minIsBound = o.minIsBound;
        setMax(o.max, 0, o.maxLength);
        maxIsBound = o.maxIsBound;
      } else {
        hasValue = false;
        minIsBound = false;
        maxIsBound = false;
      }
    } else if (o.numberOfValues() != 0 && o.hasValue) {
      if (Arrays.compareUnsigned(min, 0, minLength, o.min, 0, o.minLength) > 0) {
        setMin(o.min, 0, o.minLength);
        minIsBound = o.minIsBound;
      }
      if (Arrays.compareUnsigned(max, 0, maxLength, o.max, 0, o.maxLength) < 0) {
        setMax(o.max, 0, o.maxLength);
        maxIsBound = o.maxIsBound;
      }
    }
    sum += o.sum;
  }

  @Override
  StatsCollector emptyCopy() {
    return new StringStats();
  }

  @Override
  boolean loadTyped(TypedStatistics typed) {
    if (!(typed instanceof StringStatistics s)) {
      return false;
    }
    String lo = s.minimum() != null ? s.minimum() : s.lowerBound();
    String hi = s.maximum() != null ? s.maximum() : s.upperBound();
    if ((lo == null) != (hi == null) || (numberOfValues() != 0 && lo == null)) {
      return false;
    }
    if (lo != null) {
      hasValue = true;
      byte[] l = lo.getBytes(StandardCharsets.UTF_8);
      byte[] h = hi.getBytes(StandardCharsets.UTF_8);
      setMin(l, 0, l.length);
      minIsBound = s.minimum() == null;
      setMax(h, 0, h.length);
      maxIsBound = s.maximum() == null;
    }
    sum = s.sum() == null ? 0 : s.sum();
    return true;
  }

  @Override
  void resetTyped() {
    hasValue = false;
    minLength = 0;
    maxLength = 0;
    minIsBound = false;
    maxIsBound = false;
    sum = 0;
  }

  @Override
  StringStatistics typed() {
    if (numberOfValues() == 0 || !hasValue) {
      return new StringStatistics(null, null, null, null, null);
    }
    // Through a String, as Java's Text.toString() does: malformed bytes become U+FFFD.
    String lo = new String(min, 0, minLength, StandardCharsets.UTF_8);
    String hi = new String(max, 0, maxLength, StandardCharsets.UTF_8);
    return new StringStatistics(minIsBound ? null : lo, maxIsBound ? null : hi,
        minIsBound ? lo : null, maxIsBound ? hi : null, sum);
  }
}
