package io.colfile.interop.kudu;

import io.colfile.kudu.KuduCompression;
import io.colfile.kudu.KuduEncoding;
import io.colfile.kudu.KuduType;
import io.colfile.kudu.proto.KuduProto;
import io.colfile.shaded.protobuf.Message;
import io.colfile.shaded.protobuf.TextFormat;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Takes {@code kudu fs dump cfile}'s stdout apart and reads its protobuf text back into
 * colfile's messages. Two things stand between Kudu's text and Java's {@link TextFormat}:
 *
 * <ul>
 *   <li>colfile's kudu_cfile.proto declares Kudu's enums as int32, while Kudu prints their
 *       names ({@code data_type: INT32}, {@code encoding: BIT_SHUFFLE}, {@code compression:
 *       NO_COMPRESSION}); the names become the numbers of {@link KuduType}, {@link KuduEncoding}
 *       and {@link KuduCompression}.
 *   <li>{@code FileMetadataPairPB.value} is marked REDACT, and Kudu 1.17's printer for redacted
 *       bytes (pb_util.cc, SecureFieldPrinter::PrintBytes) prints the value and then, with
 *       redaction off as in the tools, the same value again: {@code value: "\000\001""\000\001"}.
 *       Protobuf text concatenates adjacent strings, so the second copy is checked to equal the
 *       first and dropped.
 * </ul>
 */
final class DumpText {
  private static final String HEADER = "Header:\n";
  private static final String FOOTER = "\nFooter:\n";
  private static final Pattern ENUM_FIELD =
      Pattern.compile("^(data_type|encoding|compression): ([A-Z_][A-Z0-9_]*)$");
  private static final Pattern METADATA_VALUE = Pattern.compile("^(\\s+value: )(\".*)$");

  private DumpText() {}

  /** A dump's parts; the texts are null when Kudu printed no metadata. */
  record Parts(String headerText, String footerText, List<String> values) {
    KuduProto.CFileHeaderPB header() {
      if (headerText == null) {
        throw new IllegalStateException("the dump has no header (--noprint_meta, or Kudu failed)");
      }
      return parseHeader(headerText);
    }

    KuduProto.CFileFooterPB footer() {
      if (footerText == null) {
        throw new IllegalStateException("the dump has no footer (--noprint_meta, or Kudu failed)");
      }
      return parseFooter(footerText);
    }
  }

  /**
   * Splits stdout: {@code Header:\n} + header text + {@code \n} + {@code Footer:\n} + footer
   * text + {@code \n} + value lines (each message's text is empty or ends with a line end;
   * protobuf text never has an empty line, and escapes line ends inside strings).
   */
  static Parts split(byte[] stdout) {
    String s = new String(stdout, StandardCharsets.ISO_8859_1); // one char per byte
    if (!s.startsWith(HEADER)) {
      return new Parts(null, null, lines(s));
    }
    int footer = s.indexOf(FOOTER, HEADER.length());
    if (footer < 0) {
      throw new IllegalStateException("Kudu printed a header but no footer:\n" + s);
    }
    String headerText = utf8(s.substring(HEADER.length(), footer));
    int start = footer + FOOTER.length();
    int end;
    int valuesStart;
    if (s.startsWith("\n", start)) {
      end = start;
      valuesStart = start + 1;
    } else {
      int blank = s.indexOf("\n\n", start);
      end = blank < 0 ? s.length() : blank + 1;
      valuesStart = blank < 0 ? s.length() : blank + 2;
    }
    return new Parts(headerText, utf8(s.substring(start, end)), lines(s.substring(valuesStart)));
  }

  /** The lines of {@code s}; a last line without its line end (a cut-off dump) is kept. */
  private static List<String> lines(String s) {
    if (s.isEmpty()) {
      return List.of();
    }
    List<String> out = new ArrayList<>(Arrays.asList(s.split("\n", -1)));
    if (s.endsWith("\n")) {
      out.remove(out.size() - 1);
    }
    return List.copyOf(out);
  }

  /** Protobuf text prints strings' UTF-8 as it is; the split worked on one char per byte. */
  private static String utf8(String latin1) {
    return new String(latin1.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
  }

  static KuduProto.CFileHeaderPB parseHeader(String kuduText) {
    KuduProto.CFileHeaderPB.Builder b = KuduProto.CFileHeaderPB.newBuilder();
    merge(toProtobufText(kuduText), b, "header");
    return b.build();
  }

  static KuduProto.CFileFooterPB parseFooter(String kuduText) {
    KuduProto.CFileFooterPB.Builder b = KuduProto.CFileFooterPB.newBuilder();
    merge(toProtobufText(kuduText), b, "footer");
    return b.build();
  }

  private static void merge(String text, Message.Builder b, String what) {
    try {
      TextFormat.merge(text, b);
    } catch (TextFormat.ParseException e) {
      throw new IllegalStateException("cannot read Kudu's " + what + " text: " + e.getMessage()
          + "\n" + text, e);
    }
  }

  /** Kudu's text with enum names as numbers and each metadata value printed once. */
  static String toProtobufText(String kuduText) {
    StringBuilder out = new StringBuilder(kuduText.length());
    for (String line : kuduText.split("\n")) {
      Matcher e = ENUM_FIELD.matcher(line);
      Matcher v = METADATA_VALUE.matcher(line);
      if (e.matches()) {
        out.append(e.group(1)).append(": ").append(enumNumber(e.group(1), e.group(2)));
      } else if (v.matches()) {
        out.append(v.group(1)).append(firstOfTwin(v.group(2), line));
      } else {
        out.append(line);
      }
      out.append('\n');
    }
    return out.toString();
  }

  private static int enumNumber(String field, String name) {
    switch (field) {
      case "data_type":
        for (KuduType t : KuduType.values()) {
          if (t.name().equals(name)) {
            return t.wireId();
          }
        }
        break;
      case "encoding":
        for (KuduEncoding en : KuduEncoding.values()) {
          if (en.kuduName().equals(name)) {
            return en.wireId();
          }
        }
        break;
      default:
        for (KuduCompression c : KuduCompression.values()) {
          if (c.kuduName().equals(name)) {
            return c.wireId();
          }
        }
    }
    throw new IllegalStateException("Kudu printed " + field + ": " + name
        + ", a name colfile's Kudu enums do not have");
  }

  /**
   * The first of two identical quoted literals printed back to back ({@code "abc""abc"}). A
   * literal ends at the first {@code "} that is not escaped (Kudu escapes {@code "} and
   * {@code \} inside).
   */
  private static String firstOfTwin(String literals, String line) {
    int end = literalEnd(literals, 0);
    if (end > 0 && end < literals.length() && literals.charAt(end) == '"') {
      String first = literals.substring(0, end);
      if (literals.substring(end).equals(first)) {
        return first;
      }
    }
    throw new IllegalStateException("expected Kudu 1.17's doubled metadata value (the same "
        + "literal twice), got: " + line);
  }

  /** The index just past the quoted literal starting at {@code from}, or -1. */
  private static int literalEnd(String s, int from) {
    if (!s.startsWith("\"", from)) {
      return -1;
    }
    for (int i = from + 1; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\\') {
        i++;
      } else if (c == '"') {
        return i + 1;
      }
    }
    return -1;
  }
}
