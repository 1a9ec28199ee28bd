package io.colfile.trevni.avro;

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
import io.colfile.trevni.TrevniFileWriter;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes rows of colfile vectors as Avro records shredded into Trevni columns, in the order and
 * with the length protocol of trevni-avro's {@code AvroColumnWriter}. The batch's schema is
 * {@link AvroTypes#rowType} of the Avro schema.
 */
public final class RowWriter {
  private final TrevniFileWriter out;
  private final AvroColumns columns;
  private final Node root;
  private final boolean recordRoot;
  private final int depth;
  private long row;

  public RowWriter(AvroSchema schema, AvroColumns columns, TrevniFileWriter out) {
    this.out = out;
    this.columns = columns;
    this.recordRoot = schema.kind() == AvroSchema.Kind.RECORD;
    int[] next = {0};
    this.depth = schema.depth();
    this.root = DeepStack.run(depth, () -> build(schema, recordRoot ? "" : "value", next));
    if (next[0] != columns.size()) {
      throw new IllegalStateException("shredding mismatch: " + next[0] + " of "
          + columns.size() + " columns");
    }
  }

  /** Writes the batch's rows. */
  public void write(ColumnBatch batch) {
    DeepStack.run(depth, () -> {
      writeRows(batch);
      return null;
    });
  }

  private void writeRows(ColumnBatch batch) {
    for (int i = 0; i < batch.size; i++) {
      out.startRow();
      if (recordRoot) {
        ((RecordNode) root).writeFields(batch.cols, i);
      } else {
        root.write(batch.cols[0], i);
      }
      out.endRow();
      row++;
    }
  }

  private Node build(AvroSchema s, String path, int[] next) {
    if (AvroColumns.isSimple(s)) {
      return new SimpleNode(s, path, next[0]++);
    }
    int col = next[0];
    switch (s.kind()) {
      case RECORD: {
        List<Node> fields = new ArrayList<>();
        for (AvroSchema.Field f : s.fields()) {
          fields.add(build(f.schema(), path.isEmpty() ? f.name() : path + "." + f.name(), next));
        }
        return new RecordNode(path, fields);
      }
      case ARRAY: {
        next[0]++;
        if (AvroColumns.isSimple(s.elementType())) {
          return new ArrayNode(path, col, new SimpleNode(s.elementType(), path + "[]", col),
              true);
        }
        Node element = build(s.elementType(), path + "[]", next);
        return new ArrayNode(path, col, element, false);
      }
      case MAP: {
        next[0] += 2;
        Node value = build(s.valueType(), path + ".value", next);
        return new MapNode(path, col, value);
      }
      case UNION: {
        List<Branch> branches = new ArrayList<>();
        boolean nullable = false;
        for (AvroSchema b : s.branches()) {
          if (b.kind() == AvroSchema.Kind.NULL) {
            nullable = true;
            continue;
          }
          int bcol = next[0]++;
          Node node = AvroColumns.isSimple(b) ? new SimpleNode(b, path, bcol)
              : build(b, path, next);
          branches.add(new Branch(bcol, node, AvroColumns.isSimple(b)));
        }
        return new UnionNode(path, branches, nullable);
      }
      default:
        throw new AssertionError(s.kind());
    }
  }

  private IllegalArgumentException error(String path, String problem) {
    return new IllegalArgumentException("row " + row + ", column "
        + (path.isEmpty() ? "(row)" : path) + ": " + problem);
  }

  private abstract class Node {
    final String path;

    Node(String path) {
      this.path = path;
    }

    /** Writes row {@code i} of {@code v}, which is not null where the schema is not nullable. */
    abstract void write(ColumnVector v, int i);

    void checkNotNull(ColumnVector v, int i) {
      if (v.isNull(i)) {
        throw error(path, "null where the Avro schema has no null");
      }
    }
  }

  private final class SimpleNode extends Node {
    final int col;
    final AvroSchema.Kind kind;
    final TypeKind type;
    final String logical;
    final int fixedSize;
    final Map<String, Integer> ordinals;

    SimpleNode(AvroSchema s, String path, int col) {
      super(path);
      this.col = col;
      this.kind = s.kind();
      Type t = AvroTypes.toType(s);
      this.type = t.kind();
      this.logical = s.logicalType();
      this.fixedSize = kind == AvroSchema.Kind.FIXED ? s.fixedSize() : -1;
      if (kind == AvroSchema.Kind.ENUM) {
        ordinals = new HashMap<>();
        List<String> symbols = s.symbols();
        for (int k = 0; k < symbols.size(); k++) {
          ordinals.put(symbols.get(k), k);
        }
      } else {
        ordinals = null;
      }
    }

    @Override
    void write(ColumnVector v, int i) {
      if (kind == AvroSchema.Kind.NULL) {
        if (!v.isNull(i)) {
          throw error(path, "a value where the Avro schema allows only null");
        }
        out.writeNull(col);
        return;
      }
      checkNotNull(v, i);
      switch (kind) {
        case BOOLEAN -> out.writeBoolean(col, ((LongVector) v).vector[i] != 0);
        case INT -> {
          long x = ((LongVector) v).vector[i];
          if (x != (int) x) {
            throw error(path, x + " does not fit an Avro int");
          }
          out.writeInt(col, (int) x);
        }
        case LONG -> out.writeLong(col, type == TypeKind.LONG ? ((LongVector) v).vector[i]
            : toUnits((TimestampVector) v, i));
        case FLOAT -> out.writeFloat(col, (float) ((DoubleVector) v).vector[i]);
        case DOUBLE -> out.writeDouble(col, ((DoubleVector) v).vector[i]);
        case STRING -> {
          BytesVector b = (BytesVector) v;
          out.writeBytes(col, b.vector[i], b.start[i], b.length[i]);
        }
        case BYTES -> {
          if (type == TypeKind.DECIMAL) {
            byte[] b = unscaled((DecimalVector) v, i).toByteArray();
            out.writeBytes(col, b, 0, b.length);
          } else {
            BytesVector b = (BytesVector) v;
            out.writeBytes(col, b.vector[i], b.start[i], b.length[i]);
          }
        }
        case FIXED -> {
          byte[] b;
          if (type == TypeKind.DECIMAL) {
            b = fixedDecimal(unscaled((DecimalVector) v, i));
          } else {
            b = ((BytesVector) v).get(i);
            if (b.length != fixedSize) {
              throw error(path, b.length + " bytes for a fixed of size " + fixedSize);
            }
          }
          out.writeBytes(col, b, 0, b.length);
        }
        case ENUM -> {
          String symbol = ((BytesVector) v).getString(i);
          Integer ordinal = ordinals.get(symbol);
          if (ordinal == null) {
            throw error(path, "'" + symbol + "' is not a symbol of the enum " + ordinals.keySet());
          }
          out.writeInt(col, ordinal);
        }
        default -> throw new AssertionError(kind);
      }
    }

    private BigInteger unscaled(DecimalVector d, int i) {
      return d.unscaledBig(i);
    }

    private byte[] fixedDecimal(BigInteger unscaled) {
      byte[] raw = unscaled.toByteArray();
      if (raw.length > fixedSize) {
        throw error(path, "decimal " + unscaled + " does not fit a fixed of " + fixedSize
            + " bytes");
      }
      byte[] b = new byte[fixedSize];
      byte fill = (byte) (unscaled.signum() < 0 ? 0xFF : 0);
      for (int k = 0; k < fixedSize - raw.length; k++) {
        b[k] = fill;
      }
      System.arraycopy(raw, 0, b, fixedSize - raw.length, raw.length);
      return b;
    }

    private long toUnits(TimestampVector t, int i) {
      long seconds = t.seconds[i];
      int nanos = t.nanos[i];
      long perSecond = logical.endsWith("millis") ? 1_000L
          : logical.endsWith("micros") ? 1_000_000L : 1_000_000_000L;
      long fraction = nanos / (1_000_000_000L / perSecond);
      long s = seconds;
      if (s < 0 && fraction > 0) {
        // keeps the product in range down to the smallest long
        s += 1;
        fraction -= perSecond;
      }
      try {
        return Math.addExact(Math.multiplyExact(s, perSecond), fraction);
      } catch (ArithmeticException e) {
        throw error(path, "timestamp " + seconds + "s + " + nanos + "ns is outside the range of "
            + logical + " (a long count since 1970; for nanoseconds 1677-09-21 to 2262-04-11)");
      }
    }
  }

  private final class RecordNode extends Node {
    final Node[] fields;

    RecordNode(String path, List<Node> fields) {
      super(path);
      this.fields = fields.toArray(new Node[0]);
    }

    @Override
    void write(ColumnVector v, int i) {
      checkNotNull(v, i);
      writeFields(((StructVector) v).fields, i);
    }

    void writeFields(ColumnVector[] vectors, int i) {
      for (int f = 0; f < fields.length; f++) {
        fields[f].write(vectors[f], i);
      }
    }
  }

  private final class ArrayNode extends Node {
    final int col;
    final Node element;
    final boolean simple;

    ArrayNode(String path, int col, Node element, boolean simple) {
      super(path);
      this.col = col;
      this.element = element;
      this.simple = simple;
    }

    @Override
    void write(ColumnVector v, int i) {
      checkNotNull(v, i);
      if (v instanceof MapVector m) {
        writeEntries(this, m, i);
        return;
      }
      ListVector l = (ListVector) v;
      int n = l.lengths[i];
      int off = l.offsets[i];
      out.writeLength(col, n);
      for (int k = 0; k < n; k++) {
        if (!simple) {
          out.writeNull(col);
        }
        element.write(l.child, off + k);
      }
    }
  }

  /** Ends {@link ArrayNode}: a map whose keys Avro cannot hold, as key/value records. */
  private void writeEntries(ArrayNode a, MapVector m, int i) {
    RecordNode entry = (RecordNode) a.element;
    int n = m.lengths[i];
    int off = m.offsets[i];
    out.writeLength(a.col, n);
    for (int k = 0; k < n; k++) {
      out.writeNull(a.col);
      entry.fields[0].write(m.keys, off + k);
      entry.fields[1].write(m.values, off + k);
    }
  }

  private final class MapNode extends Node {
    final int col;
    final Node value;

    MapNode(String path, int col, Node value) {
      super(path);
      this.col = col;
      this.value = value;
    }

    @Override
    void write(ColumnVector v, int i) {
      checkNotNull(v, i);
      MapVector m = (MapVector) v;
      BytesVector keys = (BytesVector) m.keys;
      int n = m.lengths[i];
      int off = m.offsets[i];
      out.writeLength(col, n);
      for (int k = 0; k < n; k++) {
        out.writeNull(col);
        if (keys.isNull(off + k)) {
          throw error(path, "a null map key (Avro map keys are strings)");
        }
        out.writeBytes(col + 1, keys.vector[off + k], keys.start[off + k],
            keys.length[off + k]);
        value.write(m.values, off + k);
      }
    }
  }

  private record Branch(int col, Node node, boolean simple) {}

  private final class UnionNode extends Node {
    final Branch[] branches;
    final boolean nullable;

    UnionNode(String path, List<Branch> branches, boolean nullable) {
      super(path);
      this.branches = branches.toArray(new Branch[0]);
      this.nullable = nullable;
    }

    @Override
    void write(ColumnVector v, int i) {
      int selected = -1;
      ColumnVector child = v;
      int index = i;
      if (v.isNull(i)) {
        if (!nullable) {
          throw error(path, "null where the Avro union has no null branch");
        }
      } else if (v instanceof UnionVector u) {
        // a colfile union: one Avro branch per variant (a single variant, ["null", X], too)
        selected = u.tags[i];
        child = u.fields[selected];
        index = u.offsets[i];
        if (child.isNull(index)) {
          // Avro's branches cannot hold null: a union holding a null variant is stored as null
          if (!nullable) {
            throw error(path, "a union variant holding null, and the Avro union has no null");
          }
          selected = -1;
        }
      } else {
        selected = 0;
      }
      for (int k = 0; k < branches.length; k++) {
        Branch b = branches[k];
        if (k != selected) {
          out.writeLength(b.col, 0);
          continue;
        }
        out.writeLength(b.col, 1);
        if (!b.simple) {
          out.writeNull(b.col);
        }
        b.node.write(child, index);
      }
    }
  }
}
