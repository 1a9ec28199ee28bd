package io.colfile.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * Prints the tree of {@code colfile meta} (maps, lists, strings, numbers, booleans, nulls) as
 * indented text, one {@code key: value} per line with list items as {@code - }, or as JSON.
 * Floating-point NaN and infinities print as bare tokens in JSON too, as {@code cat} prints them.
 */
final class MetaPrinter {
  private static final JsonFactory JSON = JsonFactory.builder()
      .disable(JsonWriteFeature.WRITE_NAN_AS_STRINGS)
      .build();

  private MetaPrinter() {}

  static void text(Map<String, ?> tree, OutputStream out) throws IOException {
    Text t = new Text(out);
    try {
      entries(t, tree, "", false);
      t.flush();
    } catch (java.io.UncheckedIOException e) {
      throw e.getCause();
    }
  }

  /**
   * The text made so far, written out after each list item once it holds {@link #FLUSH_AT}
   * characters, so a long list (the stripes of a file of many) is never all in memory.
   */
  private static final class Text {
    private static final int FLUSH_AT = 1 << 16;
    private final StringBuilder sb = new StringBuilder();
    private final OutputStream out;

    Text(OutputStream out) {
      this.out = out;
    }

    Text append(Object o) {
      sb.append(o);
      return this;
    }

    Text append(char c) {
      sb.append(c);
      return this;
    }

    void maybeFlush() {
      if (sb.length() >= FLUSH_AT) {
        try {
          flush();
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }
    }

    void flush() throws IOException {
      out.write(sb.toString().getBytes(StandardCharsets.UTF_8));
      sb.setLength(0);
    }
  }

  static void json(Map<String, ?> tree, OutputStream out) throws IOException {
    JsonGenerator g = JSON.createGenerator(out);
    g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
    g.useDefaultPrettyPrinter();
    write(g, tree);
    g.flush();
    out.write('\n');
  }

  /** Map entries at {@code indent}; the first on the current line after a list's "- ". */
  private static void entries(Text sb, Map<?, ?> map, String indent, boolean inline) {
    boolean first = true;
    for (Map.Entry<?, ?> e : map.entrySet()) {
      sb.append(first && inline ? "" : indent).append(e.getKey()).append(':');
      value(sb, e.getValue(), indent + "  ");
      first = false;
    }
  }

  private static void value(Text sb, Object v, String indent) {
    if (v instanceof Map && !((Map<?, ?>) v).isEmpty()) {
      sb.append('\n');
      entries(sb, (Map<?, ?>) v, indent, false);
    } else if (v instanceof List && !((List<?>) v).isEmpty()) {
      sb.append('\n');
      for (Object item : (List<?>) v) {
        sb.append(indent).append('-');
        if (item instanceof Map && !((Map<?, ?>) item).isEmpty()) {
          sb.append(' ');
          entries(sb, (Map<?, ?>) item, indent + "  ", true);
        } else {
          value(sb, item, indent + "  ");
        }
        sb.maybeFlush();
      }
    } else {
      sb.append(' ').append(scalar(v)).append('\n');
    }
  }

  private static String scalar(Object v) {
    if (v instanceof Map) {
      return "{}";
    }
    if (v instanceof List) {
      return "[]";
    }
    if (v instanceof String) {
      return quoteIfNeeded((String) v);
    }
    return String.valueOf(v);
  }

  /** Text stays bare unless it would be misread: empty, padded, or spanning lines. */
  private static String quoteIfNeeded(String s) {
    boolean plain = !s.isEmpty() && !s.startsWith(" ") && !s.endsWith(" ")
        && s.chars().allMatch(c -> c >= 0x20 && c != 0x7f);
    if (plain) {
      return s;
    }
    StringBuilder q = new StringBuilder("\"");
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"': q.append("\\\""); break;
        case '\\': q.append("\\\\"); break;
        case '\n': q.append("\\n"); break;
        case '\r': q.append("\\r"); break;
        case '\t': q.append("\\t"); break;
        default:
          if (c < 0x20 || c == 0x7f) {
            q.append(String.format("\\u%04x", (int) c));
          } else {
            q.append(c);
          }
      }
    }
    return q.append('"').toString();
  }

  private static void write(JsonGenerator g, Object v) throws IOException {
    if (v == null) {
      g.writeNull();
    } else if (v instanceof Map) {
      g.writeStartObject();
      for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
        g.writeFieldName(String.valueOf(e.getKey()));
        write(g, e.getValue());
      }
      g.writeEndObject();
    } else if (v instanceof List) {
      g.writeStartArray();
      for (Object item : (List<?>) v) {
        write(g, item);
      }
      g.writeEndArray();
    } else if (v instanceof Boolean) {
      g.writeBoolean((Boolean) v);
    } else if (v instanceof BigInteger) {
      g.writeNumber((BigInteger) v);
    } else if (v instanceof BigDecimal) {
      g.writeNumber((BigDecimal) v);
    } else if (v instanceof Double || v instanceof Float) {
      g.writeNumber(((Number) v).doubleValue());
    } else if (v instanceof Number) {
      g.writeNumber(((Number) v).longValue());
    } else {
      g.writeString(v.toString());
    }
  }
}
