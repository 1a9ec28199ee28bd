package io.colfile.spark.types;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.catalyst.util.CharVarcharUtils;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.CharType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;
import org.apache.spark.sql.types.VarcharType;

/**
 * colfile's types as Spark's and back, one home for both directions.
 *
 * <table>
 * <caption>colfile (ORC names) and Spark SQL types</caption>
 * <tr><th>colfile</th><th>Spark</th></tr>
 * <tr><td>boolean, tinyint, smallint, int, bigint, float, double</td>
 *     <td>BOOLEAN, TINYINT, SMALLINT, INT, BIGINT, FLOAT, DOUBLE</td></tr>
 * <tr><td>string, binary, date</td><td>STRING, BINARY, DATE</td></tr>
 * <tr><td>char(n), varchar(n)</td><td>STRING with Spark's char/varchar metadata, as Spark's
 *     own ORC source reads them (Spark pads and checks the length)</td></tr>
 * <tr><td>decimal(p,s)</td><td>DECIMAL(p,s); Hive 0.11 decimals without precision as
 *     DECIMAL(38,6), the scale colfile reads them at</td></tr>
 * <tr><td>timestamp (a wall clock)</td><td>TIMESTAMP_NTZ</td></tr>
 * <tr><td>timestamp with local time zone (an instant)</td><td>TIMESTAMP</td></tr>
 * <tr><td>struct, array, map</td><td>STRUCT, ARRAY, MAP, nullability kept</td></tr>
 * <tr><td>uniontype&lt;a,b,...&gt;</td><td>STRUCT&lt;tag: TINYINT, field0: a, field1: b,
 *     ...&gt; (Hive's and Trino's reading of unions): the tag says which field holds the
 *     value, the other fields are NULL</td></tr>
 * </table>
 */
public final class SparkTypes {
  /** Name of a union's tag field in its Spark struct. */
  public static final String UNION_TAG = "tag";

  private SparkTypes() {}

  /** The name of variant {@code i}'s field in a union's Spark struct. */
  public static String unionField(int i) {
    return "field" + i;
  }

  /**
   * The Spark schema of rows of {@code schema}: its fields for a struct, else one column named
   * {@code _col0} (a bare-value file, such as a Kudu CFile).
   */
  public static StructType toSpark(Type schema) {
    StructType out;
    if (schema.kind() == TypeKind.STRUCT) {
      out = struct(schema, "");
    } else {
      out = new StructType(new StructField[] {
          new StructField(io.colfile.core.ReadOptions.BARE_VALUE_COLUMN, type(schema, "_col0"),
              true, Metadata.empty())});
    }
    return CharVarcharUtils.replaceCharVarcharWithStringInSchema(out);
  }

  private static StructType struct(Type t, String path) {
    List<String> names = t.fieldNames();
    StructField[] fields = new StructField[names.size()];
    for (int i = 0; i < fields.length; i++) {
      String name = names.get(i);
      fields[i] = new StructField(name, type(t.child(i), path + name + "."),
          t.isChildNullable(i), Metadata.empty());
    }
    return new StructType(fields);
  }

  private static DataType type(Type t, String path) {
    switch (t.kind()) {
      case BOOLEAN: return DataTypes.BooleanType;
      case BYTE: return DataTypes.ByteType;
      case SHORT: return DataTypes.ShortType;
      case INT: return DataTypes.IntegerType;
      case LONG: return DataTypes.LongType;
      case FLOAT: return DataTypes.FloatType;
      case DOUBLE: return DataTypes.DoubleType;
      case STRING: return DataTypes.StringType;
      case CHAR: return new CharType(t.maxLength());
      case VARCHAR: return new VarcharType(t.maxLength());
      case BINARY: return DataTypes.BinaryType;
      case DATE: return DataTypes.DateType;
      case TIMESTAMP: return DataTypes.TimestampNTZType;
      case TIMESTAMP_INSTANT: return DataTypes.TimestampType;
      case DECIMAL:
        return t.precision() == 0
            ? DataTypes.createDecimalType(Type.MAX_DECIMAL_PRECISION,
                io.colfile.core.vector.DecimalVector.UNKNOWN_PRECISION_SCALE)
            : DataTypes.createDecimalType(t.precision(), t.scale());
      case STRUCT:
        return struct(t, path);
      case LIST:
        return DataTypes.createArrayType(type(t.child(0), path), t.isChildNullable(0));
      case MAP:
        return DataTypes.createMapType(type(t.child(0), path), type(t.child(1), path),
            t.isChildNullable(1));
      case UNION: {
        StructField[] fields = new StructField[t.children().size() + 1];
        fields[0] = new StructField(UNION_TAG, DataTypes.ByteType, false, Metadata.empty());
        for (int i = 0; i < t.children().size(); i++) {
          fields[i + 1] = new StructField(unionField(i), type(t.child(i), path), true,
              Metadata.empty());
        }
        return new StructType(fields);
      }
      default:
        throw new IllegalArgumentException(
            "column " + path + ": no Spark type for " + t);
    }
  }

  /**
   * The colfile schema for rows of {@code schema}, for writing: the mapping above turned
   * around (STRING with char/varchar metadata as char(n)/varchar(n)). A type colfile cannot
   * store (intervals, variants, calendar intervals, ...) is an {@link IllegalArgumentException}
   * naming the column.
   */
  public static Type fromSpark(StructType schema) {
    return fromStruct(schema, "");
  }

  private static Type fromStruct(StructType s, String path) {
    List<String> names = new ArrayList<>();
    List<Type> types = new ArrayList<>();
    List<Boolean> nullable = new ArrayList<>();
    for (StructField f : s.fields()) {
      names.add(f.name());
      DataType dt = f.dataType();
      scala.Option<DataType> raw = CharVarcharUtils.getRawType(f.metadata());
      if (raw.isDefined()) {
        dt = raw.get();
      }
      types.add(fromSpark(dt, path + f.name()));
      nullable.add(f.nullable());
    }
    return Type.struct(names, types, nullable);
  }

  private static Type fromSpark(DataType dt, String path) {
    if (dt instanceof BooleanType) {
      return Type.BOOLEAN;
    } else if (dt instanceof ByteType) {
      return Type.BYTE;
    } else if (dt instanceof ShortType) {
      return Type.SHORT;
    } else if (dt instanceof IntegerType) {
      return Type.INT;
    } else if (dt instanceof LongType) {
      return Type.LONG;
    } else if (dt instanceof FloatType) {
      return Type.FLOAT;
    } else if (dt instanceof DoubleType) {
      return Type.DOUBLE;
    } else if (dt instanceof CharType c) {
      return Type.charType(c.length());
    } else if (dt instanceof VarcharType v) {
      return Type.varchar(v.length());
    } else if (dt instanceof StringType) {
      return Type.STRING;
    } else if (dt instanceof BinaryType) {
      return Type.BINARY;
    } else if (dt instanceof DateType) {
      return Type.DATE;
    } else if (dt instanceof TimestampNTZType) {
      return Type.TIMESTAMP;
    } else if (dt instanceof TimestampType) {
      return Type.TIMESTAMP_INSTANT;
    } else if (dt instanceof DecimalType d) {
      return Type.decimal(d.precision(), d.scale());
    } else if (dt instanceof StructType s) {
      return fromStruct(s, path + ".");
    } else if (dt instanceof ArrayType a) {
      return Type.list(fromSpark(a.elementType(), path + "[]"), a.containsNull());
    } else if (dt instanceof MapType m) {
      return Type.map(fromSpark(m.keyType(), path + ".key"),
          fromSpark(m.valueType(), path + ".value"), m.valueContainsNull());
    }
    throw new IllegalArgumentException("column " + path + ": colfile cannot store Spark's "
        + dt.sql() + " values");
  }
}
