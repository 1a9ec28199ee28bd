package io.colfile.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.colfile.core.FileReader;
import io.colfile.core.layout.FileLayout;
import io.colfile.core.layout.LayoutSpan;
import io.colfile.testkit.TestSeed;
import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The browser test of {@code colfile layout FILE --html OUT}: headless Chromium loads the page
 * of a real ORC file (one launch, for a screenshot and the DOM after the page's script ran);
 * the screenshot must be a real picture, not a blank page, and the numbers the page shows must
 * be the file's own. Skipped, saying so, where no Chromium is installed ({@code .ci/run}
 * installs Debian's {@code chromium} package where it can).
 */
@Tag("browser")
@ExtendWith(TestSeed.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LayoutHtmlBrowserTest {
  static final String EVIL = "</script><script>alert(1)</script>";
  private static final int WIDTH = 1280;
  private static final int HEIGHT = 1800;

  private Path dir;
  private Path orc;
  private FileLayout layout;
  private String dom;
  private BufferedImage screenshot;

  @BeforeAll
  void loadThePageInChromium(@TempDir Path tmp) throws Exception {
    dir = tmp;
    Path chromium = chromium();
    Assumptions.assumeTrue(chromium != null, "no chromium on the PATH or at /usr/bin/chromium:"
        + " install Debian's chromium package (as .ci/run does) to run the browser test");
    // a file of a few stripes, one column named to break out of the page's script if it could
    Random r = TestSeed.random("layout-html-browser", 0);
    StringBuilder jsonl = new StringBuilder();
    for (int i = 0; i < 20_000; i++) {
      jsonl.append("{\"id\": ").append(i).append(", \"").append(EVIL)
          .append("\": ").append(i % 7 == 0 ? "null" : "\"n" + r.nextInt(500) + "\"")
          .append(", \"score\": ").append(r.nextDouble()).append("}\n");
    }
    Path in = dir.resolve("rows.jsonl");
    Files.writeString(in, jsonl);
    orc = dir.resolve("file.orc");
    Cli.Result w = Cli.run("convert", in.toString(), orc.toString(), "--block-size", "65536");
    assertThat(w.status()).as(w.err()).isZero();
    try (FileReader reader = ColumnFiles.open(orc)) {
      layout = reader.layout();
    }
    Path page = dir.resolve("page.html");
    Cli.Result c = Cli.run("layout", orc.toString(), "--html", page.toString());
    assertThat(c.status()).as(c.err()).isZero();

    Path png = dir.resolve("screenshot.png");
    Path out = dir.resolve("dom.html");
    Path err = dir.resolve("chromium.log");
    Process p = new ProcessBuilder(chromium.toString(), "--headless", "--no-sandbox",
        "--disable-gpu", "--no-first-run", "--hide-scrollbars",
        "--user-data-dir=" + dir.resolve("profile"), "--window-size=" + WIDTH + "," + HEIGHT,
        "--virtual-time-budget=10000", "--screenshot=" + png, "--dump-dom",
        page.toUri().toString())
        .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    if (!p.waitFor(180, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("chromium did not finish in 180 s: " + Files.readString(err));
    }
    assertThat(p.exitValue()).as(Files.readString(err)).isZero();
    dom = Files.readString(out, StandardCharsets.UTF_8);
    screenshot = ImageIO.read(png.toFile());
  }

  private static Path chromium() {
    List<Path> places = new ArrayList<>();
    for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      if (!d.isEmpty()) {
        places.add(Path.of(d, "chromium"));
      }
    }
    places.add(Path.of("/usr/bin/chromium"));
    return places.stream().filter(Files::isExecutable).findFirst().orElse(null);
  }

  @Test
  void theScreenshotIsAPictureNotABlankPage() {
    assertThat(screenshot).as("a PNG chromium wrote").isNotNull();
    assertThat(screenshot.getWidth()).isEqualTo(WIDTH);
    assertThat(screenshot.getHeight()).isEqualTo(HEIGHT);
    int background = screenshot.getRGB(0, 0);
    Set<Integer> colours = new HashSet<>();
    long painted = 0;
    for (int y = 0; y < HEIGHT; y++) {
      for (int x = 0; x < WIDTH; x++) {
        int rgb = screenshot.getRGB(x, y);
        colours.add(rgb & 0xffffff);
        painted += rgb != background ? 1 : 0;
      }
    }
    // the picture alone is 1000 x 680 pixels of the file's bytes
    assertThat(painted).isGreaterThan(500_000L);
    // three columns in several shades and the roles' colours, with antialiased text
    assertThat(colours.size()).isGreaterThan(50);
    long saturated = 0;
    for (int y = 0; y < HEIGHT; y += 2) {
      for (int x = 0; x < WIDTH; x += 2) {
        int rgb = screenshot.getRGB(x, y);
        int red = rgb >> 16 & 0xff;
        int green = rgb >> 8 & 0xff;
        int blue = rgb & 0xff;
        saturated += Math.max(red, Math.max(green, blue)) - Math.min(red, Math.min(green, blue))
            > 60 ? 1 : 0;
      }
    }
    assertThat(saturated).as("coloured pixels (the boxes)").isGreaterThan(50_000L);
  }

  @Test
  void theScriptRanAndDrewEveryBox() {
    String boxes = attribute(element("dd", "box-count"), "data-count");
    assertThat(attribute(element("canvas", "picture"), "data-drawn")).isEqualTo(boxes);
    assertThat(Integer.parseInt(boxes)).isPositive();
    // no element the column's name could have added
    assertThat(dom.split("<script", -1)).hasSize(3);
  }

  @Test
  void thePageShowsTheFilesOwnNumbers() throws Exception {
    long size = Files.size(orc);
    assertThat(layout.fileLength()).isEqualTo(size);
    assertThat(text(element("title", null))).isEqualTo("colfile layout: " + orc);
    assertThat(text(element("dd", "format"))).isEqualTo("ORC");
    assertThat(attribute(element("dd", "file-bytes"), "data-bytes")).isEqualTo("" + size);
    assertThat(text(element("dd", "file-bytes")))
        .startsWith(String.format(Locale.ROOT, "%,d bytes", size));
    assertThat(layout.rows()).isEqualTo(20_000);
    assertThat(attribute(element("dd", "rows"), "data-rows")).isEqualTo("20000");
    assertThat(text(element("dd", "rows"))).isEqualTo("20,000");
    assertThat(text(element("dd", "span-count")))
        .isEqualTo(String.format(Locale.ROOT, "%,d", layout.spans().size()));

    Map<Integer, Long> bytes = new TreeMap<>();
    Map<Integer, String> names = new TreeMap<>();
    for (LayoutSpan s : layout.spans()) {
      if (s.column() >= 0) {
        bytes.merge(s.column(), s.length(), Long::sum);
        names.putIfAbsent(s.column(), s.columnName());
      }
    }
    assertThat(names).containsValue(EVIL);
    Matcher rows = Pattern.compile("<tr class=\"column\" data-column=\"(\\d+)\">(.*?)</tr>")
        .matcher(dom);
    Map<Integer, Long> shown = new TreeMap<>();
    while (rows.find()) {
      int column = Integer.parseInt(rows.group(1));
      String row = rows.group(2);
      assertThat(names).containsKey(column);
      assertThat(unescape(cell(row, "name"))).isEqualTo(names.get(column));
      long b = Long.parseLong(cell(row, "bytes").replace(",", ""));
      shown.put(column, b);
      String share = cell(row, "share");
      assertThat(share).endsWith(" %");
      assertThat(Double.parseDouble(share.substring(0, share.length() - 2)))
          .isCloseTo(100.0 * bytes.get(column) / size, within(0.0051));
    }
    assertThat(shown).isEqualTo(bytes);
    long total = Long.parseLong(cell(dom.substring(dom.indexOf("<tr class=\"total\">")),
        "bytes").replace(",", ""));
    assertThat(total).isEqualTo(size);
    // the column named to break the page shows as its name, as text
    assertThat(dom).contains("<td class=\"name\">&lt;/script&gt;&lt;script&gt;alert(1)"
        + "&lt;/script&gt;</td>");
  }

  /** The start tag of the element {@code tag} with {@code id} (the first when null) on. */
  private String element(String tag, String id) {
    Matcher m = Pattern.compile("<" + tag + (id == null ? "" : "[^>]* id=\"" + id + "\"")
        + "[^>]*>").matcher(dom);
    assertThat(m.find()).as(tag + "#" + id + " in the page").isTrue();
    return dom.substring(m.start());
  }

  private static String attribute(String element, String name) {
    Matcher m = Pattern.compile(" " + name + "=\"([^\"]*)\"")
        .matcher(element.substring(0, element.indexOf('>')));
    assertThat(m.find()).as(name + " of " + element.substring(0, element.indexOf('>')))
        .isTrue();
    return m.group(1);
  }

  private static String text(String element) {
    return unescape(element.substring(element.indexOf('>') + 1, element.indexOf('<', 1)));
  }

  private static String cell(String row, String cls) {
    Matcher m = Pattern.compile("<td class=\"" + cls + "\"[^>]*>([^<]*)</td>").matcher(row);
    assertThat(m.find()).as(cls + " in " + row).isTrue();
    return m.group(1);
  }

  private static String unescape(String html) {
    return html.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"")
        .replace("&#39;", "'").replace("&amp;", "&");
  }
}
