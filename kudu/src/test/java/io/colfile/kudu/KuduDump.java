package io.colfile.kudu;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One {@code kudu fs dump cfile} output: "Header:", the header protobuf in text form, "Footer:",
 * the footer in text form, a blank line, then one line per value (none for bloom files, dumped
 * with --noprint_rows). Read as ISO-8859-1 so that every byte of a raw (unescaped) string value
 * stays one char.
 */
public final class KuduDump {
  private final Path path;
  private final List<String> footer;
  private final Map<String, byte[]> metadata;
  private final List<String> values;

  private KuduDump(Path path, List<String> footer, Map<String, byte[]> metadata,
      List<String> values) {
    this.path = path;
    this.footer = footer;
    this.metadata = metadata;
    this.values = values;
  }

  public static KuduDump read(Path path) throws IOException {
    String text = Files.readString(path, StandardCharsets.ISO_8859_1);
    List<String> lines = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
    if (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) {
      lines.remove(lines.size() - 1); // the newline that ends the last line
    }
    int footerAt = lines.indexOf("Footer:");
    if (footerAt < 0) {
      throw new IOException(path + ": no \"Footer:\" line");
    }
    int blank = lines.subList(footerAt, lines.size()).indexOf("");
    int footerEnd = blank < 0 ? lines.size() : footerAt + blank;
    List<String> footer = List.copyOf(lines.subList(footerAt + 1, footerEnd));
    List<String> values = footerEnd >= lines.size() ? List.of()
        : List.copyOf(lines.subList(footerEnd + 1, lines.size()));
    return new KuduDump(path, footer, readMetadata(path, footer), values);
  }

  /**
   * The footer's metadata pairs. The dump prints every value twice, as two adjacent equal
   * literals ({@code value: "x""x"}), while the file holds it once (checked against the CFile
   * footers in the golden tests); this returns it once, and refuses any other shape.
   */
  private static Map<String, byte[]> readMetadata(Path path, List<String> footer)
      throws IOException {
    Map<String, byte[]> out = new LinkedHashMap<>();
    for (int i = 0; i < footer.size(); i++) {
      if (!footer.get(i).equals("metadata {")) {
        continue;
      }
      String key = footer.get(i + 1).trim();
      String value = footer.get(i + 2).trim();
      if (!key.startsWith("key: ") || !value.startsWith("value: ")) {
        throw new IOException(path + ": unexpected metadata lines " + key + " / " + value);
      }
      List<byte[]> parts = literals(value.substring("value: ".length()));
      if (parts.size() != 2 || !Arrays.equals(parts.get(0), parts.get(1))) {
        throw new IOException(path + ": metadata value is not printed twice: " + value);
      }
      out.put(new String(CEscapes.unquote(key.substring("key: ".length())),
          StandardCharsets.UTF_8), parts.get(0));
    }
    return out;
  }

  /** The adjacent quoted literals of protobuf text, each unescaped. */
  static List<byte[]> literals(String s) {
    List<byte[]> out = new ArrayList<>();
    int i = 0;
    while (i < s.length()) {
      if (s.charAt(i) != '"') {
        throw new IllegalArgumentException("expected a quote at " + i + " of " + s);
      }
      int j = i + 1;
      while (s.charAt(j) != '"') {
        j += s.charAt(j) == '\\' ? 2 : 1;
      }
      out.add(CEscapes.unescape(s, i + 1, j));
      i = j + 1;
    }
    return out;
  }

  public Path path() {
    return path;
  }

  /** The footer protobuf's text lines. */
  public List<String> footer() {
    return footer;
  }

  /** The value of the footer's top-level field {@code name}, e.g. "data_type" gives "INT32". */
  public String footerField(String name) {
    for (String line : footer) {
      if (line.startsWith(name + ": ")) {
        return line.substring(name.length() + 2);
      }
    }
    throw new IllegalArgumentException(path + ": no footer field " + name);
  }

  /** The logical type the footer records. */
  public KuduType dataType() {
    return KuduType.valueOf(footerField("data_type"));
  }

  /** A footer metadata value, or null. */
  public byte[] metadata(String key) {
    byte[] v = metadata.get(key);
    return v == null ? null : v.clone();
  }

  /** The value lines, one per cell (NULLs print as "NULL"). */
  public List<String> values() {
    return values;
  }

  /** The cells of a BINARY-typed CFile (deltas, ad-hoc index), each unescaped. */
  public List<byte[]> binaryValues() {
    List<byte[]> out = new ArrayList<>(values.size());
    for (String v : values) {
      out.add(CEscapes.unquote(v));
    }
    return out;
  }
}
