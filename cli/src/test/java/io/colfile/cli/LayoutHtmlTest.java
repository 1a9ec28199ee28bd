package io.colfile.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.layout.FileLayout;
import io.colfile.core.layout.LayoutSpan;
import io.colfile.core.layout.SpanRole;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The page of {@code layout --html} from layouts built here (the browser test loads one). */
class LayoutHtmlTest {
  @TempDir Path dir;

  static LayoutSpan span(long offset, long length, SpanRole role, int column, String name,
      Map<String, Object> details, String... path) {
    return new LayoutSpan(offset, length, List.of(path), role, column, name, details);
  }

  /** Header, two columns in one stripe (one with an uncompressed size), stripe footer, tail. */
  static FileLayout small() {
    List<LayoutSpan> s = new ArrayList<>();
    s.add(LayoutSpan.of(0, 3, SpanRole.HEADER, "magic"));
    s.add(span(3, 100, SpanRole.DATA, 1, "id",
        Map.of("encoding", "DIRECT_V2", "uncompressed", 400L, "rows", 50L),
        "stripe 0", "column 1", "DATA"));
    s.add(span(103, 10, SpanRole.NULLS, 2, "name", Map.of(), "stripe 0", "column 2",
        "PRESENT"));
    s.add(span(113, 287, SpanRole.DATA, 2, "name", Map.of("rows", 50L), "stripe 0",
        "column 2", "DATA"));
    s.add(LayoutSpan.of(400, 20, SpanRole.FOOTER, "stripe 0", "footer"));
    s.add(LayoutSpan.of(420, 80, SpanRole.FOOTER, "footer"));
    return new FileLayout("ORC", 500, 50, s);
  }

  static String page(FileLayout layout, String name) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    LayoutHtml.write(layout, name, out);
    return out.toString(StandardCharsets.UTF_8);
  }

  private static String cell(String html, String rowStart, String cls) {
    int at = html.indexOf(rowStart);
    assertThat(at).as(rowStart).isNotNegative();
    String row = html.substring(at, html.indexOf("</tr>", at));
    Matcher m = Pattern.compile("<td class=\"" + cls + "\"[^>]*>([^<]*)</td>").matcher(row);
    assertThat(m.find()).as(cls + " in " + row).isTrue();
    return m.group(1);
  }

  @Test
  void tablesHoldEachColumnsAndRolesBytesSharesAndCompression() throws Exception {
    String html = page(small(), "part-0.orc");
    assertThat(html).contains("<title>colfile layout: part-0.orc</title>")
        .contains("<dd id=\"format\">ORC</dd>")
        .contains("<dd id=\"file-bytes\" data-bytes=\"500\">500 bytes</dd>")
        .contains("<dd id=\"rows\" data-rows=\"50\">50</dd>")
        .contains("<dd id=\"span-count\" data-count=\"6\">6</dd>")
        .contains("<dd id=\"box-count\" data-count=\"6\">6</dd>")
        .doesNotContain("merged-note");
    String id = "<tr class=\"column\" data-column=\"1\">";
    assertThat(cell(html, id, "name")).isEqualTo("id");
    assertThat(cell(html, id, "bytes")).isEqualTo("100");
    assertThat(cell(html, id, "share")).isEqualTo("20.00 %");
    assertThat(cell(html, id, "uncompressed")).isEqualTo("400");
    assertThat(cell(html, id, "ratio")).isEqualTo("4.00");
    String name = "<tr class=\"column\" data-column=\"2\">";
    assertThat(cell(html, name, "bytes")).isEqualTo("297");
    assertThat(cell(html, name, "share")).isEqualTo("59.40 %");
    assertThat(cell(html, name, "ratio")).isEqualTo("\u2014"); // no uncompressed size known
    assertThat(cell(html, name, "spans")).isEqualTo("2");
    assertThat(cell(html, name, "roles")).isEqualTo("data 287, nulls 10");
    String none = "<tr class=\"no-column\">";
    assertThat(cell(html, none, "bytes")).isEqualTo("103");
    assertThat(cell(html, none, "share")).isEqualTo("20.60 %");
    assertThat(cell(html, "<tr class=\"total\">", "bytes")).isEqualTo("500");
    assertThat(cell(html, "<tr class=\"total\">", "share")).isEqualTo("100.00 %");
    // the ratio of a row where only part of the bytes know their uncompressed size says so
    String data = "<tr class=\"role\" data-role=\"DATA\">";
    assertThat(cell(html, data, "bytes")).isEqualTo("387");
    assertThat(cell(html, data, "ratio")).isEqualTo("4.00*");
    assertThat(html).contains("title=\"of the 100 bytes whose uncompressed size is known\"");
    assertThat(cell(html, "<tr class=\"role\" data-role=\"FOOTER\">", "bytes")).isEqualTo("100");
    assertThat(cell(html, "<tr class=\"role\" data-role=\"HEADER\">", "share"))
        .isEqualTo("0.60 %");
    // self-contained: nothing fetched
    assertThat(html).doesNotContain("src=").doesNotContain("href=").doesNotContain("http");
  }

  @Test
  void unknownRowsAndAnEmptyFile() throws Exception {
    String html = page(new FileLayout("CFile", 0, -1, List.of()), "empty.cfile");
    assertThat(html).contains("<dd id=\"rows\" data-rows=\"-1\">unknown</dd>")
        .contains("<dd id=\"file-bytes\" data-bytes=\"0\">0 bytes</dd>")
        .contains("<tr class=\"total\"><td class=\"id\"></td><td class=\"name\">all</td>"
            + "<td class=\"bytes\" data-bytes=\"0\">0</td>");
  }

  @Test
  void hostileNamesAreTextAndCannotEndTheScript() throws Exception {
    String evil = "</script><script>alert(1)</script>";
    List<LayoutSpan> s = List.of(
        span(0, 10, SpanRole.DATA, 1, evil, Map.of("encoding", "<!--" + evil), "column 1"),
        LayoutSpan.of(10, 5, SpanRole.FOOTER, evil));
    String html = page(new FileLayout("ORC", 15, 1, s), "a&b<i>.orc");
    // the page's own two script elements, nothing more
    assertThat(html.split("<script", -1)).hasSize(3);
    assertThat(html.split("</script>", -1)).hasSize(3);
    assertThat(html).doesNotContain("alert(1)</script>").doesNotContain("<!--")
        .contains("<title>colfile layout: a&amp;b&lt;i&gt;.orc</title>")
        .contains("<td class=\"name\">&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</td>");
    String json = html.substring(html.indexOf("id=\"layout-data\">"),
        html.indexOf("</script>"));
    assertThat(json).contains("\\u003c/script\\u003e\\u003cscript\\u003ealert(1)")
        .contains("\"file\":\"a\\u0026b\\u003ci\\u003e.orc\"");
  }

  @Test
  void jsonEscapesWhatWouldEndOrChangeTheScriptElement() throws Exception {
    java.io.StringWriter w = new java.io.StringWriter();
    LayoutHtml.json(w, java.util.Arrays.asList("a\"b\\c\n</x>&\u2028", 1L, 2.5, Double.NaN,
        null, true, Map.of("k", List.of())));
    assertThat(w.toString()).isEqualTo("[\"a\\\"b\\\\c\\u000a\\u003c/x\\u003e\\u0026\\u2028\","
        + "1,2.5,null,null,true,{\"k\":[]}]");
  }

  /** Layouts of {@code n} spans of {@code size} bytes after a big one, keys cycling by k. */
  private static FileLayout many(int n, long size, int keys) {
    List<LayoutSpan> s = new ArrayList<>(n + 1);
    long big = 10L * n * size;
    s.add(span(0, big, SpanRole.DATA, 1, "a", Map.of(), "stripe 0", "column 1", "DATA"));
    long at = big;
    for (int i = 0; i < n; i++) {
      int k = i % keys;
      s.add(span(at, size, k % 2 == 0 ? SpanRole.INDEX : SpanRole.DATA, 2 + k / 2, "c" + k,
          Map.of("uncompressed", 3 * size, "rows", 10L, "encoding", "RLE"),
          "stripe " + i, "column " + (2 + k / 2), "ROW_INDEX"));
      at += size;
    }
    return new FileLayout("ORC", at, 10L * n, s);
  }

  private static void assertTiles(LayoutBoxes b, FileLayout layout) {
    long at = 0;
    for (LayoutBoxes.Box box : b.boxes()) {
      assertThat(box.offset()).isEqualTo(at);
      at += box.length();
    }
    assertThat(at).isEqualTo(layout.fileLength());
    assertThat(b.boxes().stream().mapToLong(LayoutBoxes.Box::spans).sum())
        .isEqualTo(layout.spans().size());
  }

  @Test
  void tinySpansOfOneColumnAndRoleMergeIntoOneBoxWithTheirNumbersSummed() throws Exception {
    FileLayout layout = many(10_000, 7, 1); // 7 bytes when a cell is 19.25
    LayoutBoxes b = LayoutBoxes.of(layout, 40_000);
    assertThat(b.boxes()).hasSize(2);
    LayoutBoxes.Box merged = b.boxes().get(1);
    assertThat(merged.spans()).isEqualTo(10_000);
    assertThat(merged.mixed()).isFalse();
    assertThat(merged.length()).isEqualTo(70_000);
    assertThat(merged.details()).containsEntry("uncompressed", 210_000L)
        .containsEntry("rows", 100_000L).containsEntry("encoding", "RLE");
    assertThat(merged.structure()).isEqualTo(
        "stripe 0 / column 2 / ROW_INDEX \u2026 stripe 9999 / column 2 / ROW_INDEX");
    assertThat(b.mergedSpans()).isEqualTo(10_000);
    assertTiles(b, layout);
    String html = page(layout, "f.orc");
    assertThat(html).contains("<dd id=\"box-count\" data-count=\"2\">2</dd>")
        .contains("<span id=\"merged-note\" data-merged=\"10000\">10,000 structures smaller"
            + " than a pixel");
  }

  @Test
  void tinySpansOfChangingColumnsMergeIntoMixedBoxesOfAPixelOrMore() {
    FileLayout layout = many(10_000, 7, 4);
    LayoutBoxes b = LayoutBoxes.of(layout, 40_000);
    assertTiles(b, layout);
    double cell = b.cellBytes();
    // after the big span, mixed boxes of a cell or a span more, and the one span left over
    List<LayoutBoxes.Box> mixed = b.boxes().subList(1, b.boxes().size() - 1);
    assertThat(mixed).hasSize(3333).allSatisfy(x -> {
      assertThat(x.mixed()).isTrue();
      assertThat((double) x.length()).isBetween(cell, cell + 7);
    });
    assertThat(b.boxes().get(b.boxes().size() - 1).spans()).isEqualTo(1);
    LayoutBoxes.Box first = mixed.get(0);
    assertThat(first.parts()).hasSize(3); // three 7-byte spans make a cell
    assertThat(first.parts().stream().mapToLong(p -> p[1]).sum()).isEqualTo(first.length());
    assertThat(first.key()).isEqualTo((int) first.parts().get(0)[0]);
  }

  @Test
  void aMillionSpansGiveABoundedPage() throws Exception {
    // a 1.1 GB file's worth: a big span, then a million of 100 bytes of 7 columns and roles
    List<LayoutSpan> s = new ArrayList<>(1_000_001);
    s.add(span(0, 1_000_000_000L, SpanRole.DATA, 1, "a", Map.of(), "column 1"));
    List<String> path = List.of("stripe", "column", "ROW_INDEX");
    for (int i = 0; i < 1_000_000; i++) {
      s.add(new LayoutSpan(1_000_000_000L + 100L * i, 100, path,
          i % 2 == 0 ? SpanRole.INDEX : SpanRole.DATA, i % 7, "c", Map.of()));
    }
    FileLayout layout = new FileLayout("ORC", 1_100_000_000L, 1, s);
    LayoutBoxes b = LayoutBoxes.of(layout, 40_000);
    assertTiles(b, layout);
    assertThat(b.boxes().size()).isLessThanOrEqualTo(3 * 40_000);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    LayoutHtml.write(layout, "big.orc", out);
    assertThat(out.size()).isLessThan(20 << 20);
  }

  @Test
  void spansOfAPixelOrMoreAreTheirOwnBoxes() {
    FileLayout layout = small();
    LayoutBoxes b = LayoutBoxes.of(layout, 100); // 5 bytes a cell: the 3-byte header merges
    assertTiles(b, layout);
    assertThat(b.boxes()).extracting(LayoutBoxes.Box::spans).containsExactly(1, 1, 1, 1, 1, 1);
    assertThat(b.mergedSpans()).isZero();
  }

  @Test
  void writesAtomicallyAndRefusesDirectoriesTheInputAndMissingDirectories() throws Exception {
    Path in = dir.resolve("in.orc");
    Files.write(in, new byte[500]);
    Path out = dir.resolve("page.html");
    LayoutHtml.write(small(), "in.orc", in, out);
    assertThat(Files.readString(out)).startsWith("<!DOCTYPE html>").endsWith("</html>\n");
    try (var files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder(
          "in.orc", "page.html");
    }
    assertThatThrownBy(() -> LayoutHtml.write(small(), "in.orc", in, dir))
        .isInstanceOf(UsageException.class).hasMessageContaining("is a directory");
    assertThatThrownBy(() -> LayoutHtml.write(small(), "in.orc", in, in))
        .isInstanceOf(UsageException.class).hasMessageContaining("is the file being shown");
    assertThat(Files.readAllBytes(in)).hasSize(500);
    Path missing = dir.resolve("no/such/dir/page.html");
    assertThatThrownBy(() -> LayoutHtml.write(small(), "in.orc", in, missing))
        .isInstanceOf(FileSystemException.class).hasMessageContaining("does not exist");
    assertThat(Files.exists(dir.resolve("no"))).isFalse();
  }
}
