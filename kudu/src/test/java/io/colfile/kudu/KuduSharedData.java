package io.colfile.kudu;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The CFiles a real Kudu 1.17.1 tablet server wrote, with {@code kudu fs dump cfile}'s view of
 * each, in {@code ../shared/kudu-cfiles} beside the checkout (never in the repository). The
 * build passes the shared directory as the system property {@code colfile.shared.dir}; tests
 * that need the files are skipped, saying why, where it is absent.
 */
public final class KuduSharedData {
  private KuduSharedData() {}

  /** One key or value column of a table, as manifest.json describes it. */
  public record Column(String name, String kuduType, boolean primaryKey) {}

  /**
   * One table of the corpus: its directory, columns, whether Kudu added a key column, and the
   * rows of the two insert batches (rowset 0 holds batch 1, rowset 1 batch 2).
   */
  public record Table(String name, Path dir, List<Column> columns, boolean nonUniqueKey,
      int rows1, int rows2, Map<String, Integer> columnIds, Map<Integer, KuduType> idTypes) {
    /**
     * The primary-key column names in key order. A non-unique primary key gets Kudu's
     * server-added {@code auto_incrementing_id} (INT64) as its last key column.
     */
    public List<String> keyColumns() {
      List<String> keys = new ArrayList<>();
      for (Column c : columns) {
        if (c.primaryKey()) {
          keys.add(c.name());
        }
      }
      if (nonUniqueKey) {
        keys.add("auto_incrementing_id");
      }
      return keys;
    }

    /** The DiskRowSet numbers present (from the rowsets' bloom files). */
    public List<Integer> rowsets() {
      Pattern p = Pattern.compile("rs(\\d+)\\.bloom\\.cfile");
      TreeSet<Integer> ids = new TreeSet<>();
      try (Stream<Path> files = Files.list(dir)) {
        files.forEach(f -> {
          Matcher m = p.matcher(f.getFileName().toString());
          if (m.matches()) {
            ids.add(Integer.parseInt(m.group(1)));
          }
        });
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return List.copyOf(ids);
    }

    /** The schema column id of column {@code name}. */
    public int columnId(String name) {
      Integer id = columnIds.get(name);
      if (id == null) {
        throw new IllegalArgumentException(this.name + " has no column " + name);
      }
      return id;
    }

    /** The logical type (as its CFiles' footers record it) of the column with id {@code id}. */
    public KuduType typeOfColumnId(int id) {
      KuduType t = idTypes.get(id);
      if (t == null) {
        throw new IllegalArgumentException(this.name + " has no column id " + id);
      }
      return t;
    }

    public Path file(String name) {
      return dir.resolve(name);
    }
  }

  /** The corpus directory, or a skipped test when it is not there. */
  public static Path cfiles() {
    Path dir = base().resolve("kudu-cfiles");
    assumeTrue(Files.isRegularFile(dir.resolve("manifest.json")),
        "skipped: the Kudu CFile corpus is not at " + dir
            + " (it lives in ../shared beside the checkout; set -Dcolfile.shared.dir)");
    return dir;
  }

  static Path base() {
    String prop = System.getProperty("colfile.shared.dir");
    return prop == null || prop.isEmpty() ? Paths.get("..", "..", "shared") : Paths.get(prop);
  }

  /** Every table of manifest.json, in its order. */
  public static List<Table> tables() throws IOException {
    Path dir = cfiles();
    List<Table> tables = new ArrayList<>();
    // per table: column name to id, column id to footer data type (from the "files" list)
    Map<String, Map<String, Integer>> ids = new HashMap<>();
    Map<String, Map<Integer, KuduType>> types = new HashMap<>();
    try (JsonParser p = new JsonFactory().createParser(dir.resolve("manifest.json").toFile())) {
      expect(p.nextToken(), JsonToken.START_OBJECT);
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String field = p.currentName();
        p.nextToken();
        if (field.equals("tables")) {
          expect(p.currentToken(), JsonToken.START_ARRAY);
          while (p.nextToken() == JsonToken.START_OBJECT) {
            tables.add(readTable(p, dir));
          }
        } else if (field.equals("files")) {
          expect(p.currentToken(), JsonToken.START_ARRAY);
          while (p.nextToken() == JsonToken.START_OBJECT) {
            Map<String, String> f = readFlatObject(p);
            if ("data".equals(f.get("role"))) {
              ids.computeIfAbsent(f.get("table"), k -> new HashMap<>())
                  .put(f.get("column"), Integer.parseInt(f.get("column_id")));
              types.computeIfAbsent(f.get("table"), k -> new HashMap<>())
                  .put(Integer.parseInt(f.get("column_id")),
                      KuduType.valueOf(f.get("footer_data_type")));
            }
          }
        } else {
          p.skipChildren();
        }
      }
    }
    List<Table> out = new ArrayList<>();
    for (Table t : tables) {
      out.add(new Table(t.name(), t.dir(), t.columns(), t.nonUniqueKey(), t.rows1(), t.rows2(),
          Map.copyOf(ids.getOrDefault(t.name(), Map.of())),
          Map.copyOf(types.getOrDefault(t.name(), Map.of()))));
    }
    return out;
  }

  /**
   * The scalar fields of each entry of manifest.json's {@code "files"} list (e.g. {@code file},
   * {@code role}, {@code requested_block_size}), keyed by the entry's {@code file}, the path
   * relative to the corpus directory.
   */
  public static Map<String, Map<String, String>> files() throws IOException {
    Path dir = cfiles();
    Map<String, Map<String, String>> out = new HashMap<>();
    try (JsonParser p = new JsonFactory().createParser(dir.resolve("manifest.json").toFile())) {
      expect(p.nextToken(), JsonToken.START_OBJECT);
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String field = p.currentName();
        p.nextToken();
        if (field.equals("files")) {
          expect(p.currentToken(), JsonToken.START_ARRAY);
          while (p.nextToken() == JsonToken.START_OBJECT) {
            Map<String, String> f = readFlatObject(p);
            f.values().removeIf(v -> v == null); // JSON nulls: the field does not apply
            out.put(f.get("file"), Map.copyOf(f));
          }
        } else {
          p.skipChildren();
        }
      }
    }
    return out;
  }

  /** An object's scalar fields as text (nested values skipped). */
  private static Map<String, String> readFlatObject(JsonParser p) throws IOException {
    Map<String, String> out = new HashMap<>();
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String field = p.currentName();
      JsonToken v = p.nextToken();
      if (v.isScalarValue()) {
        out.put(field, v == JsonToken.VALUE_NULL ? null : p.getText());
      } else {
        p.skipChildren();
      }
    }
    return out;
  }

  private static Table readTable(JsonParser p, Path dir) throws IOException {
    String name = null;
    boolean nonUnique = false;
    int rows1 = 0;
    int rows2 = 0;
    List<Column> columns = new ArrayList<>();
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String field = p.currentName();
      p.nextToken();
      switch (field) {
        case "table" -> name = p.getText();
        case "non_unique_primary_key" -> nonUnique = p.getBooleanValue();
        case "rows_batch1" -> rows1 = p.getIntValue();
        case "rows_batch2" -> rows2 = p.getIntValue();
        case "columns" -> {
          while (p.nextToken() == JsonToken.START_OBJECT) {
            String col = null;
            String type = null;
            boolean key = false;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
              String f = p.currentName();
              p.nextToken();
              switch (f) {
                case "name" -> col = p.getText();
                case "kudu_type" -> type = p.getText();
                case "primary_key" -> key = p.getBooleanValue();
                default -> p.skipChildren();
              }
            }
            columns.add(new Column(col, type, key));
          }
        }
        default -> p.skipChildren();
      }
    }
    return new Table(name, dir.resolve(name), List.copyOf(columns), nonUnique, rows1, rows2,
        Map.of(), Map.of());
  }

  private static void expect(JsonToken got, JsonToken want) {
    if (got != want) {
      throw new IllegalStateException("manifest.json: expected " + want + ", found " + got);
    }
  }
}
