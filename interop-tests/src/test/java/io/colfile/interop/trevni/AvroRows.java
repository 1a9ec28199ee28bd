package io.colfile.interop.trevni;

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
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.LogicalType;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericEnumSymbol;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.generic.IndexedRecord;

/**
 * Avro data in colfile's terms, written from the mapping colfile documents for Trevni files with
 * an Avro schema (record → struct, array → list, map → map&lt;string,V&gt;, enum → string, fixed →
 * binary, [null, X] → nullable X, several non-null branches → uniontype, null → boolean that is
 * always null, and the logical types date, timestamp-*, local-timestamp-*, decimal,
 * varchar/char): the row type a schema should get, Avro records put into colfile's vectors, and
 * a common comparable form for values from either side:
 *
 * <pre>
 * null                     null
 * boolean                  Boolean
 * int, long, date          Long (date: days)
 * float / double           Float / Double
 * string, enum, varchar    String
 * bytes, fixed             Bin (hex)
 * decimal                  BigDecimal at the schema's scale
 * timestamps               Ts (seconds, nanos of second)
 * record                   List of the field values
 * array                    List
 * map                      LinkedHashMap with String keys (compared as maps)
 * uniontype                U (index among the non-null branches, value)
 * </pre>
 */
final class AvroRows {
  private AvroRows() {}

  record Bin(String hex) {
    static Bin of(byte[] b) {
      return new Bin(HexFormat.of().formatHex(b));
    }
  }

  record Ts(long seconds, int nanos) {}

  record U(int tag, Object value) {}

  // ---- the type colfile should give a schema -------------------------------------------------

  /**
   * A record's struct; other schemas' values bare, but a struct (a union of null and a record)
   * wrapped as struct<value:...> so that its nulls have a place.
   */
  static Type rowType(Schema s) {
    Type t = type(s);
    return s.getType() != Schema.Type.RECORD && t.kind() == TypeKind.STRUCT
        ? Type.struct(List.of("value"), List.of(t)) : t;
  }

  static Type type(Schema s) {
    LogicalType lt = s.getLogicalType();
    String ltName = s.getProp("logicalType");
    switch (s.getType()) {
      case NULL:
        return Type.BOOLEAN;
      case BOOLEAN:
        return Type.BOOLEAN;
      case INT:
        return lt instanceof LogicalTypes.Date ? Type.DATE : Type.INT;
      case LONG:
        if (lt instanceof LogicalTypes.TimestampMillis || lt instanceof LogicalTypes.TimestampMicros
            || lt instanceof LogicalTypes.TimestampNanos) {
          return Type.TIMESTAMP_INSTANT;
        }
        if (lt instanceof LogicalTypes.LocalTimestampMillis
            || lt instanceof LogicalTypes.LocalTimestampMicros
            || lt instanceof LogicalTypes.LocalTimestampNanos) {
          return Type.TIMESTAMP;
        }
        return Type.LONG;
      case FLOAT:
        return Type.FLOAT;
      case DOUBLE:
        return Type.DOUBLE;
      case STRING:
        if ("varchar".equals(ltName)) {
          return Type.varchar(maxLength(s));
        }
        if ("char".equals(ltName)) {
          return Type.charType(maxLength(s));
        }
        return Type.STRING;
      case BYTES:
      case FIXED:
        if (lt instanceof LogicalTypes.Decimal d) {
          return Type.decimal(d.getPrecision(), d.getScale());
        }
        return Type.BINARY;
      case ENUM:
        return Type.STRING;
      case RECORD: {
        // a child is nullable exactly when Avro's own Schema.isNullable says so (required
        // fields are not)
        List<String> names = new ArrayList<>();
        List<Type> types = new ArrayList<>();
        List<Boolean> nullable = new ArrayList<>();
        for (Schema.Field f : s.getFields()) {
          names.add(f.name());
          types.add(type(f.schema()));
          nullable.add(f.schema().isNullable());
        }
        return Type.struct(names, types, nullable);
      }
      case ARRAY:
        return Type.list(type(s.getElementType()), s.getElementType().isNullable());
      case MAP:
        return Type.map(Type.STRING, type(s.getValueType()), s.getValueType().isNullable());
      case UNION: {
        List<Schema> nonNull = nonNull(s);
        if (nonNull.size() == 1) {
          return type(nonNull.get(0));
        }
        List<Type> variants = new ArrayList<>();
        for (Schema b : nonNull) {
          variants.add(type(b));
        }
        return Type.union(variants);
      }
      default:
        throw new IllegalArgumentException("no type for " + s);
    }
  }

  static int maxLength(Schema s) {
    return ((Number) s.getObjectProp("maxLength")).intValue();
  }

  static List<Schema> nonNull(Schema union) {
    return union.getTypes().stream().filter(b -> b.getType() != Schema.Type.NULL).toList();
  }

  // ---- Avro datum -> comparable form ---------------------------------------------------------

  /**
   * The comparable form of {@code datum} of schema {@code s}. Accepts what trevni-avro's reader
   * returns too: enum ordinals (Integer) and fixed values as ByteBuffer for elements of arrays
   * (trevni.md §13.10), Utf8 strings, HashMaps.
   */
  static Object norm(Schema s, Object datum) {
    switch (s.getType()) {
      case UNION: {
        if (datum == null) {
          return null;
        }
        List<Schema> nonNull = nonNull(s);
        if (nonNull.size() == 1) {
          return norm(nonNull.get(0), datum);
        }
        int b = GenericData.get().resolveUnion(s, datum);
        Schema branch = s.getTypes().get(b);
        return new U(nonNull.indexOf(branch), norm(branch, datum));
      }
      case NULL:
        return null;
      case BOOLEAN:
        return datum;
      case INT:
        return ((Integer) datum).longValue();
      case LONG: {
        long v = (Long) datum;
        Type t = type(s);
        if (t.kind() == TypeKind.TIMESTAMP || t.kind() == TypeKind.TIMESTAMP_INSTANT) {
          LogicalType lt = s.getLogicalType();
          long unit = lt instanceof LogicalTypes.TimestampMillis
              || lt instanceof LogicalTypes.LocalTimestampMillis ? 1_000
              : lt instanceof LogicalTypes.TimestampMicros
              || lt instanceof LogicalTypes.LocalTimestampMicros ? 1_000_000 : 1_000_000_000;
          return new Ts(Math.floorDiv(v, unit),
              (int) (Math.floorMod(v, unit) * (1_000_000_000 / unit)));
        }
        return v;
      }
      case FLOAT:
      case DOUBLE:
        return datum;
      case STRING:
        return datum.toString();
      case ENUM:
        return datum instanceof Integer i ? s.getEnumSymbols().get(i) : datum.toString();
      case BYTES:
      case FIXED: {
        byte[] b = bytes(datum);
        if (s.getLogicalType() instanceof LogicalTypes.Decimal d) {
          return new BigDecimal(new BigInteger(b), d.getScale());
        }
        return Bin.of(b);
      }
      case RECORD: {
        IndexedRecord r = (IndexedRecord) datum;
        List<Object> out = new ArrayList<>();
        for (Schema.Field f : s.getFields()) {
          out.add(norm(f.schema(), r.get(f.pos())));
        }
        return out;
      }
      case ARRAY: {
        List<Object> out = new ArrayList<>();
        for (Object e : (Collection<?>) datum) {
          out.add(norm(s.getElementType(), e));
        }
        return out;
      }
      case MAP: {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : ((Map<?, ?>) datum).entrySet()) {
          out.put(e.getKey().toString(), norm(s.getValueType(), e.getValue()));
        }
        return out;
      }
      default:
        throw new IllegalArgumentException("cannot compare " + s);
    }
  }

  /** A row as colfile reads it: the record's field list, or [value] for other schemas. */
  @SuppressWarnings("unchecked")
  static List<Object> normRow(Schema s, Object datum) {
    Object v = norm(s, datum);
    if (s.getType() == Schema.Type.RECORD) {
      return (List<Object>) v;
    }
    List<Object> out = new ArrayList<>();
    out.add(v);
    return out;
  }

  static byte[] bytes(Object datum) {
    if (datum instanceof GenericFixed f) {
      return f.bytes().clone();
    }
    if (datum instanceof byte[] b) {
      return b.clone();
    }
    ByteBuffer bb = ((ByteBuffer) datum).duplicate();
    byte[] b = new byte[bb.remaining()];
    bb.get(b);
    return b;
  }

  // ---- colfile vectors -> comparable form ----------------------------------------------------

  static List<Object> row(ColumnBatch batch, int row) {
    Type t = batch.schema();
    List<Object> out = new ArrayList<>();
    if (t.kind() == TypeKind.STRUCT) {
      for (int f = 0; f < batch.cols.length; f++) {
        out.add(get(t.child(f), batch.cols[f], row));
      }
    } else {
      out.add(get(t, batch.cols[0], row));
    }
    return out;
  }

  static Object get(Type t, ColumnVector v, int row) {
    if (v.isNull(row)) {
      return null;
    }
    switch (t.kind()) {
      case BOOLEAN:
        return ((LongVector) v).vector[row] != 0;
      case BYTE: case SHORT: case INT: case LONG: case DATE:
        return ((LongVector) v).vector[row];
      case FLOAT:
        return (float) ((DoubleVector) v).vector[row];
      case DOUBLE:
        return ((DoubleVector) v).vector[row];
      case STRING: case VARCHAR: case CHAR: {
        BytesVector b = (BytesVector) v;
        return new String(b.vector[row], b.start[row], b.length[row], StandardCharsets.UTF_8);
      }
      case BINARY: {
        BytesVector b = (BytesVector) v;
        return Bin.of(java.util.Arrays.copyOfRange(b.vector[row], b.start[row],
            b.start[row] + b.length[row]));
      }
      case DECIMAL:
        return ((DecimalVector) v).get(row);
      case TIMESTAMP: case TIMESTAMP_INSTANT: {
        TimestampVector ts = (TimestampVector) v;
        return new Ts(ts.seconds[row], ts.nanos[row]);
      }
      case STRUCT: {
        StructVector s = (StructVector) v;
        List<Object> out = new ArrayList<>();
        for (int f = 0; f < s.fields.length; f++) {
          out.add(get(t.child(f), s.fields[f], row));
        }
        return out;
      }
      case LIST: {
        ListVector l = (ListVector) v;
        List<Object> out = new ArrayList<>();
        for (int k = 0; k < l.lengths[row]; k++) {
          out.add(get(t.child(0), l.child, l.offsets[row] + k));
        }
        return out;
      }
      case MAP: {
        MapVector m = (MapVector) v;
        Map<String, Object> out = new LinkedHashMap<>();
        for (int k = 0; k < m.lengths[row]; k++) {
          int at = m.offsets[row] + k;
          Object key = get(t.child(0), m.keys, at);
          if (out.containsKey(key)) {
            throw new AssertionError("map key " + key + " twice in row " + row);
          }
          out.put((String) key, get(t.child(1), m.values, at));
        }
        return out;
      }
      case UNION: {
        UnionVector u = (UnionVector) v;
        int tag = u.tags[row];
        return new U(tag, get(t.child(tag), u.fields[tag], u.offsets[row]));
      }
      default:
        throw new IllegalArgumentException("cannot read " + t);
    }
  }

  // ---- Avro datum -> colfile vectors ---------------------------------------------------------

  /** Rows {@code [from, to)} of {@code records} as a batch of {@code rowType(schema)}. */
  static ColumnBatch batch(Schema schema, List<?> records, int from, int to) {
    Type t = rowType(schema);
    ColumnBatch batch = new ColumnBatch(t, Math.max(1, to - from));
    for (int i = from; i < to; i++) {
      Object datum = records.get(i);
      if (schema.getType() == Schema.Type.RECORD) {
        IndexedRecord r = (IndexedRecord) datum;
        for (Schema.Field f : schema.getFields()) {
          set(f.schema(), t.child(f.pos()), batch.cols[f.pos()], i - from, r.get(f.pos()));
        }
      } else {
        Type valueType = t.kind() == TypeKind.STRUCT ? t.child(0) : t;
        set(schema, valueType, batch.cols[0], i - from, datum);
      }
    }
    batch.size = to - from;
    batch.validate();
    return batch;
  }

  static void set(Schema s, Type t, ColumnVector v, int row, Object datum) {
    switch (s.getType()) {
      case UNION: {
        if (datum == null) {
          nullAt(v, row);
          return;
        }
        List<Schema> nonNull = nonNull(s);
        if (nonNull.size() == 1) {
          set(nonNull.get(0), t, v, row, datum);
          return;
        }
        Schema branch = s.getTypes().get(GenericData.get().resolveUnion(s, datum));
        int k = nonNull.indexOf(branch);
        UnionVector u = (UnionVector) v;
        int at = u.counts[k];
        u.fields[k].ensureCapacity(at + 1, true);
        set(branch, t.child(k), u.fields[k], at, datum);
        u.counts[k] = at + 1;
        u.tags[row] = k;
        u.offsets[row] = at;
        return;
      }
      case NULL:
        v.setNull(row);
        return;
      case BOOLEAN:
        ((LongVector) v).vector[row] = (Boolean) datum ? 1 : 0;
        return;
      case INT:
        ((LongVector) v).vector[row] = (Integer) datum;
        return;
      case LONG: {
        Object n = norm(s, datum);
        if (n instanceof Ts ts) {
          ((TimestampVector) v).seconds[row] = ts.seconds;
          ((TimestampVector) v).nanos[row] = ts.nanos;
        } else {
          ((LongVector) v).vector[row] = (Long) datum;
        }
        return;
      }
      case FLOAT:
        ((DoubleVector) v).vector[row] = (Float) datum;
        return;
      case DOUBLE:
        ((DoubleVector) v).vector[row] = (Double) datum;
        return;
      case STRING:
      case ENUM: {
        byte[] b = datum.toString().getBytes(StandardCharsets.UTF_8);
        ((BytesVector) v).setRef(row, b, 0, b.length);
        return;
      }
      case BYTES:
      case FIXED: {
        byte[] b = bytes(datum);
        if (v instanceof DecimalVector d) {
          BigInteger unscaled = new BigInteger(b);
          if (d.isWide) {
            d.wide[row] = unscaled;
          } else {
            d.unscaled[row] = unscaled.longValueExact();
          }
        } else {
          ((BytesVector) v).setRef(row, b, 0, b.length);
        }
        return;
      }
      case RECORD: {
        StructVector sv = (StructVector) v;
        IndexedRecord r = (IndexedRecord) datum;
        for (Schema.Field f : s.getFields()) {
          set(f.schema(), t.child(f.pos()), sv.fields[f.pos()], row, r.get(f.pos()));
        }
        return;
      }
      case ARRAY: {
        ListVector l = (ListVector) v;
        Collection<?> items = (Collection<?>) datum;
        int at = l.childCount;
        l.child.ensureCapacity(at + items.size(), true);
        l.offsets[row] = at;
        l.lengths[row] = items.size();
        l.childCount += items.size();
        int i = 0;
        for (Object e : items) {
          set(s.getElementType(), t.child(0), l.child, at + i++, e);
        }
        return;
      }
      case MAP: {
        MapVector m = (MapVector) v;
        Map<?, ?> entries = (Map<?, ?>) datum;
        int at = m.childCount;
        m.keys.ensureCapacity(at + entries.size(), true);
        m.values.ensureCapacity(at + entries.size(), true);
        m.offsets[row] = at;
        m.lengths[row] = entries.size();
        m.childCount += entries.size();
        int i = 0;
        for (Map.Entry<?, ?> e : entries.entrySet()) {
          byte[] k = e.getKey().toString().getBytes(StandardCharsets.UTF_8);
          ((BytesVector) m.keys).setRef(at + i, k, 0, k.length);
          set(s.getValueType(), t.child(1), m.values, at + i, e.getValue());
          i++;
        }
        return;
      }
      default:
        throw new IllegalArgumentException("cannot fill " + s);
    }
  }

  /** A null row; a null struct's fields are null too. */
  private static void nullAt(ColumnVector v, int row) {
    v.setNull(row);
    if (v instanceof StructVector s) {
      for (ColumnVector f : s.fields) {
        nullAt(f, row);
      }
    }
  }

  static String enumSymbol(Object datum) {
    return datum instanceof GenericEnumSymbol<?> e ? e.toString() : String.valueOf(datum);
  }
}
