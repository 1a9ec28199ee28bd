package io.colfile.core.read;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.LongVector;

/** The conversions between scalar types that schema evolution allows. */
final class ScalarConversions {
  private ScalarConversions() {}

  /** How values of {@code from} become values of {@code to}, or null when they cannot. */
  static ScalarConversion find(Type from, Type to) {
    if (isInteger(from.kind()) && isInteger(to.kind())) {
      long min = min(to.kind());
      long max = -(min + 1);
      return (src, dst, n) -> {
        LongVector s = (LongVector) src;
        LongVector d = (LongVector) dst;
        copyNulls(src, dst, n);
        for (int i = 0; i < n; i++) {
          long v = s.vector[i];
          d.vector[i] = v;
          if ((v < min || v > max) && !d.isNull(i)) {
            d.setNull(i);
          }
        }
      };
    }
    return null;
  }

  private static boolean isInteger(TypeKind k) {
    return k == TypeKind.BYTE || k == TypeKind.SHORT || k == TypeKind.INT || k == TypeKind.LONG;
  }

  private static long min(TypeKind k) {
    switch (k) {
      case BYTE: return Byte.MIN_VALUE;
      case SHORT: return Short.MIN_VALUE;
      case INT: return Integer.MIN_VALUE;
      default: return Long.MIN_VALUE;
    }
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
