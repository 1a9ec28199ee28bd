package io.colfile.text.convert;

import de.siegmar.fastcsv.reader.CsvParseException;
import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.CsvRecord;
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
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;

/**
 * Rows from CSV with a header row (RFC 4180, parsed by FastCSV). The schema must be a struct of
 * scalar types; header names pick the fields, in any order, and schema fields absent from the
 * header are null. An empty field is null (CSV has no other way to say it). Values take the
 * text forms of {@code colfile cat}: {@code true}/{@code false}, numbers (with {@code NaN} and
 * {@code [-]Infinity}), dates {@code YYYY-MM-DD}, timestamps {@code YYYY-MM-DD HH:MM:SS.f};
 * binary columns take the field's UTF-8 bytes.
 */
public final class CsvSource implements RowSource {
  private final String name;
  private final Reader reader;
  private final Type schema;
  private final CsvReader<CsvRecord> csv;
  private final Iterator<CsvRecord> records;
  private final int[] fieldOfColumn;
  private final int headerFields;
  private final long[] secondsAndNanos = new long[2];

  /** Reads the header; fails if it names a field the schema lacks or names one twice. */
  public CsvSource(String name, Reader reader, Type schema) throws IOException {
    this.name = name;
    this.reader = reader;
    this.schema = schema;
    if (schema.kind() != TypeKind.STRUCT) {
      throw new IllegalArgumentException("CSV rows need a struct schema, not " + schema);
    }
    for (Type t : schema.children()) {
      if (!t.children().isEmpty()) {
        throw new IllegalArgumentException("CSV cannot hold the nested type " + t);
      }
    }
    this.csv = CsvReader.builder().skipEmptyLines(true).ofCsvRecord(reader);
    this.records = csv.iterator();
    CsvRecord header = nextRecord();
    if (header == null) {
      throw new BadInputException(name, 1, null, "no header row");
    }
    headerFields = header.getFieldCount();
    fieldOfColumn = new int[headerFields];
    boolean[] seen = new boolean[schema.children().size()];
    for (int i = 0; i < headerFields; i++) {
      String h = header.getField(i).trim();
      int f = schema.fieldNames().indexOf(h);
      if (f < 0) {
        throw new BadInputException(name, header.getStartingLineNumber(), h,
            "the header names a column that is not in " + schema);
      }
      if (seen[f]) {
        throw new BadInputException(name, header.getStartingLineNumber(), h,
            "the header names the column twice");
      }
      seen[f] = true;
      fieldOfColumn[i] = f;
    }
  }

  private CsvRecord nextRecord() throws IOException {
    try {
      return records.hasNext() ? records.next() : null;
    } catch (CsvParseException e) {
      throw new BadInputException(name, -1, null, "malformed CSV: " + e.getMessage());
    } catch (UncheckedIOException e) {
      throw e.getCause();
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
      CsvRecord r = nextRecord();
      if (r == null) {
        break;
      }
      if (r.getFieldCount() != headerFields) {
        throw new BadInputException(name, r.getStartingLineNumber(), null,
            "the row has " + r.getFieldCount() + " fields, the header " + headerFields);
      }
      java.util.Arrays.fill(present, false);
      for (int i = 0; i < headerFields; i++) {
        int f = fieldOfColumn[i];
        present[f] = true;
        String text = r.getField(i);
        try {
          set(batch.cols[f], schema.child(f), row, text, schema.fieldNames().get(f));
        } catch (ValueError e) {
          throw new BadInputException(name, r.getStartingLineNumber(), e.path(), e.getMessage());
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
    if (text.isEmpty()) {
      v.setNull(row);
      return;
    }
    switch (type.kind()) {
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
        TextValues.timestamp(text.trim(), secondsAndNanos, path);
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
    reader.close();
  }
}
