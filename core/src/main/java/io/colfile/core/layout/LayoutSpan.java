package io.colfile.core.layout;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One run of a file's bytes and the structure it is, as {@code colfile layout} prints it.
 *
 * @param offset the first byte in the file
 * @param length how many bytes
 * @param path the structure's names from the outermost down ({@code stripe 0 / column 3 / DATA}),
 *     as {@link io.colfile.core.error.FileRegion} names them in errors
 * @param role what the bytes are for
 * @param column the column id the bytes belong to (ORC's type id, Trevni's column number, a
 *     rowset's column index), or -1 when they belong to none
 * @param columnName the column's name or path ({@code a.b}), or null when it belongs to none
 * @param details what else is known, in order: {@code encoding}, {@code compression}, {@code
 *     uncompressed} (bytes after decompression), {@code rows}, {@code values}, ... (string, number
 *     or boolean values); empty when nothing is
 */
public record LayoutSpan(long offset, long length, List<String> path, SpanRole role, int column,
    String columnName, Map<String, Object> details) {
  public LayoutSpan {
    if (offset < 0 || length < 0) {
      throw new IllegalArgumentException("span at " + offset + " of length " + length);
    }
    path = List.copyOf(path);
    details = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(details));
  }

  /** A span that belongs to no column. */
  public static LayoutSpan of(long offset, long length, SpanRole role, String... path) {
    return new LayoutSpan(offset, length, List.of(path), role, -1, null, Map.of());
  }

  /**
   * What {@code e} says went wrong, for a span's {@code problem} detail: a corrupt file's
   * problem and where (without the file's name, which the layout is of), else the message.
   */
  public static String problemOf(Throwable e) {
    if (e instanceof io.colfile.core.error.CorruptFileException c) {
      String where = c.location();
      return c.problem() + (where.isEmpty() ? "" : " [" + where + "]");
    }
    return String.valueOf(e.getMessage());
  }

  /** The first byte after the span. */
  public long end() {
    return offset + length;
  }

  /** The structure's path as {@code layout} prints it, e.g. {@code stripe 0 / column 3 / DATA}. */
  public String structure() {
    return String.join(" / ", path);
  }
}
