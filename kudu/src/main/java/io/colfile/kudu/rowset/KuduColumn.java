package io.colfile.kudu.rowset;

import io.colfile.core.types.Type;
import io.colfile.kudu.KuduCompression;
import io.colfile.kudu.KuduEncoding;
import io.colfile.kudu.KuduType;
import io.colfile.kudu.KuduTypes;
import java.util.Objects;

/**
 * One column of a Kudu table schema (Kudu's {@code ColumnSchemaPB}, cfile.md section 12.2): what
 * a CFile does not record about its column, such as the decimal precision and scale, the VARCHAR
 * length, the column id that delta files refer to, and whether it is part of the primary key.
 *
 * @param id the column id, which RowChangeLists name (not the column's position)
 * @param precision decimal precision (1 to 38), 0 for other types
 * @param scale decimal scale, 0 for other types
 * @param length VARCHAR length in characters, 0 for other types
 * @param encoding the requested encoding (AUTO resolves per type)
 * @param compression the requested compression (DEFAULT means none)
 * @param blockSize the data block size in bytes, 0 for the default
 * @param readDefault the cell used for rows of rowsets written before the column existed: the
 *     physical type's little-endian bytes, or the raw bytes for the binary types; null for NULL
 */
public record KuduColumn(String name, int id, KuduType type, boolean nullable, boolean key,
    int precision, int scale, int length, KuduEncoding encoding, KuduCompression compression,
    int blockSize, byte[] readDefault) {
  public KuduColumn {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    encoding = encoding == null ? KuduEncoding.AUTO : encoding;
    compression = compression == null ? KuduCompression.DEFAULT : compression;
    if (key && nullable) {
      throw new IllegalArgumentException("key column " + name + " cannot be nullable");
    }
    if (key && !type.canBeKey()) {
      throw new IllegalArgumentException("key column " + name + ": " + type.kuduName()
          + " cannot be part of a Kudu primary key");
    }
    type.resolve(encoding); // refuses an encoding the type does not allow
    boolean decimal = type == KuduType.DECIMAL32 || type == KuduType.DECIMAL64
        || type == KuduType.DECIMAL128;
    int maxPrecision = type == KuduType.DECIMAL32 ? 9 : type == KuduType.DECIMAL64 ? 18 : 38;
    if (decimal ? precision < 0 || precision > maxPrecision || scale < 0
        || (precision > 0 && scale > precision) : precision != 0 || scale != 0) {
      throw new IllegalArgumentException("column " + name + ": " + type.kuduName()
          + " cannot have precision " + precision + " and scale " + scale);
    }
    if (type == KuduType.VARCHAR ? length < 0 || length > KuduTypes.MAX_VARCHAR_LENGTH
        : length != 0) {
      throw new IllegalArgumentException("column " + name + ": " + type.kuduName()
          + " cannot have length " + length);
    }
    int width = type.physical().width();
    if (readDefault != null && width > 0 && readDefault.length != width) {
      throw new IllegalArgumentException("column " + name + ": a " + type.kuduName()
          + " default is " + width + " bytes, not " + readDefault.length);
    }
    if (blockSize < 0) {
      throw new IllegalArgumentException("column " + name + ": block size " + blockSize);
    }
  }

  /** A column of {@code type} with default storage settings. */
  public static KuduColumn of(String name, int id, KuduType type, boolean nullable,
      boolean key) {
    return new KuduColumn(name, id, type, nullable, key, 0, 0, 0, KuduEncoding.AUTO,
        KuduCompression.DEFAULT, 0, null);
  }

  /**
   * The column of colfile type {@code type} (mapped by {@link KuduTypes#fromType}), keeping its
   * precision, scale and length.
   */
  public static KuduColumn of(String name, int id, Type type, boolean nullable, boolean key) {
    KuduType t = KuduTypes.fromType(type);
    boolean decimal = t == KuduType.DECIMAL32 || t == KuduType.DECIMAL64
        || t == KuduType.DECIMAL128;
    int precision = decimal ? type.precision() : 0;
    int scale = decimal ? type.scale() : 0;
    int length = t == KuduType.VARCHAR ? type.maxLength() : 0;
    return new KuduColumn(name, id, t, nullable, key, precision, scale, length,
        KuduEncoding.AUTO, KuduCompression.DEFAULT, 0, null);
  }

  /** The same column with other storage settings. */
  public KuduColumn withStorage(KuduEncoding encoding, KuduCompression compression,
      int blockSize) {
    return new KuduColumn(name, id, type, nullable, key, precision, scale, length, encoding,
        compression, blockSize, readDefault);
  }

  /** The colfile type of the column's values: decimal(p,s), varchar(n), timestamp and so on. */
  public Type logicalType() {
    return switch (type) {
      case DECIMAL32, DECIMAL64, DECIMAL128 -> precision > 0 ? Type.decimal(precision, scale)
          : KuduTypes.toType(type);
      case VARCHAR -> length > 0 ? Type.varchar(length) : KuduTypes.toType(type);
      default -> KuduTypes.toType(type);
    };
  }
}
