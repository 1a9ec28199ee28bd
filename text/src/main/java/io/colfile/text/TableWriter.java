package io.colfile.text;

import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Prints rows as a table aligned for a terminal: a header line of the column names, a rule, then
 * one line per row, columns separated by {@code " | "}, numbers right-aligned, NULL shown as
 * {@code NULL}. Values are the text of CSV output ({@link CsvRowWriter}) with control characters
 * shown as {@code \n}, {@code \r}, {@code \t} or {@code ?}; a value wider than the maximum width
 * is cut and ends with {@code …}. Widths count terminal cells: East Asian wide and fullwidth
 * characters (CJK, Hangul, fullwidth forms, most emoji) take two, combining marks none.
 *
 * <p>Output is streamed a page at a time: each page of rows (1000 by default) is aligned on its
 * own and starts with the header, pages separated by an empty line, so memory stays bounded.
 */
public final class TableWriter implements RowPrinter {
  /** Rows aligned together. */
  public static final int DEFAULT_PAGE = 1000;
  /** Terminal cells a value may take. */
  public static final int DEFAULT_MAX_WIDTH = 40;
  private static final String NULL = "NULL";

  private final OutputStream out;
  private final PrintStyle style;
  private final int maxWidth;
  private final int pageRows;
  private Cells cells;
  private Type printedType;
  private final List<String[]> page = new ArrayList<>();
  private boolean anyPage;
  private boolean begun;

  /**
   * A writer into {@code out}, timestamps in {@code style}, floats exact or as C's %g, values
   * cut at {@code maxWidth} cells (at least 2), {@code pageRows} rows aligned together.
   */
  public TableWriter(OutputStream out, JsonLinesWriter.TimestampStyle style,
      boolean exactFloats, int maxWidth, int pageRows) {
    if (maxWidth < 2 || pageRows < 1) {
      throw new IllegalArgumentException("max width " + maxWidth + ", page " + pageRows);
    }
    this.out = Objects.requireNonNull(out);
    this.style = new PrintStyle(Objects.requireNonNull(style), exactFloats);
    this.maxWidth = maxWidth;
    this.pageRows = pageRows;
  }

  @Override
  public void begin(Type schema) {
    cellsFor(schema);
    begun = true;
  }

  private void cellsFor(Type schema) {
    if (!schema.equals(printedType)) {
      cells = new Cells(schema, style);
      printedType = schema;
    }
  }

  @Override
  public void write(ColumnBatch batch, int from, int to) throws IOException {
    Objects.checkFromToIndex(from, to, batch.size);
    cellsFor(batch.schema());
    for (int row = from; row < to; row++) {
      String[] texts = new String[cells.count()];
      for (int i = 0; i < texts.length; i++) {
        byte[] b = cells.cell(batch, i, row);
        texts[i] = b == null ? null : fit(visible(new String(b, StandardCharsets.UTF_8)));
      }
      page.add(texts);
      if (page.size() == pageRows) {
        printPage();
      }
    }
  }

  private void printPage() throws IOException {
    int n = cells.count();
    int[] widths = new int[n];
    String[] header = new String[n];
    for (int i = 0; i < n; i++) {
      header[i] = fit(visible(cells.names().get(i)));
      widths[i] = width(header[i]);
    }
    for (String[] r : page) {
      for (int i = 0; i < n; i++) {
        widths[i] = Math.max(widths[i], width(r[i] == null ? NULL : r[i]));
      }
    }
    StringBuilder b = new StringBuilder();
    if (anyPage) {
      b.append('\n');
    }
    line(b, header, widths, false);
    for (int i = 0; i < n; i++) {
      if (i > 0) {
        b.append("-+-");
      }
      b.append("-".repeat(widths[i]));
    }
    b.append('\n');
    for (String[] r : page) {
      line(b, r, widths, true);
    }
    out.write(b.toString().getBytes(StandardCharsets.UTF_8));
    page.clear();
    anyPage = true;
  }

  private void line(StringBuilder b, String[] texts, int[] widths, boolean values) {
    int start = b.length();
    for (int i = 0; i < texts.length; i++) {
      if (i > 0) {
        b.append(" | ");
      }
      String t = texts[i] == null ? NULL : texts[i];
      int pad = widths[i] - width(t);
      boolean right = values && cells.numeric(i) && texts[i] != null;
      if (right) {
        b.append(" ".repeat(pad)).append(t);
      } else {
        b.append(t).append(" ".repeat(pad));
      }
    }
    int end = b.length();
    while (end > start && b.charAt(end - 1) == ' ') {
      end--; // no trailing blanks
    }
    b.setLength(end);
    b.append('\n');
  }

  /** Control characters as {@code \n}, {@code \r}, {@code \t} or {@code ?}. */
  static String visible(String s) {
    StringBuilder b = null;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < 0x20 || c == 0x7f) {
        if (b == null) {
          b = new StringBuilder(s.length() + 8).append(s, 0, i);
        }
        b.append(c == '\n' ? "\\n" : c == '\r' ? "\\r" : c == '\t' ? "\\t" : "?");
      } else if (b != null) {
        b.append(c);
      }
    }
    return b == null ? s : b.toString();
  }

  /** {@code s} cut to the maximum width, ending with an ellipsis when cut. */
  private String fit(String s) {
    if (width(s) <= maxWidth) {
      return s;
    }
    int w = 0;
    int i = 0;
    while (i < s.length()) {
      int cp = s.codePointAt(i);
      int cw = width(cp);
      if (w + cw > maxWidth - 1) {
        break;
      }
      w += cw;
      i += Character.charCount(cp);
    }
    return s.substring(0, i) + "…";
  }

  /** Terminal cells {@code s} takes. */
  static int width(String s) {
    int w = 0;
    for (int i = 0; i < s.length(); ) {
      int cp = s.codePointAt(i);
      w += width(cp);
      i += Character.charCount(cp);
    }
    return w;
  }

  /** Cells of one code point: 0 for combining marks and zero-width ones, 2 for wide ones. */
  static int width(int cp) {
    int type = Character.getType(cp);
    if (type == Character.NON_SPACING_MARK || type == Character.ENCLOSING_MARK
        || (cp >= 0x200b && cp <= 0x200f) || cp == 0xfeff) {
      return 0;
    }
    boolean wide = (cp >= 0x1100 && cp <= 0x115f) || (cp >= 0x2e80 && cp <= 0x303e)
        || (cp >= 0x3041 && cp <= 0x33ff) || (cp >= 0x3400 && cp <= 0x4dbf)
        || (cp >= 0x4e00 && cp <= 0x9fff) || (cp >= 0xa000 && cp <= 0xa4cf)
        || (cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0xf900 && cp <= 0xfaff)
        || (cp >= 0xfe30 && cp <= 0xfe4f) || (cp >= 0xff00 && cp <= 0xff60)
        || (cp >= 0xffe0 && cp <= 0xffe6) || (cp >= 0x1f300 && cp <= 0x1f64f)
        || (cp >= 0x1f900 && cp <= 0x1f9ff) || (cp >= 0x20000 && cp <= 0x3fffd);
    return wide ? 2 : 1;
  }

  /** Prints the rows pending (and the header alone when there were no rows at all). */
  @Override
  public void flush() throws IOException {
    if (!page.isEmpty() || (!anyPage && begun)) {
      printPage();
    }
    out.flush();
  }
}
