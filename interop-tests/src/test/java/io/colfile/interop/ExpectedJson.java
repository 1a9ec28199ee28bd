package io.colfile.interop;

import io.colfile.testkit.Rows;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.apache.orc.TypeDescription;

/**
 * Renders {@link Values} rows in exactly the text form {@code colfile cat} prints
 * (json-lines.md, orc.md §12): the form of Apache ORC C++'s printer with default options.
 * It works from values, never from a reader, so it can judge any reader.
 */
final class ExpectedJson {
  private ExpectedJson() {}

  /** One line per row, without the newline. */
  static List<String> lines(TypeDescription schema, List<Object> rows) {
    List<String> out = new ArrayList<>(rows.size());
    StringBuilder b = new StringBuilder();
    for (Object row : rows) {
      b.setLength(0);
      value(b, schema, row);
      out.add(b.toString());
    }
    return out;
  }

  /**
   * Lines of a projection of a struct schema: only {@code columns}, in the order given, as
   * {@code ReadOptions.columns(...)} asks for them; all columns when {@code columns} is null.
   */
  static List<String> lines(TypeDescription schema, List<Object> rows, List<String> columns) {
    return columns == null ? lines(schema, rows)
        : lines(project(schema, columns), projectRows(schema, rows, columns));
  }

  static TypeDescription project(TypeDescription schema, List<String> columns) {
    if (columns == null) {
      return schema;
    }
    TypeDescription projected = TypeDescription.createStruct();
    for (String c : columns) {
      projected.addField(c, schema.getChildren().get(schema.getFieldNames().indexOf(c)).clone());
    }
    return projected;
  }

  static List<Object> projectRows(TypeDescription schema, List<Object> rows,
      List<String> columns) {
    List<Object> cut = new ArrayList<>(rows.size());
    for (Object row : rows) {
      List<?> fields = (List<?>) row;
      List<Object> kept = new ArrayList<>(columns.size());
      for (String c : columns) {
        kept.add(fields.get(schema.getFieldNames().indexOf(c)));
      }
      cut.add(kept);
    }
    return cut;
  }

  static void value(StringBuilder b, TypeDescription type, Object v) {
    if (v == null) {
      b.append("null");
      return;
    }
    switch (type.getCategory()) {
      case BOOLEAN: case BYTE: case SHORT: case INT: case LONG:
        b.append(v);
        break;
      case FLOAT:
        b.append(CFormat.float7((Float) v));
        break;
      case DOUBLE:
        b.append(CFormat.double14((Double) v));
        break;
      case STRING: case VARCHAR: case CHAR:
        string(b, (String) v);
        break;
      case BINARY: {
        b.append('[');
        byte[] bytes = (byte[]) v;
        for (int i = 0; i < bytes.length; i++) {
          b.append(i == 0 ? "" : ", ").append(bytes[i] & 0xff);
        }
        b.append(']');
        break;
      }
      case DECIMAL:
        // exactly the column scale's digits, no exponent; values already sit at that scale
        b.append(((BigDecimal) v).setScale(type.getScale(), RoundingMode.UNNECESSARY)
            .toPlainString());
        break;
      case DATE:
        b.append('"').append((LocalDate) v).append('"');
        break;
      case TIMESTAMP:
        timestamp(b, (LocalDateTime) v);
        break;
      case TIMESTAMP_INSTANT:
        timestamp(b, LocalDateTime.ofInstant((Instant) v, ZoneOffset.UTC));
        break;
      case STRUCT: {
        List<?> fields = (List<?>) v;
        b.append('{');
        for (int i = 0; i < fields.size(); i++) {
          b.append(i == 0 ? "\"" : ", \"").append(type.getFieldNames().get(i)).append("\": ");
          value(b, type.getChildren().get(i), fields.get(i));
        }
        b.append('}');
        break;
      }
      case LIST: {
        List<?> items = (List<?>) v;
        b.append('[');
        for (int i = 0; i < items.size(); i++) {
          b.append(i == 0 ? "" : ", ");
          value(b, type.getChildren().get(0), items.get(i));
        }
        b.append(']');
        break;
      }
      case MAP: {
        List<?> entries = (List<?>) v;
        b.append('[');
        for (int i = 0; i < entries.size(); i++) {
          Values.Entry e = (Values.Entry) entries.get(i);
          b.append(i == 0 ? "{\"key\": " : ", {\"key\": ");
          value(b, type.getChildren().get(0), e.key());
          b.append(", \"value\": ");
          value(b, type.getChildren().get(1), e.value());
          b.append('}');
        }
        b.append(']');
        break;
      }
      case UNION: {
        Rows.Variant u = (Rows.Variant) v;
        b.append("{\"tag\": ").append(u.tag()).append(", \"value\": ");
        value(b, type.getChildren().get(u.tag()), u.value());
        b.append('}');
        break;
      }
      default:
        throw new IllegalArgumentException("cannot render " + type);
    }
  }

  /** The C++ printer escapes only these seven; every other character goes out as it is. */
  static void string(StringBuilder b, String s) {
    b.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"': b.append("\\\""); break;
        case '\\': b.append("\\\\"); break;
        case '\b': b.append("\\b"); break;
        case '\f': b.append("\\f"); break;
        case '\n': b.append("\\n"); break;
        case '\r': b.append("\\r"); break;
        case '\t': b.append("\\t"); break;
        default: b.append(c);
      }
    }
    b.append('"');
  }

  /** "YYYY-MM-DD HH:MM:SS.f": nanos without trailing zeros, but at least one digit. */
  static void timestamp(StringBuilder b, LocalDateTime t) {
    b.append('"').append(t.toLocalDate()).append(' ');
    two(b, t.getHour()).append(':');
    two(b, t.getMinute()).append(':');
    two(b, t.getSecond()).append('.');
    String nanos = String.format("%09d", t.getNano());
    int end = nanos.length();
    while (end > 1 && nanos.charAt(end - 1) == '0') {
      end--;
    }
    b.append(nanos, 0, end).append('"');
  }

  private static StringBuilder two(StringBuilder b, int v) {
    return b.append(v < 10 ? "0" : "").append(v);
  }
}
