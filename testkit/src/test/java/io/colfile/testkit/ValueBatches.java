package io.colfile.testkit;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
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
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * Memory files of given rows, for tests that need particular values: a row of a struct schema
 * is a list of its fields; values are written as people write them (Boolean, Integer or Long,
 * Float or Double, BigDecimal, String for text, byte[] for binary, LocalDate, LocalDateTime for
 * TIMESTAMP, Instant for TIMESTAMP WITH LOCAL TIME ZONE, List for structs and lists, a list of
 * Map.Entry for maps, {@link Rows.Variant} for unions), and read back the same way. Dates also
 * take a raw Long of days and timestamps a raw {@code long[] {seconds, nanos}}, for values no
 * java.time class holds.
 */
final class ValueBatches {
  private ValueBatches() {}

  /** A file holding {@code rows} of {@code schema}, in one batch. */
  static MemoryFile file(Type schema, List<?> rows) {
    return new MemoryFile(schema, () -> List.of(batch(schema, rows)));
  }

  /** Every row {@code file} gives with {@code options}, in the forms {@link #file} takes. */
  static List<Object> read(MemoryFile file, ReadOptions options) {
    try (BatchReader r = file.read(options)) {
      List<Object> out = new ArrayList<>();
      Type schema = r.schema();
      for (Object row : Rows.readAll(r)) {
        out.add(plain(schema, row));
      }
      return out;
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  static ColumnBatch batch(Type schema, List<?> rows) {
    ColumnBatch b = new ColumnBatch(schema, Math.max(1, rows.size()));
    for (int i = 0; i < rows.size(); i++) {
      for (int f = 0; f < b.cols.length; f++) {
        set(b.cols[f], schema.child(f), i, ((List<?>) rows.get(i)).get(f));
      }
    }
    b.size = rows.size();
    b.validate();
    return b;
  }

  private static void set(ColumnVector v, Type type, int row, Object value) {
    v.ensureCapacity(row + 1, true);
    if (value == null) {
      v.setNull(row);
      if (v instanceof StructVector s) {
        for (int f = 0; f < s.fields.length; f++) {
          set(s.fields[f], type.child(f), row, null);
        }
      }
      return;
    }
    switch (type.kind()) {
      case BOOLEAN -> ((LongVector) v).vector[row] = (Boolean) value ? 1 : 0;
      case BYTE, SHORT, INT, LONG -> ((LongVector) v).vector[row] = ((Number) value).longValue();
      case DATE -> ((LongVector) v).vector[row] = value instanceof Long raw ? raw
          : ((LocalDate) value).toEpochDay();
      case FLOAT, DOUBLE -> ((DoubleVector) v).vector[row] = ((Number) value).doubleValue();
      case STRING, VARCHAR, CHAR -> {
        byte[] b = ((String) value).getBytes(StandardCharsets.UTF_8);
        ((BytesVector) v).setRef(row, b, 0, b.length);
      }
      case BINARY -> ((BytesVector) v).setRef(row, (byte[]) value, 0, ((byte[]) value).length);
      case DECIMAL -> {
        DecimalVector d = (DecimalVector) v;
        BigDecimal x = ((BigDecimal) value).setScale(d.scale, RoundingMode.UNNECESSARY);
        if (d.isWide) {
          d.wide[row] = x.unscaledValue();
        } else {
          d.unscaled[row] = x.unscaledValue().longValueExact();
        }
      }
      case TIMESTAMP, TIMESTAMP_INSTANT -> {
        Instant t = value instanceof long[] raw ? null : value instanceof Instant i ? i
            : ((LocalDateTime) value).toInstant(ZoneOffset.UTC);
        long[] raw = t == null ? (long[]) value : new long[] {t.getEpochSecond(), t.getNano()};
        ((TimestampVector) v).seconds[row] = raw[0];
        ((TimestampVector) v).nanos[row] = (int) raw[1];
      }
      case STRUCT -> {
        StructVector s = (StructVector) v;
        for (int f = 0; f < s.fields.length; f++) {
          set(s.fields[f], type.child(f), row, ((List<?>) value).get(f));
        }
      }
      case LIST -> {
        ListVector l = (ListVector) v;
        List<?> items = (List<?>) value;
        l.offsets[row] = l.childCount;
        l.lengths[row] = items.size();
        for (Object item : items) {
          set(l.child, type.child(0), l.childCount++, item);
        }
      }
      case MAP -> {
        MapVector m = (MapVector) v;
        List<?> entries = (List<?>) value;
        m.offsets[row] = m.childCount;
        m.lengths[row] = entries.size();
        for (Object e : entries) {
          set(m.keys, type.child(0), m.childCount, ((Map.Entry<?, ?>) e).getKey());
          set(m.values, type.child(1), m.childCount++, ((Map.Entry<?, ?>) e).getValue());
        }
      }
      case UNION -> {
        UnionVector u = (UnionVector) v;
        Rows.Variant x = (Rows.Variant) value;
        u.tags[row] = x.tag();
        u.offsets[row] = u.counts[x.tag()];
        set(u.fields[x.tag()], type.child(x.tag()), u.counts[x.tag()]++, x.value());
      }
      default -> throw new IllegalArgumentException("no values of " + type);
    }
  }

  /** A value of {@link Rows} in the forms {@link #file} takes. */
  static Object plain(Type type, Object v) {
    if (v == null) {
      return null;
    }
    switch (type.kind()) {
      case DATE: return LocalDate.ofEpochDay((Long) v);
      case STRING: case VARCHAR: case CHAR: {
        ByteBuffer b = ((ByteBuffer) v).duplicate();
        byte[] bytes = new byte[b.remaining()];
        b.get(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
      }
      case BINARY: {
        ByteBuffer b = ((ByteBuffer) v).duplicate();
        byte[] bytes = new byte[b.remaining()];
        b.get(bytes);
        return HexFormat.of().formatHex(bytes);
      }
      case TIMESTAMP: return LocalDateTime.ofInstant((Instant) v, ZoneOffset.UTC);
      case STRUCT: case LIST: {
        List<Object> out = new ArrayList<>();
        List<?> items = (List<?>) v;
        for (int i = 0; i < items.size(); i++) {
          out.add(plain(type.kind() == TypeKind.STRUCT ? type.child(i)
              : type.child(0), items.get(i)));
        }
        return out;
      }
      case MAP: {
        List<Object> out = new ArrayList<>();
        for (Object e : (List<?>) v) {
          Map.Entry<?, ?> entry = (Map.Entry<?, ?>) e;
          out.add(new AbstractMap.SimpleImmutableEntry<>(plain(type.child(0), entry.getKey()),
              plain(type.child(1), entry.getValue())));
        }
        return out;
      }
      case UNION: {
        Rows.Variant x = (Rows.Variant) v;
        return new Rows.Variant(x.tag(), plain(type.child(x.tag()), x.value()));
      }
      default:
        return v;
    }
  }
}
