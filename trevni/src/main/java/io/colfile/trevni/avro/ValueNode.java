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
import java.util.Arrays;
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
  final AvroSchema.Kind kind;
  /** The colfile type of the values (that of {@link AvroTypes#toType}). */
  final TypeKind type;
  private final String logical;
  /** The size of a fixed, else -1. */
  final int fixedSize;
  private final byte[][] symbols;
  private final Map<String, Integer> ordinals;
  /** An enum's ordinals by the hash of their symbols' bytes ({@link #ordinal}): -1 where none. */
  private final int[] slots;

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
      this.slots = null;
    } else {
      this.symbols = new byte[symbols.size()][];
      this.ordinals = new HashMap<>();
      this.slots = new int[Integer.highestOneBit(Math.max(1, symbols.size())) << 2];
      Arrays.fill(slots, -1);
      for (int k = 0; k < symbols.size(); k++) {
        byte[] b = symbols.get(k).getBytes(StandardCharsets.UTF_8);
        this.symbols[k] = b;
        ordinals.put(symbols.get(k), k);
        int slot = hash(b, 0, b.length) & (slots.length - 1);
        while (slots[slot] >= 0) {
          slot = (slot + 1) & (slots.length - 1);
        }
        slots[slot] = k;
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

  /** The units a second of a timestamp's logical type: 1,000, 1,000,000 or 1,000,000,000. */
  long perSecond() {
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
          BigInteger unscaled = ((DecimalVector) v).unscaledBig(i);
          byte[] raw = unscaled.toByteArray();
          if (raw.length > fixedSize) {
            throw w.error(path, "decimal " + unscaled + " does not fit a fixed of " + fixedSize
                + " bytes");
          }
          b = new byte[fixedSize];
          putFixed(raw, b, 0, fixedSize);
        } else {
          b = ((BytesVector) v).get(i);
          if (b.length != fixedSize) {
            throw w.error(path, b.length + " bytes for a fixed of size " + fixedSize);
          }
        }
        out.writeBytes(col, b, 0, b.length);
      }
      case ENUM -> {
        BytesVector b = (BytesVector) v;
        int ordinal = ordinal(b.vector[i], b.start[i], b.length[i]);
        if (ordinal < 0) {
          throw w.error(path, "'" + b.getString(i) + "' is not a symbol of the enum "
              + ordinals.keySet());
        }
        out.writeInt(col, ordinal);
      }
      default -> throw new AssertionError(kind);
    }
  }

  /**
   * The ordinal of the enum symbol whose UTF-8 bytes are {@code b[start, start + length)}, or -1
   * where none is: the symbol of the same bytes, or else (bytes that are not UTF-8) of the same
   * string decoded, as {@link BytesVector#getString} decodes it.
   */
  int ordinal(byte[] b, int start, int length) {
    int mask = slots.length - 1;
    for (int slot = hash(b, start, length) & mask; slots[slot] >= 0; slot = (slot + 1) & mask) {
      byte[] s = symbols[slots[slot]];
      if (Arrays.equals(s, 0, s.length, b, start, start + length)) {
        return slots[slot];
      }
    }
    Integer ordinal = ordinals.get(new String(b, start, length, StandardCharsets.UTF_8));
    return ordinal == null ? -1 : ordinal;
  }

  private static int hash(byte[] b, int start, int length) {
    int h = 1;
    for (int k = start; k < start + length; k++) {
      h = 31 * h + b[k];
    }
    return h ^ (h >>> 16);
  }

  /**
   * Puts {@code raw}, a decimal's two's-complement bytes ({@link BigInteger#toByteArray()}, at
   * most {@code size} of them), at {@code out[at, at + size)}, sign-extended to {@code size}
   * bytes: the decimal as a fixed of that size.
   */
  static void putFixed(byte[] raw, byte[] out, int at, int size) {
    byte fill = (byte) (raw[0] < 0 ? 0xFF : 0);
    Arrays.fill(out, at, at + size - raw.length, fill);
    System.arraycopy(raw, 0, out, at + size - raw.length, raw.length);
  }

  private long toUnits(RowWriter w, TimestampVector t, int i) {
    try {
      return units(t.seconds[i], t.nanos[i], perSecond());
    } catch (ArithmeticException e) {
      throw w.error(path, "timestamp " + t.seconds[i] + "s + " + t.nanos[i] + "ns is outside "
          + "the range of " + logical + " (a long count since 1970; for nanoseconds 1677-09-21 "
          + "to 2262-04-11)");
    }
  }

  /**
   * A timestamp of {@code seconds} and {@code nanos} as a count of the {@code perSecond} units
   * a second of the logical type (1,000, 1,000,000 or 1,000,000,000) since 1970.
   *
   * @throws ArithmeticException where the count does not fit a long
   */
  static long units(long seconds, int nanos, long perSecond) {
    long fraction = nanos / (1_000_000_000L / perSecond);
    long s = seconds;
    if (s < 0 && fraction > 0) {
      // keeps the product in range down to the smallest long
      s += 1;
      fraction -= perSecond;
    }
    return Math.addExact(Math.multiplyExact(s, perSecond), fraction);
  }
}
