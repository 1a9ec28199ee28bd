package io.colfile.text;

import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.DecimalVector;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.LongVector;
import io.colfile.core.vector.TimestampVector;

/** The printer for each type: scalars here, compound types in {@link CompoundPrinters}. */
final class ValuePrinters {
  /** %.7g: what C++'s printer uses for float, applied to the float widened to double. */
  static final int FLOAT_DIGITS = 7;
  /** %.14g for double. */
  static final int DOUBLE_DIGITS = 14;

  private ValuePrinters() {}

  static ValuePrinter create(Type type) {
    return create(type, PrintStyle.DEFAULT);
  }

  static ValuePrinter create(Type type, PrintStyle style) {
    switch (type.kind()) {
      case BOOLEAN: return new BooleanPrinter();
      case BYTE: case SHORT: case INT: case LONG: return new LongPrinter();
      case FLOAT:
        return style.exactFloats() ? new ExactPrinter(true) : new DoublePrinter(FLOAT_DIGITS);
      case DOUBLE:
        return style.exactFloats() ? new ExactPrinter(false) : new DoublePrinter(DOUBLE_DIGITS);
      case STRING: case VARCHAR: case CHAR: return new StringPrinter();
      // geometry and geography values are WKB: printed as the bytes they are, as binary is
      // (json-lines.md), which convert reads back
      case BINARY: case GEOMETRY: case GEOGRAPHY: return new BinaryPrinter();
      case DECIMAL: return new DecimalPrinter();
      case DATE: return new DatePrinter();
      case TIMESTAMP: case TIMESTAMP_INSTANT:
        return new TimestampPrinter(style.timestamps() == JsonLinesWriter.TimestampStyle.MICROS);
      case STRUCT: return new CompoundPrinters.StructPrinter(type, style);
      case LIST: return new CompoundPrinters.ListPrinter(type, style);
      case MAP: return new CompoundPrinters.MapPrinter(type, style);
      case UNION: return new CompoundPrinters.UnionPrinter(type, style);
      default: throw new IllegalArgumentException("no printer for " + type);
    }
  }

  static final class BooleanPrinter extends ValuePrinter {
    private static final byte[] TRUE = {'t', 'r', 'u', 'e'};
    private static final byte[] FALSE = {'f', 'a', 'l', 's', 'e'};

    @Override
    void printValue(ByteSink out, ColumnVector v, int row) {
      out.put(((LongVector) v).vector[row] != 0 ? TRUE : FALSE);
    }
  }

  static final class LongPrinter extends ValuePrinter {
    @Override
    void printValue(ByteSink out, ColumnVector v, int row) {
      out.putLong(((LongVector) v).vector[row]);
    }
  }

  static final class DoublePrinter extends ValuePrinter {
    private final int digits;
    private final CFormat format = new CFormat();

    DoublePrinter(int digits) {
      this.digits = digits;
    }

    @Override
    void printValue(ByteSink out, ColumnVector v, int row) {
      format.print(out, ((DoubleVector) v).vector[row], digits);
    }
  }

  /** Float and double as the shortest text that reads back as the same value. */
  static final class ExactPrinter extends ValuePrinter {
    private final boolean isFloat;

    ExactPrinter(boolean isFloat) {
      this.isFloat = isFloat;
    }

    @Override
    void printValue(ByteSink out, ColumnVector v, int row) {
      double d = ((DoubleVector) v).vector[row];
      out.putAscii(isFloat ? ShortestFloat.toString((float) d) : ShortestFloat.toString(d));
    }
  }

  static final class StringPrinter extends ValuePrinter {
    @Override
    void printValue(ByteSink out, ColumnVector v, int row) {
      BytesVector b = (BytesVector) v;
      out.putQuoted(b.vector[row], b.start[row], b.length[row]);
    }
  }

  /** Binary as the unsigned values of its bytes: {@code [0, 255]}, {@code []} when empty. */
  static final class BinaryPrinter extends ValuePrinter {
    @Override
    void printValue(ByteSink out, ColumnVector v, int row) {
      BytesVector b = (BytesVector) v;
      byte[] buf = b.vector[row];
      int start = b.start[row];
      int end = start + b.length[row];
      out.put('[');
      for (int i = start; i < end; i++) {
        if (i > start) {
          out.put(',');
          out.put(' ');
        }
        out.putLong(buf[i] & 0xff);
      }
      out.put(']');
    }
  }

  /**
   * Decimals at the vector's scale, which for Hive 0.11 decimals without precision is already
   * the scale 6 they are read at.
   */
  static final class DecimalPrinter extends ValuePrinter {
    @Override
    void printValue(ByteSink out, ColumnVector v, int row) {
      DecimalVector d = (DecimalVector) v;
      if (d.isWide) {
        Decimals.append(out, d.wide[row], d.scale);
      } else {
        Decimals.append(out, d.unscaled[row], d.scale);
      }
    }
  }

  static final class DatePrinter extends ValuePrinter {
    @Override
    void printValue(ByteSink out, ColumnVector v, int row) {
      out.put('"');
      Dates.appendDate(out, ((LongVector) v).vector[row]);
      out.put('"');
    }
  }

  /** Both timestamp kinds: the vector already holds wall-clock (or UTC) seconds. */
  static final class TimestampPrinter extends ValuePrinter {
    private final boolean micros;

    TimestampPrinter(boolean micros) {
      this.micros = micros;
    }

    @Override
    void printValue(ByteSink out, ColumnVector v, int row) {
      TimestampVector t = (TimestampVector) v;
      out.put('"');
      Dates.appendTimestamp(out, t.seconds[row], t.nanos[row], micros);
      out.put('"');
    }
  }
}
