package io.colfile.text.convert;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.DecimalVector;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.LongVector;
import io.colfile.core.vector.TimestampVector;
import java.io.IOException;
import java.io.Reader;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Rows from CSV in a {@link CsvFormat} (RFC 4180 with a header line by default). The schema must
 * be a struct of scalar types. With a header, its names pick the fields, in any order, and schema
 * fields absent from the header are null; without one, the fields are the schema's in order.
 * An empty unquoted field is NULL, and so is an unquoted field equal to the format's null string;
 * a quoted empty field {@code ""} is the empty string (for string and binary columns; for other
 * types it is an error). Values take the text forms of {@code colfile cat}: {@code true}/{@code
 * false}, numbers (with {@code NaN} and {@code [-]Infinity}), dates {@code YYYY-MM-DD},
 * timestamps {@code YYYY-MM-DD HH:MM:SS.f} or a {@link TimestampText} pattern; binary columns take
 * the field's UTF-8 bytes. Errors name the line and the column.
 */
public final class CsvSource implements RowSource {
  private final String name;
  private final Type schema;
  private final CsvParser csv;
  private final TimestampText timestamps;
  private final int[] fieldOfColumn;
  private final int headerFields;
  private final boolean hasHeader;
  private final long[] secondsAndNanos = new long[2];

  /** RFC 4180 CSV with a header line, timestamps in cat's form. */
  public CsvSource(String name, Reader reader, Type schema) throws IOException {
    this(name, reader, schema, CsvFormat.RFC4180, TimestampText.DEFAULT);
  }

  /**
   * Reads the header, if the format has one; fails if it names a field the schema lacks or
   * names one twice.
   *
   * @throws IllegalArgumentException if the schema is not a struct of scalar types
   */
  public CsvSource(String name, Reader reader, Type schema, CsvFormat format,
      TimestampText timestamps) throws IOException {
    this.name = name;
    this.schema = schema;
    this.timestamps = timestamps;
    checkSchema(schema);
    this.csv = new CsvParser(name, reader, format);
    this.hasHeader = format.header();
    int n = schema.children().size();
    if (!format.header()) {
      headerFields = n;
      fieldOfColumn = new int[n];
      for (int i = 0; i < n; i++) {
        fieldOfColumn[i] = i;
      }
      return;
    }
    if (!csv.next()) {
      throw new BadInputException(name, 1, null, "no header line");
    }
    headerFields = csv.count();
    fieldOfColumn = new int[headerFields];
    boolean[] seen = new boolean[n];
    for (int i = 0; i < headerFields; i++) {
      String h = csv.field(i).trim();
      int f = schema.fieldNames().indexOf(h);
      if (f < 0) {
        throw new BadInputException(name, csv.line(), h,
            "the header names a column that is not in " + schema);
      }
      if (seen[f]) {
        throw new BadInputException(name, csv.line(), h, "the header names the column twice");
      }
      seen[f] = true;
      fieldOfColumn[i] = f;
    }
  }

  /**
   * Checks that CSV can hold rows of {@code schema}.
   *
   * @throws IllegalArgumentException if it is not a struct of scalar types
   */
  public static void checkSchema(Type schema) {
    if (schema.kind() != TypeKind.STRUCT) {
      throw new IllegalArgumentException("CSV rows need a struct schema, not " + schema);
    }
    for (Type t : schema.children()) {
      if (!t.children().isEmpty()) {
        throw new IllegalArgumentException("CSV cannot hold the nested type " + t);
      }
    }
  }

  @Override
  public Type schema() {
    return schema;
  }

  @Override
  public boolean next(ColumnBatch batch) throws IOException {
    batch.reset();
    int row = 0;
    boolean[] present = new boolean[batch.cols.length];
    while (row < batch.capacity()) {
      if (!csv.next()) {
        break;
      }
      if (csv.count() != headerFields) {
        throw new BadInputException(name, csv.line(), null, "the row has " + csv.count()
            + " fields, " + (hasHeader ? "the header " : "the schema ") + headerFields);
      }
      Arrays.fill(present, false);
      for (int i = 0; i < headerFields; i++) {
        int f = fieldOfColumn[i];
        present[f] = true;
        String column = schema.fieldNames().get(f);
        try {
          if (csv.isNull(i)) {
            batch.cols[f].setNull(row);
          } else {
            set(batch.cols[f], schema.child(f), row, csv.field(i), column);
          }
        } catch (ValueError e) {
          throw new BadInputException(name, csv.line(), e.path(), e.getMessage());
        }
      }
      for (int f = 0; f < present.length; f++) {
        if (!present[f]) {
          batch.cols[f].setNull(row);
        }
      }
      row++;
    }
    batch.size = row;
    return row > 0;
  }

  private void set(ColumnVector v, Type type, int row, String text, String path)
      throws ValueError {
    TypeKind k = type.kind();
    if (text.isBlank() && k != TypeKind.STRING && k != TypeKind.VARCHAR && k != TypeKind.CHAR
        && k != TypeKind.BINARY) {
      throw new ValueError(path, "an empty quoted value is not a " + type
          + " (an empty unquoted field is NULL)");
    }
    switch (k) {
      case BOOLEAN:
        ((LongVector) v).vector[row] = TextValues.bool(text.trim(), path) ? 1 : 0;
        break;
      case BYTE:
      case SHORT:
      case INT:
      case LONG:
        ((LongVector) v).vector[row] = TextValues.integer(text.trim(), type, path);
        break;
      case FLOAT:
      case DOUBLE:
        ((DoubleVector) v).vector[row] = TextValues.floating(text.trim(), type, path);
        break;
      case DECIMAL: {
        DecimalVector d = (DecimalVector) v;
        BigInteger u = TextValues.decimal(text.trim(), type, d.scale, path);
        if (d.isWide) {
          d.wide[row] = u;
        } else {
          d.unscaled[row] = u.longValue();
        }
        break;
      }
      case DATE:
        ((LongVector) v).vector[row] = TextValues.date(text.trim(), path);
        break;
      case TIMESTAMP:
      case TIMESTAMP_INSTANT: {
        timestamps.parse(text.trim(), type.kind() == TypeKind.TIMESTAMP_INSTANT, secondsAndNanos,
            path);
        TimestampVector t = (TimestampVector) v;
        t.seconds[row] = secondsAndNanos[0];
        t.nanos[row] = (int) secondsAndNanos[1];
        break;
      }
      default: {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        ((BytesVector) v).setRef(row, b, 0, b.length);
      }
    }
  }

  @Override
  public void close() throws IOException {
    csv.close();
  }
}
