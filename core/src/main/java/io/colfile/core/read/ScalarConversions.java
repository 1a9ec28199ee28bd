package io.colfile.core.read;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnVector;
import java.time.ZoneId;

/**
 * The conversions between scalar types that schema evolution allows: those of Apache ORC's
 * {@code ConvertTreeReaderFactory} (orc-core 2.1), with its results. Every type converts to
 * STRING, VARCHAR and CHAR, and text converts to every scalar type; booleans, integers, FLOAT,
 * DOUBLE and DECIMAL convert among each other and to timestamps; DATE converts only to text and
 * timestamps; BINARY only to text; TIMESTAMP and TIMESTAMP WITH LOCAL TIME ZONE to everything but
 * BINARY; geometry and geography to their own kind with another crs or algorithm. One class per
 * source family holds the conversions and the reasons for their results.
 *
 * <p>{@code zone} is the reader's local time zone, which orc-core takes from the JVM: a
 * TIMESTAMP (a wall clock) becomes an instant there, and an instant becomes a wall clock there.
 */
final class ScalarConversions {
  private ScalarConversions() {}

  /** How values of {@code from} become values of {@code to}, or null when they cannot. */
  static ScalarConversion find(Type from, Type to, ZoneId zone) {
    if (from.kind().isCompound() || to.kind().isCompound() || from.equals(to)) {
      return null;
    }
    switch (from.kind()) {
      case BOOLEAN: case BYTE: case SHORT: case INT: case LONG:
        return IntegerConversions.find(from, to);
      case FLOAT: case DOUBLE:
        return FloatingConversions.find(from, to);
      case DECIMAL:
        return DecimalConversions.find(to);
      case STRING: case VARCHAR: case CHAR:
        return TextConversions.find(from, to);
      case BINARY:
        return isText(to.kind()) ? TextConversions.fromBinary(to) : null;
      case DATE:
        return DateConversions.find(to);
      case TIMESTAMP: case TIMESTAMP_INSTANT:
        return TimestampConversions.find(from, to, zone);
      case GEOMETRY: case GEOGRAPHY:
        // orc-core reads a geometry as a geometry whatever the two crs (and a geography as a
        // geography whatever the algorithms): the WKB bytes are kept
        return to.kind() != from.kind() ? null : perRow((s, d, i) -> {
          BytesVector b = (BytesVector) s;
          ((BytesVector) d).setRef(i, b.vector[i], b.start[i], b.length[i]);
        });
      default:
        return null;
    }
  }

  static boolean isText(TypeKind k) {
    return k == TypeKind.STRING || k == TypeKind.VARCHAR || k == TypeKind.CHAR;
  }

  static boolean isInteger(TypeKind k) {
    return k == TypeKind.BOOLEAN || k == TypeKind.BYTE || k == TypeKind.SHORT
        || k == TypeKind.INT || k == TypeKind.LONG;
  }

  /** One row's conversion: {@code from} is not NULL there; {@code to} may be set NULL. */
  @FunctionalInterface
  interface RowConversion {
    void convert(ColumnVector from, ColumnVector to, int row);
  }

  /** The conversion that keeps NULL rows NULL and converts the others one by one. */
  static ScalarConversion perRow(RowConversion row) {
    return (from, to, n) -> {
      to.noNulls = true;
      for (int i = 0; i < n; i++) {
        if (from.isNull(i)) {
          to.setNull(i);
        } else {
          row.convert(from, to, i); // isNull[i] is false: setNull clears every flag first
        }
      }
    };
  }

  /** Gives {@code dst} the null flags of rows {@code [0, n)} of {@code src}. */
  static void copyNulls(ColumnVector src, ColumnVector dst, int n) {
    dst.noNulls = true;
    if (!src.noNulls) {
      for (int i = 0; i < n; i++) {
        if (src.isNull[i]) {
          dst.setNull(i);
        } else if (!dst.noNulls) {
          dst.isNull[i] = false;
        }
      }
    }
  }
}
