package io.colfile.kudu.rowset;

import io.colfile.core.types.Type;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A Kudu table schema: its columns in table order and its primary key, the key columns in key
 * order (Kudu puts them first in the table; colfile keeps the order it was given and records the
 * key separately). Rows of a DiskRowSet are sorted by the encoded key (cfile.md section 9.2).
 */
public record KuduSchema(List<KuduColumn> columns, List<String> keyColumns) {
  public KuduSchema {
    columns = List.copyOf(columns);
    keyColumns = List.copyOf(keyColumns);
    Set<String> names = new HashSet<>();
    Set<Integer> ids = new HashSet<>();
    for (KuduColumn c : columns) {
      if (!names.add(c.name())) {
        throw new IllegalArgumentException("column " + c.name() + " appears twice");
      }
      if (!ids.add(c.id())) {
        throw new IllegalArgumentException("column id " + c.id() + " appears twice");
      }
    }
    if (keyColumns.isEmpty()) {
      throw new IllegalArgumentException("a Kudu table needs a primary key");
    }
    for (String k : keyColumns) {
      KuduColumn c = columnOrNull(columns, k);
      if (c == null) {
        throw new IllegalArgumentException("no key column " + k);
      }
      if (!c.key()) {
        throw new IllegalArgumentException("column " + k + " is listed as key but not marked so");
      }
    }
    for (KuduColumn c : columns) {
      if (c.key() && !keyColumns.contains(c.name())) {
        throw new IllegalArgumentException("key column " + c.name() + " is not in the key");
      }
    }
  }

  private static KuduColumn columnOrNull(List<KuduColumn> columns, String name) {
    for (KuduColumn c : columns) {
      if (c.name().equals(name)) {
        return c;
      }
    }
    return null;
  }

  /** The column called {@code name}. */
  public KuduColumn column(String name) {
    KuduColumn c = columnOrNull(columns, name);
    if (c == null) {
      throw new IllegalArgumentException("no column " + name);
    }
    return c;
  }

  /** The column with id {@code id}, or null. */
  public KuduColumn columnById(int id) {
    for (KuduColumn c : columns) {
      if (c.id() == id) {
        return c;
      }
    }
    return null;
  }

  /** The key columns, in key order. */
  public List<KuduColumn> keys() {
    List<KuduColumn> out = new ArrayList<>();
    for (String k : keyColumns) {
      out.add(column(k));
    }
    return out;
  }

  /**
   * The rows as colfile sees them: a struct of every column's logical type, in table order, the
   * columns that are not nullable (the key's among them) non-null fields.
   */
  public Type rowType() {
    Type.StructBuilder b = Type.structBuilder();
    for (KuduColumn c : columns) {
      b.field(c.name(), c.logicalType(), c.nullable());
    }
    return b.build();
  }
}
