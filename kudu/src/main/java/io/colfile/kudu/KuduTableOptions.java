package io.colfile.kudu;

import io.colfile.core.WriteOptions;
import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.kudu.rowset.KuduColumn;
import io.colfile.kudu.rowset.KuduSchema;
import io.colfile.kudu.rowset.RowSetWriterOptions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Turns colfile's write options into a Kudu table: the schema's columns with their Kudu types,
 * the key ({@code kudu.key}), per-column encodings ({@code kudu.encoding}), compression, block
 * size and checksums. A column is nullable when its field is ({@link Type#isChildNullable}) and
 * it is not in the key: key columns are never nullable in Kudu, whatever the type says, so a
 * type whose fields are all nullable (what every caller had before types said so) still gets
 * its key.
 */
record KuduTableOptions(KuduSchema schema, RowSetWriterOptions writerOptions) {
  static KuduTableOptions from(Type schema, WriteOptions options) {
    if (schema.kind() != TypeKind.STRUCT || schema.children().isEmpty()) {
      throw new IllegalArgumentException("a Kudu table needs rows of named columns "
          + "(struct<...>), not " + schema);
    }
    List<String> names = schema.fieldNames();
    Map<String, String> props = options.properties();
    List<String> key = new ArrayList<>();
    String keyProp = props.get(KuduFormat.KEY_PROPERTY);
    if (keyProp == null) {
      key.add(names.get(0));
    } else {
      for (String k : keyProp.split(",", -1)) {
        String name = k.trim();
        if (!names.contains(name)) {
          throw new IllegalArgumentException("key column '" + name + "' is not a column ("
              + String.join(", ", names) + ")");
        }
        if (key.contains(name)) {
          throw new IllegalArgumentException("key column '" + name + "' is listed twice");
        }
        key.add(name);
      }
    }
    Map<String, KuduEncoding> encodings = encodings(props.get(KuduFormat.ENCODING_PROPERTY),
        names);
    KuduCompression compression = options.compression().map(KuduCompression::of)
        .orElse(KuduCompression.DEFAULT);
    List<KuduColumn> columns = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      String name = names.get(i);
      Type t = schema.child(i);
      KuduColumn c;
      try {
        boolean isKey = key.contains(name);
        c = KuduColumn.of(name, i, t, schema.isChildNullable(i) && !isKey, isKey);
        c = c.withStorage(encodings.getOrDefault(name, KuduEncoding.AUTO), compression, 0);
      } catch (IllegalArgumentException e) {
        String m = e.getMessage();
        throw new IllegalArgumentException(
            m.contains("column " + name) ? m : "column " + name + ": " + m, e);
      }
      columns.add(c);
    }
    RowSetWriterOptions w = RowSetWriterOptions.defaults()
        .withParallelism(options.parallelism()).withExecutor(options.executor().orElse(null));
    if (options.blockSize().isPresent()) {
      long size = options.blockSize().getAsLong();
      if (size > 16 << 20) {
        throw new IllegalArgumentException("a CFile block size must be at most 16 MiB: " + size);
      }
      w = w.withDefaultBlockSize((int) size);
    }
    String checksums = props.get(KuduFormat.CHECKSUMS_PROPERTY);
    if (checksums != null) {
      if (!checksums.equals("true") && !checksums.equals("false")) {
        throw new IllegalArgumentException(KuduFormat.CHECKSUMS_PROPERTY
            + " is true or false, not '" + checksums + "'");
      }
      w = w.withChecksums(Boolean.parseBoolean(checksums));
    }
    return new KuduTableOptions(new KuduSchema(columns, key), w);
  }

  /** {@code col=ENC,col2=ENC} into a map, every column checked. */
  private static Map<String, KuduEncoding> encodings(String spec, List<String> names) {
    Map<String, KuduEncoding> out = new HashMap<>();
    if (spec == null || spec.isBlank()) {
      return out;
    }
    Set<String> seen = new LinkedHashSet<>();
    for (String part : spec.split(",", -1)) {
      int eq = part.lastIndexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException("encodings are COLUMN=ENCODING, not '" + part + "'");
      }
      String col = part.substring(0, eq).trim();
      if (!names.contains(col)) {
        throw new IllegalArgumentException("no column '" + col + "' to encode ("
            + String.join(", ", names) + ")");
      }
      if (!seen.add(col)) {
        throw new IllegalArgumentException("column '" + col + "' has two encodings");
      }
      out.put(col, KuduEncoding.forName(part.substring(eq + 1).toLowerCase(Locale.ROOT)));
    }
    return out;
  }
}
