package io.colfile.trevni;

import io.colfile.core.io.OutputFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

/**
 * Seeded random Trevni files written with the column API: plain root columns of every type (a
 * third of them with first values: half of those sorted in Java's order, with runs of equal
 * values, declared sorted or not, the others sorted but for a few values or not at all), array
 * columns, array columns with children (plain and array children, nested again), booleans
 * inside arrays, runs of 0 and 1 lengths, small blocks so that every column has many and none
 * ends where another does.
 */
final class RandomColumnFiles {
  private static final ValueType[] TYPES = ValueType.values();
  private static final String[] WORDS = {"", "a", "ab", "apple", "Zürich", "é", "日本語",
    "\uD83D\uDE00", "\uFFFD", "\uE000x", "k", "tab\t", "\u007f"};

  private final Random r;
  private final int rows;
  private final List<ColumnSpec> specs = new ArrayList<>();
  private final List<Node> roots = new ArrayList<>();

  /** One column and its children. */
  private static final class Node {
    int column;
    ColumnSpec spec;
    final List<Node> children = new ArrayList<>();
    List<Object> sorted; // the values of a plain root column with first values, row by row
  }

  private RandomColumnFiles(Random r, int rows) {
    this.r = r;
    this.rows = rows;
  }

  /** A random file of {@code rows} rows, written with {@code options}; its bytes. */
  static byte[] write(Random r, int rows, TrevniWriterOptions options, Path dir)
      throws IOException {
    RandomColumnFiles g = new RandomColumnFiles(r, rows);
    int n = 1 + r.nextInt(5);
    for (int i = 0; i < n; i++) {
      g.roots.add(g.column("c" + i, null, 0));
    }
    Path p = Files.createTempFile(dir, "random", ".trv");
    try (TrevniFileWriter w = TrevniFileWriter.create(OutputFile.local(p), g.specs, options)) {
      for (int row = 0; row < rows; row++) {
        w.startRow();
        for (Node root : g.roots) {
          g.write(w, root, 1, row);
        }
        w.endRow();
      }
    }
    return Files.readAllBytes(p);
  }

  /** Options with a random codec and checksum and small blocks. */
  static TrevniWriterOptions options(Random r) {
    TrevniCodec[] codecs = {TrevniCodec.NULL, TrevniCodec.DEFLATE, TrevniCodec.SNAPPY};
    return TrevniWriterOptions.builder().codec(codecs[r.nextInt(codecs.length)])
        .checksum(r.nextBoolean() ? TrevniChecksum.CRC32 : TrevniChecksum.NULL)
        .blockSize(16 + r.nextInt(r.nextBoolean() ? 200 : 3000)).build();
  }

  private Node column(String name, Node parent, int depth) {
    Node n = new Node();
    ValueType type = TYPES[r.nextInt(TYPES.length)];
    int shape = parent == null ? r.nextInt(6) : r.nextInt(3);
    ColumnSpec spec = ColumnSpec.of(name, type);
    if (parent != null) {
      spec = spec.withParent(parent.spec.name());
    }
    boolean array = parent == null ? shape >= 3 : shape >= 1;
    if (array) {
      spec = spec.asArray();
    } else if (parent == null && shape <= 1 && type != ValueType.NULL) {
      n.sorted = sortedValues(type);
      if (shape == 0) { // sorted, as the spec intends first values; declared so or not
        spec = r.nextBoolean() ? spec.sorted() : spec.withFirstValues();
      } else { // legal too: first values on values out of order, a few or all
        spec = spec.withFirstValues();
        for (int i = 0, k = r.nextInt(3) == 0 ? rows : 1 + rows / 200; i < k; i++) {
          n.sorted.set(r.nextInt(rows), value(type));
        }
      }
    }
    if (array && r.nextInt(3) == 0) { // a pure repetition column, as Avro's writer makes
      spec = ColumnSpec.of(name, ValueType.NULL).asArray();
      if (parent != null) {
        spec = spec.withParent(parent.spec.name());
      }
    }
    n.spec = spec;
    n.column = specs.size();
    specs.add(spec);
    if (array && depth < 3 && (spec.type() == ValueType.NULL || r.nextInt(3) == 0)) {
      for (int i = 0, k = 1 + r.nextInt(3); i < k; i++) {
        n.children.add(column(name + "#x" + i, n, depth + 1));
      }
    }
    return n;
  }

  /** Writes {@code entries} entries of {@code n} and, below, its children's. */
  private void write(TrevniFileWriter w, Node n, int entries, int row) {
    int elements = 0;
    for (int e = 0; e < entries; e++) {
      if (n.spec.isArray()) {
        int length = r.nextInt(3) == 0 ? r.nextInt(2) : r.nextInt(r.nextInt(10) == 0 ? 20 : 4);
        w.writeLength(n.column, length);
        for (int k = 0; k < length; k++) {
          w.writeValue(n.column, value(n.spec.type()));
        }
        elements += length;
      } else {
        w.writeValue(n.column, n.sorted != null ? n.sorted.get(row) : value(n.spec.type()));
      }
    }
    for (Node c : n.children) {
      write(w, c, elements, row);
    }
  }

  private List<Object> sortedValues(ValueType type) {
    List<Object> values = new ArrayList<>();
    while (values.size() < rows) {
      Object v = value(type);
      for (int k = r.nextInt(4) == 0 ? 1 + r.nextInt(60) : 1; k > 0; k--) {
        values.add(v);
      }
    }
    values = new ArrayList<>(values.subList(0, rows));
    values.sort(javaOrder(type));
    return values;
  }

  /** Apache Avro's Java order of boxed values (trevni.md section 8). */
  @SuppressWarnings("unchecked")
  static Comparator<Object> javaOrder(ValueType type) {
    if (type == ValueType.BYTES) {
      return (a, b) -> ByteBuffer.wrap((byte[]) a).compareTo(ByteBuffer.wrap((byte[]) b));
    }
    return (a, b) -> ((Comparable<Object>) a).compareTo(b);
  }

  Object value(ValueType type) {
    int k = r.nextInt(10);
    switch (type) {
      case NULL: return null;
      case BOOLEAN: return r.nextBoolean();
      case INT: case FIXED32:
        return k == 0 ? Integer.MIN_VALUE : k == 1 ? Integer.MAX_VALUE : r.nextInt(200) - 100;
      case LONG: case FIXED64:
        return k == 0 ? Long.MIN_VALUE : k == 1 ? Long.MAX_VALUE : k < 4 ? r.nextLong()
            : (long) r.nextInt(1000) - 500;
      case FLOAT: {
        float[] edges = {Float.NaN, -0.0f, 0.0f, Float.NEGATIVE_INFINITY,
            Float.POSITIVE_INFINITY, Float.MIN_VALUE};
        return k == 0 ? edges[r.nextInt(edges.length)] : (float) (r.nextInt(400) - 200) / 8;
      }
      case DOUBLE: {
        double[] edges = {Double.NaN, -0.0, 0.0, Double.NEGATIVE_INFINITY,
            Double.POSITIVE_INFINITY, -Double.MAX_VALUE};
        return k == 0 ? edges[r.nextInt(edges.length)] : (r.nextInt(400) - 200) / 8.0;
      }
      case STRING:
        return k < 3 ? WORDS[r.nextInt(WORDS.length)] : WORDS[r.nextInt(WORDS.length)]
            + (char) ('a' + r.nextInt(26)) + r.nextInt(100);
      case BYTES: {
        byte[] b = new byte[r.nextInt(k == 0 ? 12 : 4)];
        for (int i = 0; i < b.length; i++) {
          b[i] = (byte) (r.nextBoolean() ? r.nextInt(256) : 'a' + r.nextInt(3));
        }
        return b;
      }
      default:
        throw new AssertionError(type);
    }
  }
}
