package io.colfile.kudu.rowset;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.error.FileRegion;
import io.colfile.kudu.KuduCompression;
import io.colfile.kudu.KuduEncoding;
import io.colfile.kudu.KuduType;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code rowset.json}: what colfile writes beside the CFiles of a rowset directory so that the
 * directory can be read back alone. Kudu keeps the same facts in its tablet superblock (the
 * table schema, and which block holds which column, cfile.md section 12.2); colfile writes them
 * as JSON:
 *
 * <pre>
 * {"format": "kudu-rowset", "version": 1, "rows": 3,
 *  "key": ["id"],
 *  "columns": [{"name": "id", "id": 0, "type": "int32", "nullable": false, "key": true,
 *               "encoding": "AUTO_ENCODING", "compression": "DEFAULT_COMPRESSION",
 *               "block_size": 0, "file": "id.cfile"},
 *              {"name": "price", "id": 1, "type": "decimal64", "precision": 18, "scale": 4, ...}],
 *  "bloom": "bloom.cfile", "adhoc_index": null, "redo_deltas": [], "undo_deltas": []}
 * </pre>
 */
public final class RowSetManifest {
  /** The file name colfile gives it in a rowset directory. */
  public static final String FILE_NAME = "rowset.json";
  private static final String FORMAT = "kudu-rowset";
  private static final JsonFactory JSON = new JsonFactory();

  private RowSetManifest() {}

  /** A rowset as the manifest describes it. */
  public record Contents(KuduSchema schema, RowSetFiles files, long rows) {}

  public static void write(Contents c, OutputStream out) throws IOException {
    try (JsonGenerator g = JSON.createGenerator(out)) {
      g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
      g.useDefaultPrettyPrinter();
      g.writeStartObject();
      g.writeStringField("format", FORMAT);
      g.writeNumberField("version", 1);
      g.writeNumberField("rows", c.rows());
      g.writeArrayFieldStart("key");
      for (String k : c.schema().keyColumns()) {
        g.writeString(k);
      }
      g.writeEndArray();
      g.writeArrayFieldStart("columns");
      for (KuduColumn col : c.schema().columns()) {
        g.writeStartObject();
        g.writeStringField("name", col.name());
        g.writeNumberField("id", col.id());
        g.writeStringField("type", col.type().kuduName());
        if (col.precision() > 0) {
          g.writeNumberField("precision", col.precision());
          g.writeNumberField("scale", col.scale());
        }
        if (col.length() > 0) {
          g.writeNumberField("length", col.length());
        }
        g.writeBooleanField("nullable", col.nullable());
        g.writeBooleanField("key", col.key());
        g.writeStringField("encoding", col.encoding().kuduName());
        g.writeStringField("compression", col.compression().kuduName());
        g.writeNumberField("block_size", col.blockSize());
        if (col.readDefault() != null) {
          g.writeStringField("read_default_hex", HexFormat.of().formatHex(col.readDefault()));
        }
        String file = c.files().columns().get(col.id());
        if (file != null) {
          g.writeStringField("file", file);
        }
        g.writeEndObject();
      }
      g.writeEndArray();
      nullableString(g, "bloom", c.files().bloom());
      nullableString(g, "adhoc_index", c.files().adhocIndex());
      strings(g, "redo_deltas", c.files().redoDeltas());
      strings(g, "undo_deltas", c.files().undoDeltas());
      g.writeEndObject();
    }
    out.write('\n');
  }

  private static void nullableString(JsonGenerator g, String name, String v) throws IOException {
    if (v == null) {
      g.writeNullField(name);
    } else {
      g.writeStringField(name, v);
    }
  }

  private static void strings(JsonGenerator g, String name, List<String> v) throws IOException {
    g.writeArrayFieldStart(name);
    for (String s : v) {
      g.writeString(s);
    }
    g.writeEndArray();
  }

  /**
   * Reads a manifest; {@code name} names it in errors.
   *
   * @throws CorruptFileException if it is not a manifest colfile wrote
   */
  public static Contents read(InputStream in, String name) throws IOException {
    Map<String, Object> root;
    try (JsonParser p = JSON.createParser(in)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        throw bad(name, "is not a JSON object");
      }
      root = object(p);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw FileRegion.of(name).corrupt(e, -1, "is not valid JSON: %s", e.getOriginalMessage());
    } catch (IllegalArgumentException e) {
      throw bad(name, "holds " + e.getMessage());
    }
    if (!FORMAT.equals(root.get("format"))) {
      throw bad(name, "is not a colfile rowset manifest (format is not \"" + FORMAT + "\")");
    }
    try {
      List<KuduColumn> columns = new ArrayList<>();
      Map<Integer, String> files = new LinkedHashMap<>();
      for (Object o : list(root, "columns")) {
        Map<?, ?> m = (Map<?, ?>) o;
        KuduType type = type(str(m, "type"));
        int id = num(m, "id");
        String hex = (String) m.get("read_default_hex");
        columns.add(new KuduColumn(str(m, "name"), id, type, bool(m, "nullable"), bool(m, "key"),
            opt(m, "precision"), opt(m, "scale"), opt(m, "length"),
            KuduEncoding.forName(str(m, "encoding")), compression(str(m, "compression")),
            opt(m, "block_size"), hex == null ? null : HexFormat.of().parseHex(hex)));
        if (m.get("file") != null) {
          files.put(id, str(m, "file"));
        }
      }
      List<String> key = strings(root, "key");
      List<String> redo = strings(root, "redo_deltas");
      List<String> undo = strings(root, "undo_deltas");
      Object rows = root.get("rows");
      if (!(rows instanceof Long) || (Long) rows < 0) {
        throw new IllegalArgumentException("\"rows\" is not a row count");
      }
      return new Contents(new KuduSchema(columns, key),
          new RowSetFiles(files, optString(root, "bloom"), optString(root, "adhoc_index"),
              redo, undo),
          (Long) rows);
    } catch (RuntimeException e) {
      throw bad(name, "describes the rowset wrongly: " + e.getMessage());
    }
  }

  private static KuduType type(String s) {
    for (KuduType t : KuduType.values()) {
      if (t.kuduName().equals(s)) {
        return t;
      }
    }
    throw new IllegalArgumentException("unknown Kudu type \"" + s + "\"");
  }

  private static List<String> strings(Map<?, ?> m, String k) {
    List<String> out = new ArrayList<>();
    for (Object o : list(m, k)) {
      if (!(o instanceof String)) {
        throw new IllegalArgumentException("\"" + k + "\" lists something other than names");
      }
      out.add((String) o);
    }
    return out;
  }

  private static String optString(Map<?, ?> m, String k) {
    Object v = m.get(k);
    if (v != null && !(v instanceof String)) {
      throw new IllegalArgumentException("\"" + k + "\" is not a file name");
    }
    return (String) v;
  }

  private static KuduCompression compression(String s) {
    for (KuduCompression c : KuduCompression.values()) {
      if (c.kuduName().equalsIgnoreCase(s) || c.name().equalsIgnoreCase(s)) {
        return c;
      }
    }
    throw new IllegalArgumentException("unknown compression " + s);
  }

  private static CorruptFileException bad(String name, String problem) {
    return FileRegion.of(name).corrupt("%s", problem);
  }

  private static Map<String, Object> object(JsonParser p) throws IOException {
    Map<String, Object> m = new LinkedHashMap<>();
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String key = p.getCurrentName();
      p.nextToken();
      m.put(key, value(p));
    }
    return m;
  }

  private static Object value(JsonParser p) throws IOException {
    return switch (p.currentToken()) {
      case START_OBJECT -> object(p);
      case START_ARRAY -> {
        List<Object> l = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
          l.add(value(p));
        }
        yield l;
      }
      case VALUE_STRING -> p.getText();
      case VALUE_NUMBER_INT -> p.getLongValue();
      case VALUE_TRUE -> true;
      case VALUE_FALSE -> false;
      case VALUE_NULL -> null;
      default -> throw new IllegalArgumentException("a value colfile never writes there ("
          + p.currentToken() + ")");
    };
  }

  private static List<?> list(Map<?, ?> m, String k) {
    Object v = m.get(k);
    if (!(v instanceof List)) {
      throw new IllegalArgumentException("\"" + k + "\" is missing or not a list");
    }
    return (List<?>) v;
  }

  private static String str(Map<?, ?> m, String k) {
    Object v = m.get(k);
    if (!(v instanceof String)) {
      throw new IllegalArgumentException("\"" + k + "\" is missing or not a string");
    }
    return (String) v;
  }

  private static int num(Map<?, ?> m, String k) {
    Object v = m.get(k);
    if (!(v instanceof Long) || (Long) v != ((Long) v).intValue()) {
      throw new IllegalArgumentException("\"" + k + "\" is missing or not a 32-bit number");
    }
    return ((Long) v).intValue();
  }

  private static int opt(Map<?, ?> m, String k) {
    return m.get(k) == null ? 0 : num(m, k);
  }

  private static boolean bool(Map<?, ?> m, String k) {
    Object v = m.get(k);
    if (!(v instanceof Boolean)) {
      throw new IllegalArgumentException("\"" + k + "\" is missing or not true or false");
    }
    return (Boolean) v;
  }
}
