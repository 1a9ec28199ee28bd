package io.colfile.spark.write;

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
import java.time.Instant;
import java.time.ZoneId;
import java.time.zone.ZoneRules;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.catalyst.util.MapData;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Copies Spark's {@link InternalRow}s into a colfile {@link ColumnBatch} of a struct schema made
 * by {@link io.colfile.spark.types.SparkTypes#fromSpark}, one converter per column, chosen once
 * from the colfile type:
 *
 * <ul>
 *   <li>boolean, tinyint, smallint, int, bigint and date (days) into {@link LongVector}, float
 *       and double into {@link DoubleVector};
 *   <li>string, char, varchar and binary into {@link BytesVector}: Spark's UTF8String may point
 *       into a buffer Spark reuses for the next row, so the bytes are copied, all of a batch into
 *       one growing array (a grown array leaves the earlier rows on the old one, which stays as
 *       it was);
 *   <li>decimals as unscaled values at the type's scale, a long up to precision 18;
 *   <li>timestamps (Spark's microseconds, instant or wall clock alike) as seconds and nanos;
 *   <li>structs, arrays and maps into their vectors, elements appended to the children.
 * </ul>
 *
 * Not thread-safe; one per writer.
 */
final class RowConverter {
  private final Type schema;
  private final Column[] columns;
  /** The bytes of this batch's strings and binaries. */
  private byte[] bytes = new byte[8192];
  private int used;

  /** The zone whose wall clock instants are written as, or null to write instants. */
  private final ZoneId wallClock;

  RowConverter(Type schema) {
    this(schema, null);
  }

  /**
   * Rows of {@code schema} (made by {@code SparkTypes.fromSpark}); with {@code wallClock}, the
   * instants (Spark's TIMESTAMP) are written as their wall clock in that zone, in TIMESTAMP
   * columns ({@link #schema()} says so).
   */
  RowConverter(Type schema, ZoneId wallClock) {
    if (schema.kind() != TypeKind.STRUCT) {
      throw new IllegalArgumentException("rows need a struct schema, not " + schema);
    }
    this.wallClock = wallClock;
    this.schema = fileSchema(schema, wallClock != null);
    this.columns = new Column[schema.children().size()];
    for (int i = 0; i < columns.length; i++) {
      columns[i] = column(schema.child(i));
    }
  }

  /** The schema of the batches, and of the file. */
  Type schema() {
    return schema;
  }

  /**
   * {@code schema} with its TIMESTAMP WITH LOCAL TIME ZONE columns (at any depth) made
   * TIMESTAMP when {@code wallClock}.
   */
  static Type fileSchema(Type schema, boolean wallClock) {
    if (!wallClock) {
      return schema;
    }
    switch (schema.kind()) {
      case TIMESTAMP_INSTANT:
        return Type.TIMESTAMP;
      case STRUCT: {
        java.util.List<Type> children = new java.util.ArrayList<>();
        java.util.List<Boolean> nullable = new java.util.ArrayList<>();
        for (int i = 0; i < schema.children().size(); i++) {
          children.add(fileSchema(schema.child(i), true));
          nullable.add(schema.isChildNullable(i));
        }
        return Type.struct(schema.fieldNames(), children, nullable);
      }
      case LIST:
        return Type.list(fileSchema(schema.child(0), true), schema.isChildNullable(0));
      case MAP:
        return Type.map(fileSchema(schema.child(0), true), fileSchema(schema.child(1), true),
            schema.isChildNullable(1));
      default:
        return schema;
    }
  }

  /** Appends {@code row} to {@code batch}, which must have room for it. */
  void append(InternalRow row, ColumnBatch batch) {
    int r = batch.size;
    for (int i = 0; i < columns.length; i++) {
      columns[i].put(row, i, batch.cols[i], r);
    }
    batch.size = r + 1;
  }

  /** Starts a new batch: the byte buffer is reused once the last batch has been written. */
  void reset(ColumnBatch batch) {
    batch.reset();
    used = 0;
  }

  private Column column(Type t) {
    switch (t.kind()) {
      case BOOLEAN:
        return (src, i, v, r) -> ((LongVector) v).vector[r] = src.getBoolean(i) ? 1 : 0;
      case BYTE:
        return (src, i, v, r) -> ((LongVector) v).vector[r] = src.getByte(i);
      case SHORT:
        return (src, i, v, r) -> ((LongVector) v).vector[r] = src.getShort(i);
      case INT:
      case DATE:
        return (src, i, v, r) -> ((LongVector) v).vector[r] = src.getInt(i);
      case LONG:
        return (src, i, v, r) -> ((LongVector) v).vector[r] = src.getLong(i);
      case FLOAT:
        return (src, i, v, r) -> ((DoubleVector) v).vector[r] = src.getFloat(i);
      case DOUBLE:
        return (src, i, v, r) -> ((DoubleVector) v).vector[r] = src.getDouble(i);
      case STRING:
      case CHAR:
      case VARCHAR:
        return (src, i, v, r) -> {
          UTF8String s = src.getUTF8String(i);
          int len = s.numBytes();
          int off = reserve(len);
          s.writeToMemory(bytes, Platform.BYTE_ARRAY_OFFSET + off);
          ((BytesVector) v).setRef(r, bytes, off, len);
        };
      case BINARY:
        return (src, i, v, r) -> {
          // getBinary returns a new array for Spark's rows, but a GenericInternalRow hands
          // out the caller's own, which it may change: copy it as a string's bytes
          byte[] b = src.getBinary(i);
          int off = reserve(b.length);
          System.arraycopy(b, 0, bytes, off, b.length);
          ((BytesVector) v).setRef(r, bytes, off, b.length);
        };
      case DECIMAL:
        return decimal(t.precision(), t.scale());
      case TIMESTAMP_INSTANT:
        if (wallClock != null) {
          ZoneRules rules = wallClock.getRules();
          return (src, i, v, r) -> {
            long micros = src.getLong(i);
            long seconds = Math.floorDiv(micros, 1_000_000L);
            TimestampVector ts = (TimestampVector) v;
            ts.seconds[r] = seconds
                + rules.getOffset(Instant.ofEpochSecond(seconds)).getTotalSeconds();
            ts.nanos[r] = (int) Math.floorMod(micros, 1_000_000L) * 1000;
          };
        }
        // fall through: instants as they are
      case TIMESTAMP:
        return (src, i, v, r) -> {
          long micros = src.getLong(i);
          TimestampVector ts = (TimestampVector) v;
          ts.seconds[r] = Math.floorDiv(micros, 1_000_000L);
          ts.nanos[r] = (int) Math.floorMod(micros, 1_000_000L) * 1000;
        };
      case STRUCT:
        return struct(t);
      case LIST:
        return list(t);
      case MAP:
        return map(t);
      default:
        throw new IllegalArgumentException("colfile-spark writes no " + t.kind() + " columns");
    }
  }

  private static Column decimal(int precision, int scale) {
    if (precision <= DecimalVector.MAX_LONG_PRECISION) {
      return (src, i, v, r) -> {
        Decimal d = src.getDecimal(i, precision, scale);
        ((DecimalVector) v).unscaled[r] = d.scale() == scale ? d.toUnscaledLong()
            : d.toJavaBigDecimal().setScale(scale).unscaledValue().longValueExact();
      };
    }
    return (src, i, v, r) -> {
      Decimal d = src.getDecimal(i, precision, scale);
      ((DecimalVector) v).wide[r] = d.toJavaBigDecimal().setScale(scale).unscaledValue();
    };
  }

  private Column struct(Type t) {
    Column[] fields = new Column[t.children().size()];
    for (int f = 0; f < fields.length; f++) {
      fields[f] = column(t.child(f));
    }
    return new Column() {
      @Override
      public void value(SpecializedGetters src, int i, ColumnVector v, int r) {
        InternalRow s = src.getStruct(i, fields.length);
        StructVector sv = (StructVector) v;
        for (int f = 0; f < fields.length; f++) {
          fields[f].put(s, f, sv.fields[f], r);
        }
      }

      @Override
      public void nullValue(ColumnVector v, int r) {
        // the fields of a NULL struct are NULL too, as Hive writes them (every format skips them)
        v.setNull(r);
        for (ColumnVector field : ((StructVector) v).fields) {
          field.setNull(r);
        }
      }
    };
  }

  private Column list(Type t) {
    Column element = column(t.child(0));
    return (src, i, v, r) -> {
      ArrayData a = src.getArray(i);
      ListVector lv = (ListVector) v;
      int n = a.numElements();
      int at = lv.childCount;
      appendAll(element, a, lv.child, at, n);
      lv.offsets[r] = at;
      lv.lengths[r] = n;
      lv.childCount = at + n;
    };
  }

  private Column map(Type t) {
    Column key = column(t.child(0));
    Column value = column(t.child(1));
    return (src, i, v, r) -> {
      MapData m = src.getMap(i);
      MapVector mv = (MapVector) v;
      int n = m.numElements();
      int at = mv.childCount;
      appendAll(key, m.keyArray(), mv.keys, at, n);
      appendAll(value, m.valueArray(), mv.values, at, n);
      mv.offsets[r] = at;
      mv.lengths[r] = n;
      mv.childCount = at + n;
    };
  }

  /** Appends the {@code n} elements of {@code from} to {@code child} from its row {@code at}. */
  private static void appendAll(Column c, ArrayData from, ColumnVector child, int at, int n) {
    child.ensureCapacity(at + n, true);
    for (int e = 0; e < n; e++) {
      c.put(from, e, child, at + e);
    }
  }

  /** Room for {@code len} more bytes in this batch's buffer; the offset they go at. */
  private int reserve(int len) {
    if (bytes.length - used < len) {
      // the rows set so far keep the old array, which nothing writes to again
      long want = Math.max(Math.min((long) bytes.length * 2, Integer.MAX_VALUE - 8), len);
      bytes = new byte[(int) want];
      used = 0;
    }
    int off = used;
    used += len;
    return off;
  }

  /** Copies the value at ordinal {@code i} of a row, array or map side into row {@code r}. */
  @FunctionalInterface
  private interface Column {
    /** Copies the value, known not to be NULL. */
    void value(SpecializedGetters src, int i, ColumnVector v, int r);

    /** Marks row {@code r} NULL. */
    default void nullValue(ColumnVector v, int r) {
      v.setNull(r);
    }

    default void put(SpecializedGetters src, int i, ColumnVector v, int r) {
      if (src.isNullAt(i)) {
        nullValue(v, r);
      } else {
        value(src, i, v, r);
      }
    }
  }
}
