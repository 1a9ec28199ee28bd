package io.colfile.kudu;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;

/**
 * How Kudu's types meet colfile's logical types. Reading, a Kudu type becomes the colfile type
 * that holds all its values ({@link #toType}); writing, the ORC type names of a schema map to
 * Kudu types as {@code colfile convert --format kudu} documents ({@link #fromType}). A CFile
 * records neither decimal precision and scale nor VARCHAR length (they are in Kudu's table
 * schema), so alone it reads as unscaled decimals and varchar(65535).
 */
public final class KuduTypes {
  /** Kudu's largest VARCHAR length, in characters. */
  public static final int MAX_VARCHAR_LENGTH = 65535;

  private KuduTypes() {}

  /** The colfile type a CFile of {@code t} reads as when nothing else is known. */
  public static Type toType(KuduType t) {
    return switch (t) {
      case BOOL -> Type.BOOLEAN;
      case INT8 -> Type.BYTE;
      case INT16, UINT8 -> Type.SHORT;
      case INT32, UINT16 -> Type.INT;
      case INT64, UINT32 -> Type.LONG;
      case UINT64 -> Type.decimal(20, 0);
      case FLOAT -> Type.FLOAT;
      case DOUBLE -> Type.DOUBLE;
      case STRING -> Type.STRING;
      case BINARY -> Type.BINARY;
      case VARCHAR -> Type.varchar(MAX_VARCHAR_LENGTH);
      case DATE -> Type.DATE;
      case UNIXTIME_MICROS -> Type.TIMESTAMP;
      case DECIMAL32 -> Type.decimal(9, 0);
      case DECIMAL64 -> Type.decimal(18, 0);
      case DECIMAL128, INT128 -> Type.decimal(38, 0);
    };
  }

  /**
   * The Kudu type that stores values of {@code type}: tinyint, smallint, int, bigint → int8 to
   * int64; float, double; boolean → bool; string, varchar(n), binary; date; timestamp (and
   * timestamp with local time zone) → unixtime_micros; decimal(p,s) → decimal32 for p ≤ 9,
   * decimal64 for p ≤ 18, decimal128 above.
   *
   * @throws IllegalArgumentException for compound types and char, which Kudu does not have
   */
  public static KuduType fromType(Type type) {
    return switch (type.kind()) {
      case BOOLEAN -> KuduType.BOOL;
      case BYTE -> KuduType.INT8;
      case SHORT -> KuduType.INT16;
      case INT -> KuduType.INT32;
      case LONG -> KuduType.INT64;
      case FLOAT -> KuduType.FLOAT;
      case DOUBLE -> KuduType.DOUBLE;
      case STRING -> KuduType.STRING;
      case VARCHAR -> {
        if (type.maxLength() > MAX_VARCHAR_LENGTH) {
          throw new IllegalArgumentException(type + ": Kudu's VARCHAR holds at most "
              + MAX_VARCHAR_LENGTH + " characters");
        }
        yield KuduType.VARCHAR;
      }
      case BINARY -> KuduType.BINARY;
      case DATE -> KuduType.DATE;
      case TIMESTAMP, TIMESTAMP_INSTANT -> KuduType.UNIXTIME_MICROS;
      case DECIMAL -> {
        if (type.precision() < 1) {
          throw new IllegalArgumentException(type + ": Kudu decimals need a precision");
        }
        yield type.precision() <= 9 ? KuduType.DECIMAL32
            : type.precision() <= 18 ? KuduType.DECIMAL64 : KuduType.DECIMAL128;
      }
      case CHAR -> throw new IllegalArgumentException(type
          + ": Kudu has no CHAR type (use string or varchar)");
      default -> throw new IllegalArgumentException(type
          + ": Kudu columns hold only primitive types, not " + type.kind().typeName());
    };
  }

  /**
   * Checks that values of the Kudu type {@code t} can be read or written as {@code type}: the
   * same vector kind and, for decimals, a precision within the storage width.
   *
   * @throws IllegalArgumentException if they cannot
   */
  public static void checkCompatible(KuduType t, Type type) {
    Type natural = toType(t);
    boolean ok = switch (t) {
      // 32- and 64-bit unscaled values fit any decimal vector; wider ones need a wide one
      case DECIMAL32, DECIMAL64 -> type.kind() == TypeKind.DECIMAL && type.precision() >= 1;
      case DECIMAL128, INT128, UINT64 -> type.kind() == TypeKind.DECIMAL
          && type.precision() > io.colfile.core.vector.DecimalVector.MAX_LONG_PRECISION;
      case UNIXTIME_MICROS -> type.kind() == TypeKind.TIMESTAMP
          || type.kind() == TypeKind.TIMESTAMP_INSTANT;
      case STRING, VARCHAR, BINARY -> type.kind() == TypeKind.STRING
          || type.kind() == TypeKind.VARCHAR || type.kind() == TypeKind.BINARY;
      default -> type.kind() == natural.kind();
    };
    if (!ok) {
      throw new IllegalArgumentException("a " + t.kuduName() + " column cannot be read or "
          + "written as " + type + " (it is " + natural + ")");
    }
  }
}
