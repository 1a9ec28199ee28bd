package io.colfile.trevni.avro;

import io.colfile.core.error.CorruptFileException;
import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.DecimalVector;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.ListVector;
import io.colfile.core.vector.LongVector;
import io.colfile.core.vector.MapVector;
import io.colfile.core.vector.StructVector;
import io.colfile.core.vector.TimestampVector;
import io.colfile.core.vector.UnionVector;
import io.colfile.trevni.ColumnCursor;
import io.colfile.trevni.TrevniFileReader;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reassembles Avro records from their Trevni columns into colfile vectors: the reverse of {@link
 * RowWriter}, and what trevni-avro's {@code AvroColumnReader} does, for the top-level fields
 * asked for. Columns are found by the names the file schema's shredding gives them. Only the
 * blocks of the columns of those fields are read.
 */
public final class RowReader {
  private final TrevniFileReader file;
  private final long maxNestedValues;
  private final Type type;
  private final Node[] fields;
  private final ColumnCursor[] cursors;
  private final boolean recordRoot;
  private long row;

  /**
   * A reader of the top-level {@code fieldNames} of {@code schema} (all fields when null); a
   * schema that is not a record gives its values bare.
   */
  public RowReader(TrevniFileReader file, AvroSchema schema, List<String> fieldNames,
      long maxNestedValues) throws IOException {
    this.file = file;
    this.maxNestedValues = maxNestedValues;
    this.recordRoot = schema.kind() == AvroSchema.Kind.RECORD;
    AvroColumns columns = AvroColumns.of(schema);
    // the first column of each top-level field, in shredding order
    Map<String, AvroSchema> all = new LinkedHashMap<>();
    Map<String, Integer> firstColumn = new LinkedHashMap<>();
    int[] next = {0};
    if (recordRoot) {
      for (AvroSchema.Field f : schema.fields()) {
        all.put(f.name(), f.schema());
        firstColumn.put(f.name(), next[0]);
        next[0] += countColumns(f.schema());
      }
    } else {
      all.put("value", schema);
      firstColumn.put("value", 0);
    }
    List<String> names = fieldNames == null ? new ArrayList<>(all.keySet()) : fieldNames;
    List<String> typeNames = new ArrayList<>();
    List<Type> types = new ArrayList<>();
    List<Node> nodes = new ArrayList<>();
    List<ColumnCursor> used = new ArrayList<>();
    for (String name : names) {
      AvroSchema s = all.get(name);
      if (s == null) {
        throw new IllegalArgumentException("no top-level field '" + name + "' in " + file.name()
            + " (fields: " + all.keySet() + ")");
      }
      int[] at = {firstColumn.get(name)};
      nodes.add(build(s, name, columns, at, used));
      typeNames.add(name);
      types.add(AvroTypes.toType(s));
    }
    if (!recordRoot && fieldNames != null) {
      throw new IllegalArgumentException(file.name() + " holds bare values, not records: "
          + "there are no fields to choose");
    }
    this.type = recordRoot ? Type.struct(typeNames, types) : AvroTypes.rowType(schema);
    this.fields = nodes.toArray(new Node[0]);
    this.cursors = used.toArray(new ColumnCursor[0]);
  }

  /** The type of the batches: a struct of the fields asked for, or the bare values' type. */
  public Type type() {
    return type;
  }

  /** Fills {@code batch} with up to its capacity of rows; false when none were left. */
  public boolean next(ColumnBatch batch) throws IOException {
    batch.reset();
    long left = file.rowCount() - row;
    int n = (int) Math.min(left, batch.capacity());
    for (int i = 0; i < n; i++) {
      for (ColumnCursor c : cursors) {
        c.startRow();
      }
      for (int f = 0; f < fields.length; f++) {
        fields[f].read(batch.cols[f], i);
      }
      row++;
    }
    batch.size = n;
    return n > 0;
  }

  private static int countColumns(AvroSchema s) {
    return AvroColumns.of(s).size();
  }

  private Node build(AvroSchema s, String path, AvroColumns columns, int[] next,
      List<ColumnCursor> used) throws IOException {
    if (AvroColumns.isSimple(s)) {
      return new SimpleNode(s, path, cursor(columns, next[0]++, used));
    }
    switch (s.kind()) {
      case RECORD: {
        List<Node> fields = new ArrayList<>();
        for (AvroSchema.Field f : s.fields()) {
          fields.add(build(f.schema(), path + "." + f.name(), columns, next, used));
        }
        return new RecordNode(path, fields);
      }
      case ARRAY: {
        ColumnCursor c = cursor(columns, next[0]++, used);
        if (AvroColumns.isSimple(s.elementType())) {
          return new ArrayNode(path, c, new SimpleNode(s.elementType(), path + "[]", c), true);
        }
        return new ArrayNode(path, c, build(s.elementType(), path + "[]", columns, next, used),
            false);
      }
      case MAP: {
        ColumnCursor c = cursor(columns, next[0]++, used);
        ColumnCursor keys = cursor(columns, next[0]++, used);
        return new MapNode(path, c, keys, build(s.valueType(), path + ".value", columns, next,
            used));
      }
      case UNION: {
        List<Branch> branches = new ArrayList<>();
        for (AvroSchema b : s.branches()) {
          if (b.kind() == AvroSchema.Kind.NULL) {
            continue;
          }
          ColumnCursor c = cursor(columns, next[0]++, used);
          Node node = AvroColumns.isSimple(b) ? new SimpleNode(b, path, c)
              : build(b, path, columns, next, used);
          branches.add(new Branch(c, node, AvroColumns.isSimple(b)));
        }
        return new UnionNode(path, branches);
      }
      default:
        throw new AssertionError(s.kind());
    }
  }

  private ColumnCursor cursor(AvroColumns columns, int index, List<ColumnCursor> used)
      throws IOException {
    String name = columns.specs().get(index).name();
    int i = file.columnIndex(name);
    if (i < 0) {
      throw new CorruptFileException(file.name(), "header", -1, "the Avro schema calls for a "
          + "column named '" + name + "', which the file does not have");
    }
    var spec = file.column(i);
    var want = columns.specs().get(index);
    if (spec.type() != want.type() || spec.isArray() != want.isArray()) {
      throw new CorruptFileException(file.name(), "header", -1, "column '" + name + "' is "
          + spec + " in the file; its Avro schema calls for " + want);
    }
    ColumnCursor c = file.cursor(i);
    used.add(c);
    return c;
  }

  private CorruptFileException corrupt(String path, String problem) {
    return new CorruptFileException(file.name(), "row " + row + ", field "
        + path, -1, problem);
  }

  private static void setNull(ColumnVector v, int i) {
    v.setNull(i);
    if (v instanceof StructVector s) {
      for (ColumnVector f : s.fields) {
        setNull(f, i);
      }
    } else if (v instanceof ListVector l) {
      l.offsets[i] = l.childCount;
      l.lengths[i] = 0;
    } else if (v instanceof MapVector m) {
      m.offsets[i] = m.childCount;
      m.lengths[i] = 0;
    }
  }

  private abstract static class Node {
    final String path;

    Node(String path) {
      this.path = path;
    }

    abstract void read(ColumnVector v, int i) throws IOException;
  }

  private final class SimpleNode extends Node {
    final ColumnCursor c;
    final AvroSchema.Kind kind;
    final TypeKind type;
    final String logical;
    final byte[][] symbols;

    SimpleNode(AvroSchema s, String path, ColumnCursor c) {
      super(path);
      this.c = c;
      this.kind = s.kind();
      this.type = AvroTypes.toType(s).kind();
      this.logical = s.logicalType();
      if (kind == AvroSchema.Kind.ENUM) {
        symbols = new byte[s.symbols().size()][];
        for (int k = 0; k < symbols.length; k++) {
          symbols[k] = s.symbols().get(k).getBytes(StandardCharsets.UTF_8);
        }
      } else {
        symbols = null;
      }
    }

    @Override
    void read(ColumnVector v, int i) throws IOException {
      switch (kind) {
        case NULL -> {
          c.nextNull();
          v.setNull(i);
        }
        case BOOLEAN -> ((LongVector) v).vector[i] = c.nextBoolean() ? 1 : 0;
        case INT -> ((LongVector) v).vector[i] = c.nextInt();
        case LONG -> {
          long x = c.nextLong();
          if (type == TypeKind.LONG) {
            ((LongVector) v).vector[i] = x;
          } else {
            fromUnits((TimestampVector) v, i, x);
          }
        }
        case FLOAT -> ((DoubleVector) v).vector[i] = c.nextFloat();
        case DOUBLE -> ((DoubleVector) v).vector[i] = c.nextDouble();
        case STRING, BYTES, FIXED -> {
          int n = c.nextBytesLength();
          if (type == TypeKind.DECIMAL) {
            decimal((DecimalVector) v, i, n);
          } else {
            ((BytesVector) v).setRef(i, c.buffer(), c.position() - n, n);
          }
        }
        case ENUM -> {
          int ordinal = c.nextInt();
          if (ordinal < 0 || ordinal >= symbols.length) {
            throw corrupt(path, "enum ordinal " + ordinal + " out of the " + symbols.length
                + " symbols");
          }
          ((BytesVector) v).setRef(i, symbols[ordinal], 0, symbols[ordinal].length);
        }
        default -> throw new AssertionError(kind);
      }
    }

    private void decimal(DecimalVector d, int i, int n) throws CorruptFileException {
      if (n == 0) {
        throw corrupt(path, "a decimal with no bytes");
      }
      BigInteger unscaled = new BigInteger(c.buffer(), c.position() - n, n);
      if (d.isWide) {
        d.wide[i] = unscaled;
      } else if (unscaled.bitLength() > 63) {
        throw corrupt(path, "decimal " + unscaled + " exceeds precision " + d.precision);
      } else {
        d.unscaled[i] = unscaled.longValue();
      }
    }

    private void fromUnits(TimestampVector t, int i, long x) {
      long perSecond = logical.endsWith("millis") ? 1_000L
          : logical.endsWith("micros") ? 1_000_000L : 1_000_000_000L;
      t.seconds[i] = Math.floorDiv(x, perSecond);
      t.nanos[i] = (int) (Math.floorMod(x, perSecond) * (1_000_000_000L / perSecond));
    }
  }

  private final class RecordNode extends Node {
    final Node[] fields;

    RecordNode(String path, List<Node> fields) {
      super(path);
      this.fields = fields.toArray(new Node[0]);
    }

    @Override
    void read(ColumnVector v, int i) throws IOException {
      StructVector s = (StructVector) v;
      for (int f = 0; f < fields.length; f++) {
        fields[f].read(s.fields[f], i);
      }
    }
  }

  private void checkNested(String path, long count) throws CorruptFileException {
    if (count > maxNestedValues) {
      throw corrupt(path, "more than " + maxNestedValues + " nested values in one batch "
          + "(ReadOptions.withMaxNestedValues raises the limit; a smaller batch also helps)");
    }
  }

  private final class ArrayNode extends Node {
    final ColumnCursor c;
    final Node element;
    final boolean simple;

    ArrayNode(String path, ColumnCursor c, Node element, boolean simple) {
      super(path);
      this.c = c;
      this.element = element;
      this.simple = simple;
    }

    @Override
    void read(ColumnVector v, int i) throws IOException {
      ListVector l = (ListVector) v;
      int n = c.nextLength();
      int off = l.childCount;
      checkNested(path, (long) off + n);
      l.offsets[i] = off;
      l.lengths[i] = n;
      l.childCount = off + n;
      for (int k = 0; k < n; k++) {
        // grown as elements arrive, so a damaged length fails on the data, not on memory
        l.child.ensureCapacity(off + k + 1, true);
        if (!simple) {
          c.nextNull();
        }
        element.read(l.child, off + k);
      }
    }
  }

  private final class MapNode extends Node {
    final ColumnCursor c;
    final ColumnCursor keys;
    final Node value;

    MapNode(String path, ColumnCursor c, ColumnCursor keys, Node value) {
      super(path);
      this.c = c;
      this.keys = keys;
      this.value = value;
    }

    @Override
    void read(ColumnVector v, int i) throws IOException {
      MapVector m = (MapVector) v;
      int n = c.nextLength();
      int off = m.childCount;
      checkNested(path, (long) off + n);
      m.offsets[i] = off;
      m.lengths[i] = n;
      m.childCount = off + n;
      BytesVector kv = (BytesVector) m.keys;
      for (int k = 0; k < n; k++) {
        m.keys.ensureCapacity(off + k + 1, true);
        m.values.ensureCapacity(off + k + 1, true);
        c.nextNull();
        int len = keys.nextBytesLength();
        kv.setRef(off + k, keys.buffer(), keys.position() - len, len);
        value.read(m.values, off + k);
      }
    }
  }

  private record Branch(ColumnCursor c, Node node, boolean simple) {}

  private final class UnionNode extends Node {
    final Branch[] branches;

    UnionNode(String path, List<Branch> branches) {
      super(path);
      this.branches = branches.toArray(new Branch[0]);
    }

    @Override
    void read(ColumnVector v, int i) throws IOException {
      int selected = -1;
      for (int k = 0; k < branches.length; k++) {
        Branch b = branches[k];
        int n = b.c.nextLength();
        if (n == 0) {
          continue;
        }
        if (n != 1 || selected >= 0) {
          throw corrupt(path, n != 1 ? "union branch length " + n + " (0 or 1 expected)"
              : "two union branches hold a value");
        }
        selected = k;
        ColumnVector target = v;
        int index = i;
        if (branches.length > 1) {
          UnionVector u = (UnionVector) v;
          u.tags[i] = k;
          index = u.counts[k]++;
          u.offsets[i] = index;
          target = u.fields[k];
          target.ensureCapacity(index + 1, true);
        }
        if (!b.simple) {
          b.c.nextNull();
        }
        b.node.read(target, index);
      }
      if (selected < 0) {
        setNull(v, i);
      }
    }
  }
}
