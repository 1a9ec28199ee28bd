package io.colfile.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.colfile.core.FileReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code colfile meta FILE}: what the file says about itself ({@link FileReader#describe()}),
 * as indented text or, with {@code --json}, as one JSON document.
 */
@Command(name = "meta", mixinStandardHelpOptions = true,
    description = "Print a column file's metadata: format, version, writer, compression, rows, "
        + "stripes or blocks, schema, statistics, user metadata.")
final class MetaCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE", description = "The file to read.")
  Path file;

  @Option(names = "--json", description = "Print JSON instead of text.")
  boolean json;

  @Spec
  CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    Map<String, Object> description;
    try (FileReader reader = Files.open(file)) {
      description = reader.describe();
    }
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      JsonGenerator g = new JsonFactory().createGenerator(out);
      g.useDefaultPrettyPrinter();
      writeJson(g, description);
      g.flush();
      out.println();
    } else {
      writeText(out, description, 0);
    }
    out.flush();
    return 0;
  }

  private static void writeJson(JsonGenerator g, Object value) throws IOException {
    if (value instanceof Map) {
      g.writeStartObject();
      for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
        g.writeFieldName(String.valueOf(e.getKey()));
        writeJson(g, e.getValue());
      }
      g.writeEndObject();
    } else if (value instanceof List) {
      g.writeStartArray();
      for (Object o : (List<?>) value) {
        writeJson(g, o);
      }
      g.writeEndArray();
    } else if (value instanceof Long || value instanceof Integer) {
      g.writeNumber(((Number) value).longValue());
    } else if (value instanceof Double) {
      double d = (Double) value;
      if (Double.isFinite(d)) {
        g.writeNumber(d);
      } else {
        g.writeString(Double.toString(d));
      }
    } else if (value instanceof Boolean) {
      g.writeBoolean((Boolean) value);
    } else if (value == null) {
      g.writeNull();
    } else {
      g.writeString(value.toString());
    }
  }

  /** YAML-like: {@code key: value}, nested maps indented, list items as {@code - }. */
  private static void writeText(PrintWriter out, Map<?, ?> map, int indent) {
    writeEntries(out, map, " ".repeat(indent), " ".repeat(indent));
  }

  /** Writes a map's entries; the first line starts with {@code first}, later ones with {@code pad}. */
  private static void writeEntries(PrintWriter out, Map<?, ?> map, String first, String pad) {
    String lead = first;
    for (Map.Entry<?, ?> e : map.entrySet()) {
      Object v = e.getValue();
      if (v instanceof Map && !((Map<?, ?>) v).isEmpty()) {
        out.println(lead + e.getKey() + ":");
        writeEntries(out, (Map<?, ?>) v, pad + "  ", pad + "  ");
      } else if (v instanceof List && !((List<?>) v).isEmpty()) {
        out.println(lead + e.getKey() + ":");
        for (Object item : (List<?>) v) {
          writeItem(out, item, pad + "  ");
        }
      } else if (v instanceof Map) {
        out.println(lead + e.getKey() + ": {}");
      } else if (v instanceof List) {
        out.println(lead + e.getKey() + ": []");
      } else {
        out.println(lead + e.getKey() + ": " + v);
      }
      lead = pad;
    }
  }

  private static void writeItem(PrintWriter out, Object item, String pad) {
    if (item instanceof Map && !((Map<?, ?>) item).isEmpty()) {
      Map<?, ?> m = (Map<?, ?>) item;
      if (isFlat(m)) {
        out.println(pad + "- " + inline(m));
      } else {
        writeEntries(out, m, pad + "- ", pad + "  ");
      }
    } else {
      out.println(pad + "- " + item);
    }
  }

  private static boolean isFlat(Map<?, ?> m) {
    for (Object v : m.values()) {
      if (v instanceof Map || v instanceof List) {
        return false;
      }
    }
    return true;
  }

  private static String inline(Map<?, ?> m) {
    StringBuilder sb = new StringBuilder();
    for (Map.Entry<?, ?> e : m.entrySet()) {
      if (sb.length() > 0) {
        sb.append(' ');
      }
      sb.append(e.getKey()).append(": ").append(e.getValue());
    }
    return sb.toString();
  }
}
