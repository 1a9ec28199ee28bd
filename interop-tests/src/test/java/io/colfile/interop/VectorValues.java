package io.colfile.interop;

import io.colfile.testkit.Rows;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
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

/**
 * Turns orc-core's column vectors, as its reader fills them, back into {@link Values}. Used only
 * by the self-check that proves generator, writer set-up and renderer right without colfile.
 * Expects vectors read with {@code useUTCTimestamp(true)}: TIMESTAMP values then carry the
 * writer's wall clock as if it were UTC.
 */
final class VectorValues {
  private VectorValues() {}

  static Object get(ColumnVector v, TypeDescription type, int row) {
    return get(v, type, row, ZoneOffset.UTC);
  }

  /**
   * As {@link #get(ColumnVector, TypeDescription, int)}, for vectors read with TIMESTAMP
   * values as instants of {@code wallZone} (orc-core without {@code useUTCTimestamp}: the JVM's
   * zone).
   */
  static Object get(ColumnVector v, TypeDescription type, int row, ZoneId wallZone) {
    int i = v.isRepeating ? 0 : row;
    if (!v.noNulls && v.isNull[i]) {
      return null;
    }
    if (OrcCategories.isGeospatial(type)) {
      BytesColumnVector b = (BytesColumnVector) v;
      return java.util.Arrays.copyOfRange(b.vector[i], b.start[i], b.start[i] + b.length[i]);
    }
    switch (type.getCategory()) {
      case BOOLEAN:
        return ((LongColumnVector) v).vector[i] != 0;
      case BYTE: case SHORT: case INT: case LONG:
        return ((LongColumnVector) v).vector[i];
      case DATE:
        return LocalDate.ofEpochDay(((LongColumnVector) v).vector[i]);
      case FLOAT:
        return (float) ((DoubleColumnVector) v).vector[i];
      case DOUBLE:
        return ((DoubleColumnVector) v).vector[i];
      case STRING: case VARCHAR:
        return string((BytesColumnVector) v, i);
      case CHAR:
        // orc-core's CharTreeReader right-trims CHAR values; the file holds them padded, which
        // is what the C++ printer and colfile print
        return RandomText.padded(string((BytesColumnVector) v, i), type.getMaxLength());
      case BINARY: {
        BytesColumnVector b = (BytesColumnVector) v;
        byte[] out = new byte[b.length[i]];
        System.arraycopy(b.vector[i], b.start[i], out, 0, out.length);
        return out;
      }
      case DECIMAL:
        if (v instanceof Decimal64ColumnVector d64) {
          return BigDecimal.valueOf(d64.vector[i], d64.scale);
        }
        return ((DecimalColumnVector) v).vector[i].getHiveDecimal().bigDecimalValue()
            .setScale(type.getScale(), RoundingMode.UNNECESSARY);
      case TIMESTAMP:
        return LocalDateTime.ofInstant(instant((TimestampColumnVector) v, i), wallZone);
      case TIMESTAMP_INSTANT:
        return instant((TimestampColumnVector) v, i);
      case STRUCT: {
        StructColumnVector s = (StructColumnVector) v;
        List<Object> fields = new ArrayList<>();
        for (int f = 0; f < s.fields.length; f++) {
          fields.add(get(s.fields[f], type.getChildren().get(f), i, wallZone));
        }
        return fields;
      }
      case LIST: {
        ListColumnVector l = (ListColumnVector) v;
        List<Object> items = new ArrayList<>();
        for (long k = 0; k < l.lengths[i]; k++) {
          items.add(get(l.child, type.getChildren().get(0), (int) (l.offsets[i] + k), wallZone));
        }
        return items;
      }
      case MAP: {
        MapColumnVector m = (MapColumnVector) v;
        List<Object> entries = new ArrayList<>();
        for (long k = 0; k < m.lengths[i]; k++) {
          int at = (int) (m.offsets[i] + k);
          entries.add(new Values.Entry(get(m.keys, type.getChildren().get(0), at, wallZone),
              get(m.values, type.getChildren().get(1), at, wallZone)));
        }
        return entries;
      }
      case UNION: {
        UnionColumnVector u = (UnionColumnVector) v;
        int tag = u.tags[i];
        return new Rows.Variant(tag, get(u.fields[tag], type.getChildren().get(tag), i, wallZone));
      }
      default:
        throw new IllegalArgumentException("cannot read " + type);
    }
  }

  private static String string(BytesColumnVector b, int i) {
    return new String(b.vector[i], b.start[i], b.length[i], StandardCharsets.UTF_8);
  }

  /** time[] holds whole milliseconds (floor) and nanos[] the full nanos of that second. */
  private static Instant instant(TimestampColumnVector t, int i) {
    return Instant.ofEpochSecond(Math.floorDiv(t.time[i], 1000L), t.nanos[i]);
  }
}
