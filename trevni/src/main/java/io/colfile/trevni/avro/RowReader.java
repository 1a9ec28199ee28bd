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
import java.util.List;

/**
 * Reassembles Avro records from their Trevni columns into colfile vectors: the reverse of {@link
 * RowWriter}, and what trevni-avro's {@code AvroColumnReader} does, for the part of the rows
 * asked for. Columns are found by the names the file schema's shredding gives them. Only the
 * blocks of the columns that part needs are read: a record field left out of the projection
 * costs nothing, and a path {@code a.b.c} through records (nullable or not) reads the column of
 * {@code c} and, for each nullable record on the way, the column that says whether it is there.
 */
public final class RowReader {
  private final TrevniFileReader file;
  private final long maxNestedValues;
  private final Type type;
  private final Node[] fields;
  private final ColumnCursor[] cursors;
  private final int depth;
  private long row;

  /**
   * A reader of {@code projection}, the rows' type ({@link AvroTypes#rowType}) of {@code
   * schema} with structs pruned to some of their fields (at any depth, in the schema's order),
   * or of the whole rows when it is null.
   *
   * @throws IllegalArgumentException if {@code projection} is not such a pruning
   */
  public RowReader(TrevniFileReader file, AvroSchema schema, Type projection,
      long maxNestedValues) throws IOException {
    this.file = file;
    this.maxNestedValues = maxNestedValues;
    Type full = AvroTypes.rowType(schema);
    this.type = projection == null ? full : projection;
    AvroColumns columns = AvroColumns.of(schema);
    List<ColumnCursor> used = new ArrayList<>();
    int[] next = {0};
    this.depth = schema.depth();
    this.fields = DeepStack.run(depth, () -> {
      if (schema.kind() == AvroSchema.Kind.RECORD) {
        return record(schema, type, "", columns, next, used).fields;
      }
      // bare values; a nullable record's are wrapped as struct<value:...>
      boolean wrapped = full.kind() == TypeKind.STRUCT;
      Type want = wrapped ? only(type, "value") : type;
      return new Node[] {build(schema, want, "value", columns, next, used)};
    });
    this.cursors = used.toArray(new ColumnCursor[0]);
  }

  /** The type of the batches: the projection asked for. */
  public Type type() {
    return type;
  }

  /** The index of the next row {@link #next} reads. */
  public long row() {
    return row;
  }

  /** Fills {@code batch} with up to its capacity of rows; false when none were left. */
  public boolean next(ColumnBatch batch) throws IOException {
    int n = (int) Math.min(file.rowCount() - row, batch.capacity());
    next(batch, n);
    return n > 0;
  }

  /** Resets {@code batch} and fills it with the next {@code rows} rows, which must exist. */
  public void next(ColumnBatch batch, int rows) throws IOException {
    batch.reset();
    if (rows < 0 || rows > batch.capacity() || rows > file.rowCount() - row) {
      throw new IllegalArgumentException(rows + " rows do not fit the batch or the file");
    }
    DeepStack.run(depth, () -> {
      readRows(batch, rows);
      return null;
    });
    batch.size = rows;
  }

  private void readRows(ColumnBatch batch, int rows) throws IOException {
    for (int i = 0; i < rows; i++) {
      for (ColumnCursor c : cursors) {
        c.startRow();
      }
      for (int f = 0; f < fields.length; f++) {
        fields[f].read(batch.cols[f], i);
      }
      row++;
    }
  }

  /**
   * Positions every column read so that the next row read is {@code target} (the row count for
   * the end), nested columns included ({@link ColumnCursor#seekRow}).
   */
  public void seek(long target) throws IOException {
    for (ColumnCursor c : cursors) {
      c.seekRow(target);
    }
    row = target;
  }

  private static Type only(Type struct, String name) {
    if (struct.kind() != TypeKind.STRUCT || struct.fieldIndex(name) != 0
        || struct.children().size() != 1) {
      throw new IllegalArgumentException("not a projection of the file's rows: " + struct);
    }
    return struct.child(0);
  }

  /**
   * The nodes of the fields of record {@code s} that {@code want} (a struct, or null for all)
   * keeps; the columns of the others are passed over.
   */
  private RecordNode record(AvroSchema s, Type want, String path, AvroColumns columns,
      int[] next, List<ColumnCursor> used) throws IOException {
    List<Node> fields = new ArrayList<>();
    int kept = 0;
    for (AvroSchema.Field f : s.fields()) {
      int i = want == null ? -1 : want.fieldIndex(f.name());
      if (want != null && i < 0) {
        next[0] += AvroColumns.count(f.schema());
        continue;
      }
      if (want != null && i != kept) {
        throw new IllegalArgumentException("not a projection of the file's rows: field "
            + f.name() + " out of order in " + want);
      }
      kept++;
      String p = path.isEmpty() ? f.name() : path + "." + f.name();
      fields.add(build(f.schema(), want == null ? null : want.child(i), p, columns, next, used));
    }
    if (want != null && (want.kind() != TypeKind.STRUCT || kept != want.children().size())) {
      throw new IllegalArgumentException("not a projection of the file's rows: " + want);
    }
    return new RecordNode(path, fields);
  }

  /** The node of a value of {@code s}, of which {@code want} keeps a part (null: all of it). */
  private Node build(AvroSchema s, Type want, String path, AvroColumns columns, int[] next,
      List<ColumnCursor> used) throws IOException {
    if (AvroColumns.isSimple(s)) {
      return new SimpleNode(s, path, cursor(columns, next[0]++, used));
    }
    switch (s.kind()) {
      case RECORD:
        return record(s, want, path, columns, next, used);
      case ARRAY: {
        ColumnCursor c = cursor(columns, next[0]++, used);
        if (AvroColumns.isSimple(s.elementType())) {
          return new ArrayNode(path, c, new SimpleNode(s.elementType(), path + "[]", c), true);
        }
        return new ArrayNode(path, c, build(s.elementType(), null, path + "[]", columns, next,
            used), false);
      }
      case MAP: {
        ColumnCursor c = cursor(columns, next[0]++, used);
        ColumnCursor keys = cursor(columns, next[0]++, used);
        return new MapNode(path, c, keys, build(s.valueType(), null, path + ".value", columns,
            next, used));
      }
      case UNION: {
        // a union of null and one record is a nullable struct, which projections may prune
        long nonNull = s.branches().stream().filter(b -> b.kind() != AvroSchema.Kind.NULL)
            .count();
        List<Branch> branches = new ArrayList<>();
        for (AvroSchema b : s.branches()) {
          if (b.kind() == AvroSchema.Kind.NULL) {
            continue;
          }
          ColumnCursor c = cursor(columns, next[0]++, used);
          Node node = AvroColumns.isSimple(b) ? new SimpleNode(b, path, c)
              : build(b, nonNull == 1 ? want : null, path, columns, next, used);
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
