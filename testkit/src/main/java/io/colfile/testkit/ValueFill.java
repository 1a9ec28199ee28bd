package io.colfile.testkit;

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
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

/**
 * Puts rows of plain Java values into colfile's vectors, the input of its writers, for tests
 * that need particular values. Values are written as people write them:
 *
 * <pre>
 * boolean                 Boolean
 * tinyint..bigint         any Number (Long, Integer...)
 * float / double          any Number (a float column keeps the value as float)
 * string, varchar, char   String (char already padded to its length)
 * binary                  byte[]
 * decimal(p,s)            BigDecimal, exactly representable at scale s
 * date                    LocalDate, or a Long of days since 1970-01-01
 * timestamp               LocalDateTime (a wall clock, stored as if UTC), Instant, or
 *                         long[] {seconds, nanos} for values no java.time class holds
 * timestamp with local tz Instant (or the forms timestamp takes)
 * struct, list            List (fields in schema order / elements)
 * map                     List of Map.Entry, in file order (keys may repeat)
 * uniontype               {@link Rows.Variant}
 * null                    null (a null struct's fields are null too)
 * </pre>
 */
public final class ValueFill {
  private ValueFill() {}

  /**
   * A batch of {@code rows}: for a struct schema each row is the list of its fields, for any
   * other schema the value of the one column.
   */
  public static ColumnBatch batch(Type schema, List<?> rows) {
    ColumnBatch batch = new ColumnBatch(schema, Math.max(1, rows.size()));
    for (int i = 0; i < rows.size(); i++) {
      if (schema.kind() == TypeKind.STRUCT) {
        List<?> fields = (List<?>) rows.get(i);
        for (int f = 0; f < batch.cols.length; f++) {
          set(batch.cols[f], schema.child(f), i, fields.get(f));
        }
      } else {
        set(batch.cols[0], schema, i, rows.get(i));
      }
    }
    batch.size = rows.size();
    batch.validate();
    return batch;
  }

  /**
   * Sets row {@code row} of {@code v}, a vector of {@code type}, to {@code value}, growing the
   * vector as needed. List, map and union children are appended to: fill rows in order.
   */
  public static void set(ColumnVector v, Type type, int row, Object value) {
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
      case DATE -> ((LongVector) v).vector[row] =
          value instanceof Long days ? days : ((LocalDate) value).toEpochDay();
      case FLOAT, DOUBLE -> ((DoubleVector) v).vector[row] = ((Number) value).doubleValue();
      case STRING, VARCHAR, CHAR -> {
        byte[] b = ((String) value).getBytes(StandardCharsets.UTF_8);
        ((BytesVector) v).setRef(row, b, 0, b.length);
      }
      case BINARY, GEOMETRY, GEOGRAPHY -> ((BytesVector) v).setRef(row, (byte[]) value, 0, ((byte[]) value).length);
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
        TimestampVector t = (TimestampVector) v;
        if (value instanceof long[] raw) {
          t.seconds[row] = raw[0];
          t.nanos[row] = (int) raw[1];
        } else {
          Instant i = value instanceof Instant instant ? instant
              : ((LocalDateTime) value).toInstant(ZoneOffset.UTC);
          t.seconds[row] = i.getEpochSecond();
          t.nanos[row] = i.getNano();
        }
      }
      case STRUCT -> {
        StructVector s = (StructVector) v;
        List<?> fields = (List<?>) value;
        for (int f = 0; f < s.fields.length; f++) {
          set(s.fields[f], type.child(f), row, fields.get(f));
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
          Map.Entry<?, ?> entry = (Map.Entry<?, ?>) e;
          set(m.keys, type.child(0), m.childCount, entry.getKey());
          set(m.values, type.child(1), m.childCount++, entry.getValue());
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
}
