package io.colfile.kudu;

import io.colfile.kudu.key.KeyBuffer;
import io.colfile.kudu.key.KeyEncoder;
import java.io.IOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * The encoded primary keys of one DiskRowSet of the corpus, in row order: the rows' key column
 * values from the column dumps, encoded with {@link KeyEncoder} (single-column keys), or the
 * cells of the ad-hoc index, which Kudu wrote already encoded (composite keys).
 */
public final class RowsetKeys {
  private RowsetKeys() {}

  /** The key column types of a table, as the key columns' CFile footers record them. */
  public static KeyEncoder encoder(KuduSharedData.Table t) throws IOException {
    List<KuduType> types = new ArrayList<>();
    for (String col : t.keyColumns()) {
      types.add(KuduDump.read(t.file("rs0.col." + col + ".dump.txt")).dataType());
    }
    return new KeyEncoder(types);
  }

  /** True when the table's rowsets have an ad-hoc composite-key index. */
  public static boolean composite(KuduSharedData.Table t) {
    return t.keyColumns().size() > 1;
  }

  /** The key columns' value lines of rowset {@code rs}: one list per key column. */
  public static List<List<String>> keyColumnValues(KuduSharedData.Table t, int rs)
      throws IOException {
    List<List<String>> out = new ArrayList<>();
    for (String col : t.keyColumns()) {
      out.add(KuduDump.read(t.file("rs" + rs + ".col." + col + ".dump.txt")).values());
    }
    return out;
  }

  /** Rowset {@code rs}'s keys encoded from its key column values. */
  public static List<byte[]> encodeFromColumns(KuduSharedData.Table t, int rs)
      throws IOException {
    KeyEncoder enc = encoder(t);
    List<List<String>> cols = keyColumnValues(t, rs);
    int rows = cols.get(0).size();
    List<byte[]> keys = new ArrayList<>(rows);
    List<List<BigInteger>> wide = new ArrayList<>();
    for (int c = 0; c < cols.size(); c++) {
      wide.add(enc.type(c).physical() == PhysicalType.INT128 ? wideKeys(t, rs, cols.get(c))
          : null);
    }
    KeyBuffer buf = new KeyBuffer();
    for (int r = 0; r < rows; r++) {
      buf.reset();
      for (int c = 0; c < cols.size(); c++) {
        KuduType type = enc.type(c);
        byte[] cell = wide.get(c) != null ? DumpValues.int128Cell(wide.get(c).get(r))
            : DumpValues.cell(type, cols.get(c).get(r));
        if (type.physical() == PhysicalType.BINARY) {
          enc.appendBinary(buf, c, cell, 0, cell.length);
        } else {
          enc.appendCell(buf, c, cell, 0);
        }
      }
      keys.add(buf.toByteArray());
    }
    return keys;
  }

  /**
   * A 128-bit key column's values, which the dump cannot give exactly: the generator's values,
   * each checked against the dump's (lossy) text of the same row.
   */
  private static List<BigInteger> wideKeys(KuduSharedData.Table t, int rs, List<String> lines) {
    if (t.keyColumns().size() != 1) {
      throw new IllegalStateException(t.name() + ": no generator mirror for this key");
    }
    List<BigInteger> values = GenKeys.decimal128Rowset(t, rs);
    if (values.size() != lines.size()) {
      throw new IllegalStateException(t.name() + " rs" + rs + ": " + lines.size()
          + " rows in the dump, " + values.size() + " generated");
    }
    for (int r = 0; r < values.size(); r++) {
      String text = DumpValues.kuduInt128Text(values.get(r)) + "_D128";
      if (!text.equals(lines.get(r))) {
        throw new IllegalStateException(t.name() + " rs" + rs + " row " + r + ": dump says "
            + lines.get(r) + ", the generator's value prints as " + text);
      }
    }
    return values;
  }

  /** Rowset {@code rs}'s keys as Kudu stored them: ad-hoc index cells, else from the columns. */
  public static List<byte[]> kuduKeys(KuduSharedData.Table t, int rs) throws IOException {
    if (composite(t)) {
      return KuduDump.read(t.file("rs" + rs + ".adhoc-index.dump.txt")).binaryValues();
    }
    return encodeFromColumns(t, rs);
  }
}
