package io.colfile.orc.write;

import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnVector;
import io.colfile.core.vector.StructVector;
import java.io.IOException;

/** STRUCT: only PRESENT; the fields get the rows where the struct is not null. */
final class StructColumnWriter extends ColumnWriter {
  private final ColumnWriter[] fields;

  StructColumnWriter(int id, Type type, WriterContext ctx, ColumnWriter[] fields) {
    super(id, type, ctx);
    this.fields = fields;
  }

  @Override
  ColumnWriter[] children() {
    return fields;
  }

  @Override
  void writeValues(ColumnVector v, int offset, int length) throws IOException {
    ColumnVector[] vectors = ((StructVector) v).fields;
    if (v.noNulls) {
      for (int f = 0; f < fields.length; f++) {
        fields[f].write(vectors[f], offset, length);
      }
      return;
    }
    int end = offset + length;
    int i = offset;
    while (i < end) {
      while (i < end && v.isNull[i]) {
        i++;
      }
      int start = i;
      while (i < end && !v.isNull[i]) {
        i++;
      }
      if (i > start) {
        for (int f = 0; f < fields.length; f++) {
          fields[f].write(vectors[f], start, i - start);
        }
      }
    }
  }
}
