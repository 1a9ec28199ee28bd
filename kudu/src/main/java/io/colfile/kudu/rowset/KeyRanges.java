package io.colfile.kudu.rowset;

import io.colfile.kudu.key.KeyBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Turns {@link KeyConditions} boxes into ranges of encoded keys (cfile.md section 9.2), which
 * compare as unsigned bytes exactly as the rows' keys do, so that the value index or the ad-hoc
 * index can find the rows of each range.
 *
 * <p>Leading key columns restricted to a few values give key prefixes (every combination of
 * them); the first column that is not, gives each prefix its intervals; the columns after it
 * add nothing. A box whose every column is a list of values gives whole keys, which the bloom
 * filter can rule out one by one. The encoding keeps this exact: a non-last component is
 * prefix-free (fixed width, or escaped with a {@code 00 00} end), so every key whose component
 * is below a value sorts below the prefix and that value's encoding, and every key whose
 * component is above it sorts at or above the first string after everything that starts so.
 */
final class KeyRanges {
  /** More key prefixes than this from lists of values are not enumerated: ranges are used. */
  static final int MAX_PREFIXES = 1024;

  /**
   * Keys in {@code [lo, hi)}: {@code lo} empty for no lower end, {@code hi} null for no upper
   * end. {@code key} is set when the range holds one whole key, {@code text} then shows it.
   */
  record Range(byte[] lo, byte[] hi, byte[] key, String text) {}

  private final List<KeyColumn> keys;

  KeyRanges(List<KeyColumn> keys) {
    this.keys = keys;
  }

  /** The ranges of all boxes, sorted, overlapping ones merged. */
  List<Range> of(List<KeyValueSet[]> boxes) {
    List<Range> all = new ArrayList<>();
    for (KeyValueSet[] box : boxes) {
      ranges(box, all);
    }
    return merge(all);
  }

  private void ranges(KeyValueSet[] box, List<Range> out) {
    List<byte[]> prefixes = List.of(new byte[0]);
    List<String> texts = List.of("");
    for (KeyColumn c : keys) {
      KeyValueSet values = box[c.position];
      List<Object> points = values.points();
      if (points != null && (long) prefixes.size() * points.size() <= MAX_PREFIXES) {
        List<byte[]> longer = new ArrayList<>();
        List<String> longerTexts = new ArrayList<>();
        for (int i = 0; i < prefixes.size(); i++) {
          for (Object p : points) {
            longer.add(append(prefixes.get(i), c, p));
            longerTexts.add(texts.get(i) + (c.position > 0 ? ", " : "") + c.format(p));
          }
        }
        prefixes = longer;
        texts = longerTexts;
        continue;
      }
      List<KeyValueSet.Interval> intervals = values.intervals();
      if ((long) prefixes.size() * intervals.size() > MAX_PREFIXES) {
        KeyValueSet.Interval first = intervals.get(0);
        KeyValueSet.Interval last = intervals.get(intervals.size() - 1);
        intervals = List.of(new KeyValueSet.Interval(first.lo(), first.loIn(), last.hi(),
            last.hiIn()));
      }
      for (byte[] prefix : prefixes) {
        for (KeyValueSet.Interval i : intervals) {
          byte[] lo = i.loIn() ? append(prefix, c, i.lo()) : after(prefix, c, i.lo());
          byte[] hi = i.hi() == null ? successor(prefix)
              : i.hiIn() ? after(prefix, c, i.hi()) : append(prefix, c, i.hi());
          out.add(new Range(lo, hi, null, null));
        }
      }
      return;
    }
    for (int i = 0; i < prefixes.size(); i++) {
      byte[] key = prefixes.get(i);
      // every other key at or above this one is at or above the key followed by 00
      out.add(new Range(key, Arrays.copyOf(key, key.length + 1), key,
          "(" + texts.get(i) + ")"));
    }
  }

  private static byte[] append(byte[] prefix, KeyColumn c, Object cell) {
    KeyBuffer b = new KeyBuffer(16);
    c.encode(cell, b);
    byte[] out = Arrays.copyOf(prefix, prefix.length + b.size());
    System.arraycopy(b.array(), 0, out, prefix.length, b.size());
    return out;
  }

  /** The first key above every key whose component {@code c} is {@code cell}, after prefix. */
  private static byte[] after(byte[] prefix, KeyColumn c, Object cell) {
    byte[] at = append(prefix, c, cell);
    if (c.binary && c.last) {
      // a last binary component is raw: longer values start with this one and follow it
      return Arrays.copyOf(at, at.length + 1);
    }
    return successor(at);
  }

  /**
   * The first byte string above every string starting with {@code prefix}, or null when there
   * is none (the prefix is empty or all FF).
   */
  static byte[] successor(byte[] prefix) {
    for (int i = prefix.length - 1; i >= 0; i--) {
      if (prefix[i] != (byte) 0xFF) {
        byte[] out = Arrays.copyOf(prefix, i + 1);
        out[i]++;
        return out;
      }
    }
    return null;
  }

  /** Sorts the ranges by their lower ends and merges those that overlap or touch. */
  static List<Range> merge(List<Range> ranges) {
    List<Range> sorted = new ArrayList<>(ranges);
    sorted.sort((a, b) -> Arrays.compareUnsigned(a.lo(), b.lo()));
    List<Range> out = new ArrayList<>();
    for (Range r : sorted) {
      Range prev = out.isEmpty() ? null : out.get(out.size() - 1);
      if (prev != null && (prev.hi() == null || Arrays.compareUnsigned(r.lo(), prev.hi()) <= 0)) {
        byte[] hi = prev.hi() == null || r.hi() == null ? null
            : Arrays.compareUnsigned(prev.hi(), r.hi()) >= 0 ? prev.hi() : r.hi();
        boolean same = prev.key() != null && r.key() != null && Arrays.equals(prev.key(), r.key());
        out.set(out.size() - 1, same ? prev : new Range(prev.lo(), hi, null, null));
      } else {
        out.add(r);
      }
    }
    return out;
  }
}
