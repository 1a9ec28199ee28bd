package io.colfile.core.text;

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
import java.io.Flushable;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/**
 * Prints rows as JSON lines in the text form of Apache ORC C++'s {@code orc-contents}
 * (specs/json-lines.md): one value per row, {@code "name": value} pairs joined by {@code ", "},
 * maps as {@code [{"key": k, "value": v}]}, unions as {@code {"tag": n, "value": v}}, binary as
 * byte-value arrays, floats as C {@code %.7g}, doubles as {@code %.14g}, decimals unquoted with
 * their scale's digits, dates and timestamps as quoted text. Strings are written as their stored
 * bytes with only {@code " \ \b \f \n \r \t} escaped.
 *
 * <p>The writer buffers; call {@link #flush()} when done.
 */
public final class JsonLinesWriter implements Flushable {
  private final OutputStream out;
  private final ByteSink sink = new ByteSink();

  public JsonLinesWriter(OutputStream out) {
    this.out = out;
  }

  /** Prints every row of {@code batch}, one line each. */
  public void write(ColumnBatch batch) throws IOException {
    Type schema = batch.schema();
    boolean struct = schema.kind() == TypeKind.STRUCT;
    for (int row = 0; row < batch.size; row++) {
      if (struct) {
        writeStruct(schema, batch.cols, row);
      } else {
        value(schema, batch.cols[0], row);
      }
      sink.put('\n');
      if (sink.size() >= 1 << 16) {
        sink.drainTo(out);
      }
    }
  }

  @Override
  public void flush() throws IOException {
    sink.drainTo(out);
    out.flush();
  }

  private void writeStruct(Type type, ColumnVector[] fields, int row) {
    List<String> names = type.fieldNames();
    sink.put('{');
    for (int i = 0; i < fields.length; i++) {
      if (i > 0) {
        sink.put(',').put(' ');
      }
      sink.put('"').putRaw(names.get(i)).put('"').put(':').put(' ');
      value(type.child(i), fields[i], row);
    }
    sink.put('}');
  }

  private void value(Type type, ColumnVector v, int row) {
    if (v.isNull(row)) {
      sink.putAscii("null");
      return;
    }
    switch (type.kind()) {
      case BOOLEAN:
        sink.putAscii(((LongVector) v).vector[row] != 0 ? "true" : "false");
        break;
      case BYTE: case SHORT: case INT: case LONG:
        sink.putLong(((LongVector) v).vector[row]);
        break;
      case DATE:
        sink.put('"');
        Dates.appendDate(sink, ((LongVector) v).vector[row]);
        sink.put('"');
        break;
      case FLOAT:
        sink.putAscii(CFormat.g(((DoubleVector) v).vector[row], 7));
        break;
      case DOUBLE:
        sink.putAscii(CFormat.g(((DoubleVector) v).vector[row], 14));
        break;
      case STRING: case VARCHAR: case CHAR: {
        BytesVector b = (BytesVector) v;
        sink.put('"').putEscaped(b.vector[row], b.start[row], b.length[row]).put('"');
        break;
      }
      case BINARY: {
        BytesVector b = (BytesVector) v;
        sink.put('[');
        for (int i = 0; i < b.length[row]; i++) {
          if (i > 0) {
            sink.put(',').put(' ');
          }
          sink.putLong(b.vector[row][b.start[row] + i] & 0xff);
        }
        sink.put(']');
        break;
      }
      case DECIMAL: {
        DecimalVector d = (DecimalVector) v;
        Decimals.append(sink, d.isWide ? d.wide[row].toString() : Long.toString(d.unscaled[row]),
            d.scale);
        break;
      }
      case TIMESTAMP: case TIMESTAMP_INSTANT: {
        TimestampVector t = (TimestampVector) v;
        sink.put('"');
        Dates.appendTimestamp(sink, t.seconds[row], t.nanos[row]);
        sink.put('"');
        break;
      }
      case STRUCT: {
        StructVector s = (StructVector) v;
        List<String> names = type.fieldNames();
        sink.put('{');
        for (int i = 0; i < s.fields.length; i++) {
          if (i > 0) {
            sink.put(',').put(' ');
          }
          sink.put('"').putRaw(names.get(i)).put('"').put(':').put(' ');
          value(type.child(i), s.fields[i], row);
        }
        sink.put('}');
        break;
      }
      case LIST: {
        ListVector l = (ListVector) v;
        sink.put('[');
        for (int i = 0; i < l.lengths[row]; i++) {
          if (i > 0) {
            sink.put(',').put(' ');
          }
          value(type.child(0), l.child, l.offsets[row] + i);
        }
        sink.put(']');
        break;
      }
      case MAP: {
        MapVector m = (MapVector) v;
        sink.put('[');
        for (int i = 0; i < m.lengths[row]; i++) {
          if (i > 0) {
            sink.put(',').put(' ');
          }
          sink.putAscii("{\"key\": ");
          value(type.child(0), m.keys, m.offsets[row] + i);
          sink.putAscii(", \"value\": ");
          value(type.child(1), m.values, m.offsets[row] + i);
          sink.put('}');
        }
        sink.put(']');
        break;
      }
      case UNION: {
        UnionVector u = (UnionVector) v;
        int tag = u.tags[row];
        sink.putAscii("{\"tag\": ").putLong(tag).putAscii(", \"value\": ");
        value(type.child(tag), u.fields[tag], u.offsets[row]);
        sink.put('}');
        break;
      }
      default:
        throw new IllegalArgumentException("cannot print " + type);
    }
  }
}
