package io.colfile.trevni.avro;

import io.colfile.trevni.avro.AvroSchema.Field;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Prints a schema as Avro 1.12's {@code Schema.toString()} does (its {@code toJson} methods):
 *
 * <ul>
 *   <li>a named type in full where it is first met, afterwards by name: the simple name inside
 *       its own namespace unless that is a type name such as {@code int}, else the full name;
 *   <li>{@code type}, {@code name}, {@code namespace} (only where it differs from the
 *       enclosing one, {@code ""} for none inside one), {@code doc}, then {@code fields},
 *       {@code symbols} and {@code default}, or {@code size}; then properties; then aliases
 *       (relative to the type's namespace as references are);
 *   <li>fields as {@code name}, {@code type}, {@code doc}, {@code default}, {@code order} (unless
 *       ascending), {@code aliases}, then properties;
 *   <li>a primitive as its bare name unless it has properties;
 *   <li>no whitespace, and strings and numbers as Jackson writes them.
 * </ul>
 */
final class AvroSchemaPrinter {
  private final StringBuilder sb = new StringBuilder();
  private final Set<String> known = new HashSet<>();

  private AvroSchemaPrinter() {}

  static String print(AvroSchema s) {
    AvroSchemaPrinter p = new AvroSchemaPrinter();
    p.schema(s, null);
    return p.sb.toString();
  }

  private void schema(AvroSchema s, String space) {
    switch (s.kind()) {
      case RECORD:
      case ENUM:
      case FIXED:
        named(s, space);
        return;
      case ARRAY:
      case MAP:
        sb.append(s.kind() == AvroSchema.Kind.ARRAY ? "{\"type\":\"array\",\"items\":"
            : "{\"type\":\"map\",\"values\":");
        schema(s.kind() == AvroSchema.Kind.ARRAY ? s.elementType() : s.valueType(), space);
        props(s.props());
        sb.append('}');
        return;
      case UNION:
        sb.append('[');
        for (int i = 0; i < s.branches().size(); i++) {
          if (i > 0) {
            sb.append(',');
          }
          schema(s.branches().get(i), space);
        }
        sb.append(']');
        return;
      default:
        if (s.props().isEmpty()) {
          AvroJson.quote(sb, s.name());
        } else {
          sb.append("{\"type\":");
          AvroJson.quote(sb, s.name());
          props(s.props());
          sb.append('}');
        }
    }
  }

  private void named(AvroSchema s, String space) {
    String ns = s.namespace();
    if (!known.add(s.fullName())) {
      AvroJson.quote(sb, relative(s.fullName(), ns, space));
      return;
    }
    sb.append("{\"type\":\"")
        .append(s.kind() == AvroSchema.Kind.RECORD && s.isError() ? "error" : s.kind().typeName)
        .append("\",\"name\":");
    AvroJson.quote(sb, s.name());
    if (ns != null ? !ns.equals(space) : space != null) {
      sb.append(",\"namespace\":");
      AvroJson.quote(sb, ns != null ? ns : "");
    }
    if (s.doc() != null) {
      sb.append(",\"doc\":");
      AvroJson.quote(sb, s.doc());
    }
    switch (s.kind()) {
      case RECORD:
        sb.append(",\"fields\":[");
        for (int i = 0; i < s.fields().size(); i++) {
          if (i > 0) {
            sb.append(',');
          }
          field(s.fields().get(i), ns);
        }
        sb.append(']');
        break;
      case ENUM:
        sb.append(",\"symbols\":");
        strings(s.symbols());
        if (s.enumDefault() != null) {
          sb.append(",\"default\":");
          AvroJson.quote(sb, s.enumDefault());
        }
        break;
      default:
        sb.append(",\"size\":").append(s.fixedSize());
    }
    props(s.props());
    if (!s.aliases().isEmpty()) {
      sb.append(",\"aliases\":[");
      for (int i = 0; i < s.aliases().size(); i++) {
        if (i > 0) {
          sb.append(',');
        }
        String alias = s.aliases().get(i);
        int dot = alias.lastIndexOf('.');
        AvroJson.quote(sb, relative(alias, dot < 0 ? null : alias.substring(0, dot), ns));
      }
      sb.append(']');
    }
    sb.append('}');
  }

  private void field(Field f, String space) {
    sb.append("{\"name\":");
    AvroJson.quote(sb, f.name());
    sb.append(",\"type\":");
    schema(f.schema(), space);
    if (f.doc() != null) {
      sb.append(",\"doc\":");
      AvroJson.quote(sb, f.doc());
    }
    if (f.hasDefault()) {
      sb.append(",\"default\":");
      AvroJson.write(sb, f.defaultValue().get());
    }
    if (f.order() != null) {
      sb.append(",\"order\":");
      AvroJson.quote(sb, f.order());
    }
    if (!f.aliases().isEmpty()) {
      sb.append(",\"aliases\":");
      strings(f.aliases());
    }
    props(f.props());
    sb.append('}');
  }

  /**
   * How Avro writes {@code fullName} (of namespace {@code ns}) inside namespace {@code space}:
   * the simple name if the namespaces match and it is not a type name, else the full name.
   */
  private static String relative(String fullName, String ns, String space) {
    String simple = fullName.substring(fullName.lastIndexOf('.') + 1);
    return ns != null && ns.equals(space) && !AvroNames.TYPE_NAMES.contains(simple)
        ? simple : fullName;
  }

  private void strings(List<String> list) {
    sb.append('[');
    for (int i = 0; i < list.size(); i++) {
      if (i > 0) {
        sb.append(',');
      }
      AvroJson.quote(sb, list.get(i));
    }
    sb.append(']');
  }

  private void props(Map<String, Object> props) {
    props.forEach((k, v) -> {
      sb.append(',');
      AvroJson.quote(sb, k);
      sb.append(':');
      AvroJson.write(sb, v);
    });
  }
}
