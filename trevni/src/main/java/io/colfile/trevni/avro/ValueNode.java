package io.colfile.trevni.avro;

import io.colfile.core.error.CorruptFileException;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.DecimalVector;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.LongVector;
import io.colfile.core.vector.TimestampVector;
import io.colfile.trevni.ColumnCursor;
import io.colfile.trevni.TrevniFileWriter;
import io.colfile.trevni.ValueType;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A simple value (primitive, enum, fixed) in one column: one value per row, or per element of
 * the array column it is the element of. Logical types convert here: timestamps from and to
 * their long units, decimals from and to their big-endian two's-complement bytes, enums from and
 * to their ordinals.
 */
final class ValueNode extends RowNode {
  final int col;
  private final AvroSchema.Kind kind;
  private final TypeKind type;
  private final String logical;
  private final int fixedSize;
  private final byte[][] symbols;
  private final Map<String, Integer> ordinals;

  private ValueNode(String path, int col, AvroSchema.Kind kind, TypeKind type, String logical,
      int fixedSize, List<String> symbols) {
    super(path);
    this.col = col;
    this.kind = kind;
    this.type = type;
    this.logical = logical;
    this.fixedSize = fixedSize;
    if (symbols == null) {
      this.symbols = null;
      this.ordinals = null;
    } else {
      this.symbols = new byte[symbols.size()][];
      this.ordinals = new HashMap<>();
      for (int k = 0; k < symbols.size(); k++) {
        this.symbols[k] = symbols.get(k).getBytes(StandardCharsets.UTF_8);
        ordinals.put(symbols.get(k), k);
      }
    }
  }

  /** The node of simple schema {@code s}, stored in column {@code col}. */
  static ValueNode of(AvroSchema s, String path, int col) {
    return new ValueNode(path, col, s.kind(), AvroTypes.toType(s).kind(), s.logicalType(),
        s.kind() == AvroSchema.Kind.FIXED ? s.fixedSize() : -1,
        s.kind() == AvroSchema.Kind.ENUM ? s.symbols() : null);
  }

  /**
   * The node of column {@code col} of type {@code t} in a file without an Avro schema: {@code
   * fixed32} reads as int, {@code fixed64} as bigint, {@code null} as an always-null boolean.
   */
  static ValueNode ofColumn(ValueType t, String path, int col) {
    return switch (t) {
      case NULL -> new ValueNode(path, col, AvroSchema.Kind.NULL, TypeKind.BOOLEAN, null, -1,
          null);
      case BOOLEAN -> new ValueNode(path, col, AvroSchema.Kind.BOOLEAN, TypeKind.BOOLEAN, null,
          -1, null);
      case INT, FIXED32 -> new ValueNode(path, col, AvroSchema.Kind.INT, TypeKind.INT, null, -1,
          null);
      case LONG, FIXED64 -> new ValueNode(path, col, AvroSchema.Kind.LONG, TypeKind.LONG, null,
          -1, null);
      case FLOAT -> new ValueNode(path, col, AvroSchema.Kind.FLOAT, TypeKind.FLOAT, null, -1,
          null);
      case DOUBLE -> new ValueNode(path, col, AvroSchema.Kind.DOUBLE, TypeKind.DOUBLE, null, -1,
          null);
      case STRING -> new ValueNode(path, col, AvroSchema.Kind.STRING, TypeKind.STRING, null, -1,
          null);
      case BYTES -> new ValueNode(path, col, AvroSchema.Kind.BYTES, TypeKind.BINARY, null, -1,
          null);
    };
  }

  @Override
  void columns(BitSet out) {
    out.set(col);
  }

  /**
   * Whether the column's values go into the vector as they are, so that {@link
   * ColumnCursor#readRows} reads them: no logical type to convert (timestamps, decimals, enums).
   */
  boolean readsAsStored() {
    return switch (kind) {
      case BOOLEAN, INT, FLOAT, DOUBLE -> true;
      case LONG -> type == TypeKind.LONG;
      case STRING, BYTES -> type != TypeKind.DECIMAL;
      default -> false;
    };
  }

  @Override
  boolean readRows(RowReader in, ColumnVector v, int n) throws IOException {
    if (kind == AvroSchema.Kind.BYTES && type == TypeKind.DECIMAL
        && v instanceof DecimalVector d && !d.isWide) {
      // up to 8 bytes a value straight into longs; from a value that is not, row by row
      int k = in.cursors[col].readDecimals(d.unscaled, 0, n);
      in.readEach(this, in.cursors[col], v, k, n);
      return true;
    }
    if (!readsAsStored()) {
      return false;
    }
    in.cursors[col].readRows(v, 0, n);
    return true;
  }

  @Override
  void read(RowReader in, ColumnVector v, int i) throws IOException {
    ColumnCursor c = in.cursors[col];
    switch (kind) {
      case NULL -> {
        c.nextNull();
        v.setNull(i);
      }
      case BOOLEAN -> ((LongVector) v).vector[i] = c.nextBoolean() ? 1 : 0;
      case INT -> ((LongVector) v).vector[i] = c.nextInt();
      case LONG -> {
        long x = c.nextLong();
        if (type == TypeKind.LONG) {
          ((LongVector) v).vector[i] = x;
        } else {
          fromUnits((TimestampVector) v, i, x);
        }
      }
      case FLOAT -> ((DoubleVector) v).vector[i] = c.nextFloat();
      case DOUBLE -> ((DoubleVector) v).vector[i] = c.nextDouble();
      case STRING, BYTES, FIXED -> {
        int n = c.nextBytesLength();
        if (type == TypeKind.DECIMAL) {
          decimal(in, c, (DecimalVector) v, i, n);
        } else {
          ((BytesVector) v).setRef(i, c.buffer(), c.position() - n, n);
        }
      }
      case ENUM -> {
        int ordinal = c.nextInt();
        if (ordinal < 0 || ordinal >= symbols.length) {
          throw in.corrupt(col, path, "enum ordinal " + ordinal + " out of the " + symbols.length
              + " symbols");
        }
        ((BytesVector) v).setRef(i, symbols[ordinal], 0, symbols[ordinal].length);
      }
      default -> throw new AssertionError(kind);
    }
  }

  private void decimal(RowReader in, ColumnCursor c, DecimalVector d, int i, int n)
      throws CorruptFileException {
    if (n == 0) {
      throw in.corrupt(col, path, "a decimal with no bytes");
    }
    BigInteger unscaled = new BigInteger(c.buffer(), c.position() - n, n);
    if (d.isWide) {
      d.wide[i] = unscaled;
    } else if (unscaled.bitLength() > 63) {
      throw in.corrupt(col, path, "decimal " + unscaled + " exceeds precision " + d.precision);
    } else {
      d.unscaled[i] = unscaled.longValue();
    }
  }

  private void fromUnits(TimestampVector t, int i, long x) {
    long perSecond = perSecond();
    t.seconds[i] = Math.floorDiv(x, perSecond);
    t.nanos[i] = (int) (Math.floorMod(x, perSecond) * (1_000_000_000L / perSecond));
  }

  private long perSecond() {
    return logical.endsWith("millis") ? 1_000L
        : logical.endsWith("micros") ? 1_000_000L : 1_000_000_000L;
  }

  @Override
  void write(RowWriter w, ColumnVector v, int i) {
    TrevniFileWriter out = w.out;
    if (kind == AvroSchema.Kind.NULL) {
      if (!v.isNull(i)) {
        throw w.error(path, "a value where the Avro schema allows only null");
      }
      out.writeNull(col);
      return;
    }
    checkNotNull(w, v, i);
    switch (kind) {
      case BOOLEAN -> out.writeBoolean(col, ((LongVector) v).vector[i] != 0);
      case INT -> {
        long x = ((LongVector) v).vector[i];
        if (x != (int) x) {
          throw w.error(path, x + " does not fit an Avro int");
        }
        out.writeInt(col, (int) x);
      }
      case LONG -> out.writeLong(col, type == TypeKind.LONG ? ((LongVector) v).vector[i]
          : toUnits(w, (TimestampVector) v, i));
      case FLOAT -> out.writeFloat(col, (float) ((DoubleVector) v).vector[i]);
      case DOUBLE -> out.writeDouble(col, ((DoubleVector) v).vector[i]);
      case STRING -> {
        BytesVector b = (BytesVector) v;
        out.writeBytes(col, b.vector[i], b.start[i], b.length[i]);
      }
      case BYTES -> {
        if (type == TypeKind.DECIMAL) {
          byte[] b = ((DecimalVector) v).unscaledBig(i).toByteArray();
          out.writeBytes(col, b, 0, b.length);
        } else {
          BytesVector b = (BytesVector) v;
          out.writeBytes(col, b.vector[i], b.start[i], b.length[i]);
        }
      }
      case FIXED -> {
        byte[] b;
        if (type == TypeKind.DECIMAL) {
          b = fixedDecimal(w, ((DecimalVector) v).unscaledBig(i));
        } else {
          b = ((BytesVector) v).get(i);
          if (b.length != fixedSize) {
            throw w.error(path, b.length + " bytes for a fixed of size " + fixedSize);
          }
        }
        out.writeBytes(col, b, 0, b.length);
      }
      case ENUM -> {
        String symbol = ((BytesVector) v).getString(i);
        Integer ordinal = ordinals.get(symbol);
        if (ordinal == null) {
          throw w.error(path, "'" + symbol + "' is not a symbol of the enum "
              + ordinals.keySet());
        }
        out.writeInt(col, ordinal);
      }
      default -> throw new AssertionError(kind);
    }
  }

  /**
   * Whether {@link #writeColumn} writes this node's rows from {@code v}: a kind stored as it is
   * held (boolean, int, long, float, double, string, bytes) or a decimal of at most 18 digits in
   * a bytes column, from the vector that holds it.
   */
  boolean writesColumn(ColumnVector v) {
    return switch (kind) {
      case BOOLEAN, INT -> v instanceof LongVector;
      case LONG -> type == TypeKind.LONG && v instanceof LongVector;
      case FLOAT, DOUBLE -> v instanceof DoubleVector;
      case STRING -> v instanceof BytesVector;
      case BYTES -> type == TypeKind.DECIMAL ? v instanceof DecimalVector d && !d.isWide
          : v instanceof BytesVector;
      default -> false;
    };
  }

  /**
   * The first of rows {@code [0, n)} of {@code v} that {@link #write} refuses (a null, unless
   * {@code nullable}; an int out of range), or -1; for a node that {@link #writesColumn}.
   */
  int firstRefused(ColumnVector v, int n, boolean nullable) {
    int bad = -1;
    if (nullable) {
      if (kind == AvroSchema.Kind.INT) {
        long[] x = ((LongVector) v).vector;
        for (int i = 0; i < n; i++) {
          if (x[i] != (int) x[i] && (v.noNulls || !v.isNull[i])) {
            return i;
          }
        }
      }
      return -1;
    }
    if (!v.noNulls) {
      for (int i = 0; i < n; i++) {
        if (v.isNull[i]) {
          bad = i;
          break;
        }
      }
    }
    if (kind == AvroSchema.Kind.INT) {
      long[] x = ((LongVector) v).vector;
      int end = bad < 0 ? n : bad;
      long outside = 0; // a bit set where some value differs from its int: none, mostly
      for (int i = 0; i < end; i++) {
        outside |= x[i] ^ (int) x[i];
      }
      for (int i = 0; i < end && outside != 0; i++) {
        if (x[i] != (int) x[i]) {
          return i;
        }
      }
    }
    return bad;
  }

  /**
   * Writes rows {@code [0, n)} of {@code v} a column at a time ({@link
   * TrevniFileWriter#startRows}): the same bytes as {@link #write} row by row. For a node that
   * {@link #writesColumn} {@code v}, none of whose rows {@link #firstRefused} refuses.
   */
  void writeColumn(TrevniFileWriter out, ColumnVector v) {
    switch (kind) {
      case BOOLEAN -> out.writeBooleans(col, ((LongVector) v).vector, 0);
      case INT -> out.writeInts(col, ((LongVector) v).vector, 0);
      case LONG -> out.writeLongs(col, ((LongVector) v).vector, 0);
      case FLOAT -> out.writeFloats(col, ((DoubleVector) v).vector, 0);
      case DOUBLE -> out.writeDoubles(col, ((DoubleVector) v).vector, 0);
      case STRING, BYTES -> {
        if (type == TypeKind.DECIMAL) {
          out.writeDecimals(col, ((DecimalVector) v).unscaled, 0);
        } else {
          BytesVector b = (BytesVector) v;
          out.writeBytes(col, b.vector, b.start, b.length, 0);
        }
      }
      default -> throw new AssertionError(kind);
    }
  }

  private byte[] fixedDecimal(RowWriter w, BigInteger unscaled) {
    byte[] raw = unscaled.toByteArray();
    if (raw.length > fixedSize) {
      throw w.error(path, "decimal " + unscaled + " does not fit a fixed of " + fixedSize
          + " bytes");
    }
    byte[] b = new byte[fixedSize];
    byte fill = (byte) (unscaled.signum() < 0 ? 0xFF : 0);
    for (int k = 0; k < fixedSize - raw.length; k++) {
      b[k] = fill;
    }
    System.arraycopy(raw, 0, b, fixedSize - raw.length, raw.length);
    return b;
  }

  private long toUnits(RowWriter w, TimestampVector t, int i) {
    long seconds = t.seconds[i];
    int nanos = t.nanos[i];
    long perSecond = perSecond();
    long fraction = nanos / (1_000_000_000L / perSecond);
    long s = seconds;
    if (s < 0 && fraction > 0) {
      // keeps the product in range down to the smallest long
      s += 1;
      fraction -= perSecond;
    }
    try {
      return Math.addExact(Math.multiplyExact(s, perSecond), fraction);
    } catch (ArithmeticException e) {
      throw w.error(path, "timestamp " + seconds + "s + " + nanos + "ns is outside the range of "
          + logical + " (a long count since 1970; for nanoseconds 1677-09-21 to 2262-04-11)");
    }
  }
}
