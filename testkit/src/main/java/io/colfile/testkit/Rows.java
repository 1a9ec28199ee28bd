package io.colfile.testkit;

import io.colfile.core.BatchReader;
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
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Rows as plain Java values, for comparing what readers return: a struct row is a {@link List}
 * of its fields; NULL is null; booleans {@link Boolean}; other integers and dates {@link Long};
 * float and double {@link Double}; decimals {@link BigDecimal} at the column's scale; strings
 * and binary a read-only {@link ByteBuffer} (equal by content); timestamps {@link Instant} of
 * the vector's seconds and nanoseconds; lists {@link List}; maps a list of {@link
 * java.util.Map.Entry}; unions a {@link Variant}.
 */
public final class Rows {
  private Rows() {}

  /** A union value: the variant's tag and its value. */
  public record Variant(int tag, Object value) {}

  /** Reads every row {@code reader} gives, validating each batch. */
  public static List<Object> readAll(BatchReader reader) throws IOException {
    List<Object> out = new ArrayList<>();
    ColumnBatch batch = reader.newBatch();
    while (reader.next(batch)) {
      batch.validate();
      if (batch.size == 0) {
        throw new AssertionError("next() returned true with an empty batch");
      }
      addAll(batch, out);
    }
    return out;
  }

  /** Appends every row of {@code batch}. */
  public static void addAll(ColumnBatch batch, List<Object> out) {
    for (int r = 0; r < batch.size; r++) {
      out.add(row(batch, r));
    }
  }

  /** Row {@code r} of {@code batch}: a list of fields for a struct schema, else the value. */
  public static Object row(ColumnBatch batch, int r) {
    Type schema = batch.schema();
    if (schema.kind() != TypeKind.STRUCT) {
      return value(schema, batch.cols[0], r);
    }
    List<Object> fields = new ArrayList<>();
    for (int i = 0; i < batch.cols.length; i++) {
      fields.add(value(schema.child(i), batch.cols[i], r));
    }
    return fields;
  }

  /** Row {@code r} of {@code v}, a vector of {@code type}. */
  public static Object value(Type type, ColumnVector v, int r) {
    if (v.isNull(r)) {
      return null;
    }
    switch (type.kind()) {
      case BOOLEAN: return ((LongVector) v).vector[r] != 0;
      case BYTE: case SHORT: case INT: case LONG: case DATE: return ((LongVector) v).vector[r];
      case FLOAT: case DOUBLE: return ((DoubleVector) v).vector[r];
      case DECIMAL: return ((DecimalVector) v).get(r);
      case STRING: case VARCHAR: case CHAR: case BINARY: case GEOMETRY: case GEOGRAPHY: {
        BytesVector b = (BytesVector) v;
        return ByteBuffer.wrap(Arrays.copyOfRange(b.vector[r], b.start[r],
            b.start[r] + b.length[r])).asReadOnlyBuffer();
      }
      case TIMESTAMP: case TIMESTAMP_INSTANT: {
        TimestampVector t = (TimestampVector) v;
        return Instant.ofEpochSecond(t.seconds[r], t.nanos[r]);
      }
      case STRUCT: {
        StructVector s = (StructVector) v;
        List<Object> fields = new ArrayList<>();
        for (int i = 0; i < s.fields.length; i++) {
          fields.add(value(type.child(i), s.fields[i], r));
        }
        return fields;
      }
      case LIST: {
        ListVector l = (ListVector) v;
        List<Object> items = new ArrayList<>();
        for (int i = 0; i < l.lengths[r]; i++) {
          items.add(value(type.child(0), l.child, l.offsets[r] + i));
        }
        return items;
      }
      case MAP: {
        MapVector m = (MapVector) v;
        List<Object> entries = new ArrayList<>();
        for (int i = 0; i < m.lengths[r]; i++) {
          int e = m.offsets[r] + i;
          entries.add(new AbstractMap.SimpleImmutableEntry<>(value(type.child(0), m.keys, e),
              value(type.child(1), m.values, e)));
        }
        return entries;
      }
      case UNION: {
        UnionVector u = (UnionVector) v;
        int tag = u.tags[r];
        return new Variant(tag, value(type.child(tag), u.fields[tag], u.offsets[r]));
      }
      default:
        throw new IllegalArgumentException("no value for " + type);
    }
  }

  /**
   * The value at {@code path} (field names through structs) of a struct row, null when it or a
   * struct on the way is NULL.
   */
  public static Object at(Type schema, Object row, List<String> path) {
    Type t = schema;
    Object v = row;
    for (String name : path) {
      if (v == null) {
        return null;
      }
      int i = t.fieldIndex(name);
      if (i < 0) {
        throw new IllegalArgumentException("no field " + name + " in " + t);
      }
      v = ((List<?>) v).get(i);
      t = t.child(i);
    }
    return v;
  }

  /** The type at {@code path} of {@code schema}. */
  public static Type typeAt(Type schema, List<String> path) {
    Type t = schema;
    for (String name : path) {
      t = t.child(t.fieldIndex(name));
    }
    return t;
  }
}
