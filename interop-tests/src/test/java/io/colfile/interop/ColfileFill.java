package io.colfile.interop;

import io.colfile.core.types.Type;
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

/** Puts {@link Values} into colfile's column vectors, the input of its writer. */
final class ColfileFill {
  private ColfileFill() {}

  /** A batch of {@code rows} (a list of row values) of {@code schema}. */
  static ColumnBatch batch(Type schema, List<Object> rows) {
    ColumnBatch batch = new ColumnBatch(schema, Math.max(1, rows.size()));
    for (int i = 0; i < rows.size(); i++) {
      if (schema.kind() == io.colfile.core.types.TypeKind.STRUCT) {
        List<?> fields = (List<?>) rows.get(i);
        for (int f = 0; f < fields.size(); f++) {
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

  static void set(ColumnVector v, Type type, int row, Object value) {
    if (value == null) {
      nullAt(v, row);
      return;
    }
    switch (type.kind()) {
      case BOOLEAN:
        ((LongVector) v).vector[row] = (Boolean) value ? 1 : 0;
        break;
      case BYTE: case SHORT: case INT: case LONG:
        ((LongVector) v).vector[row] = (Long) value;
        break;
      case DATE:
        ((LongVector) v).vector[row] = ((LocalDate) value).toEpochDay();
        break;
      case FLOAT:
        ((DoubleVector) v).vector[row] = (Float) value;
        break;
      case DOUBLE:
        ((DoubleVector) v).vector[row] = (Double) value;
        break;
      case STRING: case VARCHAR: case CHAR: {
        byte[] utf8 = ((String) value).getBytes(StandardCharsets.UTF_8);
        ((BytesVector) v).setRef(row, utf8, 0, utf8.length);
        break;
      }
      case BINARY: {
        byte[] b = (byte[]) value;
        ((BytesVector) v).setRef(row, b, 0, b.length);
        break;
      }
      case DECIMAL: {
        DecimalVector d = (DecimalVector) v;
        BigDecimal x = ((BigDecimal) value).setScale(d.scale, RoundingMode.UNNECESSARY);
        if (d.isWide) {
          d.wide[row] = x.unscaledValue();
        } else {
          d.unscaled[row] = x.unscaledValue().longValueExact();
        }
        break;
      }
      case TIMESTAMP: {
        LocalDateTime t = (LocalDateTime) value;
        ((TimestampVector) v).seconds[row] = t.toEpochSecond(ZoneOffset.UTC);
        ((TimestampVector) v).nanos[row] = t.getNano();
        break;
      }
      case TIMESTAMP_INSTANT: {
        Instant t = (Instant) value;
        ((TimestampVector) v).seconds[row] = t.getEpochSecond();
        ((TimestampVector) v).nanos[row] = t.getNano();
        break;
      }
      case STRUCT: {
        List<?> fields = (List<?>) value;
        StructVector s = (StructVector) v;
        for (int i = 0; i < fields.size(); i++) {
          set(s.fields[i], type.child(i), row, fields.get(i));
        }
        break;
      }
      case LIST: {
        ListVector l = (ListVector) v;
        List<?> items = (List<?>) value;
        int at = l.childCount;
        l.child.ensureCapacity(at + items.size(), true);
        l.offsets[row] = at;
        l.lengths[row] = items.size();
        l.childCount += items.size();
        for (int i = 0; i < items.size(); i++) {
          set(l.child, type.child(0), at + i, items.get(i));
        }
        break;
      }
      case MAP: {
        MapVector m = (MapVector) v;
        List<?> entries = (List<?>) value;
        int at = m.childCount;
        m.keys.ensureCapacity(at + entries.size(), true);
        m.values.ensureCapacity(at + entries.size(), true);
        m.offsets[row] = at;
        m.lengths[row] = entries.size();
        m.childCount += entries.size();
        for (int i = 0; i < entries.size(); i++) {
          Values.Entry e = (Values.Entry) entries.get(i);
          set(m.keys, type.child(0), at + i, e.key());
          set(m.values, type.child(1), at + i, e.value());
        }
        break;
      }
      case UNION: {
        UnionVector u = (UnionVector) v;
        Values.Union union = (Values.Union) value;
        int k = union.tag();
        int at = u.counts[k];
        u.fields[k].ensureCapacity(at + 1, true);
        set(u.fields[k], type.child(k), at, union.value());
        u.counts[k] = at + 1;
        u.tags[row] = k;
        u.offsets[row] = at;
        break;
      }
      default:
        throw new IllegalArgumentException("cannot fill " + type);
    }
  }

  /** A null row; a null struct's fields are null too (the writer ignores them). */
  private static void nullAt(ColumnVector v, int row) {
    v.setNull(row);
    if (v instanceof StructVector s) {
      for (ColumnVector f : s.fields) {
        nullAt(f, row);
      }
    }
  }
}
