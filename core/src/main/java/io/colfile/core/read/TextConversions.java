package io.colfile.core.read;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.DecimalVector;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.LongVector;
import io.colfile.core.vector.TimestampVector;
import java.nio.charset.StandardCharsets;

/**
 * Conversions from STRING, VARCHAR and CHAR, and from BINARY to text (orc-core's {@code
 * *FromStringGroup} readers, {@code StringGroupFromBinary}). orc-core reads the file's text
 * first as its own type does: a VARCHAR cut to its length, a CHAR cut and stripped of trailing
 * spaces (so a CHAR(5) {@code "12   "} reads as the number 12). The parsers are Java's and
 * Hive's, strict: {@code Long.parseLong}, {@code Double.parseDouble} (which trims whitespace and
 * knows NaN, Infinity and hex floats), Hive's decimal grammar, and the java.time formats of
 * {@link DateTimeFormats}; text that does not parse, or does not fit, is NULL.
 */
final class TextConversions {
  private TextConversions() {}

  static ScalarConversion find(Type from, Type to) {
    TypeKind kind = to.kind();
    Source source = new Source(from);
    switch (kind) {
      case BOOLEAN: case BYTE: case SHORT: case INT: case LONG:
        return ScalarConversions.perRow((s, d, i) -> {
          try {
            IntegerConversions.store((LongVector) d, i, Long.parseLong(source.string(s, i)),
                kind);
          } catch (NumberFormatException e) {
            d.setNull(i);
          }
        });
      case FLOAT: case DOUBLE:
        // parsed as a double also for FLOAT, then rounded: as orc-core reads it
        return ScalarConversions.perRow((s, d, i) -> {
          try {
            IntegerConversions.store((DoubleVector) d, i,
                Double.parseDouble(source.string(s, i)), kind);
          } catch (NumberFormatException e) {
            d.setNull(i);
          }
        });
      case DECIMAL:
        return ScalarConversions.perRow((s, d, i) ->
            HiveDecimals.store((DecimalVector) d, i, HiveDecimals.parse(source.string(s, i))));
      case STRING: case VARCHAR: case CHAR: {
        TextTarget text = new TextTarget(to);
        return ScalarConversions.perRow((s, d, i) -> {
          BytesVector b = (BytesVector) s;
          text.store((BytesVector) d, i, b.vector[i], b.start[i], source.length(b, i));
        });
      }
      case BINARY:
        // orc-core reads the file's bytes as binary, a CHAR's padding included (and fails on
        // dictionary-encoded strings, which colfile reads like any other)
        return ScalarConversions.perRow((s, d, i) -> {
          BytesVector b = (BytesVector) s;
          ((BytesVector) d).setRef(i, b.vector[i], b.start[i], b.length[i]);
        });
      case DATE:
        // an epoch day beyond an int is NULL (orc-core casts it to int)
        return ScalarConversions.perRow((s, d, i) -> {
          Long days = DateTimeFormats.parseDate(source.string(s, i));
          if (days == null || days != (int) (long) days) {
            d.setNull(i);
          } else {
            ((LongVector) d).vector[i] = days;
          }
        });
      case TIMESTAMP: case TIMESTAMP_INSTANT: {
        boolean instant = kind == TypeKind.TIMESTAMP_INSTANT;
        return ScalarConversions.perRow((s, d, i) -> {
          String text = source.string(s, i);
          TimestampConversions.store((TimestampVector) d, i,
              instant ? DateTimeFormats.parseInstant(text) : DateTimeFormats.parseTimestamp(text));
        });
      }
      default:
        return null;
    }
  }

  /** BINARY as text: each byte as two lower-case hex digits, separated by spaces. */
  static ScalarConversion fromBinary(Type to) {
    TextTarget text = new TextTarget(to);
    return ScalarConversions.perRow((s, d, i) -> {
      BytesVector b = (BytesVector) s;
      byte[] hex = new byte[b.length[i] == 0 ? 0 : 3 * b.length[i] - 1];
      for (int k = 0; k < b.length[i]; k++) {
        int v = b.vector[i][b.start[i] + k] & 0xFF;
        if (k > 0) {
          hex[3 * k - 1] = ' ';
        }
        hex[3 * k] = (byte) Character.forDigit(v >>> 4, 16);
        hex[3 * k + 1] = (byte) Character.forDigit(v & 15, 16);
      }
      text.store((BytesVector) d, i, hex);
    });
  }

  /** The file's text as orc-core's reader of its type gives it. */
  private static final class Source {
    private final TypeKind kind;
    private final int maxLength;

    Source(Type type) {
      this.kind = type.kind();
      this.maxLength = type.maxLength();
    }

    int length(BytesVector b, int row) {
      switch (kind) {
        case CHAR: return Utf8Text.rightTrimAndTruncate(b.vector[row], b.start[row],
            b.length[row], maxLength);
        case VARCHAR: return Utf8Text.truncate(b.vector[row], b.start[row], b.length[row],
            maxLength);
        default: return b.length[row];
      }
    }

    String string(ColumnVector v, int row) {
      BytesVector b = (BytesVector) v;
      return new String(b.vector[row], b.start[row], length(b, row), StandardCharsets.UTF_8);
    }
  }
}
