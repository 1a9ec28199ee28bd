package io.colfile.interop;

import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.DecimalVector;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.ListVector;
import io.colfile.core.vector.LongVector;
import io.colfile.core.vector.MapVector;
import io.colfile.core.vector.StructVector;
import io.colfile.core.vector.TimestampVector;
import io.colfile.core.vector.UnionVector;
import io.colfile.testkit.Rows;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.apache.orc.TypeDescription;

/**
 * Turns colfile's column vectors into {@link Values}, so colfile's reader can be judged on its
 * own, apart from its JSON printer: a mismatch here is a reader bug, one only in the printed
 * lines is a printer bug. Driven by the generated schema, which names the same types.
 */
final class ColfileValues {
  private ColfileValues() {}

  static Object get(ColumnVector v, TypeDescription type, int row) {
    if (v.isNull(row)) {
      return null;
    }
    if (OrcCategories.isGeospatial(type)) {
      return ((BytesVector) v).get(row);
    }
    switch (type.getCategory()) {
      case BOOLEAN:
        return ((LongVector) v).vector[row] != 0;
      case BYTE: case SHORT: case INT: case LONG:
        return ((LongVector) v).vector[row];
      case DATE:
        return LocalDate.ofEpochDay(((LongVector) v).vector[row]);
      case FLOAT:
        return (float) ((DoubleVector) v).vector[row];
      case DOUBLE:
        return ((DoubleVector) v).vector[row];
      case STRING: case VARCHAR: case CHAR: {
        BytesVector b = (BytesVector) v;
        return new String(b.vector[row], b.start[row], b.length[row], StandardCharsets.UTF_8);
      }
      case BINARY:
        return ((BytesVector) v).get(row);
      case DECIMAL:
        return ((DecimalVector) v).get(row).setScale(type.getScale(), RoundingMode.UNNECESSARY);
      case TIMESTAMP: {
        TimestampVector t = (TimestampVector) v;
        return LocalDateTime.ofEpochSecond(t.seconds[row], t.nanos[row], ZoneOffset.UTC);
      }
      case TIMESTAMP_INSTANT: {
        TimestampVector t = (TimestampVector) v;
        return Instant.ofEpochSecond(t.seconds[row], t.nanos[row]);
      }
      case STRUCT: {
        StructVector s = (StructVector) v;
        List<Object> fields = new ArrayList<>(s.fields.length);
        for (int f = 0; f < s.fields.length; f++) {
          fields.add(get(s.fields[f], type.getChildren().get(f), row));
        }
        return fields;
      }
      case LIST: {
        ListVector l = (ListVector) v;
        List<Object> items = new ArrayList<>(l.lengths[row]);
        for (int k = 0; k < l.lengths[row]; k++) {
          items.add(get(l.child, type.getChildren().get(0), l.offsets[row] + k));
        }
        return items;
      }
      case MAP: {
        MapVector m = (MapVector) v;
        List<Object> entries = new ArrayList<>(m.lengths[row]);
        for (int k = 0; k < m.lengths[row]; k++) {
          int at = m.offsets[row] + k;
          entries.add(new Values.Entry(get(m.keys, type.getChildren().get(0), at),
              get(m.values, type.getChildren().get(1), at)));
        }
        return entries;
      }
      case UNION: {
        UnionVector u = (UnionVector) v;
        int tag = u.tags[row];
        // colfile's unions are dense: the value sits at offsets[row] of the variant's vector
        return new Rows.Variant(tag, get(u.fields[tag], type.getChildren().get(tag),
            u.offsets[row]));
      }
      default:
        throw new IllegalArgumentException("cannot read " + type);
    }
  }
}
