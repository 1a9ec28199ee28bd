package io.colfile.kudu.rowset;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.colfile.kudu.KuduCompression;
import io.colfile.kudu.KuduEncoding;
import io.colfile.kudu.KuduSharedData;
import io.colfile.kudu.KuduType;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Kudu corpus's manifest.json in full (tables with their requested schemas, and every
 * file with its role, rowset, column id and delta index), and the {@link KuduSchema} and {@link
 * RowSetFiles} a reader of one of its DiskRowSets needs, built from it alone.
 */
final class CorpusManifest {
  /** A column of a table, as requested when the table was created. */
  record ColumnDef(String name, String kuduType, int precision, int scale, int length,
      boolean primaryKey, boolean nullable, String encoding, String compression,
      int blockSize) {}

  record TableDef(String name, int rows1, int rows2, boolean nonUnique,
      List<ColumnDef> columns) {}

  /** One file of the corpus: manifest.json's object for it. */
  record FileDef(Map<String, Object> fields) {
    String file() {
      return (String) fields.get("file");
    }

    String table() {
      return (String) fields.get("table");
    }

    int rowset() {
      return ((Long) fields.get("rowset_id")).intValue();
    }

    String role() {
      return (String) fields.get("role");
    }

    String column() {
      return (String) fields.get("column");
    }

    int columnId() {
      return ((Long) fields.get("column_id")).intValue();
    }

    int deltaIndex() {
      return ((Long) fields.get("delta_index")).intValue();
    }

    long numValues() {
      return (Long) fields.get("num_values");
    }

    String fileName() {
      return Path.of(file()).getFileName().toString();
    }

    int intOr(String field, int dflt) {
      Object v = fields.get(field);
      return v == null ? dflt : ((Long) v).intValue();
    }

    String stringOr(String field, String dflt) {
      Object v = fields.get(field);
      return v == null ? dflt : (String) v;
    }

    boolean flag(String field) {
      return Boolean.TRUE.equals(fields.get(field));
    }
  }

  final Path root;
  final String profile;
  final long seed;
  final String kuduVersion;
  final List<TableDef> tables;
  final List<FileDef> files;

  private CorpusManifest(Path root, Map<String, Object> json) {
    this.root = root;
    this.profile = (String) json.get("profile");
    this.seed = (Long) json.get("seed");
    this.kuduVersion = (String) json.get("kudu_version");
    List<TableDef> ts = new ArrayList<>();
    for (Object o : (List<?>) json.get("tables")) {
      Map<?, ?> t = (Map<?, ?>) o;
      List<ColumnDef> cols = new ArrayList<>();
      for (Object c : (List<?>) t.get("columns")) {
        Map<?, ?> m = (Map<?, ?>) c;
        cols.add(new ColumnDef((String) m.get("name"), (String) m.get("kudu_type"),
            intOr(m, "precision"), intOr(m, "scale"), intOr(m, "length"),
            (Boolean) m.get("primary_key"), (Boolean) m.get("nullable"),
            (String) m.get("encoding"), (String) m.get("compression"), intOr(m, "block_size")));
      }
      ts.add(new TableDef((String) t.get("table"), intOr(t, "rows_batch1"),
          intOr(t, "rows_batch2"), (Boolean) t.get("non_unique_primary_key"),
          List.copyOf(cols)));
    }
    this.tables = List.copyOf(ts);
    List<FileDef> fs = new ArrayList<>();
    for (Object o : (List<?>) json.get("files")) {
      @SuppressWarnings("unchecked")
      Map<String, Object> m = (Map<String, Object>) o;
      fs.add(new FileDef(m));
    }
    this.files = List.copyOf(fs);
  }

  private static int intOr(Map<?, ?> m, String field) {
    Object v = m.get(field);
    return v == null ? 0 : ((Long) v).intValue();
  }

  /** The corpus's manifest; skips the calling test (saying why) when the corpus is absent. */
  static CorpusManifest load() throws IOException {
    Path root = KuduSharedData.cfiles();
    try (JsonParser p = new JsonFactory().createParser(root.resolve("manifest.json").toFile())) {
      p.nextToken();
      @SuppressWarnings("unchecked")
      Map<String, Object> json = (Map<String, Object>) value(p);
      return new CorpusManifest(root, json);
    }
  }

  private static Object value(JsonParser p) throws IOException {
    JsonToken t = p.currentToken();
    switch (t) {
      case START_OBJECT: {
        Map<String, Object> m = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
          String name = p.currentName();
          p.nextToken();
          m.put(name, value(p));
        }
        return m;
      }
      case START_ARRAY: {
        List<Object> l = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
          l.add(value(p));
        }
        return l;
      }
      case VALUE_STRING:
        return p.getText();
      case VALUE_NUMBER_INT:
        return p.getLongValue();
      case VALUE_TRUE:
        return Boolean.TRUE;
      case VALUE_FALSE:
        return Boolean.FALSE;
      case VALUE_NULL:
        return null;
      default:
        throw new IOException("manifest.json: unexpected " + t);
    }
  }

  TableDef table(String name) {
    for (TableDef t : tables) {
      if (t.name().equals(name)) {
        return t;
      }
    }
    throw new IllegalArgumentException("no table " + name);
  }

  Path dir(String table) {
    return root.resolve(table);
  }

  /** The files of one rowset of a table. */
  List<FileDef> files(String table, int rowset) {
    List<FileDef> out = new ArrayList<>();
    for (FileDef f : files) {
      if (f.table().equals(table) && f.rowset() == rowset) {
        out.add(f);
      }
    }
    return out;
  }

  /** The rowset numbers of a table, ascending. */
  List<Integer> rowsets(String table) {
    return files.stream().filter(f -> f.table().equals(table)).map(FileDef::rowset).distinct()
        .sorted().toList();
  }

  /** The REDO (or UNDO) files of a rowset in delta_index order. */
  List<FileDef> deltas(String table, int rowset, String role) {
    return files(table, rowset).stream().filter(f -> f.role().equals(role))
        .sorted(Comparator.comparingInt(FileDef::deltaIndex)).toList();
  }

  FileDef single(String table, int rowset, String role) {
    List<FileDef> l = files(table, rowset).stream().filter(f -> f.role().equals(role)).toList();
    if (l.size() != 1) {
      throw new IllegalStateException(table + " rs" + rowset + ": " + l.size() + " " + role
          + " files");
    }
    return l.get(0);
  }

  /** The Kudu type of a manifest type name ("decimal" by its precision). */
  static KuduType kuduType(String name, int precision) {
    if (name.equals("decimal")) {
      return precision <= 9 ? KuduType.DECIMAL32 : precision <= 18 ? KuduType.DECIMAL64
          : KuduType.DECIMAL128;
    }
    return KuduType.valueOf(name.toUpperCase(java.util.Locale.ROOT));
  }

  static KuduCompression compression(String kuduName) {
    if (kuduName == null) {
      return KuduCompression.DEFAULT;
    }
    for (KuduCompression c : KuduCompression.values()) {
      if (c.kuduName().equals(kuduName)) {
        return c;
      }
    }
    throw new IllegalArgumentException("no Kudu compression " + kuduName);
  }

  /**
   * The table schema of a rowset, from the manifest's entries for its column files: each
   * column's name, column id, type (with precision, scale and length), nullability, key flag and
   * requested storage, in column id order; the key columns in column id order (Kudu puts the
   * key first, a non-unique key's auto_incrementing_id right after it).
   */
  KuduSchema schema(String table, int rowset) {
    List<FileDef> data = new ArrayList<>(files(table, rowset).stream()
        .filter(f -> f.role().equals("data")).toList());
    data.sort(Comparator.comparingInt(FileDef::columnId));
    List<KuduColumn> cols = new ArrayList<>();
    List<String> keys = new ArrayList<>();
    for (FileDef f : data) {
      int precision = f.intOr("precision", 0);
      KuduType type = kuduType((String) f.fields().get("kudu_type"), precision);
      boolean key = f.flag("primary_key");
      String enc = f.stringOr("requested_encoding", "AUTO_ENCODING");
      cols.add(new KuduColumn(f.column(), f.columnId(), type, f.flag("nullable"), key,
          precision, f.intOr("scale", 0), f.intOr("length", 0), KuduEncoding.forName(enc),
          compression(f.stringOr("requested_compression", null)),
          f.intOr("requested_block_size", 0), null));
      if (key) {
        keys.add(f.column());
      }
    }
    return new KuduSchema(cols, keys);
  }

  /** The files of a rowset as RowSetReader takes them: plain names in the table directory. */
  RowSetFiles rowSetFiles(String table, int rowset) {
    Map<Integer, String> cols = new LinkedHashMap<>();
    String bloom = null;
    String adhoc = null;
    for (FileDef f : files(table, rowset)) {
      switch (f.role()) {
        case "data" -> cols.put(f.columnId(), f.fileName());
        case "bloom" -> bloom = f.fileName();
        case "adhoc-index" -> adhoc = f.fileName();
        default -> { }
      }
    }
    return new RowSetFiles(cols, bloom, adhoc,
        deltas(table, rowset, "redo-delta").stream().map(FileDef::fileName).toList(),
        deltas(table, rowset, "undo-delta").stream().map(FileDef::fileName).toList());
  }
}
