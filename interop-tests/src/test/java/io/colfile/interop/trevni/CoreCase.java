package io.colfile.interop.trevni;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.trevni.ColumnCursor;
import io.colfile.trevni.ColumnSpec;
import io.colfile.trevni.TrevniChecksum;
import io.colfile.trevni.TrevniCodec;
import io.colfile.trevni.TrevniFile;
import io.colfile.trevni.TrevniFileWriter;
import io.colfile.trevni.TrevniWriterOptions;
import io.colfile.trevni.ValueType;
import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import org.apache.trevni.ColumnFileMetaData;
import org.apache.trevni.ColumnFileReader;
import org.apache.trevni.ColumnFileWriter;
import org.apache.trevni.ColumnMetaData;
import org.apache.trevni.ColumnValues;

/**
 * A set of Trevni columns (plain, array, parent/child chains) and rows for them, written the same
 * way through Apache Avro's trevni-core and through colfile's {@link TrevniFileWriter}, and read
 * back with either cursor protocol ({@code startRow}, {@code nextLength}, {@code nextValue}).
 *
 * <p>Rows are kept as the calls that write them (start, lengths, values, end, in the depth-first
 * order trevni-avro uses) and, per column, as the lengths and values each row holds.
 */
final class CoreCase {
  /** One column. {@code parent} is an earlier array column's index, or -1. */
  record Col(String name, ValueType type, int parent, boolean array, boolean firstValues,
      TrevniCodec codec, TrevniChecksum checksum, Map<String, String> userMeta) {
    boolean plain() {
      return parent < 0 && !array;
    }
  }

  /** One row of one column: the lengths (array columns) and values it holds, in order. */
  record RowData(List<Integer> lengths, List<Object> values) {
    static RowData empty() {
      return new RowData(new ArrayList<>(), new ArrayList<>());
    }
  }

  enum Kind { START, LENGTH, VALUE, END }

  record Op(Kind kind, int column, int length, Object value) {}

  final List<Col> cols;
  final TrevniCodec codec;
  final TrevniChecksum checksum;
  /** Whether the codec and checksum are written explicitly (else left out of the metadata). */
  final boolean explicitCodec;
  final boolean explicitChecksum;
  final Map<String, String> fileMeta;
  final List<Op> ops = new ArrayList<>();
  /** rows.get(column).get(row). */
  final List<List<RowData>> rows = new ArrayList<>();
  int rowCount;

  CoreCase(List<Col> cols, TrevniCodec codec, TrevniChecksum checksum, boolean explicitCodec,
      boolean explicitChecksum, Map<String, String> fileMeta) {
    this.cols = cols;
    this.codec = codec;
    this.checksum = checksum;
    this.explicitCodec = explicitCodec || codec != TrevniCodec.NULL;
    this.explicitChecksum = explicitChecksum || checksum != TrevniChecksum.NULL;
    this.fileMeta = fileMeta;
    for (int i = 0; i < cols.size(); i++) {
      rows.add(new ArrayList<>());
    }
  }

  List<Integer> children(int c) {
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < cols.size(); i++) {
      if (cols.get(i).parent == c) {
        out.add(i);
      }
    }
    return out;
  }

  // ---- building rows ----------------------------------------------------------------------

  /** Values for one unit (a row, or an element of the parent) of an array column. */
  interface Source {
    int length(int column);

    Object value(int column);
  }

  void addRow(Source s) {
    ops.add(new Op(Kind.START, -1, 0, null));
    for (int c = 0; c < cols.size(); c++) {
      rows.get(c).add(RowData.empty());
    }
    for (int c = 0; c < cols.size(); c++) {
      if (cols.get(c).parent < 0) {
        unit(c, s);
      }
    }
    ops.add(new Op(Kind.END, -1, 0, null));
    rowCount++;
  }

  private void unit(int c, Source s) {
    RowData row = rows.get(c).get(rowCount);
    Col col = cols.get(c);
    if (!col.array) {
      Object v = s.value(c);
      ops.add(new Op(Kind.VALUE, c, 0, v));
      row.values.add(v);
      return;
    }
    int n = s.length(c);
    ops.add(new Op(Kind.LENGTH, c, n, null));
    row.lengths.add(n);
    List<Integer> kids = children(c);
    for (int e = 0; e < n; e++) {
      Object v = s.value(c);
      ops.add(new Op(Kind.VALUE, c, 0, v));
      row.values.add(v);
      for (int k : kids) {
        unit(k, s);
      }
    }
  }

  /** Elements column {@code c} holds in row {@code row}: its values (array) or 1. */
  int units(int c, int row) {
    int p = cols.get(c).parent;
    if (p < 0) {
      return 1;
    }
    return rows.get(p).get(row).values.size();
  }

  // ---- writing ----------------------------------------------------------------------------

  ColumnMetaData[] javaColumns() {
    ColumnMetaData[] out = new ColumnMetaData[cols.size()];
    for (int i = 0; i < out.length; i++) {
      Col c = cols.get(i);
      ColumnMetaData m = new ColumnMetaData(c.name, org.apache.trevni.ValueType.valueOf(
          c.type.name()));
      // the order of these calls is the metadata order, which colfile's ColumnSpec follows
      if (c.parent >= 0) {
        m.setParent(out[c.parent]);
      }
      if (c.array) {
        m.isArray(true);
      }
      if (c.firstValues) {
        m.hasIndexValues(true);
      }
      if (c.codec != null) {
        m.setCodec(c.codec.wireName());
      }
      if (c.checksum != null) {
        m.setChecksum(c.checksum.wireName());
      }
      c.userMeta.forEach(m::set);
      out[i] = m;
    }
    return out;
  }

  ColumnFileMetaData javaFileMeta() {
    ColumnFileMetaData m = new ColumnFileMetaData();
    if (explicitCodec) {
      m.setCodec(codec.wireName());
    }
    if (explicitChecksum) {
      m.setChecksum(checksum.wireName());
    }
    fileMeta.forEach(m::set);
    return m;
  }

  List<ColumnSpec> specs() {
    List<ColumnSpec> out = new ArrayList<>();
    for (Col c : cols) {
      ColumnSpec s = ColumnSpec.of(c.name, c.type);
      if (c.parent >= 0) {
        s = s.withParent(cols.get(c.parent).name);
      }
      if (c.array) {
        s = s.asArray();
      }
      if (c.firstValues) {
        s = s.withFirstValues();
      }
      if (c.codec != null) {
        s = s.withCodec(c.codec);
      }
      if (c.checksum != null) {
        s = s.withChecksum(c.checksum);
      }
      for (Map.Entry<String, String> e : c.userMeta.entrySet()) {
        s = s.withMetadata(e.getKey(), e.getValue());
      }
      out.add(s);
    }
    return out;
  }

  TrevniWriterOptions options() {
    TrevniWriterOptions.Builder b = TrevniWriterOptions.builder();
    if (explicitCodec) {
      b.codec(codec);
    }
    if (explicitChecksum) {
      b.checksum(checksum);
    }
    fileMeta.forEach(b::metadata);
    return b.build();
  }

  void writeJava(Path file) throws IOException {
    ColumnFileWriter w = new ColumnFileWriter(javaFileMeta(), javaColumns());
    for (Op op : ops) {
      switch (op.kind) {
        case START -> w.startRow();
        case LENGTH -> w.writeLength(op.length, op.column);
        case VALUE -> w.writeValue(javaValue(op.value), op.column);
        case END -> w.endRow();
      }
    }
    w.writeTo(file.toFile());
  }

  private static Object javaValue(Object v) {
    return v instanceof byte[] b ? ByteBuffer.wrap(b) : v;
  }

  /**
   * Writes with colfile; {@code r} picks, per value, the boxed {@code writeValue} or the typed
   * method (byte arrays sometimes as a slice of a larger array or a ByteBuffer).
   */
  void writeColfile(Path file, Random r) throws IOException {
    TrevniFileWriter w = TrevniFileWriter.create(OutputFile.local(file), specs(), options());
    boolean done = false;
    try {
      for (Op op : ops) {
        switch (op.kind) {
          case START -> w.startRow();
          case LENGTH -> w.writeLength(op.column, op.length);
          case VALUE -> writeOne(w, op.column, cols.get(op.column).type, op.value, r);
          case END -> w.endRow();
        }
      }
      w.close();
      done = true;
    } finally {
      if (!done) {
        w.abort();
      }
    }
  }

  private static void writeOne(TrevniFileWriter w, int c, ValueType type, Object v, Random r) {
    if (r.nextBoolean()) {
      if (v instanceof byte[] b && r.nextBoolean()) {
        byte[] wider = new byte[b.length + 7];
        System.arraycopy(b, 0, wider, 3, b.length);
        w.writeValue(c, ByteBuffer.wrap(wider, 3, b.length));
      } else {
        w.writeValue(c, v);
      }
      return;
    }
    switch (type) {
      case NULL -> w.writeNull(c);
      case BOOLEAN -> w.writeBoolean(c, (Boolean) v);
      case INT, FIXED32 -> w.writeInt(c, (Integer) v);
      case LONG, FIXED64 -> w.writeLong(c, (Long) v);
      case FLOAT -> w.writeFloat(c, (Float) v);
      case DOUBLE -> w.writeDouble(c, (Double) v);
      case STRING -> w.writeString(c, (String) v);
      case BYTES -> {
        byte[] b = (byte[]) v;
        byte[] wider = new byte[b.length + 5];
        System.arraycopy(b, 0, wider, 2, b.length);
        w.writeBytes(c, wider, 2, b.length);
      }
    }
  }

  // ---- reading ----------------------------------------------------------------------------

  /** Reads every column of {@code file} with trevni-core and compares with the rows. */
  void assertJavaReads(Path file, String what) throws IOException {
    try (ColumnFileReader r = new ColumnFileReader(file.toFile())) {
      assertEquals(rowCount, r.getRowCount(), what + ": trevni-core's row count");
      assertEquals(cols.size(), r.getColumnCount(), what + ": trevni-core's column count");
      for (int c = 0; c < cols.size(); c++) {
        Col col = cols.get(c);
        ColumnValues<?> v = r.getValues(c);
        for (int row = 0; row < rowCount; row++) {
          assertEquals(row, v.getRow(), what + ": trevni-core's row of column " + col.name);
          v.startRow();
          RowData got = RowData.empty();
          for (int u = 0; u < units(c, row); u++) {
            int n = 1;
            if (col.array) {
              n = v.nextLength();
              got.lengths.add(n);
              if (n != expectedLength(c, row, got.lengths.size() - 1)) {
                break;
              }
            }
            for (int e = 0; e < n; e++) {
              got.values.add(v.nextValue());
            }
          }
          assertRow(c, row, got, "trevni-core reading " + what);
        }
        assertFalse(v.hasNext(), what + ": trevni-core has rows past the end of " + col.name);
      }
    }
  }

  private int expectedLength(int c, int row, int i) {
    List<Integer> l = rows.get(c).get(row).lengths;
    return i < l.size() ? l.get(i) : -1;
  }

  /** Reads every column of {@code file} with colfile; {@code r} picks typed or boxed reads. */
  void assertColfileReads(Path file, String what, Random r) throws IOException {
    try (TrevniFile f = TrevniFile.open(InputFile.local(file))) {
      assertEquals(rowCount, f.rowCount(), what + ": colfile's row count");
      assertEquals(cols.size(), f.columnCount(), what + ": colfile's column count");
      for (int c = 0; c < cols.size(); c++) {
        Col col = cols.get(c);
        ColumnSpec spec = f.column(c);
        assertEquals(col.name, spec.name(), what + ": column " + c + " name");
        assertEquals(col.type, spec.type(), what + ": column " + col.name + " type");
        assertEquals(col.parent < 0 ? null : cols.get(col.parent).name, spec.parent().orElse(null),
            what + ": column " + col.name + " parent");
        assertEquals(col.array, spec.isArray(), what + ": column " + col.name + " array flag");
        assertEquals(col.firstValues, spec.hasFirstValues(),
            what + ": column " + col.name + " first values flag");
        assertEquals(c, f.columnIndex(col.name), what + ": columnIndex(" + col.name + ")");
        assertEquals(col.codec != null ? col.codec : codec, f.codec(c),
            what + ": codec of column " + col.name + " (its own, else the file's)");
        assertEquals(col.checksum != null ? col.checksum : checksum, f.checksum(c),
            what + ": checksum of column " + col.name + " (its own, else the file's)");
        boolean typed = r.nextBoolean();
        ColumnCursor cur = f.cursor(c);
        for (int row = 0; row < rowCount; row++) {
          assertEquals(row, cur.row(), what + ": colfile's row of column " + col.name);
          assertTrue(cur.hasNextRow(), what + ": colfile has row " + row + " of " + col.name);
          cur.startRow();
          RowData got = RowData.empty();
          for (int u = 0; u < units(c, row); u++) {
            int n = 1;
            if (col.array) {
              n = cur.nextLength();
              got.lengths.add(n);
              if (n != expectedLength(c, row, got.lengths.size() - 1)) {
                break;
              }
            }
            for (int e = 0; e < n; e++) {
              got.values.add(typed ? typedNext(cur, col.type) : cur.nextValue());
            }
          }
          assertRow(c, row, got, "colfile reading " + what + (typed ? " (typed)" : ""));
        }
        assertFalse(cur.hasNextRow(), what + ": colfile has rows past the end of " + col.name);
      }
      for (Map.Entry<String, String> e : fileMeta.entrySet()) {
        assertEquals(e.getValue(), f.metadata().getString(e.getKey()).orElse(null),
            what + ": file metadata " + e.getKey());
      }
    }
  }

  static Object typedNext(ColumnCursor c, ValueType type) throws IOException {
    return switch (type) {
      case NULL -> c.nextValue();
      case BOOLEAN -> c.nextBoolean();
      case INT, FIXED32 -> c.nextInt();
      case LONG, FIXED64 -> c.nextLong();
      case FLOAT -> c.nextFloat();
      case DOUBLE -> c.nextDouble();
      case STRING -> c.nextString();
      case BYTES -> c.nextBytes();
    };
  }

  private void assertRow(int c, int row, RowData got, String what) {
    RowData want = rows.get(c).get(row);
    String where = what + ", column '" + cols.get(c).name + "' (" + cols.get(c).type.wireName()
        + "), row " + row;
    assertEquals(want.lengths, got.lengths, where + ": lengths");
    assertEquals(norm(want.values), norm(got.values), where + ": values");
  }

  /**
   * Comparable forms: byte arrays and ByteBuffers as hex, floats and doubles by their raw bits
   * (NaN payloads and -0.0 count), strings as they come back from UTF-8 (unpaired surrogates
   * become '?' when written).
   */
  static List<Object> norm(List<Object> values) {
    List<Object> out = new ArrayList<>(values.size());
    for (Object v : values) {
      out.add(norm(v));
    }
    return out;
  }

  static Object norm(Object v) {
    if (v instanceof byte[] b) {
      return "bytes:" + HexFormat.of().formatHex(b);
    }
    if (v instanceof ByteBuffer bb) {
      ByteBuffer d = bb.duplicate();
      byte[] b = new byte[d.remaining()];
      d.get(b);
      return "bytes:" + HexFormat.of().formatHex(b);
    }
    if (v instanceof Float f) {
      return "float:" + Integer.toHexString(Float.floatToRawIntBits(f));
    }
    if (v instanceof Double d) {
      return "double:" + Long.toHexString(Double.doubleToRawLongBits(d));
    }
    if (v instanceof String s) {
      return new String(s.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8);
    }
    return v;
  }

  static void assertSameValue(Object expected, Object actual, String what) {
    if (!Objects.equals(norm(expected), norm(actual))) {
      fail(what + ": expected " + norm(expected) + ", got " + norm(actual));
    }
  }

  @Override
  public String toString() {
    StringBuilder b = new StringBuilder(codec.wireName()).append('/').append(checksum.wireName())
        .append(", ").append(rowCount).append(" rows:");
    for (Col c : cols) {
      b.append(" [").append(c.name).append(' ').append(c.type.wireName());
      if (c.array) {
        b.append(" array");
      }
      if (c.parent >= 0) {
        b.append(" parent ").append(cols.get(c.parent).name);
      }
      if (c.firstValues) {
        b.append(" values");
      }
      if (c.codec != null) {
        b.append(" codec ").append(c.codec.wireName());
      }
      if (c.checksum != null) {
        b.append(" checksum ").append(c.checksum.wireName());
      }
      b.append(']');
    }
    return b.toString();
  }

  static File file(Path p) {
    return p.toFile();
  }

  static Map<String, String> meta(String... kv) {
    Map<String, String> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return m;
  }

  static byte[] concat(byte[]... parts) {
    int n = Arrays.stream(parts).mapToInt(p -> p.length).sum();
    byte[] out = new byte[n];
    int at = 0;
    for (byte[] p : parts) {
      System.arraycopy(p, 0, out, at, p.length);
      at += p.length;
    }
    return out;
  }
}
