package io.colfile.cli;

import io.colfile.core.io.AtomicOutputStream;
import io.colfile.core.io.OutputFile;
import io.colfile.core.layout.FileLayout;
import io.colfile.core.layout.LayoutSpan;
import io.colfile.core.layout.SpanRole;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The page of {@code colfile layout FILE --html OUT}: one self-contained HTML file (inline CSS
 * and script, nothing fetched) with a picture of the file to scale, its structures as boxes
 * coloured by column or by role with their details on hover, and tables of the bytes of each
 * column and each role, which are plain HTML readable without the script.
 *
 * <p>The picture is {@link #LINES} lines of {@link #WIDTH} cells, a cell standing for {@code
 * fileLength / (WIDTH * LINES)} bytes; spans smaller than a cell are merged ({@link
 * LayoutBoxes}) so that the page stays small whatever the file. The numbers a reader (or a
 * test) checks carry stable ids and classes: {@code #format}, {@code #file-bytes}, {@code
 * #rows}, {@code #span-count}, {@code #box-count}, the rows {@code tr.column} of {@code
 * #columns} (cells {@code .bytes}, {@code .share}, {@code .ratio}) and {@code tr.role} of
 * {@code #roles}; exact values are in {@code data-} attributes beside the printed ones.
 */
final class LayoutHtml {
  /** Cells in a line of the picture: a pixel each at the page's natural width. */
  static final int WIDTH = 1000;
  /** Lines in the picture. */
  static final int LINES = 40;

  private LayoutHtml() {}

  /**
   * Writes the page of {@code layout} to {@code out} atomically: all of it or, on failure,
   * nothing (a file already at {@code out} is left as it was).
   *
   * @param input the file the layout is of, which {@code out} must not be
   * @throws UsageException when {@code out} is a directory or the input file
   * @throws FileSystemException when {@code out}'s directory does not exist
   */
  static void write(FileLayout layout, String fileName, Path input, Path out)
      throws IOException {
    if (Files.isDirectory(out)) {
      throw new UsageException("--html " + out + " is a directory; name the page's file");
    }
    if (Files.exists(out) && Files.exists(input) && Files.isSameFile(out, input)) {
      throw new UsageException("--html " + out + " is the file being shown; it is not "
          + "overwritten");
    }
    Path dir = out.toAbsolutePath().getParent();
    if (dir != null && !Files.isDirectory(dir)) {
      throw new FileSystemException(out.toString(), null, "cannot write: directory "
          + dir + " does not exist");
    }
    if (dir != null && !Files.isWritable(dir)) {
      throw new java.nio.file.AccessDeniedException(out.toString());
    }
    AtomicOutputStream stream = OutputFile.local(out).create();
    try {
      write(layout, fileName, stream);
      stream.close();
    } catch (IOException | RuntimeException | Error e) {
      stream.abort();
      throw e;
    }
  }

  /** Writes the page of {@code layout}, a file shown as {@code fileName}, to {@code out}. */
  static void write(FileLayout layout, String fileName, OutputStream out) throws IOException {
    Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16);
    LayoutBoxes boxes = LayoutBoxes.of(layout, (long) WIDTH * LINES);
    Colours colours = new Colours(layout);
    String name = text(fileName);
    w.write("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        + "<meta name=\"generator\" content=\"colfile layout --html\">\n"
        + "<title>colfile layout: " + name + "</title>\n<style>\n" + CSS + "</style>\n"
        + "</head>\n<body>\n");
    w.write("<h1>Layout of <span id=\"file-name\">" + name + "</span></h1>\n");
    summary(w, layout, boxes);
    picture(w, layout, boxes, colours);
    columns(w, layout);
    roles(w, layout);
    w.write("<script type=\"application/json\" id=\"layout-data\">");
    json(w, data(layout, fileName, boxes, colours));
    w.write("</script>\n<script>\n" + SCRIPT + "</script>\n</body>\n</html>\n");
    w.flush();
  }

  private static void summary(Writer w, FileLayout layout, LayoutBoxes boxes)
      throws IOException {
    long n = layout.fileLength();
    w.write("<dl class=\"summary\">\n");
    w.write("<dt>Format</dt><dd id=\"format\">" + text(layout.format()) + "</dd>\n");
    w.write("<dt>File size</dt><dd id=\"file-bytes\" data-bytes=\"" + n + "\">" + count(n)
        + " bytes" + (n >= 1024 ? " (" + human(n) + ")" : "") + "</dd>\n");
    w.write("<dt>Rows</dt><dd id=\"rows\" data-rows=\"" + layout.rows() + "\">"
        + (layout.rows() < 0 ? "unknown" : count(layout.rows())) + "</dd>\n");
    w.write("<dt>Structures</dt><dd id=\"span-count\" data-count=\"" + layout.spans().size()
        + "\">" + count(layout.spans().size()) + "</dd>\n");
    w.write("<dt>Boxes drawn</dt><dd id=\"box-count\" data-count=\"" + boxes.boxes().size()
        + "\">" + count(boxes.boxes().size()) + "</dd>\n</dl>\n");
  }

  private static void picture(Writer w, FileLayout layout, LayoutBoxes boxes, Colours colours)
      throws IOException {
    w.write("<section id=\"picture-section\">\n<h2>The file to scale</h2>\n");
    double line = (double) layout.fileLength() / LINES;
    w.write("<p id=\"scale\">Every byte in order, left to right and line by line: each of the "
        + LINES + " lines is " + bytes(line) + ", each of its " + WIDTH + " pixels "
        + bytes(boxes.cellBytes()) + "; a box's width is its bytes. ");
    if (boxes.mergedSpans() > 0) {
      w.write("<span id=\"merged-note\" data-merged=\"" + boxes.mergedSpans() + "\">"
          + count(boxes.mergedSpans()) + " structures smaller than a pixel are drawn merged"
          + " with their neighbours into boxes of a pixel or more (their numbers summed; a box"
          + " of several columns or roles has the colour of the one with the most bytes and"
          + " lists them on hover).</span> ");
    }
    w.write("Hover over a box for its details.</p>\n");
    w.write("<div class=\"controls\">Colour by: <label><input type=\"radio\" name=\"colour\""
        + " value=\"column\" checked> column</label> <label><input type=\"radio\""
        + " name=\"colour\" value=\"role\"> role</label></div>\n");
    w.write("<div class=\"frame\"><canvas id=\"picture\" role=\"img\" aria-label=\"The file's"
        + " bytes to scale, coloured by column; the tables below hold the same numbers\">"
        + "</canvas><div id=\"tooltip\" role=\"tooltip\" hidden></div></div>\n");
    w.write("<noscript><p>The picture needs JavaScript; the tables below hold all the numbers."
        + "</p></noscript>\n");
    w.write("<div class=\"legend\" id=\"legend-columns\"><h3>Columns</h3><ul>\n");
    for (Map.Entry<Integer, String> c : colours.columnNames.entrySet()) {
      w.write("<li><span class=\"swatch\" style=\"background:"
          + colours.column(c.getKey(), SpanRole.DATA) + "\"></span>" + text(c.getValue())
          + "</li>\n");
    }
    w.write("</ul><p class=\"note\">A column's nulls, index and bloom filter bytes are its"
        + " colour lighter, its dictionary darker.</p></div>\n");
    w.write("<div class=\"legend\" id=\"legend-roles\"><h3>Roles</h3><ul>\n");
    for (SpanRole r : SpanRole.values()) {
      w.write("<li><span class=\"swatch\" style=\"background:" + Colours.role(r)
          + "\"></span>" + roleName(r) + "</li>\n");
    }
    w.write("</ul><p class=\"note\">Colouring by column, what belongs to no column has its"
        + " role's colour.</p></div>\n</section>\n");
  }

  /** Bytes, share, compression and roles of each column, and of what belongs to none. */
  private static void columns(Writer w, FileLayout layout) throws IOException {
    Map<Integer, Sum> columns = new TreeMap<>();
    Sum none = new Sum("(no column)");
    for (LayoutSpan s : layout.spans()) {
      (s.column() < 0 ? none : columns.computeIfAbsent(s.column(),
          c -> new Sum(s.columnName() == null ? "column " + c : s.columnName()))).add(s);
    }
    long n = layout.fileLength();
    w.write("<section>\n<h2>Columns</h2>\n<table id=\"columns\">\n<thead><tr><th>Id</th>"
        + "<th>Column</th><th>Bytes</th><th>Share of file</th><th>Uncompressed</th>"
        + "<th title=\"uncompressed bytes / bytes, of the bytes whose uncompressed size is"
        + " known\">Compression ratio</th><th>Structures</th><th>By role</th></tr></thead>\n"
        + "<tbody>\n");
    for (Map.Entry<Integer, Sum> e : columns.entrySet()) {
      w.write("<tr class=\"column\" data-column=\"" + e.getKey() + "\"><td class=\"id\">"
          + e.getKey() + "</td>");
      e.getValue().cells(w, n, true);
    }
    if (none.spans > 0) {
      w.write("<tr class=\"no-column\"><td class=\"id\"></td>");
      none.cells(w, n, true);
    }
    Sum total = new Sum("all");
    layout.spans().forEach(total::add);
    w.write("</tbody>\n<tfoot><tr class=\"total\"><td class=\"id\"></td>");
    total.cells(w, n, false);
    w.write("</tfoot>\n</table>\n</section>\n");
  }

  /** Bytes and share of each role: the data and the overheads. */
  private static void roles(Writer w, FileLayout layout) throws IOException {
    Map<SpanRole, Sum> roles = new EnumMap<>(SpanRole.class);
    for (LayoutSpan s : layout.spans()) {
      roles.computeIfAbsent(s.role(), r -> new Sum(roleName(r))).add(s);
    }
    long n = layout.fileLength();
    w.write("<section>\n<h2>Data and overheads by role</h2>\n<table id=\"roles\">\n<thead><tr>"
        + "<th>Role</th><th>Bytes</th><th>Share of file</th><th>Uncompressed</th>"
        + "<th>Compression ratio</th><th>Structures</th></tr></thead>\n<tbody>\n");
    for (Map.Entry<SpanRole, Sum> e : roles.entrySet()) {
      w.write("<tr class=\"role\" data-role=\"" + e.getKey() + "\">");
      e.getValue().cells(w, n, false);
    }
    w.write("</tbody>\n</table>\n</section>\n");
  }

  /** What a table row adds up. */
  private static final class Sum {
    final String name;
    long bytes;
    long spans;
    long uncompressed;
    long bytesKnown; // bytes of the spans whose uncompressed size is known
    final Map<SpanRole, Long> roles = new EnumMap<>(SpanRole.class);

    Sum(String name) {
      this.name = name;
    }

    void add(LayoutSpan s) {
      bytes += s.length();
      spans++;
      if (s.details().get("uncompressed") instanceof Number u) {
        uncompressed += u.longValue();
        bytesKnown += s.length();
      }
      roles.merge(s.role(), s.length(), Long::sum);
    }

    void cells(Writer w, long fileLength, boolean byRole) throws IOException {
      double share = fileLength == 0 ? 0 : 100.0 * bytes / fileLength;
      w.write("<td class=\"name\">" + text(name) + "</td><td class=\"bytes\" data-bytes=\""
          + bytes + "\">" + count(bytes) + "</td><td class=\"share\" data-share=\"" + share
          + "\">" + String.format(Locale.ROOT, "%.2f %%", share) + "</td>");
      if (bytesKnown > 0) {
        double ratio = (double) uncompressed / bytesKnown;
        String of = bytesKnown == bytes ? "" : " title=\"of the " + count(bytesKnown)
            + " bytes whose uncompressed size is known\"";
        w.write("<td class=\"uncompressed\" data-bytes=\"" + uncompressed + "\">"
            + count(uncompressed) + "</td><td class=\"ratio\" data-ratio=\"" + ratio + "\"" + of
            + ">" + String.format(Locale.ROOT, "%.2f", ratio) + (of.isEmpty() ? "" : "*")
            + "</td>");
      } else {
        w.write("<td class=\"uncompressed\"></td><td class=\"ratio\">\u2014</td>");
      }
      w.write("<td class=\"spans\">" + count(spans) + "</td>");
      if (byRole) {
        StringBuilder sb = new StringBuilder();
        roles.forEach((r, b) -> sb.append(sb.length() == 0 ? "" : ", ").append(roleName(r))
            .append(' ').append(count(b)));
        w.write("<td class=\"roles\">" + sb + "</td>");
      }
      w.write("</tr>\n");
    }
  }

  /** The colours of columns and roles, as CSS colours the legend and the script share. */
  private static final class Colours {
    /** Each column's name, by id; a column's hue follows its place in this order. */
    final Map<Integer, String> columnNames = new TreeMap<>();
    private final Map<Integer, Integer> ordinal = new LinkedHashMap<>();

    Colours(FileLayout layout) {
      for (LayoutSpan s : layout.spans()) {
        if (s.column() >= 0) {
          columnNames.putIfAbsent(s.column(), s.columnName() == null ? "column " + s.column()
              : s.columnName());
        }
      }
      for (Integer c : columnNames.keySet()) {
        ordinal.put(c, ordinal.size());
      }
    }

    String column(int column, SpanRole role) {
      Integer k = ordinal.get(column);
      if (k == null) {
        return role(role);
      }
      // the golden angle apart: neighbouring columns get distant hues however many there are
      double hue = (205 + k * 137.508) % 360;
      int lightness = switch (role) {
        case DATA -> 48;
        case DICTIONARY -> 33;
        case NULLS -> 66;
        case INDEX -> 76;
        case BLOOM_FILTER -> 84;
        default -> 58;
      };
      return String.format(Locale.ROOT, "hsl(%.1f,62%%,%d%%)", hue, lightness);
    }

    static String role(SpanRole role) {
      return switch (role) {
        case HEADER -> "hsl(0,0%,22%)";
        case DATA -> "hsl(210,65%,48%)";
        case NULLS -> "hsl(48,85%,52%)";
        case DICTIONARY -> "hsl(280,45%,48%)";
        case INDEX -> "hsl(150,50%,42%)";
        case BLOOM_FILTER -> "hsl(25,85%,55%)";
        case FOOTER -> "hsl(220,12%,45%)";
        case PADDING -> "hsl(0,0%,82%)";
        case UNKNOWN -> "hsl(0,80%,45%)";
      };
    }
  }

  private static Map<String, Object> data(FileLayout layout, String fileName,
      LayoutBoxes boxes, Colours colours) {
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("file", fileName);
    d.put("format", layout.format());
    d.put("fileLength", layout.fileLength());
    d.put("rows", layout.rows());
    d.put("width", WIDTH);
    d.put("lines", LINES);
    List<Object> keys = new java.util.ArrayList<>();
    for (LayoutBoxes.Key k : boxes.keys()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("column", k.column());
      m.put("name", k.column() < 0 ? null : colours.columnNames.get(k.column()));
      m.put("role", roleName(k.role()));
      m.put("colour", colours.column(k.column(), k.role()));
      m.put("roleColour", Colours.role(k.role()));
      keys.add(m);
    }
    d.put("keys", keys);
    // boxes as arrays: [offset, length, key, spans, mixed, structure, details, parts]
    List<Object> list = new java.util.ArrayList<>(boxes.boxes().size());
    for (LayoutBoxes.Box b : boxes.boxes()) {
      List<Object> parts = new java.util.ArrayList<>();
      for (long[] p : b.parts().subList(0, Math.min(8, b.parts().size()))) {
        parts.add(List.of((int) p[0], p[1]));
      }
      list.add(java.util.Arrays.asList(b.offset(), b.length(), b.key(), b.spans(),
          b.mixed() ? 1 : 0, b.structure(), b.details(), parts));
    }
    d.put("boxes", list);
    return d;
  }

  static String roleName(SpanRole r) {
    return r.name().toLowerCase(Locale.ROOT).replace('_', ' ');
  }

  /** {@code s} as HTML text (element content or a quoted attribute's value). */
  static String text(String s) {
    StringBuilder sb = new StringBuilder(s.length() + 16);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '&' -> sb.append("&amp;");
        case '<' -> sb.append("&lt;");
        case '>' -> sb.append("&gt;");
        case '"' -> sb.append("&quot;");
        case '\'' -> sb.append("&#39;");
        default -> sb.append(c < 0x20 && c != '\t' && c != '\n' ? '\uFFFD' : c);
      }
    }
    return sb.toString();
  }

  /**
   * JSON safe inside a script element: besides what JSON escapes, {@code <}, {@code >} and
   * {@code &} (so no {@code </script>} or {@code <!--} can end or change the element) and the
   * line separators older JavaScript did not allow in strings.
   */
  static void json(Writer w, Object v) throws IOException {
    if (v == null) {
      w.write("null");
    } else if (v instanceof String s) {
      w.write('"');
      for (int i = 0; i < s.length(); i++) {
        char c = s.charAt(i);
        if (c == '"' || c == '\\') {
          w.write('\\');
          w.write(c);
        } else if (c < 0x20 || c == '<' || c == '>' || c == '&' || c == '\u2028'
            || c == '\u2029') {
          w.write(String.format(Locale.ROOT, "\\u%04x", (int) c));
        } else {
          w.write(c);
        }
      }
      w.write('"');
    } else if (v instanceof Double || v instanceof Float) {
      double d = ((Number) v).doubleValue();
      w.write(Double.isFinite(d) ? Double.toString(d) : "null");
    } else if (v instanceof Number || v instanceof Boolean) {
      w.write(v.toString());
    } else if (v instanceof Map<?, ?> m) {
      w.write('{');
      boolean first = true;
      for (Map.Entry<?, ?> e : m.entrySet()) {
        w.write(first ? "" : ",");
        json(w, String.valueOf(e.getKey()));
        w.write(':');
        json(w, e.getValue());
        first = false;
      }
      w.write('}');
    } else if (v instanceof List<?> l) {
      w.write('[');
      for (int i = 0; i < l.size(); i++) {
        w.write(i == 0 ? "" : ",");
        json(w, l.get(i));
      }
      w.write(']');
    } else {
      json(w, v.toString());
    }
  }

  private static String count(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }

  private static String bytes(double b) {
    return b >= 1024 ? human(b) : String.format(Locale.ROOT, b >= 10 || b == Math.rint(b)
        ? "%.0f bytes" : "%.2f bytes", b);
  }

  private static String human(double b) {
    String[] units = {"KiB", "MiB", "GiB", "TiB", "PiB"};
    int u = -1;
    while (b >= 1024 && u < units.length - 1) {
      b /= 1024;
      u++;
    }
    return String.format(Locale.ROOT, "%.1f %s", b, units[u]);
  }

  private static final String CSS = """
      body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; background: #fff; }
      h1 { font-size: 1.4em; word-break: break-all; }
      h2 { font-size: 1.15em; margin-top: 1.5em; }
      h3 { font-size: 1em; margin: .3em 0; }
      dl.summary { display: grid; grid-template-columns: max-content auto; gap: .2em 1em; }
      dl.summary dt { font-weight: 600; }
      dl.summary dd { margin: 0; }
      .frame { position: relative; max-width: 1000px; }
      #picture { display: block; width: 100%; height: 680px; background: #fff; cursor: crosshair; }
      #tooltip { position: absolute; z-index: 1; max-width: 32em; padding: .4em .6em;
        background: rgba(255,255,255,.97); border: 1px solid #888; border-radius: 4px;
        box-shadow: 0 2px 6px rgba(0,0,0,.25); font-size: 12px; pointer-events: none;
        word-break: break-word; }
      #tooltip .title { font-weight: 600; margin-bottom: .2em; }
      .legend { display: inline-block; vertical-align: top; margin: .8em 2em 0 0; max-width: 30em; }
      .legend ul { list-style: none; padding: 0; margin: 0; columns: 2; }
      .legend li { word-break: break-all; }
      .legend .note { font-size: 12px; color: #555; }
      .swatch { display: inline-block; width: .9em; height: .9em; margin-right: .4em;
        vertical-align: -.1em; border: 1px solid rgba(0,0,0,.2); }
      table { border-collapse: collapse; }
      th, td { padding: .2em .7em; border-bottom: 1px solid #ddd; text-align: left; }
      td.bytes, td.share, td.uncompressed, td.ratio, td.spans, td.id { text-align: right;
        font-variant-numeric: tabular-nums; }
      td.name { word-break: break-all; max-width: 24em; }
      td.roles { font-size: 12px; color: #555; }
      tfoot td { font-weight: 600; border-top: 2px solid #888; }
      """;

  private static final String SCRIPT = """
      (function () {
        'use strict';
        var data = JSON.parse(document.getElementById('layout-data').textContent);
        var canvas = document.getElementById('picture');
        var tip = document.getElementById('tooltip');
        var W = data.width, L = data.lines, LINE = 14, GAP = 3, H = L * (LINE + GAP);
        var cells = W * L, scale = data.fileLength > 0 ? cells / data.fileLength : 0;
        var boxes = data.boxes, mode = 'column';

        function colour(k) {
          var key = data.keys[k];
          return mode === 'role' ? key.roleColour : key.colour;
        }
        // calls f(x, y) for each line's piece of the cells [u0, u1)
        function pieces(u0, u1, f) {
          while (u0 < u1) {
            var line = Math.floor(u0 / W);
            if (line >= L) { return; }
            var end = Math.min(u1, (line + 1) * W);
            f(u0 - line * W, line * (LINE + GAP), end - u0);
            u0 = end;
          }
        }
        function draw() {
          var ratio = window.devicePixelRatio || 1;
          var cssWidth = canvas.clientWidth || W;
          canvas.style.height = H + 'px';
          canvas.width = Math.max(1, Math.round(cssWidth * ratio));
          canvas.height = Math.round(H * ratio);
          var ctx = canvas.getContext('2d');
          ctx.setTransform(canvas.width / W, 0, 0, ratio, 0, 0);
          ctx.clearRect(0, 0, W, H);
          for (var i = 0; i < boxes.length; i++) {
            var b = boxes[i];
            ctx.fillStyle = colour(b[2]);
            pieces(b[0] * scale, (b[0] + b[1]) * scale, function (x, y, w) {
              ctx.fillRect(x, y, w, LINE);
            });
          }
          // a hairline where a box wide enough to show it starts
          var hair = W / canvas.width;
          ctx.fillStyle = '#fff';
          for (var j = 1; j < boxes.length; j++) {
            if (boxes[j][1] * scale >= 4) {
              pieces(boxes[j][0] * scale, boxes[j][0] * scale + hair, function (x, y, w) {
                ctx.fillRect(x, y, w, LINE);
              });
            }
          }
          canvas.setAttribute('data-drawn', String(boxes.length));
        }
        function boxAt(evt) {
          var r = canvas.getBoundingClientRect();
          if (r.width === 0 || scale === 0) { return -1; }
          var x = (evt.clientX - r.left) / r.width * W;
          var y = (evt.clientY - r.top) / r.height * H;
          var line = Math.floor(y / (LINE + GAP));
          if (line < 0 || line >= L || y - line * (LINE + GAP) > LINE) { return -1; }
          var at = (line * W + x) / scale;
          var lo = 0, hi = boxes.length - 1;
          while (lo < hi) {
            var mid = (lo + hi + 1) >> 1;
            if (boxes[mid][0] <= at) { lo = mid; } else { hi = mid - 1; }
          }
          var b = boxes[lo];
          return b && at >= b[0] && at < b[0] + b[1] ? lo : -1;
        }
        function fmt(n) {
          return Number(n).toLocaleString('en-US');
        }
        function keyName(k) {
          var key = data.keys[k];
          return (key.name === null ? '' : key.name + ' ') + key.role;
        }
        function row(label, value, cls) {
          var d = document.createElement('div');
          if (cls) { d.className = cls; }
          if (label) {
            var s = document.createElement('b');
            s.textContent = label + ': ';
            d.appendChild(s);
          }
          d.appendChild(document.createTextNode(value));
          tip.appendChild(d);
        }
        function show(evt, i) {
          var b = boxes[i], key = data.keys[b[2]], details = b[6];
          tip.textContent = '';
          row('', b[5], 'title');
          if (b[4]) {
            row('', b[3] + ' structures, each smaller than a pixel, merged:');
            b[7].forEach(function (p) { row(keyName(p[0]), fmt(p[1]) + ' bytes'); });
          } else {
            if (key.name !== null) { row('column', key.name + ' (id ' + key.column + ')'); }
            row('role', key.role);
            if (b[3] > 1) { row('structures', b[3] + ', each smaller than a pixel, merged'); }
          }
          row('bytes', fmt(b[1]) + ' (' + (100 * b[1] / data.fileLength).toFixed(2)
            + ' % of the file), at ' + fmt(b[0]) + ' to ' + fmt(b[0] + b[1]));
          if (typeof details.uncompressed === 'number' && b[1] > 0) {
            row('compression ratio', (details.uncompressed / b[1]).toFixed(2)
              + ' (' + fmt(details.uncompressed) + ' bytes uncompressed)');
          }
          Object.keys(details).forEach(function (k) {
            if (k !== 'uncompressed') { row(k, String(details[k])); }
          });
          tip.hidden = false;
          var frame = canvas.parentNode.getBoundingClientRect();
          var left = evt.clientX - frame.left + 14, top = evt.clientY - frame.top + 14;
          if (left + tip.offsetWidth > frame.width) {
            left = Math.max(0, evt.clientX - frame.left - tip.offsetWidth - 14);
          }
          tip.style.left = left + 'px';
          tip.style.top = top + 'px';
        }
        canvas.addEventListener('mousemove', function (evt) {
          var i = boxAt(evt);
          if (i < 0) { tip.hidden = true; } else { show(evt, i); }
        });
        canvas.addEventListener('mouseleave', function () { tip.hidden = true; });
        Array.prototype.forEach.call(document.querySelectorAll('input[name=colour]'),
          function (input) {
            input.addEventListener('change', function () { mode = input.value; draw(); });
          });
        window.addEventListener('resize', draw);
        draw();
      })();
      """;
}
