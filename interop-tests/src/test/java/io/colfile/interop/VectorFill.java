package io.colfile.interop;

import io.colfile.testkit.Rows;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;
import org.apache.hadoop.hive.common.type.HiveDecimal;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.Decimal64ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DecimalColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DoubleColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ListColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.MapColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.StructColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.TimestampColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.UnionColumnVector;
import org.apache.orc.TypeDescription;

/** Puts {@link Values} into orc-core's column vectors, the input of its Writer. */
final class VectorFill {
  private final ZoneId writerZone;

  /** @param writerZone the zone whose wall clock TIMESTAMP values are (the JVM's during writes) */
  VectorFill(ZoneId writerZone) {
    this.writerZone = writerZone;
  }

  void set(ColumnVector v, TypeDescription type, int row, Object value) {
    if (value == null) {
      v.noNulls = false;
      v.isNull[row] = true;
      return;
    }
    v.isNull[row] = false;
    if (OrcCategories.isGeospatial(type)) {
      byte[] bytes = (byte[]) value;
      ((BytesColumnVector) v).setRef(row, bytes, 0, bytes.length);
      return;
    }
    switch (type.getCategory()) {
      case BOOLEAN:
        ((LongColumnVector) v).vector[row] = (Boolean) value ? 1 : 0;
        break;
      case BYTE: case SHORT: case INT: case LONG:
        ((LongColumnVector) v).vector[row] = (Long) value;
        break;
      case DATE:
        // no calendar change: writer and vector both use the default (hybrid) setting, so the
        // day number reaches the file as it is
        ((LongColumnVector) v).vector[row] = ((LocalDate) value).toEpochDay();
        break;
      case FLOAT:
        ((DoubleColumnVector) v).vector[row] = (Float) value;
        break;
      case DOUBLE:
        ((DoubleColumnVector) v).vector[row] = (Double) value;
        break;
      case STRING: case VARCHAR: case CHAR: {
        byte[] utf8 = ((String) value).getBytes(StandardCharsets.UTF_8);
        ((BytesColumnVector) v).setRef(row, utf8, 0, utf8.length);
        break;
      }
      case BINARY: {
        byte[] bytes = (byte[]) value;
        ((BytesColumnVector) v).setRef(row, bytes, 0, bytes.length);
        break;
      }
      case DECIMAL:
        if (v instanceof Decimal64ColumnVector d64) {
          d64.vector[row] = ((BigDecimal) value).unscaledValue().longValueExact();
        } else {
          ((DecimalColumnVector) v).set(row, HiveDecimal.create((BigDecimal) value));
          if (v.isNull[row]) {
            throw new IllegalStateException(value + " does not fit " + type);
          }
        }
        break;
      case TIMESTAMP:
        // orc-core stores time/1000 - (2015-01-01 in the JVM zone): give it the instant of the
        // wall clock in that zone
        instant((TimestampColumnVector) v, row,
            ((LocalDateTime) value).atZone(writerZone).toInstant());
        break;
      case TIMESTAMP_INSTANT:
        instant((TimestampColumnVector) v, row, (Instant) value);
        break;
      case STRUCT: {
        List<?> fields = (List<?>) value;
        StructColumnVector s = (StructColumnVector) v;
        for (int i = 0; i < fields.size(); i++) {
          set(s.fields[i], type.getChildren().get(i), row, fields.get(i));
        }
        break;
      }
      case LIST: {
        ListColumnVector l = (ListColumnVector) v;
        List<?> items = (List<?>) value;
        int at = grow(l.child, l.childCount, items.size());
        l.offsets[row] = at;
        l.lengths[row] = items.size();
        l.childCount += items.size();
        for (int i = 0; i < items.size(); i++) {
          set(l.child, type.getChildren().get(0), at + i, items.get(i));
        }
        break;
      }
      case MAP: {
        MapColumnVector m = (MapColumnVector) v;
        List<?> entries = (List<?>) value;
        int at = grow(m.keys, m.childCount, entries.size());
        grow(m.values, m.childCount, entries.size());
        m.offsets[row] = at;
        m.lengths[row] = entries.size();
        m.childCount += entries.size();
        for (int i = 0; i < entries.size(); i++) {
          Values.Entry e = (Values.Entry) entries.get(i);
          set(m.keys, type.getChildren().get(0), at + i, e.key());
          set(m.values, type.getChildren().get(1), at + i, e.value());
        }
        break;
      }
      case UNION: {
        UnionColumnVector u = (UnionColumnVector) v;
        Rows.Variant union = (Rows.Variant) value;
        u.tags[row] = union.tag();
        // orc-core's unions are sparse: the variant's value sits at the union's own row
        set(u.fields[union.tag()], type.getChildren().get(union.tag()), row, union.value());
        break;
      }
      default:
        throw new IllegalArgumentException("cannot fill " + type);
    }
  }

  private static void instant(TimestampColumnVector v, int row, Instant at) {
    v.time[row] = at.getEpochSecond() * 1000 + at.getNano() / 1_000_000;
    v.nanos[row] = at.getNano();
  }

  /** Makes room for {@code n} more child rows after {@code used}; returns {@code used}. */
  private static int grow(ColumnVector child, int used, int n) {
    if (used + n > child.isNull.length) {
      child.ensureSize(Math.max(used + n, 2 * child.isNull.length), true);
    }
    return used;
  }
}
