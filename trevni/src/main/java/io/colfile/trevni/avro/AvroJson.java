package io.colfile.trevni.avro;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JSON values (defaults and properties) as the Avro model holds them: String, Long (BigInteger
 * beyond a long), Double, BigDecimal, Boolean, an unmodifiable List or insertion-ordered Map,
 * and {@link AvroSchema#JSON_NULL}. Text is read and printed as Avro's Jackson set-up does:
 * comments allowed, Jackson's default limits (so at most 1,000 levels of nesting), a repeated
 * key keeping its first place and last value, and output with Jackson's escapes and number
 * forms.
 */
final class AvroJson {
  private static final JsonFactory FACTORY =
      JsonFactory.builder().enable(JsonReadFeature.ALLOW_JAVA_COMMENTS).build();
  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  private AvroJson() {}

  /** A JSON value read from text, and how deeply its arrays and objects nest. */
  record Parsed(Object value, int depth) {}

  /**
   * Reads one JSON value, followed by nothing but whitespace (Avro refuses anything after the
   * schema, comments included).
   */
  static Object read(String text) {
    return readWithDepth(text).value();
  }

  /** {@link #read}, with the value's depth. */
  static Parsed readWithDepth(String text) {
    try (JsonParser p = FACTORY.createParser(text)) {
      if (p.nextToken() == null) {
        throw new IllegalArgumentException("no Avro schema: the text is empty");
      }
      Parsed value = readValue(p);
      int end = (int) p.currentLocation().getCharOffset();
      if (!text.substring(end).trim().isEmpty()) {
        throw new IllegalArgumentException("text after the Avro schema at offset " + end);
      }
      return value;
    } catch (StreamConstraintsException e) {
      throw new IllegalArgumentException("the Avro schema's JSON exceeds a limit (nesting is "
          + "limited to 1000 levels): " + e.getOriginalMessage(), e);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("the Avro schema is not valid JSON: "
          + e.getOriginalMessage() + " at offset " + e.getLocation().getCharOffset(), e);
    } catch (IOException e) {
      throw new IllegalArgumentException("the Avro schema cannot be read: " + e.getMessage(), e);
    }
  }

  /** An array or object being read, and the key its next value goes under. */
  private static final class Open {
    final List<Object> list;
    final Map<String, Object> map;
    String key;

    Open(boolean object) {
      list = object ? null : new ArrayList<>();
      map = object ? new LinkedHashMap<>() : null;
    }

    void add(Object v) {
      if (list != null) {
        list.add(v);
      } else {
        map.put(key, v);
      }
    }

    Object close() {
      return list != null ? Collections.unmodifiableList(list) : Collections.unmodifiableMap(map);
    }
  }

  /** The value at the current token, read without recursion: JSON may nest 1000 levels. */
  private static Parsed readValue(JsonParser p) throws IOException {
    Deque<Open> open = new ArrayDeque<>();
    int depth = 0;
    JsonToken t = p.currentToken();
    while (true) {
      Object value;
      switch (t) {
        case START_OBJECT:
        case START_ARRAY:
          open.push(new Open(t == JsonToken.START_OBJECT));
          depth = Math.max(depth, open.size());
          t = p.nextToken();
          continue;
        case FIELD_NAME:
          open.peek().key = p.currentName();
          t = p.nextToken();
          continue;
        case END_OBJECT:
        case END_ARRAY:
          value = open.pop().close();
          break;
        case VALUE_STRING:
          value = p.getText();
          break;
        case VALUE_NUMBER_INT:
          value = p.getNumberType() == JsonParser.NumberType.BIG_INTEGER
              ? p.getBigIntegerValue() : (Object) p.getLongValue();
          break;
        case VALUE_NUMBER_FLOAT:
          value = p.getDoubleValue();
          break;
        case VALUE_TRUE:
          value = Boolean.TRUE;
          break;
        case VALUE_FALSE:
          value = Boolean.FALSE;
          break;
        case VALUE_NULL:
          value = AvroSchema.JSON_NULL;
          break;
        default:
          throw new IllegalStateException("unexpected JSON token " + t);
      }
      if (open.isEmpty()) {
        return new Parsed(value, depth);
      }
      open.peek().add(value);
      t = p.nextToken();
    }
  }

  /**
   * A JSON value given in code, in the model's form: integers as Long (BigInteger beyond),
   * floats as Double, lists and maps copied unmodifiable.
   *
   * @throws IllegalArgumentException for Java null and objects that are not JSON values
   */
  static Object normalize(Object v) {
    if (v == AvroSchema.JSON_NULL || v instanceof String || v instanceof Boolean
        || v instanceof Double || v instanceof BigDecimal) {
      return v;
    }
    if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
      return ((Number) v).longValue();
    }
    if (v instanceof BigInteger b) {
      return b.bitLength() < Long.SIZE ? (Object) b.longValue() : b;
    }
    if (v instanceof Float f) {
      // the digits a float prints with, as Jackson prints a float
      return Double.valueOf(f.toString());
    }
    if (v instanceof List<?> l) {
      List<Object> out = new ArrayList<>(l.size());
      for (Object e : l) {
        out.add(normalize(e));
      }
      return Collections.unmodifiableList(out);
    }
    if (v instanceof Map<?, ?> m) {
      Map<String, Object> out = new LinkedHashMap<>();
      for (Map.Entry<?, ?> e : m.entrySet()) {
        if (!(e.getKey() instanceof String key)) {
          throw new IllegalArgumentException("JSON object keys are strings, not " + e.getKey());
        }
        out.put(key, normalize(e.getValue()));
      }
      return Collections.unmodifiableMap(out);
    }
    throw new IllegalArgumentException(v == null ? "JSON null is AvroSchema.JSON_NULL, not null"
        : "not a JSON value: " + v.getClass().getName());
  }

  static String toString(Object v) {
    StringBuilder sb = new StringBuilder();
    write(sb, v);
    return sb.toString();
  }

  /** Appends a model JSON value as Jackson's generator prints it. */
  static void write(StringBuilder sb, Object v) {
    if (v == AvroSchema.JSON_NULL) {
      sb.append("null");
    } else if (v instanceof String s) {
      quote(sb, s);
    } else if (v instanceof Double d) {
      if (d.isNaN() || d.isInfinite()) {
        quote(sb, d.toString()); // Jackson writes non-finite numbers as strings
      } else {
        sb.append(d.doubleValue());
      }
    } else if (v instanceof List<?> l) {
      sb.append('[');
      for (int i = 0; i < l.size(); i++) {
        if (i > 0) {
          sb.append(',');
        }
        write(sb, l.get(i));
      }
      sb.append(']');
    } else if (v instanceof Map<?, ?> m) {
      sb.append('{');
      String sep = "";
      for (Map.Entry<?, ?> e : m.entrySet()) {
        sb.append(sep);
        sep = ",";
        quote(sb, (String) e.getKey());
        sb.append(':');
        write(sb, e.getValue());
      }
      sb.append('}');
    } else {
      sb.append(v); // Long, BigInteger, BigDecimal, Boolean
    }
  }

  /**
   * Appends a JSON string with Jackson's escapes: quote and backslash, the short forms of
   * backspace, tab, newline, form feed and carriage return, {@code \}{@code u00XX} (upper-case
   * hex) for the other control characters; everything else as is.
   */
  static void quote(StringBuilder sb, String s) {
    sb.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        case '\b' -> sb.append("\\b");
        case '\t' -> sb.append("\\t");
        case '\n' -> sb.append("\\n");
        case '\f' -> sb.append("\\f");
        case '\r' -> sb.append("\\r");
        default -> {
          if (c < 0x20) {
            sb.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 0xF]);
          } else {
            sb.append(c);
          }
        }
      }
    }
    sb.append('"');
  }
}
