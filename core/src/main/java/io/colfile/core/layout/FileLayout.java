package io.colfile.core.layout;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Every byte of a file, in order: spans that tile {@code [0, fileLength)} with no gap and no
 * overlap. Bytes no structure claims are {@link SpanRole#UNKNOWN} or {@link SpanRole#PADDING}
 * spans; where the structures a damaged file claims overlap, the later claim is cut to what the
 * earlier leaves and says so in its details ({@code overlaps}).
 *
 * @param format the format's name, as {@link io.colfile.core.FileReader#formatName()}
 * @param fileLength the file's length in bytes
 * @param rows the rows the file says it holds, or -1 when unknown
 * @param spans the tiling, ordered by offset
 */
public record FileLayout(String format, long fileLength, long rows, List<LayoutSpan> spans) {
  public FileLayout {
    spans = List.copyOf(spans);
    long at = 0;
    for (LayoutSpan s : spans) {
      if (s.offset() != at) {
        throw new IllegalArgumentException("spans do not tile the file: " + s.structure()
            + " at " + s.offset() + ", expected " + at);
      }
      at = s.end();
    }
    if (at != fileLength) {
      throw new IllegalArgumentException("spans end at " + at + " in a file of " + fileLength
          + " bytes");
    }
  }

  /**
   * The tiling of the structures a reader found: sorted by offset, gaps filled with {@link
   * SpanRole#UNKNOWN} spans named {@code gap}, overlaps cut (empty remainders dropped), and what
   * lies past {@code fileLength} cut off.
   */
  public static FileLayout tile(String format, long fileLength, long rows,
      List<LayoutSpan> found) {
    List<LayoutSpan> sorted = new ArrayList<>(found);
    sorted.sort(Comparator.comparingLong(LayoutSpan::offset));
    List<LayoutSpan> out = new ArrayList<>(sorted.size() + 4);
    long at = 0;
    for (LayoutSpan s : sorted) {
      if (at >= fileLength) {
        break;
      }
      long start = Math.max(s.offset(), at);
      long end = Math.min(s.end(), fileLength);
      if (s.offset() > at) {
        // the gap is laid out even when the span after it turns out empty (a damaged file's
        // block of no bytes): the next gap starts where this one ends
        long gapEnd = Math.min(s.offset(), fileLength);
        out.add(LayoutSpan.of(at, gapEnd - at, SpanRole.UNKNOWN, "gap"));
        at = gapEnd;
        if (at >= fileLength) {
          break;
        }
      }
      if (end <= start) {
        continue;
      }
      if (start != s.offset() || end != s.end()) {
        var details = new java.util.LinkedHashMap<String, Object>(s.details());
        if (start != s.offset()) {
          details.put("overlaps", s.offset() + "+" + s.length());
        } else {
          details.put("cut at end of file", s.offset() + "+" + s.length());
        }
        out.add(new LayoutSpan(start, end - start, s.path(), s.role(), s.column(),
            s.columnName(), details));
      } else {
        out.add(s);
      }
      at = end;
    }
    if (at < fileLength) {
      out.add(LayoutSpan.of(at, fileLength - at, SpanRole.UNKNOWN, "gap"));
    }
    return new FileLayout(format, fileLength, rows, out);
  }
}
