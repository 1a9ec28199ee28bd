package io.colfile.spark.read;

import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.DecimalVector;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.ListVector;
import io.colfile.core.vector.LongVector;
import io.colfile.core.vector.MapVector;
import io.colfile.core.vector.StructVector;
import io.colfile.core.vector.TimestampVector;
import io.colfile.core.vector.UnionVector;
import java.math.BigDecimal;
import java.util.Arrays;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarMap;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * A Spark column over a colfile vector: no value is copied, except binary values Spark wants as
 * a {@code byte[]} of their own. {@link #bind} points the column (and its children) at the
 * vectors of the next batch; the colfile vector stays owned by the reader.
 */
abstract class ColFileVector extends ColumnVector {
  private io.colfile.core.vector.ColumnVector base;
  /** Rows of {@link #base} in this batch. */
  private int size;

  ColFileVector(DataType type) {
    super(type);
  }

  /** The column for values of colfile type {@code type} as Spark type {@code sparkType}. */
  static ColFileVector create(Type type, DataType sparkType) {
    switch (type.kind()) {
      case BOOLEAN: case BYTE: case SHORT: case INT: case LONG: case DATE:
        return new Longs(sparkType);
      case FLOAT: case DOUBLE:
        return new Doubles(sparkType);
      case STRING: case VARCHAR: case CHAR: case BINARY:
        return new Bytes(sparkType);
      case DECIMAL:
        return new Decimals(sparkType);
      case TIMESTAMP: case TIMESTAMP_INSTANT:
        return new Timestamps(sparkType);
      case STRUCT: {
        StructType st = (StructType) sparkType;
        ColFileVector[] fields = new ColFileVector[type.children().size()];
        for (int i = 0; i < fields.length; i++) {
          fields[i] = create(type.child(i), st.fields()[i].dataType());
        }
        return new Struct(sparkType, fields);
      }
      case LIST:
        return new List(sparkType,
            create(type.child(0), ((ArrayType) sparkType).elementType()));
      case MAP: {
        MapType mt = (MapType) sparkType;
        return new Map(sparkType, create(type.child(0), mt.keyType()),
            create(type.child(1), mt.valueType()));
      }
      case UNION: {
        StructType st = (StructType) sparkType;
        ColFileVector[] variants = new ColFileVector[type.children().size()];
        for (int i = 0; i < variants.length; i++) {
          variants[i] = create(type.child(i), st.fields()[i + 1].dataType());
        }
        return new Union(sparkType, variants);
      }
      default:
        throw new IllegalArgumentException("no Spark column for " + type);
    }
  }

  /**
   * Points this column at {@code vector}, a vector of the type it was created for, holding
   * {@code size} rows.
   */
  void bind(io.colfile.core.vector.ColumnVector vector, int size) {
    base = vector;
    this.size = size;
  }

  @Override
  public void close() {}

  @Override
  public boolean hasNull() {
    return !base.noNulls;
  }

  @Override
  public int numNulls() {
    if (base.noNulls) {
      return 0;
    }
    int n = 0;
    for (int i = 0; i < size; i++) {
      n += base.isNull[i] ? 1 : 0;
    }
    return n;
  }

  @Override
  public boolean isNullAt(int row) {
    return !base.noNulls && base.isNull[row];
  }

  @Override
  public boolean getBoolean(int row) {
    throw unsupported("boolean");
  }

  @Override
  public byte getByte(int row) {
    throw unsupported("byte");
  }

  @Override
  public short getShort(int row) {
    throw unsupported("short");
  }

  @Override
  public int getInt(int row) {
    throw unsupported("int");
  }

  @Override
  public long getLong(int row) {
    throw unsupported("long");
  }

  @Override
  public float getFloat(int row) {
    throw unsupported("float");
  }

  @Override
  public double getDouble(int row) {
    throw unsupported("double");
  }

  @Override
  public ColumnarArray getArray(int row) {
    throw unsupported("array");
  }

  @Override
  public ColumnarMap getMap(int row) {
    throw unsupported("map");
  }

  @Override
  public Decimal getDecimal(int row, int precision, int scale) {
    throw unsupported("decimal");
  }

  @Override
  public UTF8String getUTF8String(int row) {
    throw unsupported("string");
  }

  @Override
  public byte[] getBinary(int row) {
    throw unsupported("binary");
  }

  @Override
  public ColumnVector getChild(int ordinal) {
    throw unsupported("struct");
  }

  private UnsupportedOperationException unsupported(String what) {
    return new UnsupportedOperationException(
        "a " + dataType().simpleString() + " column has no " + what + " values");
  }

  /** Integers of every width, booleans and dates: a colfile LongVector. */
  static final class Longs extends ColFileVector {
    private long[] v;

    Longs(DataType type) {
      super(type);
    }

    @Override
    void bind(io.colfile.core.vector.ColumnVector vector, int size) {
      super.bind(vector, size);
      v = ((LongVector) vector).vector;
    }

    @Override
    public boolean getBoolean(int row) {
      return v[row] != 0;
    }

    @Override
    public byte getByte(int row) {
      return (byte) v[row];
    }

    @Override
    public short getShort(int row) {
      return (short) v[row];
    }

    @Override
    public int getInt(int row) {
      return (int) v[row];
    }

    @Override
    public long getLong(int row) {
      return v[row];
    }
  }

  /** Floats and doubles: a colfile DoubleVector. */
  static final class Doubles extends ColFileVector {
    private double[] v;

    Doubles(DataType type) {
      super(type);
    }

    @Override
    void bind(io.colfile.core.vector.ColumnVector vector, int size) {
      super.bind(vector, size);
      v = ((DoubleVector) vector).vector;
    }

    @Override
    public float getFloat(int row) {
      return (float) v[row];
    }

    @Override
    public double getDouble(int row) {
      return v[row];
    }
  }

  /** Strings (UTF-8 views of the colfile buffers) and binaries. */
  static final class Bytes extends ColFileVector {
    private BytesVector v;

    Bytes(DataType type) {
      super(type);
    }

    @Override
    void bind(io.colfile.core.vector.ColumnVector vector, int size) {
      super.bind(vector, size);
      v = (BytesVector) vector;
    }

    @Override
    public UTF8String getUTF8String(int row) {
      return isNullAt(row) ? null
          : UTF8String.fromBytes(v.vector[row], v.start[row], v.length[row]);
    }

    @Override
    public byte[] getBinary(int row) {
      // a copy always: Spark keeps the array it is given (ColumnarBatchRow.copy), and the
      // reader's buffers are reused (and shared: dictionaries, Trevni's enum symbols)
      int start = v.start[row];
      return isNullAt(row) ? null
          : Arrays.copyOfRange(v.vector[row], start, start + v.length[row]);
    }
  }

  /** Decimals: unscaled longs up to precision 18, BigIntegers beyond. */
  static final class Decimals extends ColFileVector {
    private DecimalVector v;

    Decimals(DataType type) {
      super(type);
    }

    @Override
    void bind(io.colfile.core.vector.ColumnVector vector, int size) {
      super.bind(vector, size);
      v = (DecimalVector) vector;
    }

    @Override
    public Decimal getDecimal(int row, int precision, int scale) {
      if (isNullAt(row)) {
        return null;
      }
      if (!v.isWide && precision <= Decimal.MAX_LONG_DIGITS() && scale == v.scale) {
        return Decimal.createUnsafe(v.unscaled[row], precision, scale);
      }
      try {
        return Decimal.apply(new BigDecimal(v.unscaledBig(row), v.scale), precision, scale);
      } catch (ArithmeticException e) {
        throw new ArithmeticException("a value of " + v.unscaledBig(row) + " x 10^-" + v.scale
            + " does not fit Spark's DECIMAL(" + precision + "," + scale + "): "
            + e.getMessage());
      }
    }
  }

  /** Timestamps as Spark's microseconds (since the epoch, or of the wall clock as if UTC). */
  static final class Timestamps extends ColFileVector {
    private TimestampVector v;

    Timestamps(DataType type) {
      super(type);
    }

    @Override
    void bind(io.colfile.core.vector.ColumnVector vector, int size) {
      super.bind(vector, size);
      v = (TimestampVector) vector;
    }

    @Override
    public long getLong(int row) {
      // nanos are 0..999,999,999, so dividing floors
      try {
        return Math.addExact(Math.multiplyExact(v.seconds[row], 1_000_000L),
            v.nanos[row] / 1000);
      } catch (ArithmeticException e) {
        throw new ArithmeticException("a timestamp of " + v.seconds[row]
            + " seconds since 1970 is beyond Spark's microseconds");
      }
    }
  }

  static final class Struct extends ColFileVector {
    private final ColFileVector[] fields;

    Struct(DataType type, ColFileVector[] fields) {
      super(type);
      this.fields = fields;
    }

    @Override
    void bind(io.colfile.core.vector.ColumnVector vector, int size) {
      super.bind(vector, size);
      StructVector s = (StructVector) vector;
      for (int i = 0; i < fields.length; i++) {
        fields[i].bind(s.fields[i], size);
      }
    }

    @Override
    public ColumnVector getChild(int ordinal) {
      return fields[ordinal];
    }
  }

  static final class List extends ColFileVector {
    private final ColFileVector child;
    private ListVector v;

    List(DataType type, ColFileVector child) {
      super(type);
      this.child = child;
    }

    @Override
    void bind(io.colfile.core.vector.ColumnVector vector, int size) {
      super.bind(vector, size);
      v = (ListVector) vector;
      child.bind(v.child, v.childCount);
    }

    @Override
    public ColumnarArray getArray(int row) {
      return isNullAt(row) ? null : new ColumnarArray(child, v.offsets[row], v.lengths[row]);
    }
  }

  static final class Map extends ColFileVector {
    private final ColFileVector keys;
    private final ColFileVector values;
    private MapVector v;

    Map(DataType type, ColFileVector keys, ColFileVector values) {
      super(type);
      this.keys = keys;
      this.values = values;
    }

    @Override
    void bind(io.colfile.core.vector.ColumnVector vector, int size) {
      super.bind(vector, size);
      v = (MapVector) vector;
      keys.bind(v.keys, v.childCount);
      values.bind(v.values, v.childCount);
    }

    @Override
    public ColumnarMap getMap(int row) {
      return isNullAt(row) ? null
          : new ColumnarMap(keys, values, v.offsets[row], v.lengths[row]);
    }
  }

  /**
   * A union as Spark's struct of {@code tag} and one field per variant. colfile's variant
   * vectors are dense (only the rows of their tag, in order), so each field is a view that maps
   * a row to its place in the variant vector and is NULL where the tag is another.
   */
  static final class Union extends ColFileVector {
    private final ColFileVector[] variants;
    private final ColumnVector[] children;
    private UnionVector v;

    Union(DataType type, ColFileVector[] variants) {
      super(type);
      this.variants = variants;
      StructType st = (StructType) type;
      children = new ColumnVector[variants.length + 1];
      children[0] = new Tag(st.fields()[0].dataType(), this);
      for (int i = 0; i < variants.length; i++) {
        children[i + 1] = new Variant(variants[i], this, i);
      }
    }

    @Override
    void bind(io.colfile.core.vector.ColumnVector vector, int size) {
      super.bind(vector, size);
      v = (UnionVector) vector;
      for (int i = 0; i < variants.length; i++) {
        variants[i].bind(v.fields[i], v.counts[i]);
      }
    }

    @Override
    public ColumnVector getChild(int ordinal) {
      return children[ordinal];
    }

    int tag(int row) {
      return v.tags[row];
    }

    int rows() {
      return ((ColFileVector) this).size;
    }

    int offset(int row) {
      return v.offsets[row];
    }

    boolean unionNull(int row) {
      return isNullAt(row);
    }
  }

  /** The tag of a union row (the other getters are the base class's refusals). */
  private static final class Tag extends ColFileVector {
    private final Union union;

    Tag(DataType type, Union union) {
      super(type);
      this.union = union;
    }

    @Override
    public boolean hasNull() {
      return union.hasNull();
    }

    @Override
    public int numNulls() {
      return union.numNulls();
    }

    @Override
    public boolean isNullAt(int row) {
      return union.unionNull(row);
    }

    @Override
    public byte getByte(int row) {
      return (byte) union.tag(row);
    }

    @Override
    public short getShort(int row) {
      return (short) union.tag(row);
    }

    @Override
    public int getInt(int row) {
      return union.tag(row);
    }

    @Override
    public long getLong(int row) {
      return union.tag(row);
    }
  }

  /**
   * Rows of a union seen through one of its variants: row {@code r} is the variant vector's row
   * {@code offsets[r]} where the tag is this variant's, NULL elsewhere. Children of a struct
   * variant are seen through the same mapping (Spark reads a struct's fields with the struct's
   * row numbers).
   */
  private static final class Variant extends ColumnVector {
    private final ColumnVector inner;
    private final Union union;
    private final int tag;
    private final boolean checkTag;

    Variant(ColumnVector inner, Union union, int tag) {
      this(inner, union, tag, true);
    }

    private Variant(ColumnVector inner, Union union, int tag, boolean checkTag) {
      super(inner.dataType());
      this.inner = inner;
      this.union = union;
      this.tag = tag;
      this.checkTag = checkTag;
    }

    private int at(int row) {
      return union.offset(row);
    }

    @Override
    public void close() {}

    @Override
    public boolean hasNull() {
      return true;
    }

    @Override
    public int numNulls() {
      int n = 0;
      for (int i = 0; i < union.rows(); i++) {
        n += isNullAt(i) ? 1 : 0;
      }
      return n;
    }

    @Override
    public boolean isNullAt(int row) {
      if (checkTag && (union.unionNull(row) || union.tag(row) != tag)) {
        return true;
      }
      return inner.isNullAt(at(row));
    }

    @Override
    public boolean getBoolean(int row) {
      return inner.getBoolean(at(row));
    }

    @Override
    public byte getByte(int row) {
      return inner.getByte(at(row));
    }

    @Override
    public short getShort(int row) {
      return inner.getShort(at(row));
    }

    @Override
    public int getInt(int row) {
      return inner.getInt(at(row));
    }

    @Override
    public long getLong(int row) {
      return inner.getLong(at(row));
    }

    @Override
    public float getFloat(int row) {
      return inner.getFloat(at(row));
    }

    @Override
    public double getDouble(int row) {
      return inner.getDouble(at(row));
    }

    @Override
    public ColumnarArray getArray(int row) {
      return inner.getArray(at(row));
    }

    @Override
    public ColumnarMap getMap(int row) {
      return inner.getMap(at(row));
    }

    @Override
    public Decimal getDecimal(int row, int precision, int scale) {
      return inner.getDecimal(at(row), precision, scale);
    }

    @Override
    public UTF8String getUTF8String(int row) {
      return inner.getUTF8String(at(row));
    }

    @Override
    public byte[] getBinary(int row) {
      return inner.getBinary(at(row));
    }

    @Override
    public ColumnVector getChild(int ordinal) {
      return new Variant(inner.getChild(ordinal), union, tag, false);
    }
  }
}
