package io.colfile.trevni;

import io.colfile.core.encoding.ByteCursor;
import io.colfile.core.error.MalformedInputException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** Boxed Trevni values: decoding first values, and Apache Avro's Java ordering of them. */
final class ValueCodec {
  private ValueCodec() {}

  /** One value of {@code type} from {@code in} (a boolean takes a whole byte: bit 0). */
  static Object readBoxed(ByteCursor in, ValueType type) throws MalformedInputException {
    switch (type) {
      case NULL:
        return null;
      case BOOLEAN:
        return (in.readUnsignedByte() & 1) != 0;
      case INT: {
        long raw = in.readVarLong();
        if (raw > 0xFFFFFFFFL) {
          throw new MalformedInputException(in.position(), "int varint out of range");
        }
        int n = (int) raw;
        return (n >>> 1) ^ -(n & 1);
      }
      case LONG:
        return in.readSignedVarLong();
      case FIXED32:
        return in.readIntLE();
      case FIXED64:
        return in.readLongLE();
      case FLOAT:
        return Float.intBitsToFloat(in.readIntLE());
      case DOUBLE:
        return Double.longBitsToDouble(in.readLongLE());
      case STRING:
      case BYTES: {
        int at = in.position();
        long n = in.readSignedVarLong();
        if (n < 0 || n > in.remaining()) {
          throw new MalformedInputException(at, "length " + n + " exceeds the "
              + in.remaining() + " bytes left");
        }
        byte[] b = Arrays.copyOfRange(in.buffer(), in.position(), in.position() + (int) n);
        in.skip((int) n);
        return type == ValueType.STRING ? new String(b, StandardCharsets.UTF_8) : b;
      }
      default:
        throw new AssertionError(type);
    }
  }

  /**
   * Compares two values of {@code type} as Apache Avro's Java reader does: signed numbers,
   * {@code Float/Double.compare}, {@code String.compareTo} (UTF-16 code units), bytes as signed
   * bytes ({@code ByteBuffer.compareTo}), false before true.
   */
  static int compare(ValueType type, Object a, Object b) {
    switch (type) {
      case BOOLEAN:
        return Boolean.compare((Boolean) a, (Boolean) b);
      case INT:
      case FIXED32:
        return Integer.compare((Integer) a, (Integer) b);
      case LONG:
      case FIXED64:
        return Long.compare((Long) a, (Long) b);
      case FLOAT:
        return Float.compare((Float) a, (Float) b);
      case DOUBLE:
        return Double.compare((Double) a, (Double) b);
      case STRING:
        return ((String) a).compareTo((String) b);
      case BYTES:
        return Arrays.compare((byte[]) a, (byte[]) b);
      default:
        throw new IllegalArgumentException(type.wireName() + " values have no order");
    }
  }

  /** {@code value} as the boxed class of {@code type}, or an IllegalArgumentException. */
  static Object coerce(ValueType type, Object value, String column) {
    try {
      switch (type) {
        case BOOLEAN:
          return (Boolean) value;
        case INT:
        case FIXED32:
          return (Integer) value;
        case LONG:
        case FIXED64:
          return value instanceof Integer i ? Long.valueOf(i) : (Long) value;
        case FLOAT:
          return (Float) value;
        case DOUBLE:
          return (Double) value;
        case STRING:
          return ((CharSequence) value).toString();
        case BYTES:
          if (value instanceof ByteBuffer bb) {
            byte[] b = new byte[bb.remaining()];
            bb.duplicate().get(b);
            return b;
          }
          return (byte[]) value;
        default:
          throw new IllegalArgumentException("column '" + column + "' of type "
              + type.wireName() + " has no order to seek in");
      }
    } catch (ClassCastException | NullPointerException e) {
      throw new IllegalArgumentException("column '" + column + "' holds " + type.wireName()
          + " values; cannot seek to " + (value == null ? "null"
          : value.getClass().getSimpleName() + " " + value), e);
    }
  }
}
