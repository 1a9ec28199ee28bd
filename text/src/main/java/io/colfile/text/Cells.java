package io.colfile.text;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.ColumnVector;
import java.io.ByteArrayOutputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;

/**
 * The text of each cell of a row for tabular output: the columns are the root struct's fields
 * (one column, {@code value}, for any other root). Strings and binary are their stored bytes,
 * dates and timestamps their text without JSON's quotes, every other value (numbers, booleans,
 * decimals, and nested values as a whole) its JSON-lines text.
 */
final class Cells {
  private enum Kind {
    RAW,
    UNQUOTED,
    JSON
  }

  private final List<String> names;
  private final Type[] types;
  private final Kind[] kinds;
  private final ValuePrinter[] printers;
  private final boolean struct;
  private final ByteArrayOutputStream scratch = new ByteArrayOutputStream();
  private final ByteSink sink = new ByteSink(scratch, 256);

  Cells(Type schema, PrintStyle style) {
    struct = schema.kind() == TypeKind.STRUCT;
    names = struct ? schema.fieldNames() : List.of("value");
    List<Type> columns = struct ? schema.children() : List.of(schema);
    int n = columns.size();
    types = columns.toArray(new Type[0]);
    kinds = new Kind[n];
    printers = new ValuePrinter[n];
    for (int i = 0; i < n; i++) {
      switch (types[i].kind()) {
        case STRING: case VARCHAR: case CHAR: case BINARY: case GEOMETRY: case GEOGRAPHY:
          kinds[i] = Kind.RAW;
          break;
        case DATE: case TIMESTAMP: case TIMESTAMP_INSTANT:
          kinds[i] = Kind.UNQUOTED;
          break;
        default:
          kinds[i] = Kind.JSON;
      }
      printers[i] = ValuePrinters.create(types[i], style);
    }
  }

  List<String> names() {
    return names;
  }

  int count() {
    return names.size();
  }

  /** Whether column {@code i} holds numbers (right-aligned in a table). */
  boolean numeric(int i) {
    switch (types[i].kind()) {
      case BYTE: case SHORT: case INT: case LONG: case FLOAT: case DOUBLE: case DECIMAL:
        return true;
      default:
        return false;
    }
  }

  /** Whether column {@code i}'s text is JSON of a nested value. */
  boolean nested(int i) {
    return !types[i].children().isEmpty();
  }

  /** The bytes of column {@code col} of row {@code row}, or null when it is NULL. */
  byte[] cell(ColumnBatch batch, int col, int row) {
    ColumnVector v = struct ? batch.cols[col] : batch.cols[0];
    if (!v.noNulls && v.isNull[row]) {
      return null;
    }
    if (kinds[col] == Kind.RAW) {
      BytesVector b = (BytesVector) v;
      return Arrays.copyOfRange(b.vector[row], b.start[row], b.start[row] + b.length[row]);
    }
    scratch.reset();
    try {
      printers[col].print(sink, v, row);
      sink.drain();
    } catch (UncheckedIOException e) {
      throw new IllegalStateException(e); // a ByteArrayOutputStream does not fail
    }
    byte[] bytes = scratch.toByteArray();
    return kinds[col] == Kind.UNQUOTED ? Arrays.copyOfRange(bytes, 1, bytes.length - 1) : bytes;
  }
}
